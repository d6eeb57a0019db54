// A document's own small script (docs/decisions/031-islands.md): a plain module, no framework, that
// every document ends with, for what plain HTML cannot do by itself: Escape on the header's search
// and menu. A page's islands, if it has any, come with their own entry (client.ts).

import { enhanceHeaderPanels } from './headerPanels.ts'

enhanceHeaderPanels(document)
