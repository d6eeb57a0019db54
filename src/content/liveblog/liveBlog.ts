// A live blog page's content: which page the address asks for, the queries that fetch it, and what
// the page shows (its updates newest first, the pin, the key events with links that find them, the
// older and newer pages). Pure apart from the `fetch` a caller hands to `loadLiveBlogPage`.

import type { ArticleAuthor, ArticleBodyNode, Fetch } from '../article/article.ts'
import { liveBlogPageSize, liveUpdateTitle } from '../../../shared/liveBlog.ts'
import { firstPageRange, olderNeighbour, olderPageRange, pageHolding, pageHref, pageOfRank, updateAnchor, updateHref, type LiveBlogRequest } from './pages.ts'
import { firstPageQuery, liveFirstPageQuery, olderPageQuery, rankQuery, updateQuery } from './query.ts'

/** One update as the page's queries return it. */
export interface LiveUpdateData {
  _id: string
  headline?: string | null
  publishedAt: string | null
  updatedAt?: string | null
  isKeyEvent?: boolean | null
  isPinned?: boolean | null
  body?: ArticleBodyNode[] | null
  author?: ArticleAuthor | null
}

interface KeyEventData {
  _id: string
  headline?: string | null
  publishedAt: string | null
  text?: string | null
}

interface PageData {
  total: number
  pinned: LiveUpdateData | null
  keyEvents: KeyEventData[] | null
  updates: LiveUpdateData[] | null
}

/** A key event as the page lists it: what happened, when, and a link that finds it. */
export interface KeyEvent {
  id: string
  title: string
  publishedAt: string | null
  href: string
}

export interface LiveBlogPage {
  /** Every published update of the blog. */
  total: number
  /** null: the blog's own address, with its newest updates; N: `?page=N`, counted from the oldest. */
  page: number | null
  /** This page's updates, newest first. */
  updates: LiveUpdateData[]
  pinned: LiveUpdateData | null
  keyEvents: KeyEvent[]
  /**
   * The address of the page of newer updates (on an older page, the page holding the update after
   * it, which stays the same address as blocks fill), of older ones; null where there is none.
   */
  newerHref: string | null
  olderHref: string | null
  /** This page's one address. */
  path: string
}

/** The words a key event is listed by: its headline, or the start of its text. */
export function keyEventTitle(event: Pick<KeyEventData, 'headline' | 'text'>): string {
  return liveUpdateTitle(event.headline, event.text)
}

const usable = (update: LiveUpdateData | null | undefined): update is LiveUpdateData => !!update && typeof update._id === 'string' && update._id !== ''

function page(blogPath: string, number: number | null, data: PageData, updates: LiveUpdateData[], after: LiveUpdateData | null = null): LiveBlogPage {
  const shown = new Set(updates.map((update) => update._id))
  const older = olderNeighbour(number, data.total)
  return {
    total: data.total,
    page: number,
    updates,
    pinned: usable(data.pinned) ? data.pinned : null,
    keyEvents: (data.keyEvents ?? [])
      .filter((event) => typeof event?._id === 'string' && event._id !== '')
      .map((event) => ({
        id: event._id,
        title: keyEventTitle(event),
        publishedAt: event.publishedAt,
        // On this page, the update itself; elsewhere, the address that finds whichever page holds it.
        href: shown.has(event._id) ? `#${updateAnchor(event._id)}` : updateHref(blogPath, event._id),
      })),
    newerHref: after ? pageHolding(blogPath, after._id) : null,
    olderHref: older === undefined ? null : pageHref(blogPath, older),
    path: pageHref(blogPath, number),
  }
}

/**
 * The page of the blog with id `blog` at `blogPath` that `request` asks for, or null when there is
 * no such page (a block not full, an update that is not this blog's): the not-found page.
 */
export async function loadLiveBlogPage(fetch: Fetch, blog: string, blogPath: string, request: LiveBlogRequest): Promise<LiveBlogPage | null> {
  if (request.kind === 'invalid') return null
  let number: number | null = null
  if (request.kind === 'page') number = request.page
  if (request.kind === 'update') {
    const found = await fetch<{ publishedAt?: unknown } | null>(updateQuery, { blog, id: request.id })
    if (!found || typeof found.publishedAt !== 'string') return null
    const [rank, data] = await Promise.all([fetch<number>(rankQuery, { blog, at: found.publishedAt, id: request.id }), fetch<PageData>(firstPageQuery, { blog })])
    number = pageOfRank(rank, data.total)
    if (number === null) return firstPage(blogPath, data)
  }
  if (number === null) return firstPage(blogPath, await fetch<PageData>(firstPageQuery, { blog }))
  // The range needs the total, which the query returns: asked for with the largest range this page
  // can have and checked against the total it comes with. One more update is read: the one after
  // the block, which "Newer updates" leads to.
  const data = await fetch<PageData>(olderPageQuery({ start: (number - 1) * liveBlogPageSize, end: number * liveBlogPageSize + 1 }), { blog })
  const range = olderPageRange(number, data.total)
  if (!range) return null
  const read = (data.updates ?? []).filter(usable)
  return page(blogPath, number, data, read.slice(0, range.end - range.start).reverse(), read[range.end - range.start] ?? null)
}

function firstPage(blogPath: string, data: PageData): LiveBlogPage {
  const range = firstPageRange(data.total)
  return page(blogPath, null, data, (data.updates ?? []).filter(usable).slice(0, range.end - range.start))
}

/** The first page as an open page refreshes it, and when the blog ended (null while it is live). */
export interface LiveFirstPage {
  page: LiveBlogPage
  endedAt: string | null
}

/** The blog's first page now, for an open page that is live (src/machines/liveBlogMachine.ts). */
export async function loadLiveFirstPage(fetch: Fetch, blog: string, blogPath: string): Promise<LiveFirstPage> {
  const data = await fetch<PageData & { endedAt?: unknown }>(liveFirstPageQuery, { blog })
  return { page: firstPage(blogPath, data), endedAt: typeof data.endedAt === 'string' && data.endedAt !== '' ? data.endedAt : null }
}
