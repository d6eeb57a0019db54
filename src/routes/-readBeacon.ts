// Reports a read of the article or photo essay on screen (src/content/clients/readBeacon.ts), once
// per page shown. The first page of a visit reports the referrer the reader arrived with; a move
// within the site reports the site itself, which counts as direct.

import { useEffect } from 'react'
import { browserBeaconEnv, reportRead } from '../content/clients/readBeacon.ts'

let landed = false

/** Reports a read of the page `page` names (its slug), unless it is a draft's preview. */
export function useReadBeacon(page: string, preview: boolean): void {
  useEffect(() => {
    const referrer = landed ? window.location.origin : document.referrer
    landed = true
    return reportRead({ path: window.location.pathname + window.location.search, referrer, preview }, browserBeaconEnv)
  }, [page, preview])
}
