// The read beacon of a document (docs/decisions/031-islands.md): a plain module script, no
// framework, that an article or photo essay a reader reads ends with. Every view of such a page is
// a page load, so the referrer is the browser's: a link from the paper's own pages names the paper.
// docs/decisions/024-counted-reads.md says what is counted and when.

import { browserBeaconEnv, reportRead } from '../content/clients/readBeacon.ts'

reportRead({ path: window.location.pathname + window.location.search, referrer: document.referrer, preview: false }, browserBeaconEnv)
