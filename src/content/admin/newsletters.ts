// The admin's Newsletters page: the editions the paper sends as the service hands them over (server/
// newsletters), the words for each edition's state, the composer's rules for an editors' edition,
// and the published stories it may pick from. Components import this for their labels, so it reaches
// no client.

import type { NewsletterId } from '../../../shared/newsletters.ts'
import {
  deliveryStatuses,
  editionLimits,
  editionStates,
  type DeliveryStatus,
  type DeliveryView,
  type EditionCounts,
  type EditionState,
  type EditionView,
} from '../../../shared/newsletterEditions.ts'
import type { EmailDelivery } from '../../../shared/newsroom.ts'
import { pageCount } from '../listings/paging.ts'
import type { QueryClient } from './contentService.ts'
import { adminDateTime } from './display.ts'
import { titleSearchTerms } from './articleList.ts'

// The shapes and words the service answers with are the service's own (shared/newsletterEditions.ts);
// the admin names them as its pages read them.
export { deliveryStatuses, editionStates }
export type { DeliveryStatus, EditionCounts, EditionState }
export type Edition = EditionView

/** A story an edition holds (or may hold): enough to name it and link to it. */
export interface EditionStory {
  _id: string
  title: string
  slug: string | null
  publishedAt?: string | null
}

export interface EditionDetail extends Edition {
  articles: EditionStory[]
}

export type Delivery = DeliveryView

export interface DeliveryPage {
  deliveries: Delivery[]
  page: number
  pageCount: number
  total: number
}

export interface NewslettersPage {
  editions: Edition[]
  page: number
  pageCount: number
  total: number
  delivery: EmailDelivery
  /** The Morning Briefing's send time on London's clock. */
  morningTime: string
  /** When the next Morning Briefing goes (ISO), as the service schedules it. */
  nextMorningAt: string | null
  /** Confirmed subscribers of each newsletter now: who "Send now" goes to. Null when the service does not say. */
  recipients: Record<NewsletterId, number> | null
}

/** Exactly what a subscriber gets: the HTML part, the plain-text part and the subject. */
export interface EditionPreview {
  subject: string
  html: string
  text: string
  /**
   * Where the service serves the HTML on its own, under a policy that lets the email's inline
   * styles apply and nothing run (docs/decisions/027): what the admin's frame shows. Null when the
   * service gave none; the frame then shows the HTML without its styles (the admin's own policy).
   */
  address: string | null
}

/** The Morning Briefing as it would be composed now; `empty` when the front page has nothing to send. */
export interface MorningPreview extends EditionPreview {
  empty: boolean
}

export interface TestSend {
  to: string
  delivery: 'sent' | 'held' | 'failed'
  error: string | null
}

/** What the composer edits: an editors' edition before it goes. */
export interface EditionDraft {
  subject: string
  intro: string
  stories: EditionStory[]
}

export const emptyDraft: EditionDraft = { subject: '', intro: '', stories: [] }

export const editionPageSize = 25
export const deliveryPageSize = 50

export function editionPageCount(total: number): number {
  return pageCount(total, editionPageSize)
}

