import { createFileRoute, useRouter } from '@tanstack/react-router'
import { NewsletterEditions } from '../../../components/admin/NewsletterEditions.tsx'
import { Pagination } from '../../../components/ui/Pagination.tsx'
import { validatePageSearch } from '../../../content/listings/paging.ts'
import { withNewsletters } from '../-newsletters.ts'

// The newsletters the paper sends and every edition with its state; the page lives in the address.
export const Route = createFileRoute('/admin/_authed/newsletters/')({
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => search,
  head: () => ({ meta: [{ title: 'Newsletters | Resonance Admin' }] }),
  // A contributor never gets here: the admin layout refuses the area (shared/roles.ts adminAreas).
  loader: ({ deps }) => withNewsletters((client) => client.list({ page: deps.page ?? 1 })),
  pendingComponent: () => <NewsletterEditions state={{ status: 'loading' }} />,
  errorComponent: NewslettersError,
  component: NewslettersRoute,
})

function NewslettersRoute() {
  const data = Route.useLoaderData()
  const page = Route.useSearch().page ?? 1
  return (
    <NewsletterEditions
      state={{ status: 'ready', data }}
      pagination={<Pagination page={page} pageCount={data.pageCount} label="Edition pages" keepSearch pastTheEnd="leadBack" variant="admin" />}
    />
  )
}

function NewslettersError({ error }: { error: unknown }) {
  const router = useRouter()
  return <NewsletterEditions state={{ status: 'error', message: error instanceof Error ? error.message : String(error) }} onRetry={() => void router.invalidate()} />
}
