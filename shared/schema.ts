// The content model Resonance stores in its dataset (named `production`).
// Shared by the reader site, the admin area and the embedded service's demo data, so the three agree
// on field names. Shapes follow Sanity conventions: references are `{_type: 'reference', _ref}`,
// array members carry `_key`, images are `{_type: 'image', asset: {_ref}}`.

import type { Correction } from './corrections.ts'

export interface Reference {
  _type: 'reference'
  _ref: string
  _key?: string
}

export interface Slug {
  _type: 'slug'
  current: string
}

export interface ImageCrop {
  top: number
  bottom: number
  left: number
  right: number
}

export interface ImageHotspot {
  x: number
  y: number
  width: number
  height: number
}

export interface ImageField {
  _type: 'image'
  _key?: string
  asset: Reference
  alt?: string
  caption?: string
  /** Who took the picture, shown after the caption ("Photograph: {credit}"), as newsrooms store it. */
  credit?: string
  crop?: ImageCrop
  hotspot?: ImageHotspot
}

export interface PortableTextSpan {
  _type: 'span'
  _key: string
  text: string
  marks: string[]
}

export interface PortableTextLinkMark {
  _type: 'link'
  _key: string
  href: string
}

export interface PortableTextBlock {
  _type: 'block'
  _key: string
  style: 'normal' | 'h1' | 'h2' | 'h3' | 'blockquote'
  listItem?: 'bullet' | 'number'
  level?: number
  markDefs: PortableTextLinkMark[]
  children: PortableTextSpan[]
}

export type BodyNode = PortableTextBlock | ImageField

/** An uploaded file, as Sanity stores one: a reference to its `sanity.fileAsset`. */
export interface FileField {
  _type: 'file'
  asset: Reference
}

/** `mediaType` values. Only `video` changes how the homepage treats an article. */
export type MediaType = 'article' | 'video' | 'gallery'

export interface Article {
  _id: string
  _type: 'article'
  title: string
  slug: Slug
  /**
   * When the story first went live (shared/publication.ts): set by its first publish, a schedule
   * or an editor's own date. A draft that has never been published has none.
   */
  publishedAt: string
  /** When the live story last changed in what readers read (a correction included): its "Updated" time. */
  updatedAt?: string
  /** Its corrections and clarifications, oldest first, shown at its foot and on /corrections (shared/corrections.ts). */
  corrections?: Correction[]
  excerpt?: string
  mainImage?: ImageField
  author?: Reference
  categories?: Reference[]
  body?: BodyNode[]
  isBreakingNews?: boolean
  isLeadStory?: boolean
  isFeatured?: boolean
  isLatestUpdate?: boolean
  mediaType?: MediaType
  /** On video articles: the uploaded video file (MP4 or WebM) the article page plays. */
  video?: FileField
  /** Older video articles: an address of the video elsewhere, linked rather than played. */
  videoUrl?: string
  /** Every read counted (server/audience/); written by the read counter, never by an editor. */
  readCount?: number
  /** Reads counted in the last 24 hours, what Most read ranks; the read counter keeps it current. */
  readsLastDay?: number
  /**
   * A live blog: the story told in updates, each its own `liveUpdate` document (below), newest
   * first on the article's own address. Everything else an article has, it keeps.
   */
  isLiveBlog?: boolean
  /** When the live coverage ended; absent while it is live (shared/liveBlog.ts). */
  liveBlogEndedAt?: string
}

/**
 * One update of a live blog: its own document, so posting the 2,000th update costs what the first
 * did. A draft (`drafts.{id}`, a contributor's) is never seen by readers; a writer publishes it.
 * The service holds every write to the bounds in shared/liveBlog.ts, and at most one published
 * update of a blog pinned: a new pin unpins the others in the same transaction.
 */
export interface LiveUpdate {
  _id: string
  _type: 'liveUpdate'
  /** The live blog (an article with `isLiveBlog`), by its published id. */
  liveBlog: Reference
  /** When the update was posted: its place among the blog's updates. */
  publishedAt: string
  /** When it was last edited after posting, shown as "Updated". */
  updatedAt?: string
  headline?: string
  /** Text, links, pictures; the article body's Portable Text. */
  body: BodyNode[]
  /** Listed among the blog's key events, linking to the update. */
  isKeyEvent?: boolean
  /** Shown above the updates; at most one per blog. */
  isPinned?: boolean
  author?: Reference
}

export interface Author {
  _id: string
  _type: 'author'
  name: string
  slug: Slug
  image?: ImageField
  bio?: string
}

/**
 * `kind` says where a category shows: `section` in the header's main sections, `topic` in the
 * topics bar, `desk` for the footer and media links (News, Features, Opinion, Podcasts, ...).
 */
export interface Category {
  _id: string
  _type: 'category'
  title: string
  slug: Slug
  kind: 'section' | 'topic' | 'desk'
  description?: string
}

/** A photo essay: a titled set of images (the section manager's "Image Galleries"). */
export interface ImageGallery {
  _id: string
  _type: 'imageGallery'
  title: string
  slug: Slug
  publishedAt: string
  description?: string
  categories?: Reference[]
  photographer?: Reference
  images: ImageField[]
}
