// A document's own small script (docs/decisions/031-islands.md): a plain module, no framework, that
// every document ends with, for what plain HTML cannot do by itself: Escape on the header's search
// and menu, and relative times ("5 minutes ago") that move on while the page is open. A page's
// islands, if it has any, come with their own entry (client.ts).

import { interactiveMark } from '../../shared/pageData.ts'
import { enhanceHeaderPanels } from './headerPanels.ts'
import { keepRelativeTimesCurrent } from './relativeTimes.ts'

enhanceHeaderPanels(document)
keepRelativeTimesCurrent(document)
performance.mark(interactiveMark)
