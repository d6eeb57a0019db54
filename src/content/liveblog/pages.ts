// Which updates each page of a live blog shows, and at which address. Pages are counted from the
// oldest update, in fixed blocks of `liveBlogPageSize`, so an older page's address always shows the
// same updates however many are posted after them (docs/decisions/029-live-blog-pages.md): page 1
// is the oldest twenty. The blog's own address shows the newest updates down to the start of the
// newest full block but one, so it is never nearly empty: all of them up to 39, then 20 to 39.
// An older page is a block wholly older than the first page, and links to newer updates by the
// lasting address of the update after its block, so nothing a post does changes it (decision 034).

import { liveBlogPageSize } from '../../../shared/liveBlog.ts'

/** The ranks (0 is the oldest update) a page shows: `[start, end)`. */
export interface RankRange {
  start: number
  end: number
}

/** How many full blocks of a page's size `total` updates fill. */
export function fullPages(total: number, size = liveBlogPageSize): number {
  return Math.floor(Math.max(0, total) / size)
}

/** The first page's updates: every update from the start of the second-newest full block on. */
export function firstPageRange(total: number, size = liveBlogPageSize): RankRange {
  return { start: size * Math.max(0, fullPages(total, size) - 1), end: Math.max(0, total) }
}

/**
 * `?page=N`'s updates, or null when block N is not older than the first page (yet, or any more):
 * that address is not found. The newest full block is on the first page, and has no address of its
 * own until the next block fills: an older page always has an update after it.
 */
export function olderPageRange(page: number, total: number, size = liveBlogPageSize): RankRange | null {
  if (!Number.isInteger(page) || page < 1 || page > fullPages(total, size) - 1) return null
  return { start: (page - 1) * size, end: page * size }
}

/** The page an update of this rank is shown on: null for the first page, else N of `?page=N`. */
export function pageOfRank(rank: number, total: number, size = liveBlogPageSize): number | null {
  if (rank >= firstPageRange(total, size).start) return null
  return Math.floor(rank / size) + 1
}

/** The page of older updates after a page (null: the first page), or undefined where there is none. */
export function olderNeighbour(page: number | null, total: number, size = liveBlogPageSize): number | undefined {
  if (page !== null) return page > 1 ? page - 1 : undefined
  const firstStartsAt = firstPageRange(total, size).start / size + 1
  return firstStartsAt > 1 ? firstStartsAt - 1 : undefined
}

/** The address of a page of the blog at `path`. */
export function pageHref(path: string, page: number | null): string {
  return page === null ? path : `${path}?page=${page}`
}

/** An update's own element id, its permalink's fragment. */
export const updateAnchor = (id: string): string => `update-${id}`

/** The address that finds an update on whichever page holds it, now or later. */
export function updateHref(path: string, id: string): string {
  return `${pageHolding(path, id)}#${updateAnchor(id)}`
}

/**
 * The page holding an update, at its top: an older page's "Newer updates" link names the update
 * after its block, so it leads to the first page while that update is there, and to its block's
 * own page once that is older, without the older page changing.
 */
export function pageHolding(path: string, id: string): string {
  return `${path}?update=${encodeURIComponent(id)}`
}

/** What a live blog's address asks for; each is reader input, checked before any query. */
export type LiveBlogRequest = { kind: 'first' } | { kind: 'page'; page: number } | { kind: 'update'; id: string } | { kind: 'invalid' }

const updateIdPattern = /^[A-Za-z0-9_-][A-Za-z0-9_-]{0,127}$/

/**
 * `?page=N` (a whole number, no sign, no leading zero, at most six digits) or `?update={id}` (a
 * published document id: no `.` path, so never a draft's). Anything else given for either is
 * invalid, the not-found page; neither given is the first page.
 */
export function parseLiveBlogRequest(search: { page?: unknown; update?: unknown }): LiveBlogRequest {
  const page = search.page
  const update = search.update
  if (page !== undefined && update !== undefined) return { kind: 'invalid' }
  if (page !== undefined) {
    const text = typeof page === 'number' ? String(page) : page
    if (typeof text !== 'string' || !/^[1-9]\d{0,5}$/.test(text)) return { kind: 'invalid' }
    return { kind: 'page', page: Number(text) }
  }
  if (update !== undefined) {
    const text = typeof update === 'number' ? String(update) : update
    if (typeof text !== 'string' || !updateIdPattern.test(text)) return { kind: 'invalid' }
    return { kind: 'update', id: text }
  }
  return { kind: 'first' }
}
