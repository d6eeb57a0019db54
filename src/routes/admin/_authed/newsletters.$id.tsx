import { createFileRoute, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { DeliveryLog } from '../../../components/admin/DeliveryLog.tsx'
import { LoadError } from '../../../components/admin/LoadError.tsx'
import { Pagination } from '../../../components/ui/Pagination.tsx'
import { isComposable } from '../../../content/admin/newsletters.ts'
import { validatePageSearch } from '../../../content/listings/paging.ts'
import { withNewsletters } from '../-newsletters.ts'
import { EditionComposerPage } from './-EditionComposerPage.tsx'

/** How often a sending edition's counts are asked for again while its page is open. */
const sendingRefreshMs = 3000

// One edition: its composer while it is a draft or scheduled, its delivery log once it has gone.
export const Route = createFileRoute('/admin/_authed/newsletters/$id')({
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => search,
  head: () => ({ meta: [{ title: 'Edition | Resonance Admin' }] }),
  loader: async ({ params, deps }) => {
    return withNewsletters(async (client) => {
      const edition = await client.edition(params.id)
      if (isComposable(edition)) {
        const list = await client.list({ page: 1 })
        return { edition, recipients: list.recipients?.['editors-edition'] ?? null, deliveries: null }
      }
      return { edition, recipients: null, deliveries: await client.deliveries(edition._id, { page: deps.page ?? 1 }) }
    })
  },
  pendingComponent: () => <p className="admin-loading">Loading...</p>,
  errorComponent: EditionError,
  component: EditionRoute,
})

function EditionRoute() {
  const data = Route.useLoaderData()
  const page = Route.useSearch().page ?? 1
  const router = useRouter()
  const sending = data.edition.state === 'sending'
  // While it sends, the counts and the log follow it.
  useEffect(() => {
    if (!sending) return
    const timer = setInterval(() => void router.invalidate(), sendingRefreshMs)
    return () => clearInterval(timer)
  }, [sending, router])
  const { edition, recipients, deliveries } = data
  if (!deliveries) return <EditionComposerPage key={`${edition._id}:${edition.revision}:${edition.state}`} edition={edition} recipients={recipients} />
  return (
    <DeliveryLog
      edition={edition}
      stories={edition.articles}
      deliveries={{ status: 'ready', data: deliveries }}
      page={page}
      pagination={<Pagination page={page} pageCount={deliveries.pageCount} label="Delivery log pages" keepSearch pastTheEnd="leadBack" variant="admin" />}
    />
  )
}

function EditionError({ error }: { error: unknown }) {
  const router = useRouter()
  return <LoadError what="the edition" message={error instanceof Error ? error.message : String(error)} onRetry={() => void router.invalidate()} />
}
