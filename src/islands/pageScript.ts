// A document's own small script (docs/decisions/031-islands.md): a plain module, no framework, that
// every document ends with, for what plain HTML cannot do by itself: Escape on the header's search
// and menu, relative times ("5 minutes ago") that move on while the page is open, and
// searches that go straight to their one address. A page's
// islands, if it has any, come with their own entry (client.ts).

import { interactiveMark } from '../../shared/pageData.ts'
import { enhanceHeaderPanels } from './headerPanels.ts'
import { keepRelativeTimesCurrent } from './relativeTimes.ts'
import { sendSearchesToTheirAddress } from './searchForms.ts'

enhanceHeaderPanels(document)
keepRelativeTimesCurrent(document)
sendSearchesToTheirAddress(document)
performance.mark(interactiveMark)
