// What the article form holds (docs/product-spec.md §3 "Article form values"): its values, a new
// article's starting values, the publish date as `datetime-local` text, and the slug it suggests
// for a title. Admin code only: the reader site never imports the article form's modules.

import { format, isValid, parse } from 'date-fns'
import { slugify } from '../../../../shared/slug.ts'
import type { Correction } from '../../../../shared/corrections.ts'
import { emptyEditorDoc, type EditorDocument } from '../../article/portableText.ts'

export type FormMode = 'create' | 'edit'

/** `video` is the one value the homepage treats specially; `gallery` is kept for photo stories. */
export type MediaType = 'article' | 'video' | 'gallery'

export interface MainImageValue {
  assetRef: string
  alt: string
  /** Who took it; shown after the caption ("Photograph: {credit}"). */
  credit?: string
}

/** A video article's uploaded file: its asset's id, and its name when uploaded in this form. */
export interface VideoValue {
  assetRef: string
  filename?: string | null
}

/** The form's values: the spec's fields (snake_case, as §3 names them) and what the homepage needs. */
export interface ArticleFormValues {
  title: string
  slug: string
  /** The editor's document; its words are what "Content is too short." measures. */
  content: EditorDocument
  excerpt: string
  author_id: string
  /** Every category of the article, in order: the first is the one cards show. */
  category_ids: string[]
  published: boolean
  is_lead_story: boolean
  is_featured: boolean
  is_breaking_news: boolean
  is_latest_update: boolean
  /**
   * `datetime-local` text, in the editor's own time zone: the date readers see. Empty until the
   * story first goes live (publishing then sets it), unless the editor gives one (shared/publication.ts).
   */
  published_at: string
  media_type: MediaType
  /** Older video articles' address elsewhere, kept as loaded; new videos are uploaded files (`video`). */
  video_url: string
  /** A video article's video file. */
  video?: VideoValue | null
  main_image: MainImageValue | null
  /** The story's corrections and clarifications, oldest first (shared/corrections.ts). */
  corrections: Correction[]
}

export interface Option {
  id: string
  name: string
}

const localFormat = "yyyy-MM-dd'T'HH:mm"

/** `datetime-local` text for a moment, in this browser's time zone. */
export function toLocalInput(date: Date): string {
  return format(date, localFormat)
}

/** The ISO timestamp of `datetime-local` text, or null when it is not a date. */
export function fromLocalInput(text: string): string | null {
  const date = parse(text, localFormat, new Date())
  return isValid(date) ? date.toISOString() : null
}

/**
 * The publish time to save: the one the article had, to the millisecond, while the editor leaves the
 * minute-precise field as it was loaded (the field cannot show seconds, and saving must not round
 * them away); otherwise the field's time; null when the field is empty, so that publishing sets it
 * (a draft never fixes its publish date early).
 */
export function publishedAtToSave(field: string, before: unknown): string | null {
  if (typeof before === 'string') {
    const loaded = new Date(before)
    if (isValid(loaded) && toLocalInput(loaded) === field) return before
  }
  return fromLocalInput(field)
}

/** The slug the form suggests for a title: the seed's rule (shared/slug.ts), allowing 96 characters. */
export function slugFromTitle(title: string): string {
  return slugify(title, 96)
}

export function emptyArticleValues(): ArticleFormValues {
  return {
    title: '',
    slug: '',
    content: emptyEditorDoc(),
    excerpt: '',
    author_id: '',
    category_ids: [],
    published: false,
    is_lead_story: false,
    is_featured: false,
    is_breaking_news: false,
    is_latest_update: false,
    published_at: '',
    media_type: 'article',
    video_url: '',
    video: null,
    main_image: null,
    corrections: [],
  }
}
