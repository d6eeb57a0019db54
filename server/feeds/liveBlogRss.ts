// A live blog's own RSS feed (/article/{slug}/rss.xml): its newest updates, newest first, each an
// item with its headline (or the start of its text), its time, its author and the address that finds
// it on whichever page of the blog holds it (docs/decisions/029-live-blog-pages.md). Read with two
// bounded queries, whatever the number of updates; an article that is not a live blog, or no article,
// is the protocol's JSON 404. The edge files it under the blog's newest-updates key
// (shared/cacheKeys.ts), purged whenever an update is posted, edited or deleted.

import { liveBlogNewestKey, siteKey } from '../../shared/cacheKeys.ts'
import { liveUpdateTitle, liveUpdateType } from '../../shared/liveBlog.ts'
import { cleanText } from '../../shared/text.ts'
import { httpError } from '../errors.ts'
import { feedSize, rfc822, rssChannel, type Channel } from './rss.ts'
import { articleFilter, articleUrl, type FeedSource } from './source.ts'
import { element } from './xml.ts'

/** A live blog by `$slug`: an article that is not one is not found here. */
export const liveBlogQuery = `*[${articleFilter} && slug.current == $slug && isLiveBlog == true][0]{_id, title, "slug": slug.current, excerpt, liveBlogEndedAt}`

/** The blog `$blog`'s newest updates, as its first page orders them (src/content/liveblog/query.ts). */
export const liveBlogUpdatesQuery = `*[_type == "${liveUpdateType}" && liveBlog._ref == $blog] | order(publishedAt desc, _id desc)[0...${feedSize}]{_id, _updatedAt, headline, publishedAt, updatedAt, "text": pt::text(body), author->{name}}`

interface Blog {
  _id: string
  title: string | null
  slug: string
  excerpt: string | null
  liveBlogEndedAt?: string | null
}

export interface FeedUpdate {
  _id: string
  _updatedAt?: string | null
  headline?: string | null
  publishedAt: string | null
  updatedAt?: string | null
  text?: string | null
  author?: { name?: string | null } | null
}

/** The address that finds an update on whichever page of its blog holds it, now or later. */
export function updateUrl(origin: string, slug: string, id: string): string {
  return `${articleUrl(origin, slug)}?update=${encodeURIComponent(id)}#update-${id}`
}

/** The live blog's feed and the keys a shared cache files it under; an unknown slug or an article that is not a live blog is a 404. */
export async function liveBlogFeed(source: FeedSource, slug: string): Promise<{ xml: string; keys: string[] }> {
  const blog = slug.length <= 200 ? await source.fetch<Blog | null>(liveBlogQuery, { slug }) : null
  if (!blog) throw httpError(404, `No live blog "${slug.slice(0, 200)}"`)
  const updates = await source.fetch<FeedUpdate[]>(liveBlogUpdatesQuery, { blog: blog._id })
  const title = cleanText(blog.title) || blog.slug
  const channel: Channel = {
    title: `${title} | Resonance live`,
    link: articleUrl(source.origin, blog.slug),
    self: `${articleUrl(source.origin, blog.slug)}/rss.xml`,
    description: cleanText(blog.excerpt) || `Live updates: ${title}.`,
  }
  return { xml: liveBlogRssDocument(source.origin, blog.slug, channel, updates), keys: [siteKey, liveBlogNewestKey(blog._id)] }
}

/**
 * The feed's document. Like the paper's feeds it depends on its updates only, never on the clock
 * (see rssChannel), so the same updates give the same bytes. Feed readers are asked to look again
 * every minute: coverage moves that fast.
 */
export function liveBlogRssDocument(origin: string, slug: string, channel: Channel, updates: FeedUpdate[]): string {
  return rssChannel({ channel, items: updates, item: (update) => liveBlogItem(origin, slug, update), ttl: 1 })
}

function liveBlogItem(origin: string, slug: string, update: FeedUpdate): string {
  const link = updateUrl(origin, slug, update._id)
  const text = cleanText(update.text)
  const parts = [
    element('title', liveUpdateTitle(update.headline, text) || 'Update'),
    element('link', link),
    element('guid', link, { isPermaLink: 'true' }),
    element('pubDate', rfc822(update.publishedAt)),
    element('description', text),
    element('dc:creator', update.author?.name),
  ]
  return `<item>${parts.filter(Boolean).join('')}</item>`
}
