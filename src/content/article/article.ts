// The article page's content: what the article query returns, the second ("More from") query, the
// links a category leads to, and the page's title and description. Pure apart from the `fetch`
// a caller hands to `loadArticle`, so the route stays thin and the rules are tested here.

import { authorPath, categoryPath } from '../../../shared/paths.ts'
import { checkIdentifier } from '../format/identifier.ts'
import { imageRendition, type ImageRef } from '../format/image.ts'
import { cardImage, modifiedTime, pageHead, validDate, type Head } from '../meta/cards.ts'
import { absoluteUrl } from '../meta/site.ts'
import { newsArticleLd } from '../meta/structuredData.ts'
import { articleBySlugQuery } from './query.ts'
import type { ArticleVideo } from './video.ts'
import { cleanText } from '../../../shared/text.ts'
import { shownCorrections, type Correction } from '../../../shared/corrections.ts'

export interface ArticleImage extends ImageRef {
  _type?: string
  _key?: string
  caption?: string | null
  /** Who took it: shown after the caption (credit.ts). */
  credit?: string | null
}

export interface ArticleCategory {
  _id: string
  title: string
  slug: string | null
  /** Where the category's listing lives; hosted data may lack it. */
  kind?: 'section' | 'topic' | 'desk' | null
}

export interface ArticleAuthor {
  name: string
  /** Their page is /author/{slug}; hosted data may lack it. */
  slug?: string | null
  image?: ArticleImage | null
}

/** A Portable Text node as it comes from the service: blocks, images, or types nobody knows yet. */
export interface ArticleBodyNode {
  _type: string
  _key?: string
  [field: string]: unknown
}

/** What `articleBySlugQuery` returns for one article. */
export interface ArticleData {
  _id: string
  title: string
  slug: string | null
  publishedAt: string | null
  /** When the live story last changed, if it has (shared/publication.ts). */
  updatedAt?: string | null
  excerpt?: string | null
  mainImage?: ArticleImage | null
  mediaType?: string | null
  /** A video article's uploaded file (video.ts makes its address). */
  video?: ArticleVideo | null
  /** Older video articles: an address elsewhere, linked rather than played. */
  videoUrl?: string | null
  author?: ArticleAuthor | null
  /** A reference to a deleted category dereferences to null. */
  categories?: Array<ArticleCategory | null> | null
  body?: ArticleBodyNode[] | null
  /** Its corrections and clarifications, oldest first (shared/corrections.ts); shown at its foot. */
  corrections?: Array<Partial<Correction>> | null
  /** A live blog: its updates are shown below it (src/content/liveblog/). */
  isLiveBlog?: boolean | null
  /** When a live blog's coverage ended. */
  liveBlogEndedAt?: string | null
}

/** One entry of the "More from {category}" list. */
export interface MoreFromArticle {
  _id: string
  title: string
  slug: string
  publishedAt: string | null
  mainImage?: ArticleImage | null
}

export const moreFromLimit = 4

/**
 * The newest other published articles sharing the article's first category: bounded to what the
 * list shows, with the id as a tie-break so equal timestamps keep one order.
 */
export const moreFromQuery = `*[_type == "article" && defined(slug.current) && _id != $id && $category in categories[]._ref] | order(publishedAt desc, _id asc)[0...${moreFromLimit}]{
  _id, title, "slug": slug.current, publishedAt, mainImage
}`

/** Thrown before any request when the address holds a slug that cannot be an article's. */
export class InvalidSlugError extends Error {
  /** The HTTP status of a page that fails this way: no article can have such an address. */
  readonly status = 404

  constructor(readonly slug: string) {
    super('Invalid article slug.')
    this.name = 'InvalidSlugError'
  }
}

/** The path of a category's listing: topics live under /topic/, sections and desks at the root. */
export function categoryHref(category: Pick<ArticleCategory, 'slug' | 'kind'>): string | null {
  const slug = checkIdentifier(category.slug)
  if (!slug) return null
  return categoryPath(slug, category.kind)
}

/** The article's categories that still exist, in the editor's order. */
export function presentCategories(article: Pick<ArticleData, 'categories'>): ArticleCategory[] {
  return (article.categories ?? []).filter((c): c is ArticleCategory => c !== null && typeof c === 'object' && typeof c.title === 'string' && c.title !== '')
}

/** The category the "More from" list follows: the first one the editor chose. */
export function firstCategory(article: Pick<ArticleData, 'categories'>): ArticleCategory | null {
  return presentCategories(article).find((c) => typeof c._id === 'string' && c._id !== '') ?? null
}

export function articlePath(slug: string): string {
  return `/article/${slug}`
}

const descriptionLength = 160

