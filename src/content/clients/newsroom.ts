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
import { count, fieldsOf, idOf, listOf, oneOf, pageFields, resultOf, serviceCall, text, textOrNull, type Fields } from './serviceCall.ts'

/** Every failure of the newsroom's clients: the shared ServiceError, named as its callers know it. */
export { ServiceError as NewsroomError } from './serviceCall.ts'

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


function readMessage(value: unknown): InboxMessage {
  const m = fieldsOf(value)
  return {
    _id: idOf(m),
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
    _id: idOf(s),
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
    _id: idOf(e),
    _type: 'email',
    _createdAt: text(e._createdAt),
    to: text(e.to),
    subject: text(e.subject),
    text: text(e.text),
    status: oneOf(emailStatuses, e.status, 'held'),
    error: textOrNull(e.error),
  }
}

/** The newsroom's endpoints with this editor's token. `base` is the service's origin, no trailing slash. */
export function createNewsroomClient(token: string, base: string, fetcher: typeof fetch = (...args) => fetch(...args)): NewsroomClient {
  const send = (path: string, init: RequestInit = {}, accept = 'application/json') => serviceCall(fetcher, `${base}${path}`, token, init, accept)
  const result = async (path: string, init?: RequestInit): Promise<Fields> => resultOf(await send(path, init))

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
