// The article route's search, kept as the reader typed it: `?page=` and `?update=` name a live
// blog's older page or one of its updates, and are judged by pages.ts once the article is known to
// be a live blog. Import-free: route options stay in the reader's first download (decision 018).

export interface LiveBlogSearch {
  page?: unknown
  update?: unknown
}

/**
 * Text that reads as a number is given back as that number, which the router writes back as the
 * same text (`?page=2`); given back as text it would write `?page=%222%22` and redirect there.
 */
function asTyped(value: unknown): unknown {
  if (typeof value !== 'string' || !/^-?\d+(\.\d+)?$/.test(value)) return value
  const number = Number(value)
  return String(number) === value ? number : value
}

export function validateLiveBlogSearch(search: Record<string, unknown>): LiveBlogSearch {
  return { page: asTyped(search.page), update: asTyped(search.update) }
}
