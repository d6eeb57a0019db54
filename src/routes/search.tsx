import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router'
import { SearchPage } from '../components/search/SearchPage.tsx'
import { searchRequest, validateSearchParams, type SearchResultPage } from '../content/search/search.ts'

export const Route = createFileRoute('/search')({
  // The three views share the page's components: one lazy chunk for them keeps those out of the
  // homepage's initial JavaScript (by default only `component` would be split off).
  codeSplitGroupings: [['component', 'pendingComponent', 'errorComponent']],
  validateSearch: validateSearchParams,
  loaderDeps: ({ search }) => ({ q: search.q ?? '', page: search.page ?? 1 }),
  loader: ({ deps, abortController, context }): Promise<SearchResultPage | null> => {
    if (!deps.q) return Promise.resolve(null)
    const { query, params } = searchRequest(deps.q, deps.page)
    return context.content.fetch<SearchResultPage>(query, params, { signal: abortController.signal })
  },
  head: ({ match }) => {
    const q = match.search.q
    return {
      meta: [
        { title: q ? `Search results for “${q}” | Resonance` : 'Search | Resonance' },
        { name: 'description', content: q ? `Articles from Resonance that match “${q}”.` : 'Search every article Resonance has published.' },
        // Result pages are endless variations of the archive; search engines should index the articles.
        { name: 'robots', content: 'noindex' },
      ],
    }
  },
  pendingComponent: SearchPending,
  errorComponent: SearchFailed,
  component: Search,
})

function useSearchText() {
  const navigate = useNavigate()
  return (text: string) => navigate({ to: '/search', search: text ? { q: text } : {} })
}

function Search() {
  const { q = '', page = 1 } = Route.useSearch()
  const results = Route.useLoaderData()
  const onSearch = useSearchText()
  return <SearchPage query={q} page={page} results={q ? results : null} onSearch={onSearch} />
}

function SearchPending() {
  const { q = '', page = 1 } = Route.useSearch()
  const onSearch = useSearchText()
  return <SearchPage query={q} page={page} results={null} onSearch={onSearch} />
}

function SearchFailed({ error }: { error: unknown }) {
  const { q = '', page = 1 } = Route.useSearch()
  const router = useRouter()
  const onSearch = useSearchText()
  return (
    <SearchPage
      query={q}
      page={page}
      results={null}
      error={error instanceof Error ? error.message : String(error)}
      // Invalidating reruns the loader and resets this error boundary.
      onRetry={() => void router.invalidate()}
      onSearch={onSearch}
    />
  )
}
