import { createFileRoute, useRouter } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { WebhookDeliveries } from '../../../components/admin/WebhookDeliveries.tsx'
import { WebhookForm } from '../../../components/admin/WebhookForm.tsx'
import { WebhookList } from '../../../components/admin/WebhookList.tsx'
import { ConfirmDialog, useConfirmation } from '../../../components/ui/ConfirmDialog.tsx'
import { Pagination } from '../../../components/ui/Pagination.tsx'
import { validateWebhooksSearch } from '../../../content/admin/addresses.ts'
import { webhookInput, type WebhookFormErrors, type WebhookFormValues, type WebhookLogPage } from '../../../content/admin/webhooks.ts'
import { contentConfig } from '../../../../shared/contentConfig.ts'
import { refusalOf } from '../../../content/clients/errors.ts'
import { newsroomBase } from '../../../content/clients/newsroom.ts'
import { createWebhooksClient, WebhookError, type WebhooksClient } from '../../../content/clients/webhooks.ts'
import type { WebhookView } from '../../../../shared/webhooks.ts'
import { authActor, toasts } from '../-session.ts'

// Webhooks, for admins: the hooks, a form to add one, and the delivery log of the hook named in
// the address (?hook=ID, with its page). The service refuses anyone else, and the page says so.
export const Route = createFileRoute('/admin/_authed/webhooks')({
  validateSearch: validateWebhooksSearch,
  loaderDeps: ({ search }) => search,
  head: () => ({ meta: [{ title: 'Webhooks | Resonance Admin' }] }),
  loader: async ({ deps }) => {
    const [hooks, log] = await Promise.all([
      withWebhooks((client) => client.list()),
      deps.hook ? withWebhooks((client) => client.log(deps.hook!, deps.page ?? 1)).then(ready, failed) : null,
    ])
    return { hooks, log }
  },
  pendingComponent: WebhooksPending,
  errorComponent: WebhooksError,
  component: WebhooksRoute,
})

type LogState = { status: 'ready'; data: WebhookLogPage } | { status: 'error'; message: string }
const ready = (data: WebhookLogPage): LogState => ({ status: 'ready', data })
const failed = (error: unknown): LogState => ({ status: 'error', message: error instanceof Error ? error.message : String(error) })

let cached: { token: string; client: WebhooksClient } | null = null

/** Runs a call with the signed-in admin's client; a 401 signs them out here too, as everywhere in the admin. */
async function withWebhooks<T>(call: (client: WebhooksClient) => Promise<T>): Promise<T> {
  const token = authActor.getSnapshot().context.session?.access_token
  if (!token) throw new Error('Not signed in')
  if (cached?.token !== token) cached = { token, client: createWebhooksClient(token, newsroomBase()) }
  try {
    return await call(cached.client)
  } catch (error) {
    if (refusalOf(error) === 'unauthorised') authActor.send({ type: 'session.expired' })
    throw error
  }
}

const dataset = () => contentConfig(import.meta.env as unknown as Record<string, string>, window.location.origin).dataset
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

