// What the /search page accepts in its URL: the search text, the page and the filters. Apart from the query
// (search.ts) because the header's search box and the route's search validation are in every
// reader's first download, and the query is not (decision 018).

import { searchDay, searchSection } from '../../../shared/search.ts'
import { mainSections } from '../layout/navigation.ts'

/** Longer queries are cut: no reader types more, and the text travels in the URL and the GROQ params. */
export const searchTextMaxLength = 200

/** What the /search route reads from its URL. All optional so a bare `/search` is a valid link. */
export type SearchParams = {
  q?: string
  page?: number
  /** A section's slug (uk, sport, ...). */
  section?: string
  /** First and last day of publication, YYYY-MM-DD. */
  from?: string
  to?: string
}

/** The sections a search may be limited to: the header's sections (src/content/layout/navigation.ts). */
export const searchSections: ReadonlyArray<{ label: string; slug: string }> = mainSections.filter((link) => link.to !== '/').map((link) => ({ label: link.label, slug: link.to.slice(1) }))

/** A section the page's form offers, or null: any other slug would search a section the form cannot show. */
function offeredSection(value: unknown): string | null {
  const slug = searchSection(value)
  return slug !== null && searchSections.some((section) => section.slug === slug) ? slug : null
}

/** The search text as the query uses it: trimmed, inner whitespace collapsed, at most 200 characters. */
export function normaliseSearchText(value: unknown): string {
  // The router parses search values as JSON, so `?q=2024` arrives as a number.
  const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : ''
  const collapsed = text.replace(/\s+/g, ' ').trim()
  // Cut by code points, not UTF-16 units, so an emoji at the limit is not split in half.
  return Array.from(collapsed).slice(0, searchTextMaxLength).join('').trim()
}

/** A 1-based page number as given, or null when it is not a whole number of at least 1. */
function pageNumber(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN
  return Number.isSafeInteger(n) && n >= 1 ? n : null
}

/** A 1-based page number; anything that is not a whole number of at least 1 is the first page (the page says so: searchFilterNotices). */
export function normaliseSearchPage(value: unknown): number {
  return pageNumber(value) ?? 1
}

/**
 * The route's `validateSearch`: what the page understands, with defaults left out of the URL (no `q`
 * when empty, no `page` when it is the first) so every search has one address, and each filter only
 * when the page can use it. The router gives the route the address's own values with these over
 * them, and on the server sends the reader to the address of the result when it differs from the
 * one asked for. So a filter the page cannot use stays in the address as the reader gave it (a
 * redirect would drop it without a word): the page says what it did with it (searchFilterNotices)
 * and runs `searchToRun`, which leaves it out.
 */
export function validateSearchParams(search: Record<string, unknown>): SearchParams {
  const q = normaliseSearchText(search.q)
  const page = normaliseSearchPage(search.page)
  const section = offeredSection(search.section)
  // The router reads `?from=2026-11-01` as a string, but an empty date field sends `from=`.
  const from = searchDay(search.from)
  const to = searchDay(search.to)
  return { ...(q ? { q } : {}), ...(page > 1 ? { page } : {}), ...(section ? { section } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) }
}

/**
 * The search the page runs and shows for the route's search (the address's own values with the
 * validated ones over them): what validateSearchParams keeps, and dates typed the wrong way round as
 * the days between them (the page says so: searchFilterNotices).
 */
export function searchToRun(search: Record<string, unknown>): SearchParams {
  const valid = validateSearchParams(search)
  return valid.from && valid.to && valid.from > valid.to ? { ...valid, from: valid.to, to: valid.from } : valid
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

/** A filter of a search's address that the search could not use as given, and what the page says of it. */
export interface SearchFilterNotice {
  /** The form's field it was given for; `page` has none (the results' pages link to it). */
  field: 'section' | 'from' | 'to' | 'page'
  message: string
}

/** What was given, quoted and cut short: an address can hold any text at any length. */
function quoted(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '')
  const chars = Array.from(text)
  return `“${chars.length > 40 ? `${chars.slice(0, 39).join('')}…` : text}”`
}

/** Whether a filter was given at all: an empty field (`from=`) is no filter. */
const given = (value: unknown): boolean => value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '')

const dateLabels = { from: 'Published from', to: 'Published until' } as const

/**
 * What the /search page says of the filters in its address (`search`, as the router parsed it, what
 * validateSearchParams reads) that the search could not use as given: a section the form does not
 * offer, a date that is not a day, dates the wrong way round, a page that is not a page number. The search runs without the ones it
 * could not use (and with the dates swapped), so it still finds what the reader's words find, and
 * the page says what it did.
 */
export function searchFilterNotices(search: Record<string, unknown>): SearchFilterNotice[] {
  const notices: SearchFilterNotice[] = []
  if (given(search.section) && offeredSection(search.section) === null) {
    notices.push({ field: 'section', message: `Section: there is no section ${quoted(search.section)}, so the results are from every section.` })
  }
  for (const field of ['from', 'to'] as const) {
    if (given(search[field]) && searchDay(search[field]) === null) notices.push({ field, message: `${dateLabels[field]}: ${quoted(search[field])} is not a date, so the search left it out.` })
  }
  const from = searchDay(search.from)
  const to = searchDay(search.to)
  if (from !== null && to !== null && from > to) {
    notices.push({ field: 'from', message: `${dateLabels.from} was after ${dateLabels.to}, so the results are from the days between them.` })
  }
  // Said only of a search that shows results: with no words there is no page to be on.
  if (given(search.page) && pageNumber(search.page) === null && normaliseSearchText(search.q) !== '') {
    notices.push({ field: 'page', message: `Page: ${quoted(search.page)} is not a page number, so these are the first page’s results.` })
  }
  return notices
}
