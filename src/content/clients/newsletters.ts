// The admin's client for the newsletters the paper sends: editions, their previews, tests, sending
// and scheduling, and each edition's delivery log, at the content service's /newsroom/newsletters
// endpoints (admins and editors only). Plain fetch with the signed-in editor's token; admin code
// only. Answers are read field by field, so a component always gets what its props promise; every
// failure is a ServiceError (serviceCall.ts) carrying the HTTP status, as for the inbox and the outbox.

import { isNewsletterId, newsletterIds, type NewsletterId } from '../../../shared/newsletters.ts'
import {
  deliveryStatuses,
  editionStates,
  type Delivery,
  type DeliveryPage,
  type Edition,
  type EditionDetail,
  type EditionPreview,
  type EditionStory,
  type MorningPreview,
  type NewslettersPage,
  type TestSend,
} from '../admin/newsletters.ts'
import { count, fieldsOf, idOf, listOf, oneOf, pageFields, resultOf, serviceCall, text, textOrNull, type Fields } from './serviceCall.ts'

export interface EditionBody {
  subject: string
  intro: string
  articleIds: string[]
}

export interface NewslettersClient {
  list(request: { page: number }): Promise<NewslettersPage>
  edition(id: string): Promise<EditionDetail>
  create(body: EditionBody): Promise<EditionDetail>
  /** Saves a draft based on `revision`; a 409 means someone saved it meanwhile, or it is no longer a draft. */
  update(id: string, body: EditionBody & { revision: number }): Promise<EditionDetail>
  preview(id: string): Promise<EditionPreview>
  test(id: string): Promise<TestSend>
  /** The Morning Briefing as it would be composed now. */
  morningPreview(): Promise<MorningPreview>
  /** A test of the Morning Briefing as it would be now, to the signed-in editor's own address. */
  morningTest(): Promise<TestSend>
  /** Today's Morning Briefing now; refused (409, saying why) when it has been made or there is nothing new. */
  morningSend(): Promise<Edition>
  /** Sends now, or at `at` (ISO) when given. */
  send(id: string, at?: string): Promise<Edition>
  unschedule(id: string): Promise<Edition>
  deliveries(id: string, request: { page: number }): Promise<DeliveryPage>
}

function readEdition(value: unknown): Edition {
  const e = fieldsOf(value)
  const c = fieldsOf(e.counts ?? {})
  return {
    _id: idOf(e),
    newsletter: isNewsletterId(e.newsletter) ? e.newsletter : 'editors-edition',
    subject: text(e.subject),
    intro: text(e.intro),
    articleIds: listOf(e.articleIds).filter((id): id is string => typeof id === 'string'),
    state: oneOf(editionStates, e.state, 'draft'),
    scheduledFor: textOrNull(e.scheduledFor),
    createdAt: text(e.createdAt),
    updatedAt: text(e.updatedAt),
    startedAt: textOrNull(e.startedAt),
    finishedAt: textOrNull(e.finishedAt),
    createdBy: textOrNull(e.createdBy),
    revision: count(e.revision),
    counts: { total: count(c.total), sent: count(c.sent), failed: count(c.failed), skipped: count(c.skipped), waiting: count(c.waiting), kept: count(c.kept) },
    logRemovedAt: textOrNull(e.logRemovedAt),
  }
}

function readStory(value: unknown): EditionStory {
  const s = fieldsOf(value)
  const id = idOf(s)
  // The service names a story it cannot find published (unpublished or deleted since it was picked).
  if (s.published === false) return { _id: id, title: `Story no longer published (${id})`, slug: null }
  return { _id: id, title: text(s.title).trim() || 'Untitled', slug: slugOf(textOrNull(s.url)) }
}

