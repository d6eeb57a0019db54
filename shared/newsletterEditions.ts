// The newsletter editions as the service keeps them and the admin's Newsletters page reads them: one
// description for both ends (server/newsletters and the admin's client), free of any library.

import type { NewsletterId } from './newsletters.ts'

/**
 * Where an edition stands. `kept`: composed and queued with no SMTP server configured, so nothing
 * was sent (the admin says "Kept, not sent", never "sent").
 */
export const editionStates = ['draft', 'scheduled', 'sending', 'sent', 'kept'] as const
export type EditionState = (typeof editionStates)[number]

/** One recipient's copy: waiting, in flight, retrying after a temporary failure, or settled. */
export const deliveryStatuses = ['queued', 'sending', 'retry', 'sent', 'failed', 'skipped', 'kept'] as const
export type DeliveryStatus = (typeof deliveryStatuses)[number]

export interface EditionCounts {
  /** Recipients the edition was queued to. */
  total: number
  sent: number
  /** Refused for good (5xx), or still failing after every retry. */
  failed: number
  /** Unsubscribed (or chose another newsletter) while it was sending, or an address that failed three times. */
  skipped: number
  /** Queued, in flight or waiting to retry. */
  waiting: number
  /** Kept, not sent (no SMTP server). */
  kept: number
}

export interface EditionView {
  _id: string
  newsletter: NewsletterId
  subject: string
  /** The editors' note at the top (the Morning Briefing's is written by the service). */
  intro: string
  /** The stories, in the order they appear. */
  articleIds: string[]
  state: EditionState
  scheduledFor: string | null
  createdAt: string
  updatedAt: string
  startedAt: string | null
  finishedAt: string | null
  /** Who wrote it (their email); null for the Morning Briefing, which the service composes. */
  createdBy: string | null
  /** Goes up by one with every save: a save naming an older revision is refused, never lost. */
  revision: number
  /** Counted from the delivery log, and kept when the log is removed. */
  counts: EditionCounts
  /**
   * When the delivery log (each recipient's address and status) was removed under the retention
   * rule (NEWSLETTER_LOG_DAYS after the edition finished); null while it is kept.
   */
  logRemovedAt: string | null
}

export interface DeliveryView {
  email: string
  status: DeliveryStatus
  attempts: number
  error: string | null
  updatedAt: string
  sentAt: string | null
}

/** An edition rendered as a subscriber gets it. */
export interface EditionPreview {
  subject: string
  html: string
  text: string
}

/** Bounds of an editors' edition, checked by the service (and shown by the composer). */
export const editionLimits = { subject: 200, intro: 2000, articles: 20 } as const
