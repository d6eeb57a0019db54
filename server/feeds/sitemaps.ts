// Sitemaps for search engines (sitemaps.org protocol): /sitemap.xml is an index of one sitemap per
// month that has articles, one of the site's fixed pages, categories, photo essays and authors' pages, and a Google News sitemap of
// the last 48 hours. Splitting the archive by month keeps every file under the protocol's 50,000
// URLs and every query bounded, however many articles the paper has; a month's file changes only
// when one of its articles does, so crawlers re-read little.

import { httpError } from '../errors.ts'
import { authorPath, categoryPath, isReservedSlug } from '../../shared/paths.ts'
import type { MonthTotal } from '../store/sitemapMonths.ts'
import { articleFilter, articleUrl, type FeedSource } from './source.ts'
import { element, xmlDeclaration } from './xml.ts'

const sitemapNs = 'http://www.sitemaps.org/schemas/sitemap/0.9'
const newsNs = 'http://www.google.com/schemas/sitemap-news/0.9'

/** The protocol's limit of URLs in one sitemap. */
export const maxSitemapUrls = 50_000
/** Google News reads at most 1,000 articles from a news sitemap. */
export const maxNewsUrls = 1_000
/** Google News wants articles of the last two days only. */
export const newsWindowMs = 48 * 60 * 60 * 1000
/** Articles read per query for a month's sitemap, so no one result grows past the reader's result limit. */
const chunk = 10_000
/** Categories, photo essays and authors listed in the pages' sitemap at most: with the fixed pages, within the protocol's limit. */
const maxCategories = 5_000
const maxEssays = 20_000
const maxAuthors = 5_000
/** Authors checked for a published article per query, so each query's work stays bounded. */
const authorsPerQuery = 25

/** The site's fixed pages, as the header and footer link to them. */
export const fixedPages = ['/', '/archive', '/trending', '/videos', '/video-journal', '/photo-essays', '/about', '/contact', '/subscribe', '/corrections']


/** `2026-11` to the path of its sitemap. */
export function monthSitemapPath(month: string): string {
  return `/sitemaps/articles-${month}.xml`
}

/** The month after `2026-12` is `2027-01`. */
export function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number]
  return m === 12 ? `${String(year + 1).padStart(4, '0')}-01` : `${String(year).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}`
}

/**
 * The articles published in a month: `publishedAt` is an ISO 8601 string, so its text sorts by
 * time. The dates come first: the query planner tests conditions in order, and most articles fail
 * the first or second.
 */
function inMonth(month: string): string {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new RangeError(`Not a month: ${month}`)
  return `publishedAt >= "${month}" && publishedAt < "${nextMonth(month)}" && ${articleFilter}`
}

/**
 * The index: a sitemap of pages, the news sitemap, and one sitemap per month with articles, each
 * with when it last changed. The months are kept by the store as articles are written
 * (server/store/sitemapMonths.ts), so the index reads a row per month, never the articles.
 */
export function sitemapIndex(origin: string, months: readonly MonthTotal[]): string {
  const entries = [
    sitemapEntry(`${origin}/sitemaps/pages.xml`, null),
    sitemapEntry(`${origin}/sitemaps/news.xml`, null),
    ...[...months].sort((a, b) => (a.month < b.month ? 1 : -1)).map((month) => sitemapEntry(`${origin}${monthSitemapPath(month.month)}`, month.updated)),
  ]
  return `${xmlDeclaration}<sitemapindex xmlns="${sitemapNs}">\n${entries.join('\n')}\n</sitemapindex>\n`
}

function sitemapEntry(loc: string, lastmod: string | null): string {
  return `<sitemap>${element('loc', loc)}${element('lastmod', w3cDate(lastmod))}</sitemap>`
}

/** A W3C datetime (what `lastmod` and Google News dates take), or null for a bad date. */
export function w3cDate(value: string | null | undefined): string | null {
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date.toISOString().replace(/\.\d{3}Z$/, 'Z')
}

interface Located {
  slug: string
  updated: string | null
}

/** A month's articles from `start` to `end` (excluded), newest first. */
export function monthArticlesQuery(month: string, start: number, end: number): string {
  return `*[${inMonth(month)}] | order(publishedAt desc, _id asc)[${start}...${end}]{"slug": slug.current, "updated": _updatedAt}`
}

/** One month's articles, newest first; a month with none is a 404. */
export async function monthSitemap(source: FeedSource, month: string): Promise<string> {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw httpError(404, `No sitemap for ${month.slice(0, 20)}`)
  const urls: Located[] = []
  for (let start = 0; start < maxSitemapUrls; start += chunk) {
    const page = await source.fetch<Located[]>(monthArticlesQuery(month, start, Math.min(start + chunk, maxSitemapUrls)))
    urls.push(...page)
    if (page.length < chunk) break
  }
  if (urls.length === 0) throw httpError(404, `No articles were published in ${month}`)
  return urlset(urls.map(({ slug, updated }) => urlEntry(articleUrl(source.origin, slug), updated)))
}

