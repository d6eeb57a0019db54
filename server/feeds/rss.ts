// RSS 2.0 feeds of the newest articles: the paper's (/rss.xml), a section's or desk's
// (/{section}/rss.xml), a topic's (/topic/{slug}/rss.xml) and an author's (/author/{slug}/rss.xml), so readers can follow the paper in a
// feed reader and aggregators can pick up each story. Each feed holds a fixed number of items,
// read with one bounded query, whatever the size of the archive. A category's feed selects the
// articles its listing page shows (src/content/listings/listings.ts, categoryListingQuery): the
// server may not import the app, so the rule is stated again here and
// tests/contract/feeds.test.ts checks that both select the same articles.

import { cleanText } from '../../shared/text.ts'
import { correctionNotice, shownCorrections } from '../../shared/corrections.ts'
import { httpError } from '../errors.ts'
import { authorPath, categoryPath } from '../../shared/paths.ts'
import { articleFilter, articleUrl, newestFirst, type FeedSource } from './source.ts'
import { element, emptyElement, xmlDeclaration } from './xml.ts'

/** Items in every feed: a day or two of the paper, as feed readers poll every few minutes. */
export const feedSize = 50

/** The main image's rendition in a feed: the lead size the article page shows. */
export const feedImage = { width: 1200, height: 675 } as const

const item = `_id, _updatedAt, title, "slug": slug.current, publishedAt, excerpt, mainImage, author->{name}, categories[]->{title}, "corrections": corrections[0...50]{_key, kind, text, date}`

/** The paper's newest articles. */
export const paperFeedQuery = `*[${articleFilter}] | ${newestFirst}[0...${feedSize}]{${item}}`

/** A category (any kind) by `$slug`. */
export const categoryQuery = `*[_type == "category" && slug.current == $slug][0]{_id, title, "slug": slug.current, kind, description}`

/**
 * The newest articles whose categories name the category `$category` (its id), as its listing page
 * selects them (`^._id in categories[]._ref`): read from the index of categories' references in the
 * order of publication (docs/decisions/028-documents-read-from-sqlite.md).
 */
export const categoryArticlesQuery = `*[${articleFilter} && $category in categories[]._ref] | ${newestFirst}[0...${feedSize}]{${item}}`

/** A category's newest articles, newest first with the id as a tie-break, at most `feedSize`. */
export async function categoryArticles(source: FeedSource, categoryId: string): Promise<FeedArticle[]> {
  return source.fetch<FeedArticle[]>(categoryArticlesQuery, { category: categoryId })
}

export interface FeedArticle {
  _id: string
  /** When the article last changed: the newest of a feed's is when the feed's content last did. */
  _updatedAt?: string | null
  title: string | null
  slug: string
  publishedAt: string | null
  excerpt: string | null
  mainImage: unknown
  author: { name: string | null } | null
  categories: Array<{ title: string | null } | null> | null
  /** Its corrections and clarifications, oldest first: the item's description ends with them. */
  corrections?: unknown
}

interface Category {
  _id: string
  title: string | null
  slug: string
  kind: string | null
  description: string | null
}

export interface Channel {
  title: string
  /** The page the feed follows, absolute. */
  link: string
  /** The feed's own address, absolute. */
  self: string
  description: string
}

/** Where a feed lives, so `/{section}/rss.xml` and `/topic/{slug}/rss.xml` can send readers to the other. */
export type CategoryFeedKind = 'section' | 'topic'

export async function paperFeed(source: FeedSource): Promise<string> {
  const articles = await source.fetch<FeedArticle[]>(paperFeedQuery)
  return rssDocument(
    source,
    {
      title: 'Resonance | London Edition',
      link: `${source.origin}/`,
      self: `${source.origin}/rss.xml`,
      description: 'Resonance: news, comment and culture from London and the world.',
    },
    articles,
  )
}

/**
 * A category's feed, or a redirect (the path of its own feed) when the category is asked for at
 * the other kind's address, as its listing page redirects. An unknown slug is a 404.
 */
export async function categoryFeed(source: FeedSource, slug: string, kind: CategoryFeedKind): Promise<{ xml: string } | { redirect: string }> {
  const category = slug.length <= 200 ? await source.fetch<Category | null>(categoryQuery, { slug }) : null
  if (!category) throw httpError(404, `No section or topic "${slug.slice(0, 200)}"`)
  const path = categoryPath(category.slug, category.kind)
  if ((category.kind === 'topic' ? 'topic' : 'section') !== kind) return { redirect: `${path}/rss.xml` }
  const title = category.title || category.slug
  const articles = await categoryArticles(source, category._id)
  return {
    xml: rssDocument(
      source,
      {
        title: `${title} | Resonance`,
        link: `${source.origin}${path}`,
        self: `${source.origin}${path}/rss.xml`,
        description: category.description || `The latest ${title} stories from Resonance.`,
      },
      articles,
    ),
  }
}

