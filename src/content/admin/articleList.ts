// What the admin's article list asks the content service: one page of articles (drafts as editors
// see them) filtered, searched and sorted as the list's URL says, with the total and the filters'
// options, in one request.

import { pageCount, pageWindow } from '../listings/paging.ts'
import { type ArticleListSearch, articlePageSize, type ArticleSort, defaultArticleSort, type StatusFilter } from './addresses.ts'
import type { QueryClient } from './contentService.ts'
import { articleFilter, createdAt, hasPublished, isDraft, publishedIdOf } from '../../../shared/draftOverlay.ts'
import type { ScheduledPublish } from './schedules.ts'

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
  /** When its pending schedule publishes it (UTC, ISO-8601); the Scheduling API knows, not the query. */
  scheduledAt?: string | null
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

/** The page with each row's pending scheduled publish, from the Scheduling API's answer. */
export function withScheduledPublishes<T extends { rows: AdminArticleRow[] }>(page: T, pending: ReadonlyMap<string, ScheduledPublish>): T {
  return { ...page, rows: page.rows.map((r) => ({ ...r, scheduledAt: pending.get(r.id)?.executeAt ?? null })) }
}

export function articlePageCount(total: number): number {
  return pageCount(total, articlePageSize)
}

export async function fetchArticleList(client: QueryClient, search: ArticleListSearch): Promise<ArticleListPage> {
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
