// Site search: what the /search page asks for and shows. On the embedded service the page asks the
// service's search index (src/content/clients/search.ts, server/search): word forms, common words,
// phrases, title matches first, marked words. A build on hosted Sanity, which has no such endpoint,
// asks the GROQ query below, ranked with GROQ's own `match` and `score()`, and marks the words here.
// What the URL may hold is params.ts, small because the header's search box and the route's search
// validation are in every reader's first download (decision 018).

import { cleanText } from '../../../shared/text.ts'
import { searchRefillingErrorType, type IndexSearchResult, type TextPart } from '../../../shared/search.ts'
import { normaliseSearchPage, normaliseSearchText } from './params.ts'

export type { TextPart } from '../../../shared/search.ts'

/** One page of results as the page shows them, from the index or from GROQ. */
export type SearchResultPage = IndexSearchResult
export type SearchResultHit = IndexSearchResult['hits'][number]

/** A search the page makes: its text, page and filters (as the route's URL holds them). */
export interface PageSearch {
  q: string
  page: number
  section?: string
  from?: string
  to?: string
}

/** The search endpoint's address parameters for a search. */
export function searchQueryString(search: PageSearch): string {
  const params = new URLSearchParams({ q: normaliseSearchText(search.q) })
  if (search.section) params.set('section', search.section)
  if (search.from) params.set('from', search.from)
  if (search.to) params.set('to', search.to)
  if (search.page > 1) params.set('page', String(normaliseSearchPage(search.page)))
  return params.toString()
}

/** Results on one page of search results. */
export const searchPageSize = 20

/** One result of the GROQ query. */
export interface GroqSearchHit {
  _id: string
  title: string
  slug: string | null
  publishedAt: string | null
  /** Raw excerpt: may hold HTML, so it is shown only through `cleanText`. */
  excerpt: string | null
  /** The article's header section (UK, Sport, ...), or its first category when it has none. */
  section: string | null
}

export interface GroqSearchPage {
  /** Every matching article, not just this page's. */
  total: number
  hits: GroqSearchHit[]
}

const matches = `_type == "article" && defined(slug.current) && (title match $q || excerpt match $q || pt::text(body) match $q)
    && (!defined($section) || $section in categories[]->slug.current)
    && (!defined($from) || dateTime(publishedAt) >= dateTime($from)) && (!defined($to) || dateTime(publishedAt) < dateTime($to))`

/**
 * Published articles whose title, excerpt or body text match `q` (every word, case-insensitive),
 * best first: a title match counts most, then the excerpt, then the body; equal scores newest first
 * with the id as a tie-break. Bounded to one page of results.
 *
 * The slice bounds are written into the query text rather than passed as `$start`/`$end`: the
 * embedded service (groq-js) parses a query before it binds parameters, and groq-js only slices by
 * constant numbers ("slicing must use constant numbers"). They are integers computed here, never
 * reader input; the reader's text travels only as the `$q` parameter.
 */
export function searchArticlesQuery(page: number): string {
  const start = (normaliseSearchPage(page) - 1) * searchPageSize
  return `{
  "total": count(*[${matches}]),
  "hits": *[${matches}]
    | score(boost(title match $q, 3), boost(excerpt match $q, 2), pt::text(body) match $q)
    | order(_score desc, publishedAt desc, _id asc)[${start}...${start + searchPageSize}]{
      _id, title, "slug": slug.current, publishedAt, excerpt,
      "section": coalesce(categories[@->kind == "section"][0]->title, categories[0]->title)
    }
}`
}

// A type, not an interface: the parameters are passed where any record of parameters is.
type GroqSearchParams = {
  q: string
  section: string | null
  from: string | null
  to: string | null
}

const dayStart = (day: string): string => `${day}T00:00:00Z`
const nextDayStart = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().replace('.000Z', 'Z')

/** The GROQ query and parameters for one page of results for a search. */
export function searchRequest(search: PageSearch): { query: string; params: GroqSearchParams } {
  return {
    query: searchArticlesQuery(search.page),
    params: {
      q: normaliseSearchText(search.q),
      section: search.section ?? null,
      from: search.from ? dayStart(search.from) : null,
      to: search.to ? nextDayStart(search.to) : null,
    },
  }
}

/** A search answered by the GROQ query (a build on hosted Sanity), shaped and marked as the index answers. */
export async function searchByGroq(
  fetch: (query: string, params: Record<string, unknown>) => Promise<unknown>,
  search: PageSearch,
): Promise<SearchResultPage> {
  const { query, params } = searchRequest(search)
  const page = (await fetch(query, params)) as GroqSearchPage
  // Hosted Sanity counts every match: the total is exact, however common the words.
  return {
    total: page.total,
    moreThanTotal: false,
    ranked: page.total,
    ignored: [],
    hits: page.hits.flatMap((hit) =>
      hit.slug === null
        ? []
        : [{ _id: hit._id, slug: hit.slug, publishedAt: hit.publishedAt, section: hit.section, title: markMatches(hit.title, params.q), text: markMatches(cleanText(hit.excerpt), params.q) }],
    ),
  }
}

/**
 * Whether a search failed because the service's index is being refilled after an upgrade (its
 * refusal's type, shared/search.ts): the page then answers by searchByGroq, slower but whole.
 */
export function isIndexRefilling(error: unknown): boolean {
  const body = (error as { body?: { error?: { type?: unknown } } } | null)?.body
  return body?.error?.type === searchRefillingErrorType
}

/** How many pages `total` results fill (at least one, so an empty search has a page to show). */
export function searchPageCount(total: number): number {
  return Math.max(1, Math.ceil(total / searchPageSize))
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * Splits `text` into runs, marking whole words that `q` searched for, the way GROQ's `match`
 * compares them: case-insensitive, whole words, and a trailing `*` matching any word that starts so.
 */
export function markMatches(text: string, q: string): TextPart[] {
  const terms = normaliseSearchText(q).match(/[\p{L}\p{N}]+\*?/gu) ?? []
  if (text === '' || terms.length === 0) return text === '' ? [] : [{ text, match: false }]
  const alternatives = [...new Set(terms)]
    // Longest first, so "london" is preferred to "lon*" where both apply.
    .sort((a, b) => b.length - a.length)
    .map((term) => (term.endsWith('*') ? `${escapeRegExp(term.slice(0, -1))}[\\p{L}\\p{N}]*` : escapeRegExp(term)))
  const words = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'giu')
  const parts: TextPart[] = []
  let last = 0
  for (const found of text.matchAll(words)) {
    const at = found.index
    if (at > last) parts.push({ text: text.slice(last, at), match: false })
    parts.push({ text: found[0], match: true })
    last = at + found[0].length
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false })
  return parts
}
