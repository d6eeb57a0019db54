// Feeds and search engines (issue 11): the RSS feeds, the sitemaps and robots.txt, read as a feed
// reader and a crawler read them: parsed as XML, checked against RSS 2.0 and the sitemaps.org and
// Google News rules, with absolute URLs on the public address, and never a draft.
/* eslint-disable @typescript-eslint/no-explicit-any -- parsed XML is arbitrary nested data the tests index into */

import { XMLParser, XMLValidator } from 'fast-xml-parser'
import type { SanityClient } from '@sanity/client'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { categoryListingQuery } from '../../src/content/listings/listings.ts'
import { categoryArticles, categoryQuery, feedSize } from '../../server/feeds/rss.ts'
import { w3cDate } from '../../server/feeds/sitemaps.ts'
import { feedSource } from '../../server/feeds/source.ts'
import { refillAll } from '../../server/search/versionedRefill.ts'
import { migrateSitemapMonths } from '../../server/store/sitemapMonths.ts'
import { startTestService, type TestService } from '../support/service.ts'
import { expectErrorBody, raw, solidJpeg, type RawResponse } from './helpers.ts'

const publicUrl = 'https://news.example'
const secret = 'SECRET-DRAFT-7f3a'
const hour = 60 * 60 * 1000
const day = 24 * hour
const rfc822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/
const w3c = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/
const awkwardTitle = `Fish & Chips <Now> "quoted" it's \u0001here`

let service: TestService
let anon: SanityClient
const now = Date.now()
const iso = (msAgo: number) => new Date(now - msAgo).toISOString()
const ref = (id: string) => ({ _type: 'reference', _ref: id, _key: id })

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['item', 'category', 'url', 'sitemap'].includes(name) })

function parse(res: RawResponse): any {
  expect(XMLValidator.validate(res.text), res.text.slice(0, 300)).toBe(true)
  return parser.parse(res.text)
}

async function get(path: string, init?: RequestInit): Promise<RawResponse> {
  return raw(`${service.url}${path}`, init)
}

function pathOf(url: string): string {
  expect(url.startsWith(`${publicUrl}/`), url).toBe(true)
  return url.slice(publicUrl.length)
}

