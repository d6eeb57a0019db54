// The admin's client for webhooks, at the content service's /newsroom/webhooks endpoints (admins
// only): list, create, enable or disable, delete, and a hook's delivery log. Plain fetch with the
// signed-in admin's token, like the newsroom client; answers are read field by field, and a refused
// create carries each field's message so the form can show it at the field.

import { deliveryStatuses, webhookTriggers, type DeliveryView, type WebhookField, type WebhookInput, type WebhookView } from '../../../shared/webhooks.ts'
import type { WebhookFormErrors, WebhookLogPage } from '../admin/webhooks.ts'
import { NewsroomError } from './newsroom.ts'

/** A refusal of the service; for a create it names what is wrong with each field. */
export class WebhookError extends NewsroomError {
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

const unreadable = 'The content service sent an answer the admin cannot read.'
const fieldNames: readonly WebhookField[] = ['name', 'url', 'dataset', 'filter', 'projection', 'triggers', 'includeDrafts', 'secret']

type Fields = Record<string, unknown>

function fieldsOf(value: unknown): Fields {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new WebhookError(unreadable, null)
  return value as Fields
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')
const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)
const count = (value: unknown): number => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0)
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

function readHook(value: unknown): WebhookView {
  const h = fieldsOf(value)
  if (typeof h.id !== 'string' || h.id === '') throw new WebhookError(unreadable, null)
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

async function refusal(res: Response): Promise<WebhookError> {
  let message = `The content service answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}.`
  const fields: WebhookFormErrors = {}
  try {
    const body = (await res.json()) as { error?: { description?: unknown; fields?: unknown } | string; message?: unknown }
    if (typeof body.error === 'object' && typeof body.error.description === 'string' && body.error.description !== '') {
      message = body.error.description
      const given = body.error.fields
      if (given && typeof given === 'object') {
        for (const name of fieldNames) {
          const problem = (given as Record<string, unknown>)[name]
          if (typeof problem === 'string') fields[name] = problem
        }
      }
    } else if (typeof body.message === 'string' && body.message !== '') message = body.message
  } catch {
    // Not JSON: keep the status.
  }
  return new WebhookError(message, res.status, fields)
}

/** The webhook endpoints with this admin's token. `base` is the service's origin, no trailing slash. */
export function createWebhooksClient(token: string, base: string, fetcher: typeof fetch = (...args) => fetch(...args)): WebhooksClient {
  async function result(path: string, init: RequestInit = {}): Promise<Fields> {
    let res: Response
    try {
      res = await fetcher(`${base}/newsroom/webhooks${path}`, { ...init, headers: { ...init.headers, accept: 'application/json', authorization: `Bearer ${token}` } })
    } catch {
      throw new WebhookError('Could not reach the content service.', null)
    }
    if (!res.ok) throw await refusal(res)
    let body: unknown
    try {
      body = await res.json()
    } catch {
      throw new WebhookError(unreadable, res.status)
    }
    return fieldsOf(fieldsOf(body).result)
  }
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
        page: Math.max(1, count(r.page)),
        pageCount: Math.max(1, count(r.pageCount)),
        total: count(r.total),
      }
    },
  }
}
