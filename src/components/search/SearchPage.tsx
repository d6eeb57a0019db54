import type { SearchResultPage } from '../../content/search/search.ts'
import { SearchPanel } from './SearchPanel.tsx'
import { SearchResults } from './SearchResults.tsx'
import './SearchPage.css'

export interface SearchPageProps {
  /** The searched text; empty before the reader searches. */
  query: string
  page: number
  /** One page of results; null while they load. */
  results: SearchResultPage | null
  error?: string | null
  onRetry?: () => void
  /** Runs a new search; without it the box submits to /search as a plain HTML form. */
  onSearch?: (text: string) => void
}

/** The /search page: its heading, a search box holding the searched text, and the results. */
export function SearchPage({ query, page, results, error, onRetry, onSearch }: SearchPageProps) {
  return (
    <div className="search-page">
      <h1 className="search-page__title">Search</h1>
      {/* Keyed by the text so the box shows the new search after the reader searches from the header. */}
      <SearchPanel key={query} label="Search articles" defaultValue={query} onSearch={onSearch} className="search-page__box" />
      <SearchResults query={query} page={page} results={results} error={error} onRetry={onRetry} />
    </div>
  )
}
