// The /search page's search as both sides read it: how a reader's text becomes words and phrases
// (the service builds its index query from these, never from the text itself: server/search), what
// the service's search answers, and the limits it keeps. docs/decisions/022-search-index.md.

/** Longer text is refused: the page cuts what it sends at 200 characters, so only other clients send more. */
export const searchTextMaxChars = 1000
/** Words and phrases one search may hold; more is refused rather than cut, so no search is quietly another. */
export const searchMaxTerms = 16
/** Results on one page, and the furthest page the service answers. */
export const searchResultsPerPage = 20
export const searchMaxPage = 50
/**
 * How many matches a search counts before it stops: every result a reader can page to, so the count
 * is exact wherever it could be checked, and a common word costs no more to count than this
 * (decision 046). Past it the answer says "more than" this many (`moreThanTotal`).
 */
export const searchCountedMatches = searchMaxPage * searchResultsPerPage

/**
 * The type of the service's refusal while its search index is refilled after an upgrade
 * (server/search/versionedRefill.ts): the page then asks the GROQ query instead, slower but whole.
 */
export const searchRefillingErrorType = 'searchIndexRefillingError'

/**
 * Words too common to tell articles apart: left out of a search unless they are inside quotes
 * ("the" alone would otherwise match every article). English, as the paper is.
 */
export const commonWords: ReadonlySet<string> = /* @__PURE__ */ new Set(
  (
    'a an and are as at be but by for from has have he her his i in is it its of on or our she so ' +
    'than that the their them then there these they this to was we were what when which who will with you your'
  ).split(' '),
)

/** A word or a quoted phrase of the reader's search, as lower-case words. */
export interface SearchTerm {
  words: string[]
  /** Typed inside quotes: the words must stand together, in order, and common words count. */
  phrase: boolean
}

export interface ParsedSearch {
  terms: SearchTerm[]
  /** Common words left out (in the order typed, once each), to tell the reader. */
  ignored: string[]
}

// Letters, digits and combining marks make words, as SQLite's unicode61 tokenizer reads them;
// everything else (punctuation, symbols, control characters, the index's own syntax) separates them.
const wordPattern = /[\p{L}\p{N}\p{M}]+/gu
const quotes = /["“”„‟«»]/

/** The words of `text`, lower case, in Unicode's compatibility form (ﬁ is fi, full-width digits are digits). */
export function searchWords(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(wordPattern) ?? []
}

/**
 * Reads a reader's search: words outside quotes (common ones left out) and phrases inside them.
 * An unmatched quote opens a phrase that runs to the end. Nothing in the text is syntax but quotes.
 */
export function parseSearchText(text: string): ParsedSearch {
  const terms: SearchTerm[] = []
  const ignored: string[] = []
  const parts = text.split(quotes)
  parts.forEach((part, index) => {
    const words = searchWords(part)
    if (index % 2 === 1) {
      if (words.length > 0) terms.push({ words, phrase: words.length > 1 })
      return
    }
    for (const word of words) {
      if (commonWords.has(word)) {
        if (!ignored.includes(word)) ignored.push(word)
      } else terms.push({ words: [word], phrase: false })
    }
  })
  return { terms: dedupe(terms), ignored }
}

/**
 * How many words and phrases a search holds when that is more than one search may (searchMaxTerms),
 * else null: the service refuses such a search, and the /search page says so without asking it.
 */
export function searchTermsOverLimit(text: string): number | null {
  const count = parseSearchText(text).terms.length
  return count > searchMaxTerms ? count : null
}

function dedupe(terms: SearchTerm[]): SearchTerm[] {
  const seen = new Set<string>()
  return terms.filter((term) => {
    const key = `${term.phrase}:${term.words.join(' ')}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** A run of text, and whether it is one of the searched words (shown marked). */
export interface TextPart {
  text: string
  match: boolean
}

/** One result as the page shows it: marked title and text, already plain text (never HTML). */
export interface IndexSearchHit {
  _id: string
  slug: string
  publishedAt: string | null
  /** The article's section (UK, Sport, ...), or its first category when it has none. */
  section: string | null
  title: TextPart[]
  /** The excerpt where the search words are in it, otherwise the passage of the body that has them. */
  text: TextPart[]
}

export interface IndexSearchResult {
  /** Every matching article, not just this page's, counted up to searchCountedMatches. */
  total: number
  /** More articles match than `total`: the count stopped at searchCountedMatches. */
  moreThanTotal: boolean
  /**
   * How many of them are ranked and can be paged through: the newest matches and the newest with
   * every word in the title, at most searchMaxPage pages. Fewer than `total` when the words are common.
   */
  ranked: number
  hits: IndexSearchHit[]
  /** Common words the search left out. */
  ignored: string[]
}

/** Filters of a search, as the page's form and the service's address carry them. */
export interface SearchFilters {
  /** A section's slug. */
  section?: string
  /** First and last day of publication, inclusive, as YYYY-MM-DD (UTC). */
  from?: string
  to?: string
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/

/** A calendar day as YYYY-MM-DD, or null when `value` is not one (2026-02-30 is not). */
export function searchDay(value: unknown): string | null {
  if (typeof value !== 'string' || !dayPattern.test(value)) return null
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null
}

/** A section slug as categories' slugs are written, or null. */
export function searchSection(value: unknown): string | null {
  return typeof value === 'string' && /^[a-z0-9][a-z0-9-]{0,95}$/.test(value) ? value : null
}
