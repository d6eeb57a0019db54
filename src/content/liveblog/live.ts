// What an open live blog page shows as its updates change (issue 24, "Live on open pages"): a
// freshly fetched first page is shown whole when the reader is at the top; otherwise its new
// updates are held back behind a "N new updates" button, since prepending them under a reader's
// eyes would move what they are reading, while edits, deletions, the pin and the key events of the
// updates already shown take effect at once. Pure: the machine and the page call these.

import { cleanText } from '../../../shared/text.ts'
import type { KeyEvent, LiveBlogPage, LiveUpdateData } from './liveBlog.ts'
import { updateAnchor, updateHref } from './pages.ts'

/** The updates of `fresh` that the reader has not been shown: on `fresh`, not on `shown`. Newest first. */
export function newUpdates(shown: LiveBlogPage, fresh: LiveBlogPage): LiveUpdateData[] {
  const seen = new Set(shown.updates.map((update) => update._id))
  return fresh.updates.filter((update) => !seen.has(update._id))
}

const older = (a: LiveUpdateData, b: LiveUpdateData): boolean =>
  (a.publishedAt ?? '') < (b.publishedAt ?? '') || ((a.publishedAt ?? '') === (b.publishedAt ?? '') && a._id < b._id)

/**
 * `fresh` as a reader who is not at the top should see it: its new updates held back (from the
 * stream, the pin and the key events), everything else as fresh has it. The first page's range
 * shrinks by a block when the 40th update arrives; the updates of `shown` older than all of
 * `fresh`'s stay on the page then, so what the reader is reading further down never vanishes (a
 * deletion among them shows when the new updates are brought in).
 */
export function holdingNew(shown: LiveBlogPage, fresh: LiveBlogPage): LiveBlogPage {
  const held = new Set(newUpdates(shown, fresh).map((update) => update._id))
  const kept = fresh.updates.filter((update) => !held.has(update._id))
  // Only when fresh leaves older updates off: when it holds the whole blog, one missing was deleted.
  const oldest = fresh.total > fresh.updates.length ? fresh.updates.at(-1) : undefined
  const inFresh = new Set(fresh.updates.map((update) => update._id))
  const tail = oldest ? shown.updates.filter((update) => !inFresh.has(update._id) && older(update, oldest)) : []
  const updates = [...kept, ...tail]
  const onPage = new Set(updates.map((update) => update._id))
  const keyEvents: KeyEvent[] = fresh.keyEvents
    .filter((event) => !held.has(event.id))
    .map((event) => ({ ...event, href: onPage.has(event.id) ? `#${updateAnchor(event.id)}` : updateHref(fresh.path, event.id) }))
  return { ...fresh, updates, keyEvents, pinned: fresh.pinned && held.has(fresh.pinned._id) ? null : fresh.pinned }
}

/** "1 new update", "3 new updates". */
export function newUpdatesLabel(count: number): string {
  return `${count} new update${count === 1 ? '' : 's'}`
}

/**
 * What the page's polite live region says when updates come onto the page: the headline of a
 * single one (or the start of its text), the count of several.
 */
export function insertedAnnouncement(updates: readonly LiveUpdateData[]): string {
  if (updates.length === 0) return ''
  if (updates.length > 1) return `${newUpdatesLabel(updates.length)}.`
  const [update] = updates
  const headline = cleanText(update?.headline)
  return headline === '' ? 'New update.' : `New update: ${headline}`
}

/** What it says when new updates are held above a reader who is further down, or in another tab. */
export function heldAnnouncement(count: number): string {
  return count === 0 ? '' : `${newUpdatesLabel(count)} above.`
}

/** The tab's title with the count of new updates not yet shown: "(2) Storm live". */
export function titleWithCount(title: string, count: number): string {
  const bare = title.replace(/^\(\d+\) /, '')
  return count > 0 ? `(${count}) ${bare}` : bare
}
