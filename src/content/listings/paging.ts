// Paging a listing: page sizes, `?page=N` and the slice of the list a page shows. Small and apart
// from the listings' queries because every listing route validates its search with it, and route
// options stay in the reader's first download (decision 018): the queries do not.

export const pageSizes = { listing: 12, archive: 50, trending: 20, essays: 12, corrections: 20 } as const

/**
 * The highest page a URL may ask for. Beyond it `?page=` is ignored, so a hand-typed huge number
 * cannot become an offset the query language handles imprecisely.
 */
export const maxPage = 100_000

/** `?page=N` as a whole page number from 1 to `maxPage`; anything else means the first page. */
export function parsePage(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : NaN
  return Number.isInteger(n) && n >= 1 && n <= maxPage ? n : 1
}

export interface PageSearch {
  page?: number
}

/**
 * The routes' `validateSearch`: page 1 is the address without `?page`, so links to a listing never
 * need a search object, and a bad value falls back to the first page rather than an error. `page`
 * is always returned, undefined for the first page: the router keeps keys the validator leaves out,
 * so leaving it out would pass `?page=banana` through as it came.
 */
export function validatePageSearch(search: Record<string, unknown>): PageSearch {
  const page = parsePage(search.page)
  return { page: page > 1 ? page : undefined }
}

/** The slice of the ordered list a page shows: `[start...end]`. */
export function pageWindow(page: number, size: number): { start: number; end: number } {
  const start = (Math.max(1, Math.floor(page)) - 1) * size
  return { start, end: start + size }
}

/** How many pages `total` items fill; an empty listing still has its one (empty) first page. */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / size))
}
