// The admin's outbox: the emails the paper sends (confirmations, replies), as the service hands them
// over, whether they are really sent, and how each one's outcome is worded.

import { pageCount } from '../listings/listings.ts'

export const emailStatuses = ['sent', 'held', 'failed'] as const
export type EmailStatus = (typeof emailStatuses)[number]

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

/** 'smtp': emails go out through the configured SMTP server; 'outbox': none is, and they are only kept here. */
export type EmailDelivery = 'smtp' | 'outbox'

export interface OutboxPage {
  emails: OutboxEmail[]
  page: number
  pageCount: number
  total: number
  delivery: EmailDelivery
}

/** The service sends 25 a page, newest first. */
export const outboxPageSize = 25

export function outboxPageCount(total: number): number {
  return pageCount(total, outboxPageSize)
}

export const emailStatusLabels: Record<EmailStatus, string> = {
  sent: 'Sent',
  held: 'Held (not sent)',
  failed: 'Failed',
}

/** What the page says about delivery, plainly: whether anything in it actually reached anyone. */
export const deliveryNotices: Record<EmailDelivery, string> = {
  outbox: 'Email is not being sent: no SMTP server is configured (SMTP_URL). Emails are kept here instead.',
  smtp: 'Email is sent through the configured SMTP server. Each email the paper sends is also kept here.',
}
