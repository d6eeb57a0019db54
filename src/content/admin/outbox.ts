// The admin's outbox: the emails the paper sends (confirmations, replies), as the service hands them
// over, whether they are really sent, and how each one's outcome is worded.

import type { EmailDelivery, EmailStatus, OutboxEmail } from '../../../shared/newsroom.ts'
import { pageCount } from '../listings/paging.ts'


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
  held: 'Kept, not sent',
  failed: 'Failed',
}

/** What the page says about delivery, plainly: whether anything in it actually reached anyone. */
export const deliveryNotices: Record<EmailDelivery, string> = {
  outbox: 'Email is not being sent: no SMTP server is configured (SMTP_URL). Emails are kept here instead.',
  smtp: 'Email is sent through the configured SMTP server. Each email the paper sends is also kept here.',
}
