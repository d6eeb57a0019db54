import { createFileRoute, useRouter, useRouterState } from '@tanstack/react-router'
import { InboxList } from '../../../components/admin/InboxList.tsx'
import { Pagination } from '../../../components/ui/Pagination.tsx'
import { validateInboxSearch } from '../../../content/admin/addresses.ts'
import { inboxRequest } from '../../../content/admin/inbox.ts'
import { noteUnread, withNewsroom } from '../-newsroom.ts'

// Readers' contact messages; which ones (all or unread) and the page live in the address.
export const Route = createFileRoute('/admin/_authed/inbox/')({
  validateSearch: validateInboxSearch,
  loaderDeps: ({ search }) => search,
  head: () => ({ meta: [{ title: 'Inbox | Resonance Admin' }] }),
  loader: async ({ deps }) => {
    const inbox = await withNewsroom((client) => client.inbox(inboxRequest(deps)))
    noteUnread(inbox.unread)
    return inbox
  },
  pendingComponent: InboxPending,
  errorComponent: InboxError,
  component: InboxRoute,
})

function InboxRoute() {
  const search = Route.useSearch()
  const inbox = Route.useLoaderData()
  const navigate = Route.useNavigate()
  const reloading = useRouterState({ select: (s) => s.status === 'pending' && s.location.pathname === s.resolvedLocation?.pathname })
  const page = search.page ?? 1
  return (
    <InboxList
      state={{ status: 'ready', data: inbox }}
      page={page}
      show={search.show ?? 'all'}
      onShow={(show) => void navigate({ search: { show: show === 'unread' ? 'unread' : undefined, page: undefined } })}
      busy={reloading}
      pagination={<Pagination page={page} pageCount={inbox.pageCount} label="Inbox pages" keepSearch pastTheEnd="leadBack" variant="admin" />}
    />
  )
}

function InboxPending() {
  const search = Route.useSearch()
  return <InboxList state={{ status: 'loading' }} page={search.page ?? 1} show={search.show ?? 'all'} onShow={() => {}} />
}

function InboxError({ error }: { error: unknown }) {
  const search = Route.useSearch()
  const router = useRouter()
  return (
    <InboxList
      state={{ status: 'error', message: error instanceof Error ? error.message : String(error) }}
      page={search.page ?? 1}
      show={search.show ?? 'all'}
      onShow={() => {}}
      onRetry={() => void router.invalidate()}
    />
  )
}
