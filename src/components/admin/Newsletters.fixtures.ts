// Editions, stories and delivery logs for the Newsletters page's stories and tests.

import type { DeliveryPage, Edition, EditionCounts, EditionPreview, EditionStory, NewslettersPage } from '../../content/admin/newsletters.ts'

const noCounts: EditionCounts = { total: 0, sent: 0, failed: 0, skipped: 0, waiting: 0, kept: 0 }

export function edition(over: Partial<Edition> = {}): Edition {
  return {
    _id: 'ed-1',
    newsletter: 'editors-edition',
    subject: 'A week of the night economy',
    intro: 'Five stories our editors chose for you.',
    articleIds: ['a1', 'a2'],
    state: 'draft',
    scheduledFor: null,
    createdAt: '2026-11-27T09:30:00Z',
    updatedAt: '2026-11-27T09:45:00Z',
    startedAt: null,
    finishedAt: null,
    createdBy: 'editor@resonance.example',
    revision: 2,
    counts: noCounts,
    logRemovedAt: null,
    ...over,
  }
}

export const stories: EditionStory[] = [
  { _id: 'a1', title: 'Night buses return to the northern line', slug: 'night-buses-return', publishedAt: '2026-11-26T18:00:00Z' },
  { _id: 'a2', title: 'The last bakery on Mill Street', slug: 'last-bakery', publishedAt: '2026-11-25T07:10:00Z' },
  { _id: 'a3', title: 'Council votes on late licences', slug: 'late-licences', publishedAt: '2026-11-24T12:00:00Z' },
]

export const sentEdition = edition({
  _id: 'ed-sent',
  state: 'sent',
  startedAt: '2026-11-20T07:00:00Z',
  finishedAt: '2026-11-20T07:04:00Z',
  counts: { total: 3, sent: 1, failed: 1, skipped: 1, waiting: 0, kept: 0 },
})

export const keptEdition = edition({ _id: 'ed-kept', subject: 'Kept for the outbox', state: 'kept', counts: { ...noCounts, total: 2, kept: 2 } })

export const newslettersPage: NewslettersPage = {
  editions: [edition(), edition({ _id: 'ed-sched', subject: 'Sunday reading', state: 'scheduled', scheduledFor: '2026-11-29T08:00:00Z' }), sentEdition, keptEdition],
  page: 1,
  pageCount: 1,
  total: 4,
  delivery: 'smtp',
  morningTime: '07:00',
  nextMorningAt: '2026-11-28T07:00:00Z',
  recipients: { 'morning-briefing': 1204, 'editors-edition': 41 },
}

export const deliveries: DeliveryPage = {
  deliveries: [
    { email: 'ada@example.com', status: 'sent', attempts: 1, error: null, updatedAt: '2026-11-20T07:01:00Z', sentAt: '2026-11-20T07:01:00Z' },
    { email: 'bo@example.com', status: 'failed', attempts: 3, error: '550 mailbox unavailable', updatedAt: '2026-11-20T07:03:00Z', sentAt: null },
    { email: 'cy@example.com', status: 'skipped', attempts: 0, error: null, updatedAt: '2026-11-20T07:02:00Z', sentAt: null },
  ],
  page: 1,
  pageCount: 1,
  total: 3,
}

export const preview: EditionPreview = {
  subject: 'A week of the night economy',
  html: '<!doctype html><html><body><h1>From the Editors</h1><p>Five stories our editors chose for you.</p></body></html>',
  text: 'From the Editors\n\nFive stories our editors chose for you.\n',
  address: null,
}
