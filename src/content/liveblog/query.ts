// A live blog page's GROQ. Every filter names one blog's updates (by type and blog) and every list
// is a bounded slice of them, ordered by time: the shape an index on blog and time answers
// (docs/decisions/029 says what is built of it).

import { liveBlogPageSize } from '../../../shared/liveBlog.ts'
import type { RankRange } from './pages.ts'

/** The key events the page lists, newest first. */
export const keyEventsShown = 10

const updates = `*[_type == "liveUpdate" && liveBlog._ref == $blog]`
const fields = `_id, headline, publishedAt, updatedAt, isKeyEvent, isPinned, body, author->{name, "slug": slug.current, image}`

/** What every page shows besides its own updates: how many there are, the pin and the key events. */
const common = `"total": count(${updates}),
  "pinned": *[_type == "liveUpdate" && liveBlog._ref == $blog && isPinned == true] | order(publishedAt desc, _id desc)[0]{${fields}},
  "keyEvents": *[_type == "liveUpdate" && liveBlog._ref == $blog && isKeyEvent == true] | order(publishedAt desc, _id desc)[0...${keyEventsShown}]{_id, headline, publishedAt, "text": pt::text(body)}`

/** The first page: the newest updates, at most two pages' worth less one; the page keeps those its range names. */
export const firstPageQuery = `{
  ${common},
  "updates": ${updates} | order(publishedAt desc, _id desc)[0...${2 * liveBlogPageSize - 1}]{${fields}}
}`

/**
 * The first page as an open page refreshes it: the same, and whether the blog has ended. The
 * blog's own document is read by id: `liveBlogEndedAt` is what tells open pages to stop listening.
 */
export const liveFirstPageQuery = `{
  ${common},
  "updates": ${updates} | order(publishedAt desc, _id desc)[0...${2 * liveBlogPageSize - 1}]{${fields}},
  "endedAt": *[_id == $blog][0].liveBlogEndedAt
}`

/**
 * What an open first page listens to: the blog's updates (posted, edited, pinned, deleted) and the
 * blog itself (ended). Every reader of one blog sends the same filter, so the service checks each
 * change once for all of them (server/live/listeners.ts).
 */
export const liveBlogListenQuery = `*[(_type == "liveUpdate" && liveBlog._ref == $blog) || _id == $blog]`

/** An older page: ranks counted from the oldest update, fixed, as pages.ts counts them (and the update after them). */
export function olderPageQuery(range: RankRange): string {
  return `{
  ${common},
  "updates": ${updates} | order(publishedAt asc, _id asc)[${range.start}...${range.end}]{${fields}}
}`
}

/** One update of this blog (published: readers' queries see nothing else), for `?update=`. */
export const updateQuery = `*[_type == "liveUpdate" && liveBlog._ref == $blog && _id == $id][0]{publishedAt}`

/**
 * How many of the blog's updates come before one posted at `$at` with id `$id`: its rank. Two counts,
 * so the index answers both: those posted earlier, counted from the keys, and those posted at the
 * same instant with a smaller id, found by their time, which the planner reads first (the first
 * keyed condition narrows a filter: the blog's would read every update of the blog).
 */
export const rankQuery = `count(*[_type == "liveUpdate" && liveBlog._ref == $blog && publishedAt < $at]) + count(*[_type == "liveUpdate" && publishedAt == $at && liveBlog._ref == $blog && _id < $id])`
