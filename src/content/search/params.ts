// What the /search page accepts in its URL: the search text, the page and the filters. Apart from the query
// (search.ts) because the header's search box and the route's search validation are in every
// reader's first download, and the query is not (decision 018).

import { searchDay, searchSection } from '../../../shared/search.ts'

/** Longer queries are cut: no reader types more, and the text travels in the URL and the GROQ params. */
export const searchTextMaxLength = 200

/** What the /search route reads from its URL. All optional so a bare `/search` is a valid link. */
export interface SearchParams {
  q?: string
  page?: number
  /** A section's slug (uk, sport, ...). */
  section?: string
  /** First and last day of publication, YYYY-MM-DD. */
  from?: string
  to?: string
}

/** The search text as the query uses it: trimmed, inner whitespace collapsed, at most 200 characters. */
export function normaliseSearchText(value: unknown): string {
  // The router parses search values as JSON, so `?q=2024` arrives as a number.
  const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : ''
  const collapsed = text.replace(/\s+/g, ' ').trim()
  // Cut by code points, not UTF-16 units, so an emoji at the limit is not split in half.
  return Array.from(collapsed).slice(0, searchTextMaxLength).join('').trim()
}

/** A 1-based page number; anything that is not a whole number of at least 1 is the first page. */
export function normaliseSearchPage(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN
  return Number.isSafeInteger(n) && n >= 1 ? n : 1
}

/**
 * The route's `validateSearch`: keeps only what the page understands, and leaves defaults out of the
 * URL (no `q` when empty, no `page` when it is the first) so every search has one address.
 */
export function validateSearchParams(search: Record<string, unknown>): SearchParams {
  const q = normaliseSearchText(search.q)
  const page = normaliseSearchPage(search.page)
  const section = searchSection(search.section)
  // The router reads `?from=2026-11-01` as a string, but an empty date field sends `from=`.
  let from = searchDay(search.from)
  let to = searchDay(search.to)
  // Dates typed the wrong way round mean the days between them.
  if (from !== null && to !== null && from > to) [from, to] = [to, from]
  return { ...(q ? { q } : {}), ...(page > 1 ? { page } : {}), ...(section ? { section } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) }
}

/**
 * The one address of a search whose URL names fields left empty (`/search?q=x&section=&from=&to=`,
 * what a plain GET form sends), or null when the URL names none: a search has one address at the
 * edge and in history. Only empty fields go; a field that holds something, even something wrong,
 * stays, so the page still says what is wrong with it.
 */
export function searchAddressWithoutEmptyFields(searchStr: string): string | null {
  const params = new URLSearchParams(searchStr)
  const filled = [...params].filter(([, value]) => value.trim() !== '')
  if (filled.length === [...params].length) return null
  const rest = new URLSearchParams(filled).toString()
  return rest ? `/search?${rest}` : '/search'
}
