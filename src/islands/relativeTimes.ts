// A document's relative times ("5 minutes ago"), kept current without a framework (docs/decisions/
// 031-islands.md). The server writes the words at the time it renders, and a page may come from a
// cache up to two minutes later; once the browser is idle after the load event, this brings each
// one to the reader's clock and then every half minute, by the same rule the server used
// (src/content/format/relative.ts). Only the text changes, and only when the words do.

import { relativeRules, relativeTimeSelector, relativeWords, type RelativeRule } from '../content/format/relative.ts'
import { whenIdle } from './idle.ts'
import { islandTag } from './prefix.ts'

const refreshEvery = 30_000

function isRule(value: string | undefined): value is RelativeRule {
  return (relativeRules as readonly string[]).includes(value ?? '')
}

/** Brings the words of every relative time in `root` to `now`, except an island's, which its own clock keeps. */
export function refreshRelativeTimes(root: ParentNode, now: Date): void {
  for (const time of root.querySelectorAll<HTMLTimeElement>(relativeTimeSelector)) {
    // An island's markup is React's to change: changed under it, hydration would not match.
    if (time.closest(islandTag)) continue
    const rule = time.dataset.relative
    const date = new Date(time.dateTime)
    if (!isRule(rule) || Number.isNaN(date.getTime())) continue
    const words = relativeWords(rule, date, now)
    if (time.textContent !== words) time.textContent = words
  }
}

/** Keeps the page's relative times current while it is open: first when idle after load, then every half minute it is shown. */
export function keepRelativeTimesCurrent(page: Document): void {
  if (!page.querySelector(relativeTimeSelector)) return
  const refresh = () => {
    if (page.visibilityState !== 'hidden') refreshRelativeTimes(page, new Date())
  }
  whenIdle(() => {
    refresh()
    setInterval(refresh, refreshEvery)
    // A tab shown again, or a page brought back from the back-forward cache, is brought up to date at once.
    page.addEventListener('visibilitychange', refresh)
    window.addEventListener('pageshow', refresh)
  })
}
