import type { SearchFilters as Filters } from '../../../shared/search.ts'
import { searchSections, type SearchFilterNotice } from '../../content/search/params.ts'
import type { SearchResultPage } from '../../content/search/search.ts'
import { SearchFilters } from './SearchFilters.tsx'
import { SearchPanel } from './SearchPanel.tsx'
import { SearchResults } from './SearchResults.tsx'
import './SearchPage.css'

export interface SearchPageProps {
  /** The searched text; empty before the reader searches. */
  query: string
  page: number
  /** The section and dates the search is limited to. */
  filters?: Filters
  /** What the page says of filters in its address that the search could not use as given (searchFilterNotices). */
  notices?: readonly SearchFilterNotice[]
  /** One page of results; null while they load. */
  results: SearchResultPage | null
  error?: string | null
  onRetry?: () => void
  /** Runs a new search; without it the form submits to /search as a plain HTML GET form. */
  onSearch?: (text: string, filters: Filters) => void
}

function field(form: FormData, name: string): string | undefined {
  const value = form.get(name)
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** The /search page: its heading, a search form holding the searched text and filters, and the results. */
export function SearchPage({ query, page, filters = {}, notices = [], results, error, onRetry, onSearch }: SearchPageProps) {
  return (
    <div className="search-page">
      <h1 className="search-page__title">Search</h1>
      {/* Keyed by the search so the form shows the new one after the reader searches from the header. */}
      <SearchPanel
        key={JSON.stringify([query, filters.section, filters.from, filters.to])}
        label="Search articles"
        defaultValue={query}
        onSearch={onSearch ? (text, form) => onSearch(text, { section: field(form, 'section'), from: field(form, 'from'), to: field(form, 'to') }) : undefined}
        className="search-page__box"
      >
        <SearchFilters sections={searchSections} values={filters} notices={notices} />
      </SearchPanel>
      <SearchResults query={query} page={page} results={results} error={error} onRetry={onRetry} filters={filters} />
    </div>
  )
}
