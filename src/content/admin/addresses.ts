// What the admin's addresses mean: the article list's filters, sort and page as URL search
// parameters, the inbox's, the subscriber list's and the webhook log's, and the section manager's
// section types. Apart from the admin's queries and wording because the routes read their URLs in
// the app's main bundle, which must stay small for readers (decision 018).

import { checkIdentifier } from '../format/identifier.ts'
import { parsePage } from '../listings/paging.ts'
import { normaliseSearchText } from '../search/params.ts'
import { subscriberStatuses, type SubscriberStatus } from '../../../shared/newsroom.ts'

export const articlePageSize = 25

export const articleSorts = ['newest', 'oldest', 'title', 'title-desc', 'published'] as const
export type ArticleSort = (typeof articleSorts)[number]
export const defaultArticleSort: ArticleSort = 'newest'

/** The sort menu's words. */
export const articleSortLabels: Record<ArticleSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  title: 'Title A–Z',
  'title-desc': 'Title Z–A',
  published: 'Recently published',
}

/** The same, spelt out for the table's caption. */
export const articleSortDescriptions: Record<ArticleSort, string> = {
  newest: 'newest created first',
  oldest: 'oldest created first',
  title: 'by title, A to Z',
  'title-desc': 'by title, Z to A',
  published: 'most recently published first',
}

export const statusFilters = ['published', 'edited', 'draft'] as const
export type StatusFilter = (typeof statusFilters)[number]

export const statusFilterLabels: Record<StatusFilter, string> = {
  published: 'Published',
  edited: 'Published, with draft changes',
  draft: 'Draft (not published)',
}

/** The article list's URL: every key optional, defaults left out, so each view has one address. */
export interface ArticleListSearch {
  q?: string
  status?: StatusFilter
  category?: string
  author?: string
  sort?: ArticleSort
  page?: number
}

function oneOf<T extends string>(values: readonly T[], value: unknown): T | undefined {
  return typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined
}

/**
 * The route's `validateSearch`: a value the list does not understand is dropped rather than an
 * error, so a mistyped or stale address still opens the list. Every key is returned (undefined when
 * absent) because the router keeps keys a validator leaves out, bad values included.
 */
export function validateArticleListSearch(search: Record<string, unknown>): ArticleListSearch {
  const q = normaliseSearchText(search.q)
  const page = parsePage(search.page)
  const sort = oneOf(articleSorts, search.sort)
  return {
    q: q === '' ? undefined : q,
    status: oneOf(statusFilters, search.status),
    category: checkIdentifier(search.category) ?? undefined,
    author: checkIdentifier(search.author) ?? undefined,
    sort: sort === defaultArticleSort ? undefined : sort,
    page: page > 1 ? page : undefined,
  }
}

/** Whether anything narrows the list (the sort and page do not). */
export function hasFilters(search: ArticleListSearch): boolean {
  return Boolean(search.q || search.status || search.category || search.author)
}

// Section manager

export const sectionTypes = ['lead', 'featured', 'latest', 'trending', 'videos', 'images'] as const
export type SectionType = (typeof sectionTypes)[number]

export const sectionTitles: Record<SectionType, string> = {
  lead: 'Lead Story',
  featured: 'Featured Stories',
  latest: 'Latest Updates',
  trending: 'Trending Now',
  videos: 'Videos',
  images: 'Image Galleries',
}

export function parseSectionType(value: unknown): SectionType | null {
  return typeof value === 'string' && (sectionTypes as readonly string[]).includes(value) ? (value as SectionType) : null
}

// Inbox

/** The inbox's URL: defaults left out, so each view has one address. */
export interface InboxSearch {
  show?: 'unread'
  page?: number
}

/**
 * The inbox route's `validateSearch`: anything it does not understand means the default, so a stale
 * or mistyped address still opens the inbox. Every key is returned (undefined when absent) because
 * the router keeps keys a validator leaves out.
 */
export function validateInboxSearch(search: Record<string, unknown>): InboxSearch {
  const page = parsePage(search.page)
  return { show: search.show === 'unread' ? 'unread' : undefined, page: page > 1 ? page : undefined }
}

// Subscribers

/** The subscriber list's URL: defaults left out, so each view has one address. */
export interface SubscriberSearch {
  status?: SubscriberStatus
  page?: number
}

/**
 * The subscribers route's `validateSearch`: anything it does not understand means the default, so a
 * stale or mistyped address still opens the list. Every key is returned (undefined when absent)
 * because the router keeps keys a validator leaves out.
 */
export function validateSubscriberSearch(search: Record<string, unknown>): SubscriberSearch {
  const page = parsePage(search.page)
  const status = subscriberStatuses.find((s) => s === search.status)
  return { status, page: page > 1 ? page : undefined }
}

// Webhooks

/** What the Webhooks page's address holds: whose log is open, and which page of it. */
export interface WebhooksSearch {
  hook?: string
  page?: number
}

export function validateWebhooksSearch(search: Record<string, unknown>): WebhooksSearch {
  const hook = typeof search.hook === 'string' && /^[\w-]{1,64}$/.test(search.hook) ? search.hook : undefined
  const page = Number(search.page)
  return { ...(hook ? { hook } : {}), ...(hook && Number.isInteger(page) && page > 1 ? { page } : {}) }
}

/** The Audience page's URL: which window ranks the top articles (`?window=day`; the last hour when absent). */
export interface AudienceSearch {
  window?: 'day'
}

export function validateAudienceSearch(search: Record<string, unknown>): AudienceSearch {
  return { window: search.window === 'day' ? 'day' : undefined }
}
