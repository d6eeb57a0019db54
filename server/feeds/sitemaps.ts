// Sitemaps for search engines (sitemaps.org protocol): /sitemap.xml is an index of one sitemap per
// month that has articles, one of the site's fixed pages, categories, photo essays and authors' pages, and a Google News sitemap of
// the last 48 hours. Splitting the archive by month keeps every file under the protocol's 50,000
// URLs and every query bounded, however many articles the paper has; a month's file changes only
// when one of its articles does, so crawlers re-read little.

import { createHash } from 'node:crypto'
import { httpError } from '../errors.ts'
import { authorPath, categoryPath, isReservedSlug } from '../../shared/paths.ts'
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
/** Months listed in the index at most (a century): an absurd oldest date cannot make it unbounded. */
export const maxMonths = 1_200
/** Articles read per query for a month's sitemap, so no one result grows past the reader's result limit. */
const chunk = 10_000
/** Months checked per query in the index, so the query text stays small. */
const monthsPerQuery = 6
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

/** Every month from `from` to `to`, both included, newest first, at most `limit`. */
export function monthsBetween(from: string, to: string, limit = maxMonths): string[] {
  const months: string[] = []
  for (let month = from; month <= to; month = nextMonth(month)) months.push(month)
  return months.reverse().slice(0, limit)
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

const monthOf = (value: unknown): string | null => (typeof value === 'string' && /^\d{4}-(0[1-9]|1[0-2])/.test(value) ? value.slice(0, 7) : null)

/** Articles with a date: those the month sitemaps list. */
const dated = `defined(publishedAt) && ${articleFilter}`

/**
 * How many dated articles there are, when the newest change to one was made and the first and last
 * dates: every part names the same filter, which the query planner runs once for the whole query.
 */
export const overviewQuery = `{
  "count": count(*[${dated}]),
  "latest": *[${dated}] | order(_updatedAt desc)[0]._updatedAt,
  "oldest": *[${dated}] | order(publishedAt asc)[0].publishedAt,
  "newest": *[${dated}] | order(publishedAt desc)[0].publishedAt
}`

/** Changed articles looked at before the index counts every month again (an import of more at once). */
const maxChanged = 10_000

/**
 * The dates of the articles changed (or published) after `$since`, or at or after it when a change
 * may since have been made in that same second: the months they are in have changed. Read from the
 * index of `_updatedAt` in order, so an import whose thousands of articles share one `_updatedAt`
 * is not read again at the next build.
 */
export function changedSinceQuery(sameSecond: boolean): string {
  return `*[${dated} && _updatedAt ${sameSecond ? '>=' : '>'} $since] | order(_updatedAt asc, _id asc)[0...${maxChanged}].publishedAt`
}

/**
 * How long after its newest change a summary must have been read for no later write to share that
 * change's second. The store stamps `_updatedAt` to the second when a transaction begins, so a write
 * not yet committed when the summary was read carries a later second unless it began within this.
 */
const settledMs = 60_000

/** Each month's newest change and number of articles, `count` months to a query: both read from the index of dates. */
export function monthsQuery(months: string[]): string {
  return `{${months.map((month) => `"${month}": {"updated": *[${inMonth(month)}] | order(_updatedAt desc)[0]._updatedAt, "count": count(*[${inMonth(month)}])}`).join(',\n')}}`
}

interface MonthSummary {
  updated: string
  count: number
}

interface Summary {
  /** Dated articles in all (a date no month holds counts here only). */
  count: number
  /** The newest `_updatedAt` among them when the summary was read. */
  latest: string
  /** Whether a later write may share `latest`'s second: the summary was read too soon after it. */
  unsettled: boolean
  /** Months with articles. */
  months: Map<string, MonthSummary>
}

/**
 * Where a MonthIndex keeps its summary across starts (server/http/feeds.ts: a file in DATA_DIR), so
 * the first build after a start checks what changed since, as every later build does, instead of
 * counting every month (seconds for a large archive, which a crawler would wait).
 */
export interface SummaryKeeper {
  /** The text last saved, or null when there is none. */
  load(): string | null
  save(text: string): void
}

/**
 * The saved summary's format and the queries it was counted by: a summary saved by a release that
 * counts otherwise (another filter of articles, say) is not used.
 */
const summaryVersion = createHash('sha256').update(JSON.stringify([1, overviewQuery, monthsQuery(['2000-01']), changedSinceQuery(false)])).digest('hex').slice(0, 16)

/** A summary as text, for a SummaryKeeper. */
function savedSummary(summary: Summary): string {
  return JSON.stringify({ version: summaryVersion, count: summary.count, latest: summary.latest, unsettled: summary.unsettled, months: [...summary.months] })
}

/** A saved summary, or null for one of another version or shape (then every month is counted). */
function restoredSummary(text: string | null): Summary | null {
  if (text === null) return null
  try {
    const saved = JSON.parse(text) as Record<string, unknown>
    if (saved.version !== summaryVersion || typeof saved.count !== 'number' || typeof saved.latest !== 'string' || typeof saved.unsettled !== 'boolean' || !Array.isArray(saved.months)) return null
    const months = new Map<string, MonthSummary>()
    for (const entry of saved.months as unknown[]) {
      if (!Array.isArray(entry) || entry.length !== 2) return null
      const [month, value] = entry as [unknown, { updated?: unknown; count?: unknown } | null]
      if (typeof month !== 'string' || monthOf(month) !== month || typeof value?.updated !== 'string' || typeof value.count !== 'number' || !(value.count > 0)) return null
      months.set(month, { updated: value.updated, count: value.count })
    }
    return { count: saved.count, latest: saved.latest, unsettled: saved.unsettled, months }
  } catch {
    return null
  }
}

/**
 * The months with articles and when each last changed, kept between builds of the index. Counting
 * every month takes a pass over all articles per month (seconds for ten years of a daily paper), but
 * between two builds few months change: every write stamps a document's `_updatedAt` with its time,
 * so the articles changed since the last summary are found in one pass, and only their months are
 * counted again. An article unpublished (or moved to another month) leaves no such trace: then the
 * total no longer adds up, and every month is counted again. With a keeper, the summary outlives a
 * start: it is checked against the archive exactly as a summary kept in memory is (a write made
 * while the service was stopped, or a copy of an older archive put in place, is found the same way:
 * a newer `_updatedAt`, an older newest change, or totals that do not add up).
 */
export class MonthIndex {
  private summary: Summary | null = null
  private restored = false
  private saved: string | null = null
  /** Months counted, for tests and the benchmark: how much work the last builds did. */
  monthsCounted = 0

  /** `clock`: the clock the store stamps `_updatedAt` by; `keeper`: where the summary outlives a start. */
  constructor(
    private readonly clock: () => Date = () => new Date(),
    private readonly keeper: SummaryKeeper | null = null,
  ) {}

  async months(source: FeedSource): Promise<Map<string, MonthSummary>> {
    if (!this.restored && this.keeper) {
      this.saved = this.keeper.load()
      this.summary = restoredSummary(this.saved)
    }
    this.restored = true
    const months = await this.build(source)
    const text = savedSummary(this.summary!)
    if (this.keeper && text !== this.saved) {
      this.keeper.save(text)
      this.saved = text
    }
    return months
  }

  private async build(source: FeedSource): Promise<Map<string, MonthSummary>> {
    const readAt = this.clock().getTime()
    const overview = await source.fetch<{ count: number; latest: unknown; oldest: unknown; newest: unknown }>(overviewQuery)
    const oldest = monthOf(overview.oldest)
    const newest = monthOf(overview.newest)
    const latest = typeof overview.latest === 'string' ? overview.latest : ''
    const unsettled = !(Date.parse(latest) < readAt - settledMs)
    if (!oldest || !newest || overview.count === 0) {
      this.summary = { count: 0, latest, unsettled, months: new Map() }
      return this.summary.months
    }
    const all = new Set(monthsBetween(oldest, newest))
    const kept = this.summary
    let months: Map<string, MonthSummary> | null = null
    if (kept && kept.latest <= latest) {
      // At or after only when the summary was read within its newest change's second (give or take a
      // slow transaction): `_updatedAt` is to the second, and a later change in it may not be counted.
      const changed = await source.fetch<unknown[]>(changedSinceQuery(kept.unsettled), { since: kept.latest })
      const touched = new Set(changed.map(monthOf).filter((month): month is string => month !== null && all.has(month)))
      if (changed.length < maxChanged) {
        const counted = await this.count(source, [...touched])
        const next = new Map([...kept.months].filter(([month]) => !touched.has(month) && all.has(month)))
        for (const [month, summary] of counted) next.set(month, summary)
        // The months not counted again must hold what they held: then the totals differ by what the counted ones gained.
        const sum = (of: Map<string, MonthSummary>) => [...of.values()].reduce((total, month) => total + month.count, 0)
        if (overview.count - kept.count === sum(next) - sum(kept.months)) months = next
      }
    }
    months ??= await this.count(source, [...all])
    this.summary = { count: overview.count, latest, unsettled, months }
    return months
  }

  private async count(source: FeedSource, months: string[]): Promise<Map<string, MonthSummary>> {
    const counted = new Map<string, MonthSummary>()
    for (let i = 0; i < months.length; i += monthsPerQuery) {
      const batch = months.slice(i, i + monthsPerQuery)
      const found = await source.fetch<Record<string, { updated: string | null; count: number }>>(monthsQuery(batch))
      this.monthsCounted += batch.length
      for (const month of batch) {
        const summary = found[month]
        if (summary && summary.count > 0 && summary.updated) counted.set(month, { updated: summary.updated, count: summary.count })
      }
    }
    return counted
  }
}

/** The index: a sitemap of pages, the news sitemap, and one sitemap per month with articles, each with when it last changed. */
export async function sitemapIndex(source: FeedSource, index = new MonthIndex()): Promise<string> {
  const months = await index.months(source)
  const entries = [
    sitemapEntry(`${source.origin}/sitemaps/pages.xml`, null),
    sitemapEntry(`${source.origin}/sitemaps/news.xml`, null),
    ...[...months.keys()]
      .sort()
      .reverse()
      .map((month) => sitemapEntry(`${source.origin}${monthSitemapPath(month)}`, months.get(month)!.updated)),
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