function WebhooksRoute() {
  const { hooks, log } = Route.useLoaderData()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const router = useRouter()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const [creating, setCreating] = useState(false)
  const [serverErrors, setServerErrors] = useState<WebhookFormErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  // A new form after each create, so its fields start empty again.
  const [formKey, setFormKey] = useState(0)
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set())

  const whileBusy = async (hook: WebhookView, work: () => Promise<void>) => {
    setBusyIds((ids) => new Set(ids).add(hook.id))
    try {
      await work()
    } finally {
      setBusyIds((ids) => {
        const next = new Set(ids)
        next.delete(hook.id)
        return next
      })
    }
  }

  const create = async (values: WebhookFormValues) => {
    setCreating(true)
    setFormError(null)
    try {
      const hook = await withWebhooks((client) => client.create(webhookInput(values, dataset())))
      setServerErrors({})
      setFormKey((k) => k + 1)
      toasts.success('Webhook created', `“${hook.name}” sends ${values.url.trim()} each matching change.`)
      await router.invalidate()
    } catch (error) {
      if (error instanceof WebhookError && Object.keys(error.fields).length > 0) setServerErrors(error.fields)
      else setFormError(`The webhook was not created: ${messageOf(error)}`)
    } finally {
      setCreating(false)
    }
  }

  const toggle = (hook: WebhookView, enabled: boolean) =>
    void whileBusy(hook, async () => {
      try {
        await withWebhooks((client) => client.setEnabled(hook.id, enabled))
        toasts.success(enabled ? 'Webhook enabled' : 'Webhook disabled', `“${hook.name}” ${enabled ? 'sends matching changes again' : 'sends nothing until it is enabled'}.`)
        await router.invalidate()
      } catch (error) {
        toasts.error(`“${hook.name}” was not ${enabled ? 'enabled' : 'disabled'}`, messageOf(error))
      }
    })

  const confirmation = useConfirmation(async (hook: WebhookView) => {
    try {
      await withWebhooks((client) => client.remove(hook.id))
      toasts.success('Webhook deleted', `“${hook.name}” and its delivery log are gone.`)
      if (search.hook === hook.id) await navigate({ search: {} })
      await router.invalidate()
    } catch (error) {
      toasts.error(`“${hook.name}” was not deleted`, messageOf(error))
      throw error
    }
  })

  const open = hooks.find((h) => h.id === search.hook)
  return (
    <div className="webhooks-page">
      <h1 ref={headingRef} tabIndex={-1} className="newsroom-list__title">
        Webhooks
      </h1>
      <p className="webhooks-page__intro">
        A webhook sends each change to the content that its GROQ filter matches to a URL, as Sanity does: a signed JSON POST with the <code>sanity-*</code> headers, tried again with
        backoff when the receiver fails.
      </p>
      <WebhookList state={{ status: 'ready', data: hooks }} openId={search.hook ?? null} busyIds={busyIds} onToggle={toggle} onDelete={confirmation.ask} onRetry={() => void router.invalidate()} />
      {log && search.hook ? (
        <WebhookDeliveries
          state={log}
          name={open?.name}
          onRetry={() => void router.invalidate()}
          pagination={log.status === 'ready' ? <Pagination page={search.page ?? 1} pageCount={log.data.pageCount} label="Delivery log pages" keepSearch pastTheEnd="leadBack" variant="admin" /> : null}
        />
      ) : null}
      <WebhookForm key={formKey} dataset={dataset()} serverErrors={serverErrors} formError={formError} busy={creating} onSubmit={(values) => void create(values)} />
      {/* Not ConfirmDelete: that one speaks of content readers lose, and a webhook is no one's reading. */}
      <ConfirmDialog
        open={confirmation.target !== null}
        title="Delete webhook"
        message={confirmation.target ? `Are you sure you want to delete "${confirmation.target.name}"?` : ''}
        detail={<p>Its delivery log goes with it, and deliveries still waiting are never sent. This cannot be undone.</p>}
        busy={confirmation.busy}
        onConfirm={() => void confirmation.confirm()}
        onCancel={confirmation.cancel}
        fallbackFocus={headingRef}
      />
    </div>
  )
}

function WebhooksPending() {
  return (
    <div className="webhooks-page">
      <h1 className="newsroom-list__title">Webhooks</h1>
      <WebhookList state={{ status: 'loading' }} onToggle={() => {}} onDelete={() => {}} />
    </div>
  )
}

function WebhooksError({ error }: { error: unknown }) {
  const router = useRouter()
  const forbidden = refusalOf(error) === 'forbidden'
  return (
    <div className="webhooks-page">
      <h1 className="newsroom-list__title">Webhooks</h1>
      <WebhookList
        state={{ status: 'error', message: forbidden ? 'Only an admin may manage webhooks.' : messageOf(error) }}
        onToggle={() => {}}
        onDelete={() => {}}
        onRetry={forbidden ? undefined : () => void router.invalidate()}
      />
    </div>
  )
}