/** The story's slug from its reader address (/article/<slug>), which is what the service gives. */
function slugOf(url: string | null): string | null {
  return url?.match(/\/article\/([^/?#]+)/)?.[1] ?? null
}

function readDetail(value: unknown): EditionDetail {
  const edition = readEdition(value)
  const stories = listOf(fieldsOf(value).articles).map(readStory)
  // In the edition's own order; a story since unpublished is named by its id, so nothing silently drops.
  const articles = edition.articleIds.map((id) => stories.find((story) => story._id === id) ?? { _id: id, title: `Story no longer published (${id})`, slug: null })
  return { ...edition, articles }
}

function readDelivery(value: unknown): Delivery {
  const d = fieldsOf(value)
  return {
    email: text(d.email),
    status: oneOf(deliveryStatuses, d.status, 'queued'),
    attempts: count(d.attempts),
    error: textOrNull(d.error),
    updatedAt: text(d.updatedAt),
    sentAt: textOrNull(d.sentAt),
  }
}

function readRecipients(value: unknown): Record<NewsletterId, number> | null {
  if (value === null || typeof value !== 'object') return null
  const r = value as Fields
  return Object.fromEntries(newsletterIds.map((id) => [id, count(r[id])])) as Record<NewsletterId, number>
}

function readPreview(r: Fields, base: string): EditionPreview {
  // Only the service's own preview address, on the service: a frame never loads anything else.
  const address = text(r.address)
  return { subject: text(r.subject), html: text(r.html), text: text(r.text), address: /^\/newsletters\/preview\?token=[\w.%-]+$/.test(address) ? `${base}${address}` : null }
}

function readTest(r: Fields): TestSend {
  return { to: text(r.to), delivery: oneOf(['sent', 'held', 'failed'] as const, r.delivery, 'failed'), error: textOrNull(r.error) }
}

/** The newsletter endpoints with this editor's token. `base` is the service's origin, no trailing slash. */
export function createNewslettersClient(token: string, base: string, fetcher: typeof fetch = (...args) => fetch(...args)): NewslettersClient {
  async function call(path: string, init: RequestInit = {}): Promise<Fields> {
    const res = await serviceCall(fetcher, `${base}/newsroom/newsletters${path}`, token, { ...init, headers: { ...init.headers, ...(init.body ? { 'content-type': 'application/json' } : {}) } })
    return res.status === 204 ? {} : resultOf(res)
  }
  const post = (path: string, body: unknown = {}, method = 'POST') => call(path, { method, body: JSON.stringify(body) })
  const at = (id: string) => `/${encodeURIComponent(id)}`

  return {
    async list({ page }) {
      const r = await call(`?${new URLSearchParams({ page: String(page) })}`)
      return {
        ...pageFields(r),
        editions: listOf(r.editions).map(readEdition),
        delivery: r.delivery === 'smtp' ? 'smtp' : 'outbox',
        morningTime: /^\d{2}:\d{2}$/.test(text(r.morningTime)) ? text(r.morningTime) : '07:00',
        nextMorningAt: textOrNull(r.nextMorningAt),
        recipients: readRecipients(r.recipients),
      }
    },
    async edition(id) {
      return readDetail(await call(at(id)))
    },
    // A save answers with the edition alone; its stories' titles come with the edition's own read.
    async create(body) {
      return readDetail(await call(at(idOf(await post('', body)))))
    },
    async update(id, body) {
      await post(at(id), body, 'PATCH')
      return readDetail(await call(at(id)))
    },
    async preview(id) {
      return readPreview(await call(`${at(id)}/preview`), base)
    },
    async test(id) {
      return readTest(await post(`${at(id)}/test`))
    },
    async morningPreview() {
      const r = await call('/morning/preview')
      return { ...readPreview(r, base), empty: r.empty === true }
    },
    async morningTest() {
      return readTest(await post('/morning/test'))
    },
    async morningSend() {
      return readEdition(await post('/morning/send'))
    },
    async send(id, when) {
      return readEdition(await post(`${at(id)}/send`, when ? { at: when } : {}))
    },
    async unschedule(id) {
      return readEdition(await call(`${at(id)}/schedule`, { method: 'DELETE' }))
    },
    async deliveries(id, { page }) {
      const r = await call(`${at(id)}/deliveries?${new URLSearchParams({ page: String(page) })}`)
      return { ...pageFields(r), deliveries: listOf(r.deliveries).map(readDelivery) }
    },
  }
}
