// The admin's client for webhooks, at the content service's /newsroom/webhooks endpoints (admins
// only): list, create, enable or disable, delete, and a hook's delivery log, with the signed-in
// admin's token through serviceCall.ts like the newsroom client; answers are read field by field,
// and a refused create carries each field's message so the form can show it at the field.

import { deliveryStatuses, webhookTriggers, type DeliveryView, type WebhookField, type WebhookInput, type WebhookView } from '../../../shared/webhooks.ts'
import type { WebhookFormErrors, WebhookLogPage } from '../admin/webhooks.ts'
import { count, fieldsOf, listOf, pageFields, refusalBody, refusalMessage, resultOf, serviceCall, ServiceError, text, textOrNull, unreadable, type Fields } from './serviceCall.ts'

/** A refusal of the service; for a create it names what is wrong with each field. */
export class WebhookError extends ServiceError {
  readonly fields: WebhookFormErrors

  constructor(message: string, statusCode: number | null, fields: WebhookFormErrors = {}) {
    super(message, statusCode)
    this.name = 'WebhookError'
    this.fields = fields
  }
}

export interface WebhooksClient {
  list(): Promise<WebhookView[]>
  create(input: WebhookInput): Promise<WebhookView>
  setEnabled(id: string, enabled: boolean): Promise<WebhookView>
  remove(id: string): Promise<void>
  log(id: string, page: number): Promise<WebhookLogPage>
}

const fieldNames: readonly WebhookField[] = ['name', 'url', 'dataset', 'filter', 'projection', 'triggers', 'includeDrafts', 'secret']

function readHook(value: unknown): WebhookView {
  const h = fieldsOf(value)
  if (typeof h.id !== 'string' || h.id === '') throw new ServiceError(unreadable, null)
  return {
    id: h.id,
    name: text(h.name),
    url: text(h.url),
    dataset: text(h.dataset),
    filter: text(h.filter),
    projection: textOrNull(h.projection),
    triggers: webhookTriggers.filter((t) => listOf(h.triggers).includes(t)),
    includeDrafts: h.includeDrafts === true,
    enabled: h.enabled !== false,
    createdAt: text(h.createdAt),
    pending: count(h.pending),
    failed: count(h.failed),
  }
}

function readDelivery(value: unknown): DeliveryView {
  const d = fieldsOf(value)
  return {
    id: text(d.id),
    createdAt: text(d.createdAt),
    documentId: text(d.documentId),
    operation: webhookTriggers.find((t) => t === d.operation) ?? 'update',
    transactionId: text(d.transactionId),
    status: deliveryStatuses.find((s) => s === d.status) ?? 'pending',
    attempts: count(d.attempts),
    lastStatus: typeof d.lastStatus === 'number' ? d.lastStatus : null,
    lastError: textOrNull(d.lastError),
    nextAttemptAt: textOrNull(d.nextAttemptAt),
  }
}

/** A refusal as a WebhookError: the service's sentence, and what it says of each field. */
async function refusal(res: Response): Promise<WebhookError> {
  const body = await refusalBody(res)
  const fields: WebhookFormErrors = {}
  const error = (body ?? {}) as { error?: { fields?: unknown } | string }
  const given = typeof error.error === 'object' && error.error !== null ? error.error.fields : undefined
  if (given && typeof given === 'object') {
    for (const name of fieldNames) {
      const problem = (given as Record<string, unknown>)[name]
      if (typeof problem === 'string') fields[name] = problem
    }
  }
  return new WebhookError(refusalMessage(res, body), res.status, fields)
}

/** The webhook endpoints with this admin's token. `base` is the service's origin, no trailing slash. */
export function createWebhooksClient(token: string, base: string, fetcher: typeof fetch = (...args) => fetch(...args)): WebhooksClient {
  const result = async (path: string, init: RequestInit = {}): Promise<Fields> => resultOf(await serviceCall(fetcher, `${base}/newsroom/webhooks${path}`, token, init, 'application/json', refusal))
  const json = (method: string, body: unknown): RequestInit => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

  return {
    async list() {
      return listOf((await result('')).webhooks).map(readHook)
    },
    async create(input) {
      return readHook(await result('', json('POST', input)))
    },
    async setEnabled(id, enabled) {
      return readHook(await result(`/${encodeURIComponent(id)}`, json('PATCH', { enabled })))
    },
    async remove(id) {
      await result(`/${encodeURIComponent(id)}`, { method: 'DELETE' })
    },
    async log(id, page) {
      const r = await result(`/${encodeURIComponent(id)}/deliveries?${new URLSearchParams({ page: String(page) })}`)
      return {
        webhook: readHook(r.webhook),
        deliveries: listOf(r.deliveries).map(readDelivery),
        ...pageFields(r),
      }
    },
  }
}
