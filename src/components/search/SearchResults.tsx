import { Link } from '@tanstack/react-router'
import { longDate } from '../../content/format/dates.ts'
import { searchPageCount, searchPageSize, type SearchResultPage, type TextPart } from '../../content/search/search.ts'
import { parseSearchText, searchMaxTerms, searchTermsOverLimit, type SearchFilters } from '../../../shared/search.ts'
import { LoadingSpinner } from '../ui/LoadingSpinner.tsx'
import { StoryLink } from '../ui/StoryLink.tsx'
import './SearchResults.css'

export interface SearchResultsProps {
  /** The searched text, already trimmed; empty when the reader has not searched yet. */
  query: string
  /** The 1-based page of results shown. */
  page: number
  /** One page of results; null while they load. */
  results: SearchResultPage | null
  /** Why the search failed, when it did. */
  error?: string | null
  /** Runs the failed search again. */
  onRetry?: () => void
  /** The section and dates the results are limited to, kept when paging. */
  filters?: SearchFilters
}

/** Text with the searched words marked: React text and <mark> elements, never markup from the service. */
function Marked({ parts }: { parts: TextPart[] }) {
  return parts.map((part, index) => (part.match ? <mark key={index}>{part.text}</mark> : part.text))
}

function quotedList(words: string[]): string {
  return words.map((word) => `“${word}”`).join(', ')
}

/** Which common words the search left out, and how to search for them. */
function Ignored({ words }: { words: string[] }) {
  if (words.length === 0) return null
  return (
    <p className="search-results__ignored">
      Left out as too common: {quotedList(words)}. Put words in quotes to search for them exactly, as in “the tube”.
    </p>
  )
}

function resultDate(publishedAt: string | null) {
  if (!publishedAt) return null
  const date = new Date(publishedAt)
  if (Number.isNaN(date.getTime())) return null
  return <time dateTime={publishedAt}>{longDate(date)}</time>
}

function plural(count: number, one: string, many: string) {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`
}

/** The /search page's results: a prompt, the results with paging, or why there are none. */
export function SearchResults({ query, page, results, error, onRetry, filters = {} }: SearchResultsProps) {
  const filtered = Boolean(filters.section || filters.from || filters.to)
  if (!query) {
    return (
      <div className="search-results search-results--message">
        <p>Type a word or two in the box above to search every article Resonance has published.</p>
      </div>
    )
  }
  // The service refuses such a search: it is not asked, and the reader's words stay in the box above.
  const terms = searchTermsOverLimit(query)
  if (terms !== null) {
    return (
      <div className="search-results search-results--message">
        <p>
          <strong>
            Search for at most {searchMaxTerms} words or phrases at a time: “{query}” has {terms}.
          </strong>
        </p>
        <p>Take some out, or put words that belong together in quotes, as in “the tube”.</p>
      </div>
    )
  }
  if (error) {
    return (
      <div className="search-results search-results--message" role="alert">
        <p>
          <strong>We could not search for “{query}” just now.</strong> Please try again in a moment.
        </p>
        <p className="search-results__detail">{error}</p>
        {onRetry ? (
          <button type="button" className="search-results__retry" onClick={onRetry}>
            Try again
          </button>
        ) : null}
      </div>
    )
  }
  if (results === null) return <LoadingSpinner label={`Searching for “${query}”…`} />
  if (results.total === 0 && results.ignored.length > 0 && parseSearchText(query).terms.length === 0) {
    return (
      <div className="search-results search-results--message">
        <p>
          <strong>{quotedList(results.ignored)} {results.ignored.length === 1 ? 'is' : 'are'} too common to search for on {results.ignored.length === 1 ? 'its' : 'their'} own.</strong>
        </p>
        <p>Add a less common word, or put words in quotes to search for them exactly, as in “the tube”.</p>
      </div>
    )
  }
  if (results.total === 0) {
    return (
      <div className="search-results search-results--message">
        <p>
          <strong>No articles match “{query}”{filtered ? ' with these filters' : ''}.</strong>
        </p>
        <Ignored words={results.ignored} />
        <p>Check the spelling, try fewer words{filtered ? ', widen the section or dates' : ''}, or search for something more general.</p>
      </div>
    )
  }

  // Common words match more than are ranked: the pages end where the ranked results do. Past
  // searchCountedMatches the service stops counting, and the summary says "more than".
  const reachable = Math.min(results.total, results.ranked)
  const pages = searchPageCount(reachable)
  if (results.hits.length === 0) {
    return (
      <div className="search-results search-results--message">
        <p>
          There is no page {page} of results for “{query}”: the {plural(reachable, 'result fits', 'results fit')} on{' '}
          {plural(pages, 'page', 'pages')}.
        </p>
        <p>
          <Link to="/search" search={{ q: query, ...filters }}>
            Go to the first page of results
          </Link>
        </p>
      </div>
    )
  }

  const first = (page - 1) * searchPageSize + 1
  const last = first + results.hits.length - 1
  return (
    <div className="search-results">
      <p className="search-results__summary">
        {results.moreThanTotal ? `More than ${plural(results.total, 'result', 'results')}` : plural(results.total, 'result', 'results')} for “{query}”
        {pages > 1 ? (
          <span className="search-results__range">
            {' '}
            · showing {first}–{last}
          </span>
        ) : null}
      </p>
      <Ignored words={results.ignored} />
      {reachable < results.total ? (
        <p className="search-results__ignored">
          The {plural(reachable, 'best match', 'best matches')} among the most recent are listed: add a word, a section or dates to reach older articles.
        </p>
      ) : null}
      <ol className="search-results__list" start={first}>
        {results.hits.map((hit) => {
          return (
            <li key={hit._id} className="search-results__item">
              <article className="search-results__article">
                <h2 className="search-results__title">
                  <StoryLink slug={hit.slug}>
                    <Marked parts={hit.title} />
                  </StoryLink>
                </h2>
                <p className="search-results__meta">
                  {hit.section ? <span className="search-results__section">{hit.section}</span> : null}
                  {resultDate(hit.publishedAt)}
                </p>
                {hit.text.length > 0 ? (
                  <p className="search-results__excerpt">
                    <Marked parts={hit.text} />
                  </p>
                ) : null}
              </article>
            </li>
          )
        })}
      </ol>
      {pages > 1 ? (
        <nav className="search-results__pages" aria-label="Pages of results">
          {page > 1 ? (
            <Link to="/search" search={page === 2 ? { q: query, ...filters } : { q: query, ...filters, page: page - 1 }} rel="prev" className="search-results__page-link">
              ← Previous page
            </Link>
          ) : (
            <span />
          )}
          <span className="search-results__page-count">
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link to="/search" search={{ q: query, ...filters, page: page + 1 }} rel="next" className="search-results__page-link">
              Next page →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  )
}