/** An author by `$slug`. */
export const authorQuery = `*[_type == "author" && slug.current == $slug][0]{_id, name, "slug": slug.current, bio}`

/** The newest articles by the author `$author` (their id). */
export const authorArticlesQuery = `*[${articleFilter} && author._ref == $author] | ${newestFirst}[0...${feedSize}]{${item}}`

/** An author's feed; an unknown slug is a 404. */
export async function authorFeed(source: FeedSource, slug: string): Promise<string> {
  const author = slug.length <= 200 ? await source.fetch<{ _id: string; name: string | null; slug: string; bio: string | null } | null>(authorQuery, { slug }) : null
  if (!author) throw httpError(404, `No author "${slug.slice(0, 200)}"`)
  const name = author.name?.trim() || author.slug
  const articles = await source.fetch<FeedArticle[]>(authorArticlesQuery, { author: author._id })
  const path = authorPath(author.slug)
  return rssDocument(
    source,
    {
      title: `${name} | Resonance`,
      // The author's page lists the same articles, a page at a time.
      link: `${source.origin}${path}`,
      self: `${source.origin}${path}/rss.xml`,
      description: cleanText(author.bio) || `The latest stories by ${name} from Resonance.`,
    },
    articles,
  )
}

/** RFC 822 date-time, as RSS 2.0 asks (`Mon, 23 Nov 2026 20:40:59 GMT`), or null for a bad date. */
export function rfc822(value: string | null | undefined): string | null {
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date.toUTCString()
}

/**
 * The feed's document. It depends on its articles only, never on the clock (see rssChannel), so the
 * same articles give the same bytes (and the same ETag) however often the feed is built again.
 */
export function rssDocument(source: FeedSource, channel: Channel, articles: FeedArticle[]): string {
  return rssChannel({ channel, items: articles, item: (article) => rssItem(source, article), ttl: 5, namespaces: { media: 'http://search.yahoo.com/mrss/' } })
}

/** What the channel's dates are read from: each item's publication and its last change. */
export interface DatedItem {
  publishedAt: string | null
  _updatedAt?: string | null
}

/**
 * A feed's RSS 2.0 document around its items (newest first), for the paper's feeds and a live
 * blog's: `lastBuildDate` is the newest change among the items and `pubDate` the newest item's
 * publication, never the clock. `ttl` is how many minutes a reader may wait before asking again;
 * `namespaces` are those the items use beyond Atom's (`atom:link`) and Dublin Core's (`dc:creator`).
 */
export function rssChannel<T extends DatedItem>({ channel, items, item, ttl, namespaces = {} }: { channel: Channel; items: readonly T[]; item: (entry: T) => string; ttl: number; namespaces?: Record<string, string> }): string {
  const newest = items.map((entry) => rfc822(entry.publishedAt)).find(Boolean)
  const changed = items.map((entry) => entry._updatedAt ?? '').reduce((a, b) => (b > a ? b : a), '')
  const declared = Object.entries({ atom: 'http://www.w3.org/2005/Atom', dc: 'http://purl.org/dc/elements/1.1/', ...namespaces })
    .map(([prefix, uri]) => ` xmlns:${prefix}="${uri}"`)
    .join('')
  return `${xmlDeclaration}<rss version="2.0"${declared}>
<channel>
${element('title', channel.title)}
${element('link', channel.link)}
${element('description', channel.description)}
${emptyElement('atom:link', { href: channel.self, rel: 'self', type: 'application/rss+xml' })}
<language>en-gb</language>
${element('lastBuildDate', rfc822(changed))}
${newest ? element('pubDate', newest) : ''}
<ttl>${ttl}</ttl>
${items.map(item).join('\n')}
</channel>
</rss>
`
}

/**
 * The item's description: the standfirst as plain text, then each correction's notice as the article
 * page prints it ("This article was amended on …"), so a feed reader sees the amendment too.
 */
function description(article: FeedArticle): string {
  return [cleanText(article.excerpt), ...shownCorrections(article.corrections).map(correctionNotice)].filter((part) => part !== '').join(' ')
}

function rssItem(source: FeedSource, article: FeedArticle): string {
  const link = articleUrl(source.origin, article.slug)
  const image = source.imageUrl(article.mainImage, feedImage.width, feedImage.height)
  const categories = (article.categories ?? []).map((category) => category?.title).filter((title): title is string => Boolean(title))
  const parts = [
    // Titles are plain text, shown as typed (the page does not strip them either).
    element('title', article.title?.trim() || 'Untitled'),
    element('link', link),
    element('guid', link, { isPermaLink: 'true' }),
    element('pubDate', rfc822(article.publishedAt)),
    element('description', description(article)),
    element('dc:creator', article.author?.name),
    ...categories.map((title) => element('category', title)),
    image ? emptyElement('media:content', { url: image, medium: 'image', type: 'image/jpeg', width: feedImage.width, height: feedImage.height }) : '',
  ]
  return `<item>${parts.filter(Boolean).join('')}</item>`
}