/**
 * When the newest change to an article by each of `count` authors was made (`$a0`, `$a1`, ... are
 * their ids), or null for an author with no published article. One filter per author, each of
 * conditions the query planner runs itself with its own ordering, where `^._id` would have groq-js
 * test every article for every author.
 */
export function authorsLatestQuery(count: number): string {
  const entries = Array.from({ length: count }, (_, i) => `"${i}": *[${articleFilter} && author._ref == $a${i}] | order(_updatedAt desc)[0]._updatedAt`)
  return `{${entries.join(',\n')}}`
}

interface AuthorPage {
  _id: string
  slug: string
  updated: string | null
}

/**
 * The authors whose pages list at least one published article (an author with none has an empty
 * page, not worth a crawler's visit), each with when their page last changed: their own document
 * or their newest changed article, whichever is later.
 */
async function authorPages(source: FeedSource, authors: AuthorPage[]): Promise<Located[]> {
  const pages: Located[] = []
  for (let i = 0; i < authors.length; i += authorsPerQuery) {
    const batch = authors.slice(i, i + authorsPerQuery)
    const params = Object.fromEntries(batch.map((author, j) => [`a${j}`, author._id]))
    const latest = await source.fetch<Record<string, string | null>>(authorsLatestQuery(batch.length), params)
    batch.forEach((author, j) => {
      const article = latest[String(j)]
      if (!article) return
      pages.push({ slug: author.slug, updated: author.updated && author.updated > article ? author.updated : article })
    })
  }
  return pages
}

/** What the pages' sitemap lists besides the fixed pages. */
export const pagesQuery = `{
  "categories": *[_type == "category" && defined(slug.current)] | order(slug.current asc)[0...${maxCategories}]{"slug": slug.current, kind},
  "essays": *[_type == "imageGallery" && defined(slug.current)] | order(publishedAt desc, _id asc)[0...${maxEssays}]{"slug": slug.current, "updated": _updatedAt},
  "authors": *[_type == "author" && defined(slug.current)] | order(slug.current asc)[0...${maxAuthors}]{_id, "slug": slug.current, "updated": _updatedAt}
}`

/** The site's fixed pages, every category's listing, the newest photo essays and the pages of authors with articles. */
export async function pagesSitemap(source: FeedSource): Promise<string> {
  const { categories, essays, authors } = await source.fetch<{ categories: Array<{ slug: string; kind: string | null }>; essays: Located[]; authors: AuthorPage[] }>(pagesQuery)
  const writers = await authorPages(source, authors)
  // A category stored before the service refused a fixed page's slug (`about`) is not at that
  // address: the fixed page answers it. Each address is listed once.
  const listings = categories.filter((category) => category.kind === 'topic' || !isReservedSlug(category.slug))
  const seen = new Set<string>()
  const once = (entries: Array<[string, string | null]>) =>
    entries.flatMap(([loc, updated]) => {
      if (seen.has(loc)) return []
      seen.add(loc)
      return [urlEntry(loc, updated)]
    })
  return urlset(
    once([
      ...fixedPages.map((path): [string, null] => [`${source.origin}${path}`, null]),
      ...listings.map((category): [string, null] => [`${source.origin}${categoryPath(category.slug, category.kind)}`, null]),
      ...essays.map((essay): [string, string | null] => [`${source.origin}/photo-essays/${encodeURIComponent(essay.slug)}`, essay.updated]),
      ...writers.map((author): [string, string | null] => [`${source.origin}${authorPath(author.slug)}`, author.updated]),
    ]),
  )
}

function urlset(entries: string[], namespaces = ''): string {
  return `${xmlDeclaration}<urlset xmlns="${sitemapNs}"${namespaces}>\n${entries.join('\n')}\n</urlset>\n`
}

function urlEntry(loc: string, lastmod: string | null): string {
  return `<url>${element('loc', loc)}${element('lastmod', w3cDate(lastmod))}</url>`
}

/** The articles published from `$since` to `$until` (excluded), newest first, at most 1,000. */
export const newsQuery = `*[${articleFilter} && publishedAt >= $since && publishedAt < $until] | order(publishedAt desc, _id asc)[0...${maxNewsUrls}]{"slug": slug.current, title, publishedAt}`

/** Google News: the articles published in the last 48 hours, newest first, at most 1,000. */
export async function newsSitemap(source: FeedSource): Promise<string> {
  // To the minute, so the query (and its cached result) is the same for a minute of requests.
  const minute = Math.floor(source.now.getTime() / 60_000) * 60_000
  const since = new Date(minute - newsWindowMs).toISOString()
  const until = new Date(minute + 60_000).toISOString()
  const articles = await source.fetch<Array<{ slug: string; title: string | null; publishedAt: string }>>(newsQuery, { since, until })
  const entries = articles.flatMap((article) => {
    const date = w3cDate(article.publishedAt)
    if (!date) return []
    const news = `<news:news><news:publication>${element('news:name', 'Resonance')}${element('news:language', 'en')}</news:publication>${element('news:publication_date', date)}${element('news:title', article.title?.trim() || 'Untitled')}</news:news>`
    return [`<url>${element('loc', articleUrl(source.origin, article.slug))}${news}</url>`]
  })
  return urlset(entries, ` xmlns:news="${newsNs}"`)
}