beforeAll(async () => {
  service = await startTestService({ PUBLIC_URL: publicUrl })
  const admin = service.client({ token: await service.adminToken() })
  anon = service.client()
  const image = await admin.assets.upload('image', await solidJpeg(1600, 900), { filename: 'lead.jpg' })
  const tx = admin
    .transaction()
    .createOrReplace({ _id: 'uk', _type: 'category', title: 'UK', slug: { current: 'uk' }, kind: 'section' })
    .createOrReplace({ _id: 'opinion', _type: 'category', title: 'Opinion', slug: { current: 'opinion' }, kind: 'desk' })
    .createOrReplace({ _id: 'climate', _type: 'category', title: 'Climate & Energy', slug: { current: 'climate' }, kind: 'topic' })
    .createOrReplace({ _id: 'ada', _type: 'author', name: 'Ada Lovelace', slug: { current: 'ada' } })
    // Authors whose pages list nothing: one with only a draft, one with no articles at all.
    .createOrReplace({ _id: 'grace', _type: 'author', name: 'Grace Hopper', slug: { current: 'grace' } })
    .createOrReplace({ _id: 'alan', _type: 'author', name: 'Alan Turing', slug: { current: 'alan' } })
    .createOrReplace({
      _id: 'fresh',
      _type: 'article',
      title: awkwardTitle,
      slug: { current: 'fresh' },
      publishedAt: iso(hour),
      excerpt: '<p>Fares <strong>rise</strong> &amp; fall</p>',
      author: { _type: 'reference', _ref: 'ada' },
      categories: [ref('uk'), ref('climate')],
      mainImage: { _type: 'image', asset: { _type: 'reference', _ref: image._id } },
    })
    .createOrReplace({ _id: 'older', _type: 'article', title: 'Three days old', slug: { current: 'older' }, publishedAt: iso(3 * day), categories: [ref('opinion')] })
    .createOrReplace({ _id: 'last-year', _type: 'article', title: 'From last year', slug: { current: 'last-year' }, publishedAt: iso(400 * day), categories: [ref('uk')] })
    // What no reader may see: a draft over a published article, a draft-only article, a release
    // version, a private document and a draft category.
    .createOrReplace({ _id: 'drafts.fresh', _type: 'article', title: `${secret} overlay`, slug: { current: 'fresh' }, publishedAt: iso(hour), categories: [ref('uk')] })
    .createOrReplace({ _id: 'drafts.by-ada', _type: 'article', title: `${secret} by Ada`, slug: { current: 'secret-by-ada' }, publishedAt: iso(hour / 4), author: { _type: 'reference', _ref: 'ada' } })
    .createOrReplace({ _id: 'drafts.by-grace', _type: 'article', title: `${secret} by Grace`, slug: { current: 'secret-by-grace' }, publishedAt: iso(hour), author: { _type: 'reference', _ref: 'grace' } })
    .createOrReplace({ _id: 'drafts.unpublished', _type: 'article', title: `${secret} new`, slug: { current: 'secret-unpublished' }, publishedAt: iso(2 * hour), categories: [ref('uk'), ref('climate')] })
    .createOrReplace({ _id: 'versions.r1.older', _type: 'article', title: `${secret} release`, slug: { current: 'secret-release' }, publishedAt: iso(hour / 2), categories: [ref('opinion')] })
    .createOrReplace({ _id: 'private.hidden', _type: 'article', title: `${secret} private`, slug: { current: 'secret-private' }, publishedAt: iso(2 * hour), categories: [ref('uk')] })
    .createOrReplace({ _id: 'drafts.secret-section', _type: 'category', title: `${secret} section`, slug: { current: 'secret-section' }, kind: 'section' })
  // An article in more categories than the planner's first check looks at, the topic last.
  const fillers = [...Array(10).keys()].map((i) => `filler-${i}`)
  for (const id of fillers) tx.createOrReplace({ _id: id, _type: 'category', title: id, slug: { current: id }, kind: 'desk' })
  tx.createOrReplace({ _id: 'many', _type: 'article', title: 'In many categories', slug: { current: 'many' }, publishedAt: iso(3 * day + 1000), categories: [...fillers, 'climate'].map(ref) })
  tx.createOrReplace({ _id: 'essay', _type: 'imageGallery', title: 'Thames at dawn', slug: { current: 'thames-at-dawn' }, publishedAt: iso(day), images: [] })
  tx.createOrReplace({ _id: 'drafts.essay-secret', _type: 'imageGallery', title: `${secret} essay`, slug: { current: 'secret-essay' }, publishedAt: iso(day), images: [] })
  // More opinion pieces than a feed holds, all from a month ago.
  for (let i = 0; i < feedSize + 5; i++) {
    tx.createOrReplace({ _id: `bulk-${i}`, _type: 'article', title: `Opinion ${i}`, slug: { current: `opinion-${i}` }, publishedAt: iso(30 * day + i * 1000), categories: [ref('opinion')] })
  }
  await tx.commit()
})

afterAll(async () => {
  await service?.stop()
})

