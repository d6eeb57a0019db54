// Reports a read of the article or photo essay on screen (src/content/clients/readBeacon.ts), once
// per page shown. A document (docs/decisions/031-islands.md) ends with the beacon's own small script
// (src/islands/readBeacon.ts). Inside the app (an editor's preview, a page the app moved to) the page
// the browser loaded reports the referrer the reader arrived with; a page the app moved to since
// reports the site itself, which counts as a read from the paper's own pages.

import { useEffect } from 'react'
import { browserBeaconEnv, reportRead } from '../content/clients/readBeacon.ts'
import { useDocumentRender } from '../islands/island.tsx'

let landed = false

/** Whether the page on screen is the one the browser loaded, rather than one the app moved to since. */
function isLoadedPage(): boolean {
  const loaded = typeof performance.getEntriesByType === 'function' ? performance.getEntriesByType('navigation')[0] : undefined
  if (!loaded) return !landed
  try {
    return new URL(loaded.name).pathname === window.location.pathname
  } catch {
    return !landed
  }
}

/** Reports a read of the page `page` names (its slug), unless it is a draft's preview. */
function useReadBeacon(page: string, preview: boolean): void {
  useEffect(() => {
    // The first story of a visit may follow the homepage: it too was reached from the site.
    const referrer = landed || !isLoadedPage() ? window.location.origin : document.referrer
    landed = true
    return reportRead({ path: window.location.pathname + window.location.search, referrer, preview }, browserBeaconEnv)
  }, [page, preview])
}

function AppReadBeacon({ page, preview }: { page: string; preview: boolean }) {
  useReadBeacon(page, preview)
  return null
}

/** The read of the story on screen: the beacon's script in a document, the app's report inside the app. */
export function ReadBeacon({ page, preview }: { page: string; preview: boolean }) {
  const document = useDocumentRender()
  if (!document) return <AppReadBeacon page={page} preview={preview} />
  // A document is never an editor's preview (src/content/pages/wholeApp.ts).
  document.scripts.add('readBeacon')
  return null
}
