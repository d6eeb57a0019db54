// The feeds and files for search engines (server/feeds): RSS, sitemaps and robots.txt, sent with
// their content types and a few minutes of public caching, since feed readers and crawlers poll.
// Unknown sections, topics and months are the protocol's JSON 404, like every other refusal here.

import type { IncomingMessage, ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import { authorFeed, categoryFeed, paperFeed, type CategoryFeedKind } from '../feeds/rss.ts'
import { robotsTxt } from '../feeds/robots.ts'
import { monthSitemap, newsSitemap, pagesSitemap, sitemapIndex } from '../feeds/sitemaps.ts'
import { feedSource, type FeedSource } from '../feeds/source.ts'
import { sendBody } from '../pages/static.ts'
import { publicBase } from './respond.ts'
import type { ApiDeps, Context } from './route.ts'

const gzipAsync = promisify(gzip)

export const feedTypes = {
  rss: 'application/rss+xml; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  text: 'text/plain; charset=utf-8',
} as const

/** Five minutes: about how often feed readers poll, and short enough for breaking news. */
export const feedCacheControl = 'public, max-age=300'

async function send(req: IncomingMessage, res: ServerResponse, type: string, text: string): Promise<void> {
  const body = Buffer.from(text)
  // Compressed off the main thread: a month's sitemap may be megabytes.
  const zipped = body.length > 1024 && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) ? await gzipAsync(body) : null
  sendBody(req, res, 200, { 'Content-Type': type, 'Cache-Control': feedCacheControl, 'X-Content-Type-Options': 'nosniff' }, body, zipped)
}

function source(deps: ApiDeps, req: IncomingMessage): FeedSource {
  return feedSource(deps.queries, deps.config, publicBase(req, deps.config.publicUrl))
}

export function paperRss(deps: ApiDeps) {
  return async ({ req, res }: Context) => send(req, res, feedTypes.rss, await paperFeed(source(deps, req)))
}

export function categoryRss(deps: ApiDeps, kind: CategoryFeedKind) {
  return async ({ req, res, params }: Context) => {
    const feed = await categoryFeed(source(deps, req), params.slug ?? '', kind)
    if ('redirect' in feed) {
      res.writeHead(301, { Location: feed.redirect, 'Cache-Control': feedCacheControl, 'Content-Length': '0' })
      res.end()
      return
    }
    await send(req, res, feedTypes.rss, feed.xml)
  }
}

export function authorRss(deps: ApiDeps) {
  return async ({ req, res, params }: Context) => send(req, res, feedTypes.rss, await authorFeed(source(deps, req), params.slug ?? ''))
}

export function sitemapIndexXml(deps: ApiDeps) {
  return async ({ req, res }: Context) => send(req, res, feedTypes.xml, await sitemapIndex(source(deps, req)))
}

export function pagesSitemapXml(deps: ApiDeps) {
  return async ({ req, res }: Context) => send(req, res, feedTypes.xml, await pagesSitemap(source(deps, req)))
}

export function newsSitemapXml(deps: ApiDeps) {
  return async ({ req, res }: Context) => send(req, res, feedTypes.xml, await newsSitemap(source(deps, req)))
}

export function monthSitemapXml(deps: ApiDeps) {
  return async ({ req, res, params }: Context) => send(req, res, feedTypes.xml, await monthSitemap(source(deps, req), params.month ?? ''))
}

export function robots(deps: ApiDeps) {
  return async ({ req, res }: Context) => send(req, res, feedTypes.text, robotsTxt(publicBase(req, deps.config.publicUrl)))
}
