// Reports a read of the article or photo essay on screen (src/content/clients/readBeacon.ts), once
// per page shown. The page the browser loaded reports the referrer the reader arrived with; a page
// the app moved to since (from the homepage, a section or another story) reports the site itself,
// which counts as a read from the paper's own pages.

import { useEffect } from 'react'
import { browserBeaconEnv, reportRead } from '../content/clients/readBeacon.ts'

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
export function useReadBeacon(page: string, preview: boolean): void {
  useEffect(() => {
    // The first story of a visit may follow the homepage: it too was reached from the site.
    const referrer = landed || !isLoadedPage() ? window.location.origin : document.referrer
    landed = true
    return reportRead({ path: window.location.pathname + window.location.search, referrer, preview }, browserBeaconEnv)
  }, [page, preview])
}