describe('RSS', () => {
  it('the paper feed is RSS 2.0 with the newest articles, bounded, on absolute public URLs', async () => {
    const res = await get('/rss.xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('public, max-age=300')
    const rss = parse(res).rss
    expect(rss['@version']).toBe('2.0')
    const channel = rss.channel
    expect(channel.title).toMatch(/Resonance/)
    expect(channel.link).toBe(`${publicUrl}/`)
    expect(channel.description).toBeTruthy()
    expect(channel['atom:link']['@href']).toBe(`${publicUrl}/rss.xml`)
    expect(channel.item).toHaveLength(feedSize)
    // Newest first: the fresh story, then the three-day-old one.
    expect(channel.item.slice(0, 2).map((item: any) => item.link)).toEqual([`${publicUrl}/article/fresh`, `${publicUrl}/article/older`])
    for (const item of channel.item) {
      expect(item.title).toBeTruthy()
      expect(item.link).toMatch(/^https:\/\/news\.example\/article\/[a-z0-9-]+$/)
      expect(item.guid['#text']).toBe(item.link)
      expect(item.guid['@isPermaLink']).toBe('true')
      expect(item.pubDate).toMatch(rfc822)
    }
    const dates = channel.item.map((item: any) => Date.parse(item.pubDate))
    expect(dates).toEqual([...dates].sort((a, b) => b - a))
    expect(Date.parse(channel.item[0].pubDate)).toBe(Math.floor((now - hour) / 1000) * 1000)
  })

  it('an item carries its escaped title, plain-text excerpt, author, categories and a rendition of its image', async () => {
    const res = await get('/rss.xml')
    // The title's control character, which XML 1.0 forbids, is not sent.
    expect(res.text).not.toContain('\u0001')
    const item = parse(res).rss.channel.item[0]
    // The parser decodes the entities back: the reader sees the title as typed, minus the control character.
    expect(item.title).toBe(`Fish & Chips <Now> "quoted" it's here`)
    expect(item.description).toBe('Fares rise & fall')
    expect(item['dc:creator']).toBe('Ada Lovelace')
    expect(item.category).toEqual(['UK', 'Climate & Energy'])
    const media = item['media:content']
    expect(media['@medium']).toBe('image')
    expect(media['@width']).toBe('1200')
    expect(media['@height']).toBe('675')
    const image = await fetch(`${service.url}${pathOf(media['@url'])}`)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe(media['@type'])
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0)
  })

  it('a section feed and a topic feed hold their own articles only', async () => {
    const uk = parse(await get('/uk/rss.xml')).rss.channel
    expect(uk.link).toBe(`${publicUrl}/uk`)
    expect(uk['atom:link']['@href']).toBe(`${publicUrl}/uk/rss.xml`)
    expect(uk.item.map((item: any) => item.link)).toEqual([`${publicUrl}/article/fresh`, `${publicUrl}/article/last-year`])
    const opinion = parse(await get('/opinion/rss.xml')).rss.channel
    expect(opinion.item).toHaveLength(feedSize)
    const climate = parse(await get('/topic/climate/rss.xml')).rss.channel
    expect(climate.title).toBe('Climate & Energy | Resonance')
    expect(climate.link).toBe(`${publicUrl}/topic/climate`)
    expect(climate.item.map((item: any) => item.link)).toEqual([`${publicUrl}/article/fresh`, `${publicUrl}/article/many`])
  })

  it("an author's feed holds their articles only, follows their page, and an unknown author is a 404", async () => {
    const res = await get('/author/ada/rss.xml')
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8')
    const channel = parse(res).rss.channel
    expect(channel.title).toBe('Ada Lovelace | Resonance')
    expect(channel.link).toBe(`${publicUrl}/author/ada`)
    expect(channel['atom:link']['@href']).toBe(`${publicUrl}/author/ada/rss.xml`)
    expect(channel.item.map((item: any) => item.link)).toEqual([`${publicUrl}/article/fresh`])
    expectErrorBody(await get('/author/nobody/rss.xml'), 404)
  })

  it('a category asked for at the other kind of address is sent to its own feed; an unknown one is a 404', async () => {
    const topicAsSection = await get('/climate/rss.xml', { redirect: 'manual' })
    expect(topicAsSection.status).toBe(301)
    expect(topicAsSection.headers.get('location')).toBe('/topic/climate/rss.xml')
    const sectionAsTopic = await get('/topic/uk/rss.xml', { redirect: 'manual' })
    expect(sectionAsTopic.status).toBe(301)
    expect(sectionAsTopic.headers.get('location')).toBe('/uk/rss.xml')
    expectErrorBody(await get('/nowhere/rss.xml'), 404)
    expectErrorBody(await get('/topic/nowhere/rss.xml'), 404)
    expectErrorBody(await get('/secret-section/rss.xml'), 404)
  })

  it("a category feed selects the same articles as the category's listing page", async () => {
    for (const slug of ['uk', 'opinion', 'climate']) {
      const listing = await anon.fetch<{ articles: Array<{ _id: string }> }>(categoryListingQuery({ start: 0, end: feedSize }), { slug })
      const category = await anon.fetch<{ _id: string }>(categoryQuery, { slug })
      const feed = await categoryArticles(feedSource(service.queries, { publicUrl, appContent: {} }, publicUrl), category._id)
      expect(feed.map((a) => a._id), slug).toEqual(listing.articles.map((a) => a._id))
      expect(feed.length, slug).toBeGreaterThan(0)
    }
  })
})

