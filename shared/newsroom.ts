// What readers send the paper, as the service keeps it and the newsroom reads it: contact messages,
// newsletter subscribers and the emails the paper sends. One description for both ends (the service's
// `/newsroom/...` answers and the admin's client), free of any library, because the admin's routes read
// these lists' addresses in the app's first download.

import type { NewsletterId } from './newsletters.ts'

export const subscriberStatuses = ['pending', 'confirmed', 'unsubscribed'] as const
export type SubscriberStatus = (typeof subscriberStatuses)[number]

/** What became of an email: out over SMTP, kept in the outbox (no SMTP configured), or refused. */
export const emailStatuses = ['sent', 'held', 'failed'] as const
export type EmailStatus = (typeof emailStatuses)[number]

/** 'smtp': emails go out through the configured SMTP server; 'outbox': none is, and they are only kept. */
export type EmailDelivery = 'smtp' | 'outbox'

/** A reader's message from the contact form, exactly as they wrote it. */
export interface InboxMessage {
  _id: string
  _type: 'contactMessage'
  /** When it arrived (ISO). */
  _createdAt: string
  fullName: string
  email: string
  subject: string
  message: string
  /** When an editor opened it (ISO), or null while it is unread. */
  readAt: string | null
}

export interface Subscriber {
  _id: string
  _type: 'subscriber'
  /** When they signed up (ISO). */
  _createdAt: string
  email: string
  /** The newsletters they chose (shared/newsletters.ts), in the catalogue's order. */
  newsletters: NewsletterId[]
  status: SubscriberStatus
  confirmedAt: string | null
  unsubscribedAt: string | null
}

export interface OutboxEmail {
  _id: string
  _type: 'email'
  /** When the paper wrote it (ISO). */
  _createdAt: string
  to: string
  subject: string
  /** The email's plain-text body. */
  text: string
  status: EmailStatus
  /** Why sending failed, for a failed email. */
  error: string | null
}

/** The longest email address (RFC 5321's limit on a path). */
export const maxEmailLength = 254

// A person's address as mail systems write it: letters, digits and . _ % + ' - before the @, a
// domain of dot-separated labels after it. Markup, spaces, quotes and brackets are refused, so an
// address shown on the People page or written into a header is only ever an address.
const emailAddress = /^[A-Za-z0-9_%+'-]+(?:\.[A-Za-z0-9_%+'-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/

/** Whether text (already trimmed) is an email address someone can sign in with. */
export function isEmailAddress(text: string): boolean {
  return text.length <= maxEmailLength && emailAddress.test(text)
}

/** What the People page and the service say when it is not. */
export const emailAddressMessage = 'Enter an email address, such as name@example.org.'
