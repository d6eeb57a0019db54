// The feeds and files for search engines (server/feeds): RSS, sitemaps and robots.txt, sent with
// their content types and a few minutes of public caching, since feed readers and crawlers poll.
// Each is built once per content revision and kept (server/feeds/cache.ts), with validators, so a
// poll that already holds the current document gets a 304 with no body.
// Unknown sections, topics and months are the protocol's JSON 404, like every other refusal here.

import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join } from 'node:path'
import { contentConfig } from '../../shared/contentConfig.ts'
import { surrogateKeyHeader } from '../../shared/cacheKeys.ts'
import { notModified, type Built, type CachedFeed } from '../feeds/cache.ts'
import { authorFeed, categoryFeed, paperFeed, type CategoryFeedKind } from '../feeds/rss.ts'
import { liveBlogFeed } from '../feeds/liveBlogRss.ts'
import { robotsTxt } from '../feeds/robots.ts'
import { MonthIndex, monthSitemap, type SummaryKeeper, newsSitemap, pagesSitemap, sitemapIndex } from '../feeds/sitemaps.ts'
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

export function sitemapIndexXml(deps: ApiDeps) {
  // The months and when each changed, kept between builds and across starts (a small file in
  // DATA_DIR): after a publish, or a start, only the months changed since are counted again.
  // Made at the first request, so that building the route table reads no configuration.
  let months: MonthIndex | null = null
  const monthIndex = () => {
    const dataset = contentConfig(deps.config.appContent, '').dataset
    return (months ??= new MonthIndex(undefined, fileKeeper(join(deps.config.dataDir, `sitemap-months-${encodeURIComponent(dataset)}.json`))))
  }
  return feedRoute(deps, async (source) => xml(await sitemapIndex(source, monthIndex())))
}

/** A file holding a MonthIndex's summary: none yet (or unreadable) is no summary; a save replaces it whole. */
function fileKeeper(path: string): SummaryKeeper {
  return {
    load() {
      try {
        return readFileSync(path, 'utf8')
      } catch {
        return null
      }
    },
    save(text) {
      // Written beside it, then renamed over it: a crash mid-write leaves the last whole summary.
      // One that cannot be saved (a full disk) costs only a count of every month at the next start.
      const temporary = `${path}.${process.pid}.tmp`
      try {
        writeFileSync(temporary, text)
        renameSync(temporary, path)
      } catch (error) {
        console.error(`The sitemap's months could not be saved to ${path}: ${(error as Error).message}`)
      }
    },
  }
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