function shorten(text: string): string {
  if (text.length <= descriptionLength) return text
  const cut = text.slice(0, descriptionLength - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > 80 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`
}

function firstParagraph(body: ArticleData['body']): string {
  for (const node of body ?? []) {
    if (node._type !== 'block' || (node.style !== undefined && node.style !== 'normal') || node.listItem) continue
    const children = Array.isArray(node.children) ? (node.children as Array<{ text?: unknown }>) : []
    const text = children.map((child) => (typeof child.text === 'string' ? child.text : '')).join('')
    if (text.trim() !== '') return text
  }
  return ''
}

const siteDescription = 'Resonance, the London edition: news, comment and culture.'

/** The excerpt as plain text; without one, the opening paragraph, shortened for search results. */
export function articleDescription(article: Pick<ArticleData, 'excerpt' | 'body'>): string {
  const excerpt = cleanText(article.excerpt)
  if (excerpt !== '') return excerpt
  const opening = cleanText(firstParagraph(article.body))
  return opening === '' ? siteDescription : shorten(opening)
}

/** The document title and description of the article route's states that have no article. */
function statusHead(title: string, description: string): Head {
  return { meta: [{ title }, { name: 'description', content: description }] }
}

/** The article's head: its share card and NewsArticle, or a title for each state without one. */
export function articleHead(origin: string, state: { article?: ArticleData | null; status: string; error?: unknown }): Head {
  const { article } = state
  if (article) {
    const title = article.title.trim()
    const description = articleDescription(article)
    const path = articlePath(article.slug ?? '')
    const section = firstCategory(article)?.title ?? null
    const published = validDate(article.publishedAt)
    const modified = modifiedTime(article.publishedAt, article.updatedAt)
    const image = cardImage(origin, article.mainImage)
    const author = article.author?.name?.trim() ? article.author : null
    const authorSlug = checkIdentifier(author?.slug)
    const authorUrl = authorSlug ? absoluteUrl(origin, authorPath(authorSlug)) : null
    // Search engines ask for the picture in wide, 4:3 and square shapes; without one, the paper's card.
    const images = articleImageShapes.map(([w, h]) => imageRendition(article.mainImage, w, h)).filter((url) => url !== null)
    return pageHead(origin, {
      title,
      description,
      path,
      type: 'article',
      image,
      article: { publishedTime: published, modifiedTime: modified, section, authorUrl },
      structuredData: [
        newsArticleLd(origin, {
          headline: title,
          description,
          url: absoluteUrl(origin, path),
          images: images.length > 0 ? images.map((url) => absoluteUrl(origin, url)) : [image.url],
          datePublished: published,
          dateModified: modified,
          author: author ? { name: author.name.trim(), url: authorUrl } : null,
          section,
          corrections: shownCorrections(article.corrections).map((c) => ({ text: c.text.trim(), datePublished: c.date })),
        }),
      ],
    })
  }
  if (state.status === 'notFound') return statusHead('Article not found | Resonance', 'The article you asked for is not on Resonance.')
  if (state.error instanceof InvalidSlugError) return statusHead('Invalid article slug | Resonance', siteDescription)
  if (state.status === 'error') return statusHead('Error loading article | Resonance', siteDescription)
  return statusHead('Article | Resonance', siteDescription)
}

/** The shapes of an article's picture in its structured data: 16:9, 4:3 and 1:1, 1200 wide. */
const articleImageShapes = [
  [1200, 675],
  [1200, 900],
  [1200, 1200],
] as const

/** What the client's `fetch` does, so the loader runs against any Sanity-compatible client. */
export type Fetch = <R>(query: string, params: Record<string, unknown>) => Promise<R>

export interface LoadedArticle {
  article: ArticleData
  /** The first category and, once its query answers, its other recent articles; null without a category. */
  moreFrom: { category: ArticleCategory; articles: Promise<MoreFromArticle[]> } | null
}

/**
 * Checks the slug before asking anything, then fetches the article; null when there is none. The
 * "More from" query starts at once but is not awaited, so the article shows without waiting for it;
 * if it fails the list is left out (logged, as the spec does with fetch failures) rather than
 * taking the article down with it.
 */
export async function loadArticle(fetch: Fetch, rawSlug: string): Promise<LoadedArticle | null> {
  const slug = checkIdentifier(rawSlug)
  if (slug === null) throw new InvalidSlugError(rawSlug)
  const article = await fetch<ArticleData | null>(articleBySlugQuery, { slug })
  if (!article) return null
  const category = firstCategory(article)
  if (!category) return { article, moreFrom: null }
  const articles = fetch<MoreFromArticle[] | null>(moreFromQuery, { id: article._id, category: category._id }).then(
    (list) => (list ?? []).filter((a) => checkIdentifier(a.slug) !== null),
    (error: unknown) => {
      console.error('More from query error', error)
      return []
    },
  )
  return { article, moreFrom: { category, articles } }
}
