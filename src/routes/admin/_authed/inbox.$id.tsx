import { createFileRoute, useRouter } from '@tanstack/react-router'
import { MessageView } from '../../../components/admin/MessageView.tsx'
import { validateInboxSearch } from '../../../content/admin/addresses.ts'
import { refreshUnread, withNewsroom } from '../-newsroom.ts'
import { toasts } from '../-session.ts'

// One reader's message. Opening it is reading it: the service's answer to "mark read" is the message
// itself, so the loader marks it and shows what comes back. For that reason the page is never
// preloaded (a pointer passing over its link in the list must not mark it read). The search is the
// inbox view it was opened from, for Back to inbox.
export const Route = createFileRoute('/admin/_authed/inbox/$id')({
  validateSearch: validateInboxSearch,
  preload: false,
  head: () => ({ meta: [{ title: 'Message | Resonance Admin' }] }),
  loader: async ({ params }) => {
    const message = await withNewsroom((client) => client.setRead(params.id, true))
    void refreshUnread()
    return message
  },
  pendingComponent: MessagePending,
  errorComponent: MessageError,
  component: MessageRoute,
})

function MessageRoute() {
  const message = Route.useLoaderData()
  const back = Route.useSearch()
  const navigate = Route.useNavigate()
  const markUnread = async () => {
    try {
      await withNewsroom((client) => client.setRead(message._id, false))
    } catch (error) {
      toasts.error('Failed to mark as unread', error instanceof Error ? error.message : String(error))
      return
    }
    toasts.success('Marked as unread')
    void refreshUnread()
    // Back to the list, as a mail program does: staying would read it again.
    await navigate({ to: '/admin/inbox', search: back })
  }
  return <MessageView state={{ status: 'ready', data: message }} back={back} onMarkUnread={markUnread} />
}

function MessagePending() {
  return <MessageView state={{ status: 'loading' }} back={Route.useSearch()} onMarkUnread={async () => {}} />
}

function MessageError({ error }: { error: unknown }) {
  const router = useRouter()
  return (
    <MessageView
      state={{ status: 'error', message: error instanceof Error ? error.message : String(error) }}
      back={Route.useSearch()}
      onMarkUnread={async () => {}}
      onRetry={() => void router.invalidate()}
    />
  )
}
