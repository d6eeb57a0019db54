// Site search: the GROQ query that answers the /search page, and how its results are shown.
// Ranking uses GROQ's own `match` and `score()` (both run on the embedded service, which evaluates
// GROQ with groq-js, and on hosted Sanity), so there is no second search index to keep in step.
// What the URL may hold is params.ts, small because the header's search box and the route's search
// validation are in every reader's first download (decision 018).

import { normaliseSearchPage, normaliseSearchText } from './params.ts'

/** Results on one page of search results. */
export const searchPageSize = 20

/** One search result, as the results list shows it. */
export interface SearchHit {
  _id: string
  title: string
  slug: string | null
  publishedAt: string | null
  /** Raw excerpt: may hold HTML, so it is shown only through `cleanText`. */
  excerpt: string | null
  /** The article's header section (UK, Sport, ...), or its first category when it has none. */
  section: string | null
}

export interface SearchResultPage {
  /** Every matching article, not just this page's. */
  total: number
  hits: SearchHit[]
}

const matches = `_type == "article" && defined(slug.current) && (title match $q || excerpt match $q || pt::text(body) match $q)`

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

/** The query and parameters for one page of results for `q`. */
export function searchRequest(q: string, page: number): { query: string; params: { q: string } } {
  return { query: searchArticlesQuery(page), params: { q: normaliseSearchText(q) } }
}

/** How many pages `total` results fill (at least one, so an empty search has a page to show). */
export function searchPageCount(total: number): number {
  return Math.max(1, Math.ceil(total / searchPageSize))
}

/** A run of text, and whether it is one of the searched words (shown highlighted). */
export interface TextPart {
  text: string
  match: boolean
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
