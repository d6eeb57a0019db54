// The listing pages linked from the header and footer (sections, desks, topics, videos, photo
// essays, trending, archive): their GROQ queries and the pagination bar (paging.ts pages them, head.ts
// writes their heads). Pure, so the queries can be
// run through groq-js in unit tests and the maths checked without a browser.
import { categoryLabel } from '../article/byline.ts'
import { londonDay, monthLabel } from '../format/dates.ts'
import { cardProjection, isTrending, mostReadFirst } from '../homepage/query.ts'
import type { CardArticle, CardImage } from '../homepage/rules.ts'
import { pageSizes } from './paging.ts'

export type ListingArticle = CardArticle

export type PageLink = number | 'gap'

/**
 * The page numbers a pagination bar shows: all of them when there are few, otherwise the first,
 * the last and the current page with its neighbours, with gaps between. A gap never hides a single
 * page (that page is shown instead), so the bar's width stays steady as the reader moves along.
 */
export function pageLinks(current: number, count: number): PageLink[] {
  if (count <= 7) return Array.from({ length: count }, (_, i) => i + 1)
  const page = Math.min(Math.max(1, current), count)
  // Near either end show five pages there, so the bar has the same number of slots everywhere.
  const from = Math.max(2, Math.min(page - 1, count - 4))
  const to = Math.min(count - 1, Math.max(page + 1, 5))
  const links: PageLink[] = [1]
  if (from > 2) links.push(from === 3 ? 2 : 'gap')
  for (let p = from; p <= to; p++) links.push(p)
  if (to < count - 1) links.push(to === count - 2 ? count - 1 : 'gap')
  links.push(count)
  return links
}

// ---------------------------------------------------------------------------------------------
// What a card shows

/** The first category's name, or News when the article has none. */
export function firstCategoryName(article: Pick<CardArticle, 'categories'>): string {
  return categoryLabel(article.categories, 'News')
}

/** A photo essay's size in words: "4 photographs", "1 photograph". */
export function photographCount(count: number): string {
  if (count <= 0) return 'No photographs yet'
  return count === 1 ? '1 photograph' : `${count} photographs`
}

export interface MonthGroup<T> {
  /** `2026-11`: stable across languages, for keys and ids. */
  key: string
  /** `November 2026`. */
  label: string
  items: T[]
}

/**
 * Consecutive articles of the same month (on London's calendar, like their dates), in the order
 * given. The archive is newest first, so each month appears once per page.
 */
export function groupByMonth<T extends { publishedAt: string | null }>(items: T[]): Array<MonthGroup<T>> {
  const groups: Array<MonthGroup<T>> = []
  for (const item of items) {
    const date = item.publishedAt ? new Date(item.publishedAt) : null
    const valid = date && !Number.isNaN(date.getTime())
    const key = valid ? londonDay(date).slice(0, 7) : 'undated'
    const label = valid ? monthLabel(date) : 'Undated'
    const last = groups[groups.length - 1]
    if (last && last.key === key) last.items.push(item)
    else groups.push({ key, label, items: [item] })
  }
  return groups
}

/** What a listing page is called, says and lives at, for its head. */
/** A message for the error screen from whatever a loader threw. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message
  if (typeof error === 'string' && error) return error
  return 'Unknown error'
}

// ---------------------------------------------------------------------------------------------
// Queries. Every list is bounded (a page's slice, or a fixed top N) and ordered with the id as a
// tie-break, so two articles published in the same second keep their places between pages.
//
// The bounds are written into the query text rather than passed as `$start`/`$end`, so each page
// is one plain query text. `slice` accepts only whole, non-negative numbers, so nothing but digits
// ever reaches the query.

export interface PageBounds {
  start: number
  end: number
}

/** A page's bounds as a GROQ slice, `[12...24]`; throws on bounds that are not whole and in order. */
export function slice({ start, end }: PageBounds): string {
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(`Invalid page bounds ${start}...${end}`)
  }
  return `[${start}...${end}]`
}

// The client reads the published perspective; excluding drafts here too keeps the queries right
// under any perspective (the unit tests run them over raw documents).
const published = `!(_id in path("drafts.**"))`
const article = `_type == "article" && defined(slug.current) && ${published}`
const newest = `order(publishedAt desc, _id asc)`

const card = cardProjection()

