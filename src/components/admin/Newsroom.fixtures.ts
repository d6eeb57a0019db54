// Readers' messages, subscribers and sent emails for the inbox, subscriber and outbox components'
// stories and tests: unread and read, long and blank, and text that looks like markup, which must
// show as the characters a reader typed.

import type { InboxMessage, OutboxEmail, Subscriber } from '../../../shared/newsroom.ts'
import type { InboxPage } from '../../content/admin/inbox.ts'
import type { OutboxPage } from '../../content/admin/outbox.ts'
import type { SubscriberPage } from '../../content/admin/subscribers.ts'

export const messages: InboxMessage[] = [
  {
    _id: 'msg-bus',
    _type: 'contactMessage',
    _createdAt: '2026-11-21T06:15:00Z',
    fullName: 'Ada Okafor',
    email: 'ada.okafor@example.com',
    subject: 'The 38 bus story',
    message: 'Hello,\n\nYour story on the 38 bus says it runs every 4 minutes. It has run every 6 since March.\n\nBest wishes,\nAda',
    readAt: null,
  },
  {
    _id: 'msg-markup',
    _type: 'contactMessage',
    _createdAt: '2026-11-20T18:40:00Z',
    fullName: '<b>Tom</b> Whitcombe',
    email: 'tom@example.com',
    subject: '<script>alert("hi")</script> Letters page',
    message: 'I would like to write for the <em>letters</em> page. <img src=x onerror=alert(1)>',
    readAt: null,
  },
  {
    _id: 'msg-read',
    _type: 'contactMessage',
    _createdAt: '2026-11-19T09:05:00Z',
    fullName: 'Priya Raman',
    email: 'priya@example.com',
    subject: 'Thank you for the flood coverage',
    message: 'Thank you for the flood coverage in Deptford. '.repeat(12).trim(),
    readAt: '2026-11-19T10:00:00Z',
  },
  {
    _id: 'msg-blank',
    _type: 'contactMessage',
    _createdAt: '2026-11-18T12:00:00Z',
    fullName: 'Sam',
    email: 'not an address',
    subject: '',
    message: 'Short.',
    readAt: '2026-11-18T12:30:00Z',
  },
]

export const inboxPage: InboxPage = { messages, page: 1, pageCount: 3, total: 54, unread: 2 }

export const subscribers: Subscriber[] = [
  { _id: 'sub-1', _type: 'subscriber', _createdAt: '2026-11-21T08:00:00Z', email: 'new.reader@example.com', newsletters: ['morning-briefing'], status: 'pending', confirmedAt: null, unsubscribedAt: null },
  { _id: 'sub-2', _type: 'subscriber', _createdAt: '2026-11-10T08:00:00Z', email: 'weekend.reader@example.com', newsletters: ['morning-briefing', 'editors-edition'], status: 'confirmed', confirmedAt: '2026-11-10T08:05:00Z', unsubscribedAt: null },
  {
    _id: 'sub-3',
    _type: 'subscriber',
    _createdAt: '2026-10-01T08:00:00Z',
    email: 'a.very.long.address.of.someone.who.reads.everything@subdomain.example.co.uk',
    newsletters: [],
    status: 'unsubscribed',
    confirmedAt: '2026-10-01T09:00:00Z',
    unsubscribedAt: '2026-11-02T17:20:00Z',
  },
]

export const subscriberPage: SubscriberPage = { subscribers, page: 1, pageCount: 3, total: 120, counts: { pending: 14, confirmed: 98, unsubscribed: 8 } }

export const emails: OutboxEmail[] = [
  {
    _id: 'email-confirm',
    _type: 'email',
    _createdAt: '2026-11-21T08:00:01Z',
    to: 'new.reader@example.com',
    subject: 'Confirm your Resonance newsletter subscription',
    text: 'Thank you for subscribing to Resonance.\n\nConfirm your subscription: https://paper.example/subscribe/confirm?token=abc\n\nIf you did not ask for this, ignore this email.',
    status: 'held',
    error: null,
  },
  {
    _id: 'email-failed',
    _type: 'email',
    _createdAt: '2026-11-20T18:40:02Z',
    to: 'tom@example.com',
    subject: 'We received your message',
    text: 'Thank you for writing to Resonance. <b>An editor</b> will read your message.',
    status: 'failed',
    error: 'connect ECONNREFUSED 127.0.0.1:587',
  },
  {
    _id: 'email-sent',
    _type: 'email',
    _createdAt: '2026-11-19T09:00:00Z',
    to: 'priya@example.com',
    subject: 'Welcome to Resonance',
    text: 'Welcome.',
    status: 'sent',
    error: null,
  },
]

export const outboxPage: OutboxPage = { emails, page: 1, pageCount: 2, total: 30, delivery: 'outbox' }