describe('sitemaps', () => {
  async function monthSitemaps(): Promise<string[]> {
    const index = parse(await get('/sitemap.xml')).sitemapindex
    return index.sitemap.map((entry: any) => pathOf(entry.loc)).filter((path: string) => path.startsWith('/sitemaps/articles-'))
  }

  it('the index lists the pages, the news sitemap and one sitemap per month with articles, with when each changed', async () => {
    const res = await get('/sitemap.xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('public, max-age=300')
    const index = parse(res).sitemapindex
    expect(index['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
    const paths = index.sitemap.map((entry: any) => pathOf(entry.loc))
    expect(paths).toContain('/sitemaps/pages.xml')
    expect(paths).toContain('/sitemaps/news.xml')
    const months = new Set([hour, 3 * day, 30 * day, 400 * day].map((ago) => `/sitemaps/articles-${iso(ago).slice(0, 7)}.xml`))
    expect(new Set(await monthSitemaps())).toEqual(months)
    for (const entry of index.sitemap.filter((e: any) => e.loc.includes('/articles-'))) expect(entry.lastmod).toMatch(w3c)
  })

  it('while the months are counted again after an upgrade, the index is a 503 with Retry-After, then the same index', async () => {
    const before = (await get('/sitemap.xml')).text
    // An upgrade that changes what is kept: the months' refill is begun, and held here.
    service.store.db.exec('DELETE FROM sitemap_months_version')
    const job = migrateSitemapMonths(service.store.db)!
    expect(job).not.toBeNull()
    // A write, so that no index built before is current.
    await service.client({ token: await service.adminToken() }).createOrReplace({ _id: 'refill-probe', _type: 'category', title: 'Probe', slug: { current: 'refill-probe' }, kind: 'topic' })
    const refused = await get('/sitemap.xml')
    expectErrorBody(refused, 503)
    expect(refused.headers.get('retry-after')).toBe('120')
    // Nothing kept meanwhile: once counted, the index is whole again, month for month.
    refillAll(service.store.db, job)
    const after = await get('/sitemap.xml')
    expect(after.status).toBe(200)
    expect(after.text).toBe(before)
    await service.client({ token: await service.adminToken() }).delete('refill-probe')
  })

  it('the month sitemaps together list every published article once, with lastmod, and nothing else', async () => {
    const listed: string[] = []
    for (const path of await monthSitemaps()) {
      const urlset = parse(await get(path)).urlset
      expect(urlset.url.length).toBeLessThanOrEqual(50_000)
      for (const url of urlset.url) {
        expect(url.lastmod).toMatch(w3c)
        listed.push(pathOf(url.loc))
      }
    }
    const slugs = await anon.fetch<string[]>('*[_type == "article"].slug.current')
    expect(listed.sort()).toEqual(slugs.map((slug) => `/article/${slug}`).sort())
    expectErrorBody(await get('/sitemaps/articles-1999-01.xml'), 404)
    expectErrorBody(await get('/sitemaps/articles-2026-13.xml'), 404)
  })

  it('the pages sitemap lists the fixed pages, every category at its address and the photo essays', async () => {
    const paths = parse(await get('/sitemaps/pages.xml')).urlset.url.map((url: any) => pathOf(url.loc))
    expect(paths).toEqual(expect.arrayContaining(['/', '/archive', '/about', '/uk', '/opinion', '/topic/climate', '/photo-essays/thames-at-dawn']))
    expect(paths).not.toContain('/climate')
  })

  it("the pages sitemap lists the pages of authors with a published article, changed when their newest article was", async () => {
    const urls = parse(await get('/sitemaps/pages.xml')).urlset.url.filter((url: any) => pathOf(url.loc).startsWith('/author/'))
    // Grace has only a draft and Alan nothing: their pages list no article.
    expect(urls.map((url: any) => pathOf(url.loc))).toEqual(['/author/ada'])
    const fresh = await anon.fetch<{ _updatedAt: string }>('*[_id == "fresh"][0]{_updatedAt}')
    expect(urls[0].lastmod).toBe(w3cDate(fresh._updatedAt))
  })

  it('checks authors for articles in bounded batches, each query one the planner runs itself', async () => {
    const many = service.client({ token: await service.adminToken() }).transaction()
    // More authors than one query checks, the one with an article last in slug order.
    for (let i = 0; i < 30; i++) many.createOrReplace({ _id: `writer-${i}`, _type: 'author', name: `Writer ${i}`, slug: { current: `writer-${String(i).padStart(2, '0')}` } })
    many.createOrReplace({ _id: 'by-writer-29', _type: 'article', title: 'By the last writer', slug: { current: 'by-writer-29' }, publishedAt: iso(40 * day), author: { _type: 'reference', _ref: 'writer-29' } })
    await many.commit()
    try {
      const paths = parse(await get('/sitemaps/pages.xml')).urlset.url.map((url: any) => pathOf(url.loc)).filter((path: string) => path.startsWith('/author/'))
      expect(paths).toEqual(['/author/ada', '/author/writer-29'])
    } finally {
      const tidy = service.client({ token: await service.adminToken() }).transaction().delete('by-writer-29')
      for (let i = 0; i < 30; i++) tidy.delete(`writer-${i}`)
      await tidy.commit()
    }
  })

  it('the news sitemap holds the last 48 hours only, in Google News form', async () => {
    const res = await get('/sitemaps/news.xml')
    const urlset = parse(res).urlset
    expect(urlset['@xmlns:news']).toBe('http://www.google.com/schemas/sitemap-news/0.9')
    expect(urlset.url.map((url: any) => url.loc)).toEqual([`${publicUrl}/article/fresh`])
    const news = urlset.url[0]['news:news']
    expect(news['news:publication']).toEqual({ 'news:name': 'Resonance', 'news:language': 'en' })
    expect(news['news:publication_date']).toMatch(w3c)
    expect(Date.parse(news['news:publication_date'])).toBe(Math.floor((now - hour) / 1000) * 1000)
    expect(news['news:title']).toBe(`Fish & Chips <Now> "quoted" it's here`)
  })
})

describe('robots.txt', () => {
  it('keeps crawlers out of the admin and names the sitemap with an absolute URL', async () => {
    const res = await get('/robots.txt')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    const lines = res.text.split('\n')
    expect(lines).toContain('User-agent: *')
    expect(lines).toContain('Disallow: /admin')
    expect(lines).toContain(`Sitemap: ${publicUrl}/sitemap.xml`)
  })
})

describe('every feed', () => {
  const paths = ['/rss.xml', '/uk/rss.xml', '/opinion/rss.xml', '/topic/climate/rss.xml', '/author/ada/rss.xml', '/sitemap.xml', '/sitemaps/pages.xml', '/sitemaps/news.xml', '/robots.txt']

  it('answers HEAD with the headers of GET and no body', async () => {
    for (const path of paths) {
      // Uncompressed, so the length HEAD announces is the text's.
      const identity = { 'accept-encoding': 'identity' }
      const [head, full] = [await get(path, { method: 'HEAD', headers: identity }), await get(path, { headers: identity })]
      expect(head.status, path).toBe(200)
      expect(head.text, path).toBe('')
      expect(head.headers.get('content-type'), path).toBe(full.headers.get('content-type'))
      expect(head.headers.get('content-length'), path).toBe(String(Buffer.byteLength(full.text)))
    }
  })

  it('never shows a draft, an unpublished change or a private document', async () => {
    const all = [...paths, ...(await (async () => parse(await get('/sitemap.xml')).sitemapindex.sitemap.map((e: any) => pathOf(e.loc)))())]
    for (const path of new Set(all)) {
      const res = await get(path)
      expect(res.status, path).toBe(200)
      expect(res.text, path).not.toContain(secret)
      expect(res.text, path).not.toContain('secret-')
    }
  })
})

describe('built once per revision', () => {
  async function editor(): Promise<SanityClient> {
    return service.client({ token: await service.adminToken() })
  }

  it('answers a second request for a feed from the built document, without a query', async () => {
    // A write first, so every feed is out of date.
    await (await editor()).createOrReplace({ _id: 'feed-cache-tick', _type: 'benchTick', tick: 1 })
    for (const path of ['/rss.xml', '/uk/rss.xml', '/topic/climate/rss.xml', '/author/ada/rss.xml', '/sitemap.xml', '/sitemaps/pages.xml', '/sitemaps/news.xml', '/robots.txt']) {
      const first = await get(path)
      const [builds, hits] = [service.feeds.builds, service.feeds.hits]
      const queried = vi.spyOn(service.queries, 'query')
      try {
        const again = await get(path)
        expect(again.status, path).toBe(200)
        expect(again.text, path).toBe(first.text)
        expect(queried, path).not.toHaveBeenCalled()
      } finally {
        queried.mockRestore()
      }
      expect(service.feeds.builds, path).toBe(builds)
      expect(service.feeds.hits, path).toBe(hits + 1)
    }
  })

  it('shows a publish at once, and an unpublish', async () => {
    const client = await editor()
    await Promise.all(['/rss.xml', '/uk/rss.xml', '/sitemaps/news.xml', '/sitemap.xml'].map((path) => get(path)))
    const month = `/sitemaps/articles-${iso(0).slice(0, 7)}.xml`
    await get(month)
    await client.createOrReplace({ _id: 'just-in', _type: 'article', title: 'Just in', slug: { current: 'just-in' }, publishedAt: iso(1000), categories: [ref('uk')] })
    try {
      const link = `${publicUrl}/article/just-in`
      expect(parse(await get('/rss.xml')).rss.channel.item[0].link).toBe(link)
      expect(parse(await get('/uk/rss.xml')).rss.channel.item[0].link).toBe(link)
      expect(parse(await get('/sitemaps/news.xml')).urlset.url[0].loc).toBe(link)
      expect(parse(await get(month)).urlset.url.map((url: any) => url.loc)).toContain(link)
    } finally {
      await client.delete('just-in')
    }
    expect((await get('/rss.xml')).text).not.toContain('just-in')
    expect((await get('/sitemaps/news.xml')).text).not.toContain('just-in')
    expect((await get(month)).text).not.toContain('just-in')
  })

  it("the index dates a month by a correction at once, and drops a month whose only article is unpublished", async () => {
    const client = await editor()
    const month = `${publicUrl}/sitemaps/articles-${iso(400 * day).slice(0, 7)}.xml`
    const lastmod = async () => parse(await get('/sitemap.xml')).sitemapindex.sitemap.find((entry: any) => entry.loc === month)?.lastmod
    expect(await lastmod()).toMatch(w3c)
    await client.patch('last-year').set({ title: 'From last year, corrected' }).commit()
    const corrected = await anon.fetch<{ _updatedAt: string }>('*[_id == "last-year"][0]{_updatedAt}')
    expect(await lastmod()).toBe(w3cDate(corrected._updatedAt))
    const kept = await anon.fetch<Record<string, unknown>>('*[_id == "last-year"][0]')
    await client.delete('last-year')
    try {
      expect(await lastmod()).toBeUndefined()
    } finally {
      const { _rev: _r, _updatedAt: _u, _createdAt: _c, ...doc } = kept as Record<string, unknown> & { _id: string; _type: string }
      await client.createOrReplace({ ...doc, title: 'From last year' } as { _id: string; _type: string })
    }
    expect(await lastmod()).toMatch(w3c)
  })

  it('answers a conditional request for the document it holds with 304, and a changed one with 200', async () => {
    for (const path of ['/rss.xml', '/sitemap.xml', '/sitemaps/news.xml']) {
      const full = await get(path)
      const etag = full.headers.get('etag')!
      const lastModified = full.headers.get('last-modified')!
      expect(etag, path).toMatch(/^W\/".+"$/)
      expect(Date.parse(lastModified), path).not.toBeNaN()
      const byTag = await get(path, { headers: { 'if-none-match': etag } })
      expect(byTag.status, path).toBe(304)
      expect(byTag.text, path).toBe('')
      expect(byTag.headers.get('etag'), path).toBe(etag)
      expect(byTag.headers.get('cache-control'), path).toBe('public, max-age=300')
      expect((await get(path, { headers: { 'if-modified-since': lastModified } })).status, path).toBe(304)
      expect((await get(path, { headers: { 'if-none-match': 'W/"something-else"' } })).status, path).toBe(200)
    }
    const client = await editor()
    const before = await get('/rss.xml')
    // A draft saved changes the dataset but not what readers see: the feed's bytes stay the same.
    await client.createOrReplace({ _id: 'drafts.older', _type: 'article', title: `${secret} saved draft`, slug: { current: 'older' }, publishedAt: iso(3 * day), categories: [ref('opinion')] })
    try {
      const unchanged = await get('/rss.xml', { headers: { 'if-none-match': before.headers.get('etag')! } })
      expect(unchanged.status).toBe(304)
      // Publishing a change does change it.
      await client.patch('older').set({ title: 'Three days old, corrected' }).commit()
      const changed = await get('/rss.xml', { headers: { 'if-none-match': before.headers.get('etag')! } })
      expect(changed.status).toBe(200)
      expect(changed.text).toContain('Three days old, corrected')
      expect(changed.text).not.toContain(secret)
      expect(changed.headers.get('etag')).not.toBe(before.headers.get('etag'))
    } finally {
      await client.delete('drafts.older')
      await client.patch('older').set({ title: 'Three days old' }).commit()
    }
  })

  it('never shows a draft saved after the feed was built', async () => {
    const client = await editor()
    const paths = ['/rss.xml', '/uk/rss.xml', '/author/ada/rss.xml', '/sitemap.xml', '/sitemaps/pages.xml', '/sitemaps/news.xml']
    for (const path of paths) await get(path)
    await client.createOrReplace({ _id: 'drafts.late', _type: 'article', title: `${secret} late`, slug: { current: 'secret-late' }, publishedAt: iso(1000), author: { _type: 'reference', _ref: 'ada' }, categories: [ref('uk')] })
    await client.createOrReplace({ _id: 'drafts.fresh', _type: 'article', title: `${secret} late overlay`, slug: { current: 'fresh' }, publishedAt: iso(hour), categories: [ref('uk')] })
    for (const path of paths) {
      const res = await get(path)
      expect(res.status, path).toBe(200)
      expect(res.text, path).not.toContain(secret)
      expect(res.text, path).not.toContain('secret-')
    }
  })

  it('keeps nothing for unknown sections, authors and months', async () => {
    const size = service.feeds.size
    for (let i = 0; i < 50; i++) {
      expectErrorBody(await get(`/no-section-${i}/rss.xml`), 404)
      expectErrorBody(await get(`/author/no-one-${i}/rss.xml`), 404)
    }
    expectErrorBody(await get('/sitemaps/articles-1999-01.xml'), 404)
    expect(service.feeds.size).toBe(size)
  })
})
