// An author's page (/author/{slug}): who they are (name, picture, bio) and their articles, newest
// first, a page at a time, like every other listing (src/content/listings/listings.ts). Pure, so
// the queries run through groq-js in unit tests and the wording is checked without a browser.

import { cleanText } from '../../../shared/text.ts'
import { authorPath } from '../../../shared/paths.ts'
import type { FeedLink } from '../layout/feeds.ts'
import type { ImageRef } from '../format/image.ts'
import { cardProjection } from '../homepage/query.ts'
import { slice, type ArticlePage, type PageBounds } from '../listings/listings.ts'

export interface AuthorProfile {
  _id: string
  name: string | null
  slug: string
  image: ImageRef | null
  bio: string | null
}

/** An author's page: the author and one page of their articles. */
export type AuthorListing = AuthorProfile & ArticlePage

/** The name the page goes by: an author saved without one is called by their slug, as their feed calls them. */
export function authorName(author: Pick<AuthorProfile, 'name' | 'slug'>): string {
  return author.name?.trim() || author.slug
}

/** The bio as plain text (it may hold HTML, like excerpts), or null when there is none. */
export function authorBio(author: Pick<AuthorProfile, 'bio'>): string | null {
  return cleanText(author.bio) || null
}

/** Search engines show about this many characters of a description. */
export const descriptionLength = 160

/** `text` cut at a word to at most `max` characters, with an ellipsis when anything was cut. */
export function shortenText(text: string, max = descriptionLength): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const lastSpace = cut.lastIndexOf(' ')
  // A single word longer than the limit is cut where the limit falls.
  const words = lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut
  return `${words.replace(/[\s,;:.–—-]+$/, '')}…`
}

/** The page's description: the start of the bio, or a sentence saying whose stories these are. */
export function authorDescription(author: Pick<AuthorProfile, 'name' | 'slug' | 'bio'>): string {
  const bio = authorBio(author)
  return bio ? shortenText(bio) : `The latest stories by ${authorName(author)} from Resonance.`
}

/** The author's RSS feed (served by server/feeds/rss.ts), for the page's `<link rel="alternate">`. */
export function authorFeedLink(author: Pick<AuthorProfile, 'name' | 'slug'>): FeedLink {
  return { rel: 'alternate', type: 'application/rss+xml', title: `${authorName(author)} | Resonance`, href: `${authorPath(author.slug)}/rss.xml` }
}

// ---------------------------------------------------------------------------------------------
// Queries. The page asks twice: the author by slug, then a page of the articles that name the
// author's id. With the id as a parameter every condition is one the service's query planner
// (server/groq/planner.ts) runs itself, ordering and slicing included, so a page costs the same
// however many articles the paper has. Asked in one query, the articles would be matched with
// `^._id`, which the planner leaves to groq-js to test on every article.
//
// Like the homepage's and the article page's queries they carry no `path("drafts.**")` test: the
// reader's client reads the published perspective, which holds no draft, and such a test is also
// one the planner leaves to groq-js, which would then sort the author's whole list itself.

/** The author whose slug is `$slug`. */
export const authorBySlugQuery = `*[_type == "author" && slug.current == $slug][0]{_id, name, "slug": slug.current, image, bio}`

const byAuthor = `_type == "article" && defined(slug.current) && author._ref == $author`
const newest = `order(publishedAt desc, _id asc)`
const card = cardProjection()

/** One page of the articles of the author whose id is `$author`, newest first, and how many there are. */
export function authorArticlesQuery(bounds: PageBounds): string {
  return `{
  "total": count(*[${byAuthor}]),
  "articles": *[${byAuthor}] | ${newest}${slice(bounds)}{${card}}
}`
}
