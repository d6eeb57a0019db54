// The admin's Newsletters endpoints (/newsroom/newsletters): editions with their state and counts,
// the editors' edition's draft, preview, test, send or schedule, and each edition's delivery log.
// Writers only (admins and editors), by the route table; every rule is in server/newsletters.

import { deliveryStatuses, type DeliveryStatus } from '../../shared/newsletterEditions.ts'
import { httpError } from '../errors.ts'
import type { Newsletters } from '../newsletters/newsletters.ts'
import { isRecord, sendJson } from './respond.ts'
import type { Context } from './route.ts'

export const editionsPageSize = 25
export const deliveriesPageSize = 50

/** `?page=`: a whole number from 1; anything else is a 400 naming it. */
function pageOf(url: URL): number {
  const raw = url.searchParams.get('page')
  if (raw === null || raw === '') return 1
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1) throw httpError(400, `Invalid page "${raw.slice(0, 20)}": expected a whole number from 1`)
  return Number(raw)
}

async function body(ctx: Context): Promise<Record<string, unknown>> {
  const value = await ctx.json(64 * 1024)
  if (value === undefined || value === null) return {}
  if (!isRecord(value)) throw httpError(400, 'Expected a JSON object')
  return value
}

export function listEditions(newsletters: Newsletters) {
  return async ({ res, url }: Context): Promise<void> => {
    const { items, ...rest } = newsletters.store.editions(pageOf(url), editionsPageSize)
    sendJson(res, 200, {
      result: {
        editions: items,
        ...rest,
        delivery: newsletters.delivery,
        morningTime: newsletters.morningTime,
        nextMorningAt: new Date(newsletters.scheduler.nextMorningAt).toISOString(),
        // Whom an edition of each newsletter goes to if sent now (the Send question names it).
        recipients: newsletters.recipients(),
      },
    })
  }
}

export function createEdition(newsletters: Newsletters) {
  return async (ctx: Context): Promise<void> => {
    const edition = newsletters.createDraft(await body(ctx), ctx.who()?.email ?? null)
    sendJson(ctx.res, 201, { result: edition })
  }
}

export function getEdition(newsletters: Newsletters) {
  return async ({ res, params }: Context): Promise<void> => {
    sendJson(res, 200, { result: { ...newsletters.edition(params.id!), articles: await newsletters.articlesOf(params.id!) } })
  }
}

export function updateEdition(newsletters: Newsletters) {
  return async (ctx: Context): Promise<void> => {
    const input = await body(ctx)
    sendJson(ctx.res, 200, { result: newsletters.updateDraft(ctx.params.id!, input.revision, input) })
  }
}

export function deleteEdition(newsletters: Newsletters) {
  return async ({ res, params }: Context): Promise<void> => {
    newsletters.deleteDraft(params.id!)
    res.writeHead(204, { 'Cache-Control': 'no-store' })
    res.end()
  }
}

export function previewEdition(newsletters: Newsletters) {
  return async ({ res, params }: Context): Promise<void> => {
    const preview = params.id === 'morning' ? await newsletters.previewMorning() : await newsletters.preview(params.id!)
    // `address`: the same HTML served on its own (previewDocument), for a frame to show with its styles.
    sendJson(res, 200, { result: { ...preview, address: newsletters.previewAddress(params.id!) } })
  }
}

/**
 * The policy of a preview's HTML (docs/decisions/027-newsletter-preview-address.md): the email's own
 * inline styles and pictures, nothing else; no script, form or plugin; a sandbox even when opened
 * on its own; framed only by the admin (this origin, the site's, and the origins allowed to call the API).
 */
export function previewPolicy(imageOrigin: string, framers: readonly string[]): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `img-src 'self' data: ${imageOrigin}`,
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors 'self' ${framers.join(' ')}`.trim(),
    'sandbox',
  ].join('; ')
}

const previewGone = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Preview not available</title></head>
<body><p>This preview's address has expired or is not valid. Open the preview again from the Newsletters page.</p></body></html>`

/** GET /newsletters/preview?token=…: an edition's HTML exactly as subscribers get it, by a signed address that expires. */
export function previewDocument(newsletters: Newsletters, config: { corsOrigins: string[]; publicUrl: string | null }) {
  const framers = [...new Set([...(config.publicUrl ? [new URL(config.publicUrl).origin] : []), ...config.corsOrigins.filter((origin) => /^https?:\/\/[^\s;,']+$/.test(origin))])]
  return async ({ req, res, url }: Context): Promise<void> => {
    const preview = await newsletters.previewAt(url.searchParams.get('token'))
    res.writeHead(preview ? 200 : 404, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': previewPolicy(newsletters.siteOrigin(), framers),
      // Personal to the editor who asked, and an unsent edition: never stored or indexed, never a referrer.
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'X-Robots-Tag': 'noindex',
    })
    res.end(req.method === 'HEAD' ? undefined : (preview?.html ?? previewGone))
  }
}

/** A test copy to the signed-in person's own address, and nowhere else. */
export function testEdition(newsletters: Newsletters) {
  return async (ctx: Context): Promise<void> => {
    const to = ctx.who()?.email
    if (!to) throw httpError(400, 'A test goes to your own address, and this sign-in has none (an API token): sign in as a person')
    sendJson(ctx.res, 200, { result: await newsletters.sendTest(ctx.params.id!, to) })
  }
}

/** `{}` sends now; `{ "at": ISO }` schedules. */
export function sendEdition(newsletters: Newsletters) {
  return async (ctx: Context): Promise<void> => {
    const input = await body(ctx)
    if (ctx.params.id === 'morning') {
      // The Morning Briefing now, by the same rules as at its time (once a day, only with something new).
      const outcome = await newsletters.sendMorning()
      if ('skipped' in outcome) throw httpError(409, `No Morning Briefing sent: ${outcome.skipped}`)
      return sendJson(ctx.res, 200, { result: outcome.edition })
    }
    const edition = input.at === undefined ? await newsletters.send(ctx.params.id!) : newsletters.schedule(ctx.params.id!, input.at)
    sendJson(ctx.res, 200, { result: edition })
  }
}

export function cancelSchedule(newsletters: Newsletters) {
  return async ({ res, params }: Context): Promise<void> => {
    sendJson(res, 200, { result: newsletters.cancelSchedule(params.id!) })
  }
}

export function editionDeliveries(newsletters: Newsletters) {
  return async ({ res, url, params }: Context): Promise<void> => {
    newsletters.edition(params.id!)
    const raw = url.searchParams.get('status') ?? 'all'
    if (raw !== 'all' && !(deliveryStatuses as readonly string[]).includes(raw)) throw httpError(400, `Invalid status "${raw.slice(0, 20)}": expected all, ${deliveryStatuses.join(', ')}`)
    const { items, ...rest } = newsletters.store.deliveries(params.id!, pageOf(url), deliveriesPageSize, raw === 'all' ? null : (raw as DeliveryStatus))
    sendJson(res, 200, { result: { deliveries: items, ...rest } })
  }
}
