// The admin's webhooks API under /newsroom/webhooks: list, create, enable or disable, delete, and
// each hook's delivery log. Admins only: a hook sends content wherever its URL says, with a secret
// that proves it came from here, so editors and viewers get 403 and anonymous requests 401. The
// route table marks these routes signedIn and each handler checks the role first (adminOnly).

import { httpError, typedError } from '../errors.ts'
import { newHookFrom } from '../webhooks/rules.ts'
import { deliveryView } from '../webhooks/store.ts'
import type { Webhooks } from '../webhooks/webhooks.ts'
import { webhookRoles } from '../../shared/roles.ts'
import type { WebhookInput, WebhookTrigger } from '../../shared/webhooks.ts'
import { sendJson } from './respond.ts'
import type { Context } from './route.ts'

/** Deliveries a page of a hook's log, newest first. */
export const deliveriesPageSize = 25

type Handle = (ctx: Context) => Promise<void>

/** Lets only an admin through; the others are told plainly that webhooks are an admin's to manage. */
export function adminOnly(handle: Handle): Handle {
  return async (ctx) => {
    const who = ctx.who()
    if (!who) throw httpError(401, 'Not signed in')
    if (!webhookRoles.has(who.role)) throw httpError(403, 'Only an admin may manage webhooks')
    return handle(ctx)
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** The request body as a hook's input; a field of the wrong type reads as empty and is refused by its rule. */
function readInput(body: unknown, defaultDataset: string): WebhookInput {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw httpError(400, 'Expected a JSON object describing the webhook')
  const b = body as Record<string, unknown>
  const triggers = Array.isArray(b.triggers) ? b.triggers.filter((t): t is string => typeof t === 'string') : []
  return {
    name: text(b.name),
    url: text(b.url),
    dataset: text(b.dataset) || defaultDataset,
    filter: text(b.filter),
    projection: text(b.projection),
    triggers: [...new Set(triggers)] as WebhookTrigger[],
    includeDrafts: b.includeDrafts === true,
    secret: text(b.secret),
  }
}

/** Creates a hook from checked input, or refuses with each field's problem under `fields`. */
function createHook(webhooks: Webhooks, input: WebhookInput) {
  const checked = newHookFrom(input)
  if ('problems' in checked) throw typedError(400, 'validationError', Object.values(checked.problems)[0]!, { fields: checked.problems })
  return webhooks.store.createHook(checked.hook)
}

function pageOf(url: URL): number {
  const raw = url.searchParams.get('page')
  if (raw === null || raw === '') return 1
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1) throw httpError(400, `Invalid page "${raw.slice(0, 20)}": expected a whole number from 1`)
  return Number(raw)
}

export function listWebhooks(webhooks: Webhooks): Handle {
  return adminOnly(async ({ res }) => {
    sendJson(res, 200, { result: { webhooks: webhooks.store.views() } })
  })
}

export function addWebhook(webhooks: Webhooks): Handle {
  return adminOnly(async (ctx) => {
    const hook = createHook(webhooks, readInput(await ctx.json(), webhooks.defaultDataset))
    const view = webhooks.store.views().find((v) => v.id === hook.id)
    sendJson(ctx.res, 201, { result: view })
  })
}

export function changeWebhook(webhooks: Webhooks): Handle {
  return adminOnly(async (ctx) => {
    const body = (await ctx.json()) as { enabled?: unknown } | null
    if (typeof body?.enabled !== 'boolean') throw httpError(400, 'Expected {"enabled": true} or {"enabled": false}')
    if (!webhooks.store.setEnabled(ctx.params.id!, body.enabled)) throw httpError(404, 'No such webhook')
    sendJson(ctx.res, 200, { result: webhooks.store.views().find((v) => v.id === ctx.params.id) })
  })
}

export function deleteWebhook(webhooks: Webhooks): Handle {
  return adminOnly(async ({ res, params }) => {
    if (!webhooks.store.deleteHook(params.id!)) throw httpError(404, 'No such webhook')
    sendJson(res, 200, { result: { id: params.id, deleted: true } })
  })
}

export function webhookDeliveries(webhooks: Webhooks): Handle {
  return adminOnly(async ({ res, params, url }) => {
    const hook = webhooks.store.views().find((v) => v.id === params.id)
    if (!hook) throw httpError(404, 'No such webhook')
    const { items, ...page } = webhooks.store.deliveries(hook.id, pageOf(url), deliveriesPageSize)
    sendJson(res, 200, { result: { webhook: hook, deliveries: items.map(deliveryView), ...page } })
  })
}
