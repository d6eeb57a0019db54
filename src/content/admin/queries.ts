// What the admin's dashboard, article list and section manager ask the content service, and the
// rules around it: which version of an article an editor sees (its draft when there is one), its
// publication status, the list's URL state, and how a refused delete is reported. Pure apart from
// the small `fetch…`/`delete…` functions, which take the signed-in editor's client as an argument.
//
// The admin client reads the raw perspective, so drafts (`drafts.{id}`) and published documents
// arrive side by side. The queries fold them into one row per article in GROQ itself: a draft
// stands for its article, and a published document only when it has no draft. Whether the other
// half exists is looked up with a dereference (`{"_ref": id}->`), which the service answers from its
// id index rather than by scanning the dataset, so every query stays one pass however large the
// archive grows. groq-js (the unit tests) and hosted GROQ read the queries the same way.

import type { SanityClient } from '@sanity/client'
import { format } from 'date-fns'
import { pageCount, pageWindow } from '../listings/listings.ts'
import { type ArticleListSearch, articlePageSize, type ArticleSort, defaultArticleSort, type StatusFilter, type SectionType } from './addresses.ts'

/** What an admin screen has of a list it loads: on its way, failed (and why), or here. */
export type Loadable<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T }

// ---------------------------------------------------------------------------------------------
// Drafts overlay

const isDraft = `_id in path("drafts.**")`
/** The article's own id, whichever of its documents this is. */
const publishedIdOf = `select(${isDraft} => string::split(_id, "drafts.")[1], _id)`
const publishedDoc = `({"_ref": ${publishedIdOf}})->`
/** The document an editor works on: the draft when there is one, otherwise the published one. */
const isCurrent = `(!(_id in path("versions.**")) && (${isDraft} || !defined(({"_ref": "drafts." + _id})->_id)))`
const hasPublished = `defined(${publishedDoc}_id)`
/** An article was created when its first document was: the published one's date survives new drafts. */
const createdAt = `coalesce(${publishedDoc}_createdAt, _createdAt)`

const articleFilter = `_type == "article" && ${isCurrent}`

/** One row of a short list (dashboard, section manager). */
export interface AdminListItem {
  /** The published id, also for a draft-only article: the id the editor and the reader site use. */
  id: string
  title: string | null
  /** The first category's name (the spec's "category name, the first when an array"). */
  category: string | null
  publishedAt: string | null
  hasPublished: boolean
  hasDraft: boolean
}

const listItem = `{
  "id": ${publishedIdOf}, title, "category": categories[0]->title, publishedAt,
  "hasPublished": ${hasPublished}, "hasDraft": ${isDraft}
}`

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

export function statusLabel(item: Pick<AdminListItem, 'hasPublished' | 'hasDraft'>): string {
  return statusLabels[publicationStatus(item)]
}

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

// ---------------------------------------------------------------------------------------------
// Dashboard

/** How many articles each dashboard section lists; the spec fixes Latest Updates at 5. */
export const dashboardLimits = { lead: 5, featured: 10, latest: 5 } as const

const newestFirst = `order(coalesce(publishedAt, _createdAt) desc, _id asc)`

export const dashboardQuery = `{
  "lead": *[${articleFilter} && isLeadStory == true] | ${newestFirst}[0...${dashboardLimits.lead}]${listItem},
  "featured": *[${articleFilter} && isFeatured == true] | ${newestFirst}[0...${dashboardLimits.featured}]${listItem},
  "latest": *[${articleFilter} && isLatestUpdate == true] | ${newestFirst}[0...${dashboardLimits.latest}]${listItem}
}`

export interface DashboardData {
  lead: AdminListItem[]
  featured: AdminListItem[]
  latest: AdminListItem[]
}

// ---------------------------------------------------------------------------------------------
// Section manager

/** The most a section manager lists at once, newest first. */
export const sectionLimit = 100

/** Trending follows the homepage's rule: more than 100 reads, most read first. */
const trendingMinimumReads = 100

