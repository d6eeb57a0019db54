// The admin's subscribers: newsletter sign-ups as the service hands them over, the list's address
// (which status, which page), their labels, and the name the CSV export is saved under. The routes
// read the address in the app's main bundle, so this module imports nothing heavier than the
// page-number rule.

import { newsletters, type NewsletterId } from '../../../shared/newsletters.ts'
import type { Subscriber, SubscriberStatus } from '../../../shared/newsroom.ts'
import { pageCount } from '../listings/paging.ts'
import type { SubscriberSearch } from './addresses.ts'

export type SubscriberCounts = Record<SubscriberStatus, number>

export interface SubscriberPage {
  subscribers: Subscriber[]
  page: number
  pageCount: number
  /** Subscribers the filter lets through, on every page. */
  total: number
  /** Every subscriber by status, whatever the filter. */
  counts: SubscriberCounts
}

/** The service sends 50 a page, newest first. */
export const subscriberPageSize = 50

/** A subscriber's newsletters by name, in the catalogue's order: "The Morning Briefing, From the Editors". */
export function subscriberNewsletterNames(ids: readonly NewsletterId[]): string {
  return newsletters.filter((newsletter) => ids.includes(newsletter.id)).map((newsletter) => newsletter.name).join(', ')
}

export const subscriberStatusLabels: Record<SubscriberStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
}

/** What each status means, for the counts above the table. */
export const subscriberStatusDescriptions: Record<SubscriberStatus, string> = {
  pending: 'signed up, not yet confirmed by email',
  confirmed: 'confirmed by email, receiving the newsletters they chose',
  unsubscribed: 'no longer receiving any',
}

export type SubscriberFilter = SubscriberStatus | 'all'

/** What the list asks the service for. */
export function subscriberRequest(search: SubscriberSearch): { page: number; status: SubscriberFilter } {
  return { page: search.page ?? 1, status: search.status ?? 'all' }
}

export function subscriberPageCount(total: number): number {
  return pageCount(total, subscriberPageSize)
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10)
}

/** "subscribers-2026-11-21.csv": the service's own name for an export made on that day. */
export function subscribersCsvName(today: Date, status: SubscriberFilter = 'all'): string {
  return status === 'all' ? `subscribers-${isoDay(today)}.csv` : `subscribers-${status}-${isoDay(today)}.csv`
}

/**
 * The name to save an export under: the one the service gave in Content-Disposition when it is a
 * plain file name ending in .csv, otherwise the same name made here. Never a path, so a save dialog
 * cannot be steered to another folder.
 */
export function csvFileName(contentDisposition: string | null, today: Date, status: SubscriberFilter = 'all'): string {
  const given = /filename="([^"]*)"/i.exec(contentDisposition ?? '')?.[1] ?? /filename=([^;\s]+)/i.exec(contentDisposition ?? '')?.[1]
  return given && /^[\w.-]{1,100}\.csv$/.test(given) && !given.startsWith('.') ? given : subscribersCsvName(today, status)
}
