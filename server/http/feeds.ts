// The feeds and files for search engines (server/feeds): RSS, sitemaps and robots.txt, sent with
// their content types and a few minutes of public caching, since feed readers and crawlers poll.
// Each is built once per content revision and kept (server/feeds/cache.ts), with validators, so a
// poll that already holds the current document gets a 304 with no body.
// Unknown sections, topics and months are the protocol's JSON 404, like every other refusal here.

import type { IncomingMessage, ServerResponse } from 'node:http'
import { contentConfig } from '../../shared/contentConfig.ts'
import { ApiError, httpError } from '../errors.ts'
import { surrogateKeyHeader } from '../../shared/cacheKeys.ts'
import { notModified, type Built, type CachedFeed } from '../feeds/cache.ts'
import { authorFeed, categoryFeed, paperFeed, type CategoryFeedKind } from '../feeds/rss.ts'
import { liveBlogFeed } from '../feeds/liveBlogRss.ts'
import { robotsTxt } from '../feeds/robots.ts'
import { monthSitemap, newsSitemap, pagesSitemap, sitemapIndex } from '../feeds/sitemaps.ts'
import { feedSource, type FeedSource } from '../feeds/source.ts'
import { sendEncoded } from '../pages/encoding.ts'
import { publicBase } from './respond.ts'
import type { ApiDeps, Context } from './route.ts'

export const feedTypes = {
  rss: 'application/rss+xml; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  text: 'text/plain; charset=utf-8',
} as const

/** Five minutes: about how often feed readers poll, and short enough for breaking news. */
export const feedCacheControl = 'public, max-age=300'

/**
 * A feed the edge purges by key (a live blog's): readers' caches keep it a minute, the edge until
 * a purge, within ten minutes (docs/decisions/034-live-blog-purges.md).
 */
export const keyedFeedCacheControl = 'public, max-age=60, s-maxage=600'

function send(req: IncomingMessage, res: ServerResponse, feed: CachedFeed): void {
  if (feed.status === 301) {
    res.writeHead(301, { Location: feed.location!, 'Cache-Control': feedCacheControl, 'Content-Length': '0' })
    res.end()
    return
  }
  const validators = {
    ETag: feed.etag,
    'Last-Modified': feed.lastModified,
    'Cache-Control': feed.keys ? keyedFeedCacheControl : feedCacheControl,
    // As reader pages carry them (server/pages/render.ts).
    ...(feed.keys ? { [surrogateKeyHeader]: feed.keys } : {}),
  }
  if (notModified(req.headers as Record<string, string | undefined>, feed)) {
    res.writeHead(304, { ...validators, ...(feed.gzip ? { Vary: 'Accept-Encoding' } : {}) })
    res.end()
    return
  }
  sendEncoded(req, res, 200, { ...validators, 'Content-Type': feed.type, 'X-Content-Type-Options': 'nosniff' }, { plain: feed.body, gzip: feed.gzip, br: null })
}

/**
 * A route answering with the document `build` writes for the request's path, from the feed cache.
 * `byMinute`: the document depends on the clock too (the news sitemap's 48 hours).
 */
function feedRoute(deps: ApiDeps, build: (source: FeedSource, ctx: Context) => Promise<Built>, options: { byMinute?: boolean } = {}) {
  return async (ctx: Context) => {
    const origin = publicBase(ctx.req, deps.config.publicUrl)
    const feed = await deps.feeds.get(origin, ctx.url.pathname, (now) => build(feedSource(deps.queries, deps.config, origin, now), ctx), options)
    send(ctx.req, ctx.res, feed)
  }
}

const rss = (text: string): Built => ({ type: feedTypes.rss, text })
const xml = (text: string): Built => ({ type: feedTypes.xml, text })

export function paperRss(deps: ApiDeps) {
  return feedRoute(deps, async (source) => rss(await paperFeed(source)))
}

export function categoryRss(deps: ApiDeps, kind: CategoryFeedKind) {
  return feedRoute(deps, async (source, { params }) => {
    const feed = await categoryFeed(source, params.slug ?? '', kind)
    return 'redirect' in feed ? feed : rss(feed.xml)
  })
}

export function authorRss(deps: ApiDeps) {
  return feedRoute(deps, async (source, { params }) => rss(await authorFeed(source, params.slug ?? '')))
}

export function liveBlogRss(deps: ApiDeps) {
  return feedRoute(deps, async (source, { params }) => {
    const feed = await liveBlogFeed(source, params.slug ?? '')
    return { ...rss(feed.xml), keys: feed.keys }
  })
}

/** Seconds a crawler is asked to wait while the months are counted after an upgrade. */
export const monthsRetryAfterSeconds = 120

export function sitemapIndexXml(deps: ApiDeps) {
  return feedRoute(deps, async (source) => {
    // The dataset the pages read, named at the request, so that building the route table reads no configuration.
    const months = deps.store.sitemapMonths(contentConfig(deps.config.appContent, '').dataset)
    // Counted again after an upgrade (minutes at a million articles, once): a crawler is told to
    // come back rather than given an index that would leave out months it holds, and nothing is cached.
    if (!months) {
      const refusal = httpError(503, "The sitemap's months are being counted after an upgrade; try again shortly", { retryAfter: monthsRetryAfterSeconds })
      throw new ApiError(503, refusal.body, { 'Retry-After': String(monthsRetryAfterSeconds) })
    }
    return xml(sitemapIndex(source.origin, months))
  })
}

export function pagesSitemapXml(deps: ApiDeps) {
  return feedRoute(deps, async (source) => xml(await pagesSitemap(source)))
}

export function newsSitemapXml(deps: ApiDeps) {
  return feedRoute(deps, async (source) => xml(await newsSitemap(source)), { byMinute: true })
}

export function monthSitemapXml(deps: ApiDeps) {
  return feedRoute(deps, async (source, { params }) => xml(await monthSitemap(source, params.month ?? '')))
}

export function robots(deps: ApiDeps) {
  return feedRoute(deps, async (source) => ({ type: feedTypes.text, text: robotsTxt(source.origin) }))
}