const sectionSets: Record<SectionType, { filter: string; order: string }> = {
  lead: { filter: `${articleFilter} && isLeadStory == true`, order: newestFirst },
  featured: { filter: `${articleFilter} && isFeatured == true`, order: newestFirst },
  latest: { filter: `${articleFilter} && isLatestUpdate == true`, order: newestFirst },
  trending: { filter: `${articleFilter} && readCount > ${trendingMinimumReads}`, order: `order(readCount desc, coalesce(publishedAt, _createdAt) desc, _id asc)` },
  videos: { filter: `${articleFilter} && mediaType == "video"`, order: newestFirst },
  images: { filter: `_type == "imageGallery" && ${isCurrent}`, order: newestFirst },
}

/** The items of one section, at most `sectionLimit`, with how many there are in all. */
export function sectionQuery(type: SectionType): string {
  const { filter, order } = sectionSets[type]
  return `{
  "total": count(*[${filter}]),
  "items": *[${filter}] | ${order}[0...${sectionLimit}]${listItem}
}`
}

export interface SectionContent {
  total: number
  items: AdminListItem[]
}

/** Galleries have no editor here; only articles get an edit button. */
export function sectionHoldsArticles(type: SectionType): boolean {
  return type !== 'images'
}

// ---------------------------------------------------------------------------------------------
// Article list: URL state

/**
 * The title search as GROQ `match` patterns: every word must begin a word of the title, in any
 * order and case ("bridge lond" finds "London Bridge"). Wildcards typed by the editor are removed,
 * so the search means the same whatever they type.
 */
export function titleSearchTerms(q: string | undefined): string[] {
  if (!q) return []
  return q
    .split(/\s+/)
    .map((word) => word.replace(/\*/g, ''))
    .filter((word) => word !== '')
    .map((word) => `${word}*`)
}

// ---------------------------------------------------------------------------------------------
// Article list: the query

const sortOrders: Record<ArticleSort, string> = {
  newest: `order(${createdAt} desc, publishedAt desc, _id asc)`,
  oldest: `order(${createdAt} asc, publishedAt asc, _id asc)`,
  title: `order(lower(title) asc, _id asc)`,
  'title-desc': `order(lower(title) desc, _id asc)`,
  // Never-published drafts have no date: they go after everything that has one.
  published: `order(defined(publishedAt) desc, publishedAt desc, _id asc)`,
}

const statusConditions: Record<StatusFilter, string> = {
  published: hasPublished,
  edited: `${isDraft} && ${hasPublished}`,
  draft: `!${hasPublished}`,
}

export interface AdminArticleRow {
  id: string
  title: string | null
  slug: string | null
  author: string | null
  categories: string[]
  createdAt: string | null
  publishedAt: string | null
  hasPublished: boolean
  hasDraft: boolean
}

export interface FilterOption {
  id: string
  name: string
}

export interface ArticleListPage {
  /** Articles matching the filters, on every page. */
  total: number
  rows: AdminArticleRow[]
  categories: FilterOption[]
  authors: FilterOption[]
}

const row = `{
  "id": ${publishedIdOf}, title, "slug": slug.current, "author": author->name,
  "categories": categories[]->title, "createdAt": ${createdAt}, publishedAt,
  "hasPublished": ${hasPublished}, "hasDraft": ${isDraft}
}`

/** Categories and authors for the filters: published ones, bounded so a runaway dataset stays cheap. */
export const filterOptionLimit = 500

const publishedOnly = `!(_id in path("drafts.**")) && !(_id in path("versions.**"))`

const options = `
  "categories": *[_type == "category" && ${publishedOnly}] | order(lower(title) asc)[0...${filterOptionLimit}]{"id": _id, "name": coalesce(title, _id)},
  "authors": *[_type == "author" && ${publishedOnly}] | order(lower(name) asc)[0...${filterOptionLimit}]{"id": _id, "name": coalesce(name, _id)}`

/**
 * One page of the article list with its total and the filters' options, in one request. Only the
 * conditions in use are written into the query; the editor's input travels as parameters, and the
 * page is a `[$start...$end]` slice, so nothing beyond one page is ever sent.
 */
