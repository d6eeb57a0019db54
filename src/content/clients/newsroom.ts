// The admin's client for what readers send the paper and what it sends them: the inbox of contact
// messages, the newsletter's subscribers (and their CSV export) and the outbox of emails, at the
// content service's /newsroom endpoints. Plain fetch with the signed-in editor's token; admin code
// only. Answers are checked field by field, so a component always gets the strings and numbers its
// props promise, and every failure is a NewsroomError carrying the HTTP status as `statusCode`, the
// field errors.ts reads, so a refusal means the same here as from the content client.

import { contentConfig } from '../../../shared/contentConfig.ts'
import { isNewsletterId } from '../../../shared/newsletters.ts'
import {
  emailStatuses,
  subscriberStatuses,
  type EmailDelivery,
  type InboxMessage,
  type OutboxEmail,
  type Subscriber,
} from '../../../shared/newsroom.ts'
import type { InboxPage, InboxShow } from '../admin/inbox.ts'
import type { OutboxPage } from '../admin/outbox.ts'
import { csvFileName, type SubscriberFilter, type SubscriberPage } from '../admin/subscribers.ts'

export class NewsroomError extends Error {
  /** The HTTP status the service answered with; null when it could not be reached or answered nonsense. */
  readonly statusCode: number | null

  constructor(message: string, statusCode: number | null) {
    super(message)
    this.name = 'NewsroomError'
    this.statusCode = statusCode
  }
}

export interface NewsroomClient {
  inbox(request: { page: number; show: InboxShow }): Promise<InboxPage>
  /** Marks a message read or unread; answers with the message as it now is. */
  setRead(id: string, read: boolean): Promise<InboxMessage>
  subscribers(request: { page: number; status: SubscriberFilter }): Promise<SubscriberPage>
  /** Every subscriber the filter lets through, as the service's CSV file and the name to save it under. */
  subscribersCsv(status: SubscriberFilter): Promise<{ blob: Blob; fileName: string }>
  outbox(request: { page: number }): Promise<OutboxPage>
}

/** Where the newsroom endpoints are: the embedded content service, on this origin unless configured elsewhere. */
export function newsroomBase(): string {
  const config = contentConfig(import.meta.env as unknown as Record<string, string>, window.location.origin)
  return config.apiHost ?? window.location.origin
}

const unreadable = 'The content service sent an answer the admin cannot read.'

async function refusal(res: Response): Promise<NewsroomError> {
  let message = `The content service answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}.`
  try {
    const body = (await res.json()) as { error?: { description?: unknown }; message?: unknown }
    if (typeof body.error?.description === 'string' && body.error.description !== '') message = body.error.description
    else if (typeof body.message === 'string' && body.message !== '') message = body.message
  } catch {
    // Not JSON: keep the status.
  }
  return new NewsroomError(message, res.status)
}

// The answer's fields, each read as the type the admin shows, so a missing or odd field can never
// reach a component as an object or undefined.
type Fields = Record<string, unknown>

function fieldsOf(value: unknown): Fields {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new NewsroomError(unreadable, null)
  return value as Fields
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')
const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)
const count = (value: unknown): number => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0)
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T => values.find((v) => v === value) ?? fallback

function id(fields: Fields): string {
  if (typeof fields._id !== 'string' || fields._id === '') throw new NewsroomError(unreadable, null)
  return fields._id
}

function readMessage(value: unknown): InboxMessage {
  const m = fieldsOf(value)
  return {
    _id: id(m),
    _type: 'contactMessage',
    _createdAt: text(m._createdAt),
    fullName: text(m.fullName),
    email: text(m.email),
    subject: text(m.subject),
    message: text(m.message),
    readAt: textOrNull(m.readAt),
  }
}

function readSubscriber(value: unknown): Subscriber {
  const s = fieldsOf(value)
  return {
    _id: id(s),
    _type: 'subscriber',
    _createdAt: text(s._createdAt),
    email: text(s.email),
    newsletters: Array.isArray(s.newsletters) ? s.newsletters.filter(isNewsletterId) : [],
    status: oneOf(subscriberStatuses, s.status, 'pending'),
    confirmedAt: textOrNull(s.confirmedAt),
    unsubscribedAt: textOrNull(s.unsubscribedAt),
  }
}

function readEmail(value: unknown): OutboxEmail {
  const e = fieldsOf(value)
  return {
    _id: id(e),
    _type: 'email',
    _createdAt: text(e._createdAt),
    to: text(e.to),
    subject: text(e.subject),
    text: text(e.text),
    status: oneOf(emailStatuses, e.status, 'held'),
    error: textOrNull(e.error),
  }
}

function pageFields(r: Fields): { page: number; pageCount: number; total: number } {
  return { page: Math.max(1, count(r.page)), pageCount: Math.max(1, count(r.pageCount)), total: count(r.total) }
}

/** The newsroom's endpoints with this editor's token. `base` is the service's origin, no trailing slash. */
export function createNewsroomClient(token: string, base: string, fetcher: typeof fetch = (...args) => fetch(...args)): NewsroomClient {
  async function send(path: string, init: RequestInit = {}, accept = 'application/json'): Promise<Response> {
    let res: Response
    try {
      res = await fetcher(`${base}${path}`, { ...init, headers: { ...init.headers, accept, authorization: `Bearer ${token}` } })
    } catch {
      throw new NewsroomError('Could not reach the content service.', null)
    }
    if (!res.ok) throw await refusal(res)
    return res
  }

  async function result(path: string, init?: RequestInit): Promise<Fields> {
    const res = await send(path, init)
    let body: unknown
    try {
      body = await res.json()
    } catch {
      throw new NewsroomError(unreadable, res.status)
    }
    return fieldsOf(fieldsOf(body).result)
  }

  return {
    async inbox({ page, show }) {
      const r = await result(`/newsroom/inbox?${new URLSearchParams({ page: String(page), show })}`)
      return { ...pageFields(r), messages: listOf(r.messages).map(readMessage), unread: count(r.unread) }
    },
    async setRead(messageId, read) {
      const r = await result(`/newsroom/inbox/${encodeURIComponent(messageId)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ read }),
      })
      return readMessage(r)
    },
    async subscribers({ page, status }) {
      const r = await result(`/newsroom/subscribers?${new URLSearchParams({ page: String(page), status })}`)
      const counts = fieldsOf(r.counts ?? {})
      return {
        ...pageFields(r),
        subscribers: listOf(r.subscribers).map(readSubscriber),
        counts: { pending: count(counts.pending), confirmed: count(counts.confirmed), unsubscribed: count(counts.unsubscribed) },
      }
    },
    async subscribersCsv(status) {
      const res = await send(`/newsroom/subscribers.csv?${new URLSearchParams({ status })}`, {}, 'text/csv')
      const blob = await res.blob()
      return { blob: blob.type ? blob : new Blob([blob], { type: 'text/csv;charset=utf-8' }), fileName: csvFileName(res.headers.get('content-disposition'), new Date(), status) }
    },
    async outbox({ page }) {
      const r = await result(`/newsroom/outbox?${new URLSearchParams({ page: String(page) })}`)
      const delivery: EmailDelivery = r.delivery === 'smtp' ? 'smtp' : 'outbox'
      return { ...pageFields(r), emails: listOf(r.emails).map(readEmail), delivery }
    },
  }
}
