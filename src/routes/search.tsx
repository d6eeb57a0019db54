import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import { SearchPage } from '../components/search/SearchPage.tsx'
import { pageHead, pathWithSearch } from '../content/meta/cards.ts'
import { searchAddressWithoutEmptyFields, searchFilterNotices, searchToRun, validateSearchParams } from '../content/search/params.ts'
import type { SearchResultPage } from '../content/search/search.ts'
import { useRetry } from './-retry.ts'
import { searchLocation } from './-search.ts'
import { searchMaxPage, searchTermsOverLimit, type SearchFilters } from '../../shared/search.ts'

export const Route = createFileRoute('/search')({
  // The three views share the page's components: one lazy chunk for them keeps those out of the
  // homepage's initial JavaScript (by default only `component` would be split off).
  codeSplitGroupings: [['component', 'pendingComponent', 'errorComponent']],
  validateSearch: validateSearchParams,
  // A plain GET form sends its empty filters (`&section=&from=&to=`): the server answers such an
  // address with a permanent redirect to the search's one address, which the edge caches like the page.
  beforeLoad: ({ location }) => {
    const href = searchAddressWithoutEmptyFields(location.searchStr)
    if (href !== null) throw redirect({ href, statusCode: 301 })
  },
  // The router's search holds the address's own values beside the validated ones: the page runs
  // only what it can use (searchToRun), and says what it did with the rest (searchFilterNotices).
  loaderDeps: ({ search }) => {
    const { q = '', page = 1, section, from, to } = searchToRun(search)
    return { q, page, section, from, to }
  },
  // The search's modules load with the first search, outside the reader's first download (decision 018).
  loader: async ({ deps, abortController, context }): Promise<SearchResultPage | null> => {
    // Nothing to ask, or more words than one search may hold (the results say so, not an error).
    if (!deps.q || searchTermsOverLimit(deps.q) !== null) return null
    const search = (page: number) =>
      context.content.search(
        { q: deps.q, page, ...(deps.section ? { section: deps.section } : {}), ...(deps.from ? { from: deps.from } : {}), ...(deps.to ? { to: deps.to } : {}) },
        { signal: abortController.signal },
      )
    // No search has more pages than the service answers: past them the page says which pages there
    // are, from the first page's count, as it does for any page past the results.
    if (deps.page > searchMaxPage) return { ...(await search(1)), hits: [] }
    return search(deps.page)
  },
  head: ({ match }) => {
    const { q, page, section, from, to } = searchToRun(match.search)
    return pageHead(match.context.origin, {
      title: q ? `Search results for “${q}”` : 'Search',
      description: q ? `Articles from Resonance that match “${q}”.` : 'Search every article Resonance has published.',
      path: pathWithSearch('/search', { q, page, section, from, to }),
      // Result pages are endless variations of the archive; search engines should index the articles.
      robots: 'noindex',
    })
  },
  pendingComponent: SearchPending,
  errorComponent: SearchFailed,
  component: Search,
})

/**
 * What every view of the page shows: the search it ran, a box that searches again, and what it did
 * with a filter of the address it could not use as given.
 */
function useSearchView() {
  const search = Route.useSearch()
  const { q = '', page = 1, section, from, to } = searchToRun(search)
  const navigate = useNavigate()
  const filters = { section, from, to }
  return {
    query: q,
    page,
    filters,
    notices: searchFilterNotices(search),
    onSearch: (text: string, chosen: SearchFilters = filters) => navigate(searchLocation(text, chosen)),
  }
}

function Search() {
  const view = useSearchView()
  const results = Route.useLoaderData()
  return <SearchPage {...view} results={view.query ? results : null} />
}

function SearchPending() {
  return <SearchPage {...useSearchView()} results={null} />
}

function SearchFailed({ error }: { error: unknown }) {
  return <SearchPage {...useSearchView()} results={null} error={error instanceof Error ? error.message : String(error)} onRetry={useRetry()} />
}