export interface CategoryListing {
  _id: string
  title: string
  slug: string
  kind: 'section' | 'topic' | 'desk' | null
  description: string | null
  total: number
  articles: ListingArticle[]
}

/** A category by slug (`$slug`, any kind), with one page of its articles and how many it has in all. */
export function categoryListingQuery(bounds: PageBounds): string {
  return `*[_type == "category" && slug.current == $slug && ${published}][0]{
  _id, title, "slug": slug.current, kind, description,
  "total": count(*[${article} && ^._id in categories[]._ref]),
  "articles": *[${article} && ^._id in categories[]._ref] | ${newest}${slice(bounds)}{${card}}
}`
}

export interface ArticlePage {
  total: number
  articles: ListingArticle[]
}

/** One page of the video articles. */
export function videoListingQuery(bounds: PageBounds): string {
  return `{
  "total": count(*[${article} && mediaType == "video"]),
  "articles": *[${article} && mediaType == "video"] | ${newest}${slice(bounds)}{${card}}
}`
}

/** One page of every published article, for the archive. */
export function archiveQuery(bounds: PageBounds): string {
  return `{
  "total": count(*[${article}]),
  "articles": *[${article}] | ${newest}${slice(bounds)}{${card}}
}`
}

/** The most-read articles above the trending threshold (the homepage's rule), most read first. */
export const trendingQuery = `*[${article} && ${isTrending}] | ${mostReadFirst}[0...${pageSizes.trending}]{${card}}`

export interface EssayImage extends CardImage {
  _key?: string
  caption?: string | null
  /** Who took the picture; the essay page shows it under the picture (src/content/article/credit.ts). */
  credit?: string | null
}

export interface EssaySummary {
  _id: string
  title: string
  slug: string
  publishedAt: string | null
  description: string | null
  photographer: { name: string } | null
  cover: EssayImage | null
  imageCount: number
}

export interface EssayPage {
  total: number
  essays: EssaySummary[]
}

const essay = `_type == "imageGallery" && defined(slug.current) && ${published}`

/** One page of photo essays, each with its first image and how many it holds. */
export function photoEssayListingQuery(bounds: PageBounds): string {
  return `{
  "total": count(*[${essay}]),
  "essays": *[${essay}] | ${newest}${slice(bounds)}{
    _id, title, "slug": slug.current, publishedAt, description, photographer->{name},
    "cover": images[0]{_key, asset, alt, caption, crop, hotspot},
    "imageCount": count(images)
  }
}`
}

/** The most images an essay page shows; essays are far shorter, but the page stays bounded. */
export const maxEssayImages = 200

export interface PhotoEssay {
  _id: string
  title: string
  slug: string
  publishedAt: string | null
  description: string | null
  photographer: { name: string } | null
  categories: Array<{ title: string; slug: string | null; kind?: string | null }> | null
  images: EssayImage[] | null
  imageCount: number
}

/** One photo essay by slug, with its images in order. */
export const photoEssayQuery = `*[${essay} && slug.current == $slug][0]{
  _id, title, "slug": slug.current, publishedAt, description, photographer->{name},
  categories[]->{title, "slug": slug.current, kind},
  "images": images[0...${maxEssayImages}]{_key, asset, alt, caption, credit, crop, hotspot},
  "imageCount": count(images)
}`

/** One entry of the Corrections and clarifications page: the amendment and the article it amends. */
export interface CorrectionEntry {
  _key: string
  kind: string | null
  text: string | null
  /** `YYYY-MM-DD`, the London day it was made. */
  date: string | null
  title: string | null
  slug: string | null
}

export interface CorrectionsPage {
  total: number
  corrections: CorrectionEntry[]
}

const corrected = `${article} && defined(corrections)`

/**
 * One page of every published article's corrections and clarifications, newest first (by the day
 * each was made, then by the article's last update), each with the article's title and slug.
 * Published articles only: a correction still in a draft reaches nobody.
 */
export function correctionsQuery(bounds: PageBounds): string {
  return `{
  "total": count(*[${corrected}].corrections[]),
  "corrections": *[${corrected}]{"entries": corrections[]{_key, kind, text, date, "title": ^.title, "slug": ^.slug.current, "changed": coalesce(^.updatedAt, ^.publishedAt)}}.entries[] | order(date desc, changed desc, _key asc)${slice(bounds)}{_key, kind, text, date, title, slug}
}`
}