export const deliveryStatusLabels: Record<DeliveryStatus, string> = {
  queued: 'Waiting',
  sending: 'Sending',
  retry: 'Will retry',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Not sent (unsubscribed)',
  kept: 'Kept, not sent',
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`

/**
 * An edition's state in words, from what the service counted: 'Draft', 'Scheduled for 28 Nov 2026,
 * 07:00', 'Sending: 120 of 400', 'Sent to 398 of 400 subscribers, 2 failed', 'Kept, not sent'.
 * Only "sent" when messages went out over SMTP.
 */
export function editionStateText(edition: Pick<Edition, 'state' | 'scheduledFor' | 'counts'>): string {
  const { counts } = edition
  const failed = counts.failed > 0 ? `, ${counts.failed.toLocaleString('en-GB')} failed` : ''
  const skipped = counts.skipped > 0 ? `, ${counts.skipped.toLocaleString('en-GB')} not sent (unsubscribed meanwhile)` : ''
  switch (edition.state) {
    case 'draft':
      return 'Draft'
    case 'scheduled':
      return `Scheduled for ${adminDateTime(edition.scheduledFor) ?? 'a time not given'}`
    case 'sending':
      return `Sending: ${(counts.sent + counts.failed + counts.skipped).toLocaleString('en-GB')} of ${counts.total.toLocaleString('en-GB')}${failed}`
    case 'sent':
      return `Sent to ${counts.sent.toLocaleString('en-GB')} of ${plural(counts.total, 'subscriber')}${failed}${skipped}`
    case 'kept':
      return `Kept, not sent (no mail server): ${plural(counts.total || counts.kept, 'subscriber')} would have received it`
  }
}

/**
 * Who an edition not yet sent would reach, as the list says it: 'would go to 12 confirmed
 * subscribers now'. Empty once it went (its counts say whom it went to) or when the number is not known.
 */
export function editionReachText(edition: Pick<Edition, 'state'>, recipients: number | null): string {
  if (recipients === null || !isComposable(edition)) return ''
  return `would go to ${plural(recipients, 'confirmed subscriber')} now`
}

/** The question before Send now: how many subscribers it goes to. */
export function sendQuestion(recipients: number | null): string {
  if (recipients === null) return 'Send this edition now to every confirmed subscriber of From the Editors?'
  if (recipients === 0) return 'No confirmed subscriber has chosen From the Editors yet, so nobody will receive it. Send it anyway?'
  return `Send this edition now to ${plural(recipients, 'confirmed subscriber')} of From the Editors?`
}

/** The question before sending the Morning Briefing now: how many it goes to, and that it is today's. */
export function morningSendQuestion(recipients: number | null): string {
  if (recipients === null) return 'Send today’s Morning Briefing now to every confirmed subscriber of it?'
  if (recipients === 0) return 'No confirmed subscriber has chosen The Morning Briefing yet, so nobody will receive it. Make today’s anyway?'
  return `Send today’s Morning Briefing now to ${plural(recipients, 'confirmed subscriber')}?`
}

/** What the composer says after a test. */
export function testSentText(test: TestSend): string {
  if (test.delivery === 'sent') return `Test sent to ${test.to}.`
  if (test.delivery === 'held') return `Test kept, not sent: there is no mail server (SMTP_URL), so it is in the Outbox for ${test.to}.`
  return `The test to ${test.to} could not be sent: ${test.error ?? 'the mail server gave no reason.'}`
}

export const composerLimits = { subject: editionLimits.subject, intro: editionLimits.intro, stories: editionLimits.articles } as const

export const composerMessages = {
  subject: 'Please enter a subject.',
  subjectLong: `Please keep the subject under ${composerLimits.subject} characters.`,
  introLong: `Please keep the introduction under ${composerLimits.intro.toLocaleString('en-GB')} characters.`,
  stories: 'Please pick at least one story.',
  storiesMany: `Please pick at most ${composerLimits.stories} stories.`,
} as const

export type ComposerField = 'subject' | 'intro' | 'stories'

/** Each field's first problem, in the order the composer shows them; empty when the edition may be saved and sent. */
export function draftErrors(draft: EditionDraft): Partial<Record<ComposerField, string>> {
  const errors: Partial<Record<ComposerField, string>> = {}
  const subject = draft.subject.trim()
  if (subject === '') errors.subject = composerMessages.subject
  else if (subject.length > composerLimits.subject) errors.subject = composerMessages.subjectLong
  if (draft.intro.length > composerLimits.intro) errors.intro = composerMessages.introLong
  if (draft.stories.length === 0) errors.stories = composerMessages.stories
  else if (draft.stories.length > composerLimits.stories) errors.stories = composerMessages.storiesMany
  return errors
}

/** What the service is sent for a draft: the subject trimmed, the stories by id in the order picked. */
export function draftBody(draft: EditionDraft): { subject: string; intro: string; articleIds: string[] } {
  return { subject: draft.subject.trim(), intro: draft.intro.trim(), articleIds: draft.stories.map((story) => story._id) }
}

export function draftOf(edition: EditionDetail): EditionDraft {
  return { subject: edition.subject, intro: edition.intro, stories: edition.articles }
}

/** Whether an edition may still be changed and sent: a draft, or scheduled (taken back to a draft first). */
export function isComposable(edition: Pick<Edition, 'state'>): boolean {
  return edition.state === 'draft' || edition.state === 'scheduled'
}

/** '2026-11-28T07:00' in the editor's own clock (a datetime-local field's value) as an ISO instant; null when not a time. */
export function scheduleInstant(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return null
  const date = new Date(local)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

const storyFields = `{ _id, title, "slug": slug.current, publishedAt }`

/** The story picker's query: the newest published stories, those whose title has every word typed when some are. */
export function storyPickerQuery(q: string, limit: number): { query: string; params: Record<string, unknown> } {
  const terms = titleSearchTerms(q)
  const filter = `_type == "article" && !(_id in path("drafts.**")) && !(_id in path("versions.**")) && defined(publishedAt) && publishedAt <= now()${terms.length ? ' && title match $terms' : ''}`
  return { query: `*[${filter}] | order(publishedAt desc) [0...$limit] ${storyFields}`, params: { terms, limit } }
}

/**
 * Published stories an edition may pick, newest first: those whose title has every word typed, or
 * the latest when nothing is typed. Published only: an edition never carries a draft.
 */
export async function searchStories(client: QueryClient, q: string, limit = 12): Promise<EditionStory[]> {
  const { query, params } = storyPickerQuery(q, limit)
  const rows = await client.fetch<Array<{ _id: string; title: string | null; slug: string | null; publishedAt: string | null }>>(query, params)
  return rows.map((row) => ({ _id: row._id, title: row.title?.trim() || 'Untitled', slug: row.slug, publishedAt: row.publishedAt }))
}
