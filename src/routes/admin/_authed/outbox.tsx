import { createFileRoute, useRouter } from '@tanstack/react-router'
import { OutboxList } from '../../../components/admin/OutboxList.tsx'
import { Pagination } from '../../../components/ui/Pagination.tsx'
import { validatePageSearch } from '../../../content/listings/paging.ts'
import { withNewsroom } from '../-newsroom.ts'

// The emails the paper sends, and whether it really sends them; the page lives in the address.
export const Route = createFileRoute('/admin/_authed/outbox')({
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => search,
  head: () => ({ meta: [{ title: 'Outbox | Resonance Admin' }] }),
  loader: ({ deps }) => withNewsroom((client) => client.outbox({ page: deps.page ?? 1 })),
  pendingComponent: OutboxPending,
  errorComponent: OutboxError,
  component: OutboxRoute,
})

function OutboxRoute() {
  const outbox = Route.useLoaderData()
  const page = Route.useSearch().page ?? 1
  return (
    <OutboxList
      state={{ status: 'ready', data: outbox }}
      page={page}
      pagination={<Pagination page={page} pageCount={outbox.pageCount} label="Outbox pages" keepSearch pastTheEnd="leadBack" variant="admin" />}
    />
  )
}

function OutboxPending() {
  return <OutboxList state={{ status: 'loading' }} page={Route.useSearch().page ?? 1} />
}

function OutboxError({ error }: { error: unknown }) {
  const router = useRouter()
  return (
    <OutboxList
      state={{ status: 'error', message: error instanceof Error ? error.message : String(error) }}
      page={Route.useSearch().page ?? 1}
      onRetry={() => void router.invalidate()}
    />
  )
}
