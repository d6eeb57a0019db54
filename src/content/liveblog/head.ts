// A live blog page's head: the article's share card at this page's own address, and for search
// engines a LiveBlogPosting (Google's shape: coverageStartTime, coverageEndTime once ended, and a
// liveBlogUpdate per update shown, each with its own headline, time and address).

import { articleHead, type ArticleData } from '../article/article.ts'
import type { FeedLink } from '../layout/feeds.ts'
import type { Head } from '../meta/cards.ts'
import { absoluteUrl } from '../meta/site.ts'
import { jsonLdScript, type JsonLdObject } from '../meta/structuredData.ts'
import { keyEventTitle, type LiveBlogPage, type LiveUpdateData } from './liveBlog.ts'
import { readableDate } from './format.ts'
import { updateAnchor, updateHref } from './pages.ts'

/** The text of an update's paragraphs, for its structured data's body and a headline it lacks. */
export function updateText(update: Pick<LiveUpdateData, 'body'>): string {
  return (update.body ?? [])
    .filter((node) => node._type === 'block' && Array.isArray(node.children))
    .map((node) => (node.children as Array<{ text?: unknown }>).map((child) => (typeof child.text === 'string' ? child.text : '')).join(''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
}

const iso = (value: string | null | undefined): string | null => (readableDate(value) ? (value as string) : null)

export function liveBlogPostingLd(origin: string, article: ArticleData, page: LiveBlogPage, base: JsonLdObject): JsonLdObject {
  const blogPath = `/article/${article.slug ?? ''}`
  const ld: JsonLdObject = { ...base, '@type': 'LiveBlogPosting', url: absoluteUrl(origin, page.path) }
  const start = iso(article.publishedAt)
  if (start) ld.coverageStartTime = start
  const end = iso(article.liveBlogEndedAt)
  if (end) ld.coverageEndTime = end
  ld.liveBlogUpdate = page.updates.flatMap((update): JsonLdObject[] => {
    const published = iso(update.publishedAt)
    if (!published) return []
    const text = updateText(update)
    const entry: JsonLdObject = {
      '@type': 'BlogPosting',
      headline: keyEventTitle({ headline: update.headline, text }),
      datePublished: published,
      url: absoluteUrl(origin, page.page === null ? `${blogPath}#${updateAnchor(update._id)}` : updateHref(blogPath, update._id)),
      articleBody: text,
    }
    const modified = iso(update.updatedAt)
    if (modified) entry.dateModified = modified
    return [entry]
  })
  return ld
}

/** The blog's own feed of its newest updates (server/feeds/liveBlogRss.ts), beside its address. */
export function liveBlogFeedLink(article: Pick<ArticleData, 'title' | 'slug'>): FeedLink {
  return { rel: 'alternate', type: 'application/rss+xml', title: `${article.title.trim() || 'Live'} | Resonance live`, href: `/article/${article.slug ?? ''}/rss.xml` }
}

/** The article's head, at this page's address, with a LiveBlogPosting instead of a NewsArticle, and the blog's feed. */
export function liveBlogHead(origin: string, article: ArticleData, page: LiveBlogPage): Head {
  const head = articleHead(origin, { article, status: 'success' })
  const url = absoluteUrl(origin, page.path)
  const base = head.scripts?.[0] ? (JSON.parse(head.scripts[0].children) as JsonLdObject) : {}
  return {
    meta: head.meta.map((meta) => ('property' in meta && meta.property === 'og:url' ? { ...meta, content: url } : meta)),
    links: [...(head.links ?? []).map((link) => (link.rel === 'canonical' ? { ...link, href: url } : link)), liveBlogFeedLink(article)],
    scripts: [jsonLdScript(liveBlogPostingLd(origin, article, page, base)), ...(head.scripts ?? []).slice(1)],
  }
}
