import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { MorningBriefingActions } from '../../../components/admin/MorningBriefingActions.tsx'
import { NewsletterEditions } from '../../../components/admin/NewsletterEditions.tsx'
import { Pagination } from '../../../components/ui/Pagination.tsx'
import { validatePageSearch } from '../../../content/listings/paging.ts'
import { useMorningActor, withNewsletters } from '../-newsletters.ts'
import { authActor } from '../-session.ts'
import { morningView } from '../../../machines/morningBriefingMachine.ts'

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
      morningActions={<MorningActions recipients={data.recipients?.['morning-briefing'] ?? null} />}
      pagination={<Pagination page={page} pageCount={data.pageCount} label="Edition pages" keepSearch pastTheEnd="leadBack" variant="admin" />}
    />
  )
}

function NewslettersError({ error }: { error: unknown }) {
  const router = useRouter()
  return <NewsletterEditions state={{ status: 'error', message: error instanceof Error ? error.message : String(error) }} onRetry={() => void router.invalidate()} />
}

/** The Morning Briefing's preview, test and send now; once today's is made, its page shows the delivery log. */
function MorningActions({ recipients }: { recipients: number | null }) {
  const actor = useMorningActor()
  const view = useSelector(actor, morningView)
  const testAddress = useSelector(authActor, (s) => s.context.user?.email ?? null)
  const navigate = useNavigate()
  const sentId = view.sent?._id ?? null
  useEffect(() => {
    if (sentId) void navigate({ to: '/admin/newsletters/$id', params: { id: sentId } })
  }, [sentId, navigate])
  return (
    <MorningBriefingActions
      {...view}
      recipients={recipients}
      testAddress={testAddress}
      onPreview={() => actor.send({ type: 'preview' })}
      onClosePreview={() => actor.send({ type: 'preview.close' })}
      onTest={() => actor.send({ type: 'test' })}
      onAskSend={() => actor.send({ type: 'send.ask' })}
      onConfirmSend={() => actor.send({ type: 'send.confirm' })}
      onCancelSend={() => actor.send({ type: 'send.cancel' })}
    />
  )
}
