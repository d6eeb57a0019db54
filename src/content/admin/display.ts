// How the admin's screens show an article in a list: its publication status and label, what an
// untitled draft is called, and dates exact to the minute; and what a screen has of a list it loads.
// Components import this for their labels, so it reaches no content client.

import { format } from 'date-fns'
import type { AdminListItem } from './listItem.ts'

/** What an admin screen has of a list it loads: on its way, failed (and why), or here. */
export type Loadable<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T }

export type PublicationStatus = 'published' | 'edited' | 'draft'

/**
 * Published when readers can see it; edited when they can but an editor has unpublished changes in
 * a draft; draft when it has never been published (or was unpublished).
 */
export function publicationStatus(item: Pick<AdminListItem, 'hasPublished' | 'hasDraft'>): PublicationStatus {
  if (!item.hasPublished) return 'draft'
  return item.hasDraft ? 'edited' : 'published'
}

export const statusLabels: Record<PublicationStatus, string> = {
  published: 'Published',
  edited: 'Published (edited)',
  draft: 'Draft',
}

/** The mark beside a row showing what readers see when an editor has a draft of it that differs. */
export const draftDiffersLabel = 'Draft differs from live'

/** What an untitled draft is called in lists, so every row has something to read and to name its buttons. */
export function displayTitle(title: string | null | undefined): string {
  const trimmed = typeof title === 'string' ? title.trim() : ''
  return trimmed === '' ? 'Untitled' : trimmed
}

/**
 * "21 Nov 2026, 06:15": dates in the admin's tables, short enough for a column and exact to the
 * minute (reader pages use the long and relative forms in dates.ts).
 */
export function adminDateTime(value: string | null | undefined): string | null {
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : format(date, 'd MMM yyyy, HH:mm')
}