export function articleListQuery(search: ArticleListSearch): { query: string; params: Record<string, unknown> } {
  const conditions = [articleFilter]
  const params: Record<string, unknown> = {}
  const terms = titleSearchTerms(search.q)
  if (terms.length > 0) {
    conditions.push('title match $terms')
    params.terms = terms
  }
  if (search.status) conditions.push(statusConditions[search.status])
  if (search.category) {
    conditions.push('$category in categories[]._ref')
    params.category = search.category
  }
  if (search.author) {
    conditions.push('author._ref == $author')
    params.author = search.author
  }
  const { start, end } = pageWindow(search.page ?? 1, articlePageSize)
  params.start = start
  params.end = end
  const filter = conditions.join(' && ')
  const query = `{
  "total": count(*[${filter}]),
  "rows": *[${filter}] | ${sortOrders[search.sort ?? defaultArticleSort]}[$start...$end]${row},${options}
}`
  return { query, params }
}

export function articlePageCount(total: number): number {
  return pageCount(total, articlePageSize)
}

// ---------------------------------------------------------------------------------------------
// Calls

type Reader = Pick<SanityClient, 'fetch'>

const listItemOf = (raw: Partial<AdminListItem> & { id: string }): AdminListItem => ({
  id: raw.id,
  title: raw.title ?? null,
  category: raw.category ?? null,
  publishedAt: raw.publishedAt ?? null,
  hasPublished: raw.hasPublished === true,
  hasDraft: raw.hasDraft === true,
})

export async function fetchDashboard(client: Reader): Promise<DashboardData> {
  const result = await client.fetch<Record<keyof DashboardData, Array<AdminListItem> | null>>(dashboardQuery)
  return {
    lead: (result?.lead ?? []).map(listItemOf),
    featured: (result?.featured ?? []).map(listItemOf),
    latest: (result?.latest ?? []).map(listItemOf),
  }
}

export async function fetchSection(client: Reader, type: SectionType): Promise<SectionContent> {
  const result = await client.fetch<{ total: number; items: AdminListItem[] | null } | null>(sectionQuery(type))
  return { total: result?.total ?? 0, items: (result?.items ?? []).map(listItemOf) }
}

export async function fetchArticleList(client: Reader, search: ArticleListSearch): Promise<ArticleListPage> {
  const { query, params } = articleListQuery(search)
  const result = await client.fetch<ArticleListPage | null>(query, params)
  return {
    total: result?.total ?? 0,
    rows: (result?.rows ?? []).map((r) => ({
      id: r.id,
      title: r.title ?? null,
      slug: r.slug ?? null,
      author: r.author ?? null,
      categories: (r.categories ?? []).filter((c): c is string => typeof c === 'string'),
      createdAt: r.createdAt ?? null,
      publishedAt: r.publishedAt ?? null,
      hasPublished: r.hasPublished === true,
      hasDraft: r.hasDraft === true,
    })),
    categories: result?.categories ?? [],
    authors: result?.authors ?? [],
  }
}

/**
 * Deletes a document for good: the published version and its draft together, in one transaction,
 * so an article never survives as a stray draft (or vanishes from readers but not from the list).
 */
export async function deleteDocument(client: Pick<SanityClient, 'transaction'>, id: string): Promise<void> {
  const published = id.replace(/^drafts\./, '')
  await client.transaction().delete(published).delete(`drafts.${published}`).commit()
}

// ---------------------------------------------------------------------------------------------
// Refused deletes

/** The service refuses this editor's writes (docs/product-spec.md §8): what the list and section manager say. */
export const deleteDisabledMessage = 'Delete disabled - using a hosted content service as backend'
/** The dashboard's own wording for the same refusal. */
export const dashboardDeleteDisabledMessage = 'Delete functionality disabled - using a hosted content service as backend'

// Read here rather than through adminClient's statusOf, so the components that import this module
// for its labels never pull the content client into their bundle.
function isRefused(error: unknown): boolean {
  return (error as { statusCode?: unknown } | null)?.statusCode === 403
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Unknown error'
}

/** Why a delete failed, in the words the article list and section manager use. */
export function deleteFailureMessage(error: unknown): string {
  return isRefused(error) ? deleteDisabledMessage : messageOf(error)
}

/** The dashboard's failure toast. */
export function dashboardDeleteFailure(error: unknown): string {
  return isRefused(error) ? dashboardDeleteDisabledMessage : `Deletion failed: ${messageOf(error)}`
}

/** The section manager's failure toast. */
export function sectionDeleteFailure(error: unknown): string {
  return `Failed to delete: ${deleteFailureMessage(error)}`
}
