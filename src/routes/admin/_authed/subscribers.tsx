import { createFileRoute, useRouter, useRouterState } from '@tanstack/react-router'
import { SubscriberTable } from '../../../components/admin/SubscriberTable.tsx'
import { Pagination } from '../../../components/ui/Pagination.tsx'
import { validateSubscriberSearch } from '../../../content/admin/addresses.ts'
import { subscriberRequest, type SubscriberFilter } from '../../../content/admin/subscribers.ts'
import { saveDownload, withNewsroom } from '../-newsroom.ts'
import { toasts } from '../-session.ts'

// The newsletter's subscribers; the status shown and the page live in the address.
export const Route = createFileRoute('/admin/_authed/subscribers')({
  validateSearch: validateSubscriberSearch,
  loaderDeps: ({ search }) => search,
  head: () => ({ meta: [{ title: 'Subscribers | Resonance Admin' }] }),
  loader: ({ deps }) => withNewsroom((client) => client.subscribers(subscriberRequest(deps))),
  pendingComponent: SubscribersPending,
  errorComponent: SubscribersError,
  component: SubscribersRoute,
})

/** Fetches the export with the editor's token and saves it; the outcome is toasted. */
async function exportCsv(status: SubscriberFilter): Promise<void> {
  try {
    const file = await withNewsroom((client) => client.subscribersCsv(status))
    saveDownload(file.blob, file.fileName)
    toasts.success('Subscribers exported', `Saved as ${file.fileName}.`)
  } catch (error) {
    toasts.error('Failed to export subscribers', error instanceof Error ? error.message : String(error))
  }
}

function SubscribersRoute() {
  const search = Route.useSearch()
  const list = Route.useLoaderData()
  const navigate = Route.useNavigate()
  const reloading = useRouterState({ select: (s) => s.status === 'pending' && s.location.pathname === s.resolvedLocation?.pathname })
  const page = search.page ?? 1
  return (
    <SubscriberTable
      state={{ status: 'ready', data: list }}
      page={page}
      status={search.status ?? 'all'}
      onStatus={(status) => void navigate({ search: { status: status === 'all' ? undefined : status, page: undefined } })}
      onExport={exportCsv}
      busy={reloading}
      pagination={<Pagination page={page} pageCount={list.pageCount} label="Subscriber pages" keepSearch pastTheEnd="leadBack" variant="admin" />}
    />
  )
}

function SubscribersPending() {
  const search = Route.useSearch()
  return <SubscriberTable state={{ status: 'loading' }} page={search.page ?? 1} status={search.status ?? 'all'} onStatus={() => {}} onExport={exportCsv} />
}

function SubscribersError({ error }: { error: unknown }) {
  const search = Route.useSearch()
  const router = useRouter()
  return (
    <SubscriberTable
      state={{ status: 'error', message: error instanceof Error ? error.message : String(error) }}
      page={search.page ?? 1}
      status={search.status ?? 'all'}
      onStatus={() => {}}
      onExport={exportCsv}
      onRetry={() => void router.invalidate()}
    />
  )
}
