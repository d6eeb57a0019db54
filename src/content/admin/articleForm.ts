// The article form's rules (docs/product-spec.md §3 "Article form values", §5): its values, their validation with
// the spec's exact messages, how a stored article becomes form values and back, and the one
// transaction a save sends. Pure apart from the `fetch` and `mutate` a caller hands to
// `loadArticleForm` and `saveArticle`, so the route stays thin and every rule is tested here.
// Admin code only: the reader site never imports this module.

import type { SanityClient } from '@sanity/client'
import { format, isValid, parse } from 'date-fns'
import * as v from 'valibot'
import { editorPlainText, editorToPortableText, emptyEditorDoc, portableTextToEditor, randomKey, type EditorDocument, type KeyMaker } from '../article/portableText.ts'
import type { ImageField, Reference } from '../../../shared/schema.ts'

export const messages = {
  title: 'Title must be at least 3 characters long.',
  slugLength: 'Slug must be at least 3 characters long.',
  slugPattern: 'Slug can only contain lowercase letters, numbers, and hyphens.',
  content: 'Content is too short.',
  author: 'Please select an author.',
  category: 'Please select a category.',
  slugTaken: 'This slug is already used by another article.',
  publishedAt: 'Enter a publish date and time.',
  videoUrl: 'Enter the video’s address, starting with https://.',
  mainImageAlt: 'Describe the main image for readers who cannot see it.',
  conflict: 'Someone else saved this article while you were editing. Your text is kept: copy what you need, then reload to see their version.',
  created: 'Article created successfully.',
  updated: 'Article updated successfully.',
  insertDisabled: 'Insert disabled - using a hosted content service as backend',
  updateDisabled: 'Update disabled - using a hosted content service as backend',
} as const

export type FormMode = 'create' | 'edit'

/** `video` is the one value the homepage treats specially; `gallery` is kept for photo stories. */
export type MediaType = 'article' | 'video' | 'gallery'

export interface MainImageValue {
  assetRef: string
  alt: string
}

/** The form's values: the spec's fields (snake_case, as §3 names them) and what the homepage needs. */
export interface ArticleFormValues {
  title: string
  slug: string
  /** The editor's document; its words are what "Content is too short." measures. */
  content: EditorDocument
  excerpt: string
  author_id: string
  category_id: string
  published: boolean
  is_lead_story: boolean
  is_featured: boolean
  is_breaking_news: boolean
  is_latest_update: boolean
  /** `datetime-local` text, in the editor's own time zone. */
  published_at: string
  media_type: MediaType
  video_url: string
  main_image: MainImageValue | null
}

export interface Option {
  id: string
  name: string
}

// ---------------------------------------------------------------------------------------------
// Dates for the datetime-local field

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

// ---------------------------------------------------------------------------------------------
// Slugs

/** A slug from a title: lowercase letters, digits and single hyphens, whole words, at most 96 characters. */
export function slugFromTitle(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  if (slug.length <= 96) return slug
  const cut = slug.slice(0, 97)
  return cut.slice(0, cut.lastIndexOf('-') > 48 ? cut.lastIndexOf('-') : 96).replace(/-+$/, '')
}

// ---------------------------------------------------------------------------------------------
// Validation

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value.trim()).protocol === 'https:'
  } catch {
    return false
  }
}

/**
 * The whole form's schema, given to TanStack Form as a standard schema: each issue lands on the
 * field its path names, and its `message` is what the form shows.
 */
export const articleFormSchema = v.pipe(
  v.object({
    title: v.pipe(v.string(), v.check((title) => title.trim().length >= 3, messages.title)),
    slug: v.pipe(v.string(), v.minLength(3, messages.slugLength), v.regex(/^[a-z0-9-]+$/, messages.slugPattern)),
    content: v.pipe(
      v.custom<EditorDocument>((value) => typeof value === 'object' && value !== null, messages.content),
      v.check((doc) => editorPlainText(doc).trim().length >= 10, messages.content),
    ),
    excerpt: v.string(),
    author_id: v.pipe(v.string(), v.uuid(messages.author)),
    category_id: v.pipe(v.string(), v.uuid(messages.category)),
    published: v.boolean(),
    is_lead_story: v.boolean(),
    is_featured: v.boolean(),
    is_breaking_news: v.boolean(),
    is_latest_update: v.boolean(),
    published_at: v.pipe(v.string(), v.check((text) => fromLocalInput(text) !== null, messages.publishedAt)),
    media_type: v.picklist(['article', 'video', 'gallery']),
    video_url: v.string(),
    main_image: v.nullable(
      v.pipe(
        v.object({ assetRef: v.string(), alt: v.string() }),
        v.check((image) => image.alt.trim() !== '', messages.mainImageAlt),
      ),
    ),
  }),
  v.forward(
    v.partialCheck([['media_type'], ['video_url']], (input) => input.media_type !== 'video' || isHttpsUrl(input.video_url), messages.videoUrl),
    ['video_url'],
  ),
)

/** The form's fields in screen order: where focus goes first when a submit fails. */
export const fieldOrder = [
  'title',
  'slug',
  'excerpt',
  'content',
  'author_id',
  'category_id',
  'main_image',
  'published_at',
  'media_type',
  'video_url',
] as const satisfies ReadonlyArray<keyof ArticleFormValues>

/** Messages of the form's errors for each field, for checks outside the form (and the tests). */
export function validateArticleForm(values: ArticleFormValues): Partial<Record<keyof ArticleFormValues, string[]>> {
  const result = v.safeParse(articleFormSchema, values)
  if (result.success) return {}
  const errors: Partial<Record<keyof ArticleFormValues, string[]>> = {}
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key as keyof ArticleFormValues | undefined
    if (field) (errors[field] ??= []).push(issue.message)
  }
  return errors
}

export function emptyArticleValues(now: Date = new Date()): ArticleFormValues {
  return {
    title: '',
    slug: '',
    content: emptyEditorDoc(),
    excerpt: '',
    author_id: '',
    category_id: '',
    published: false,
    is_lead_story: false,
    is_featured: false,
    is_breaking_news: false,
    is_latest_update: false,
    published_at: toLocalInput(now),
    media_type: 'article',
    video_url: '',
    main_image: null,
  }
}

// ---------------------------------------------------------------------------------------------
// Stored article <-> form values

/** The fields the service keeps about every document; never sent back. */
const systemFields = ['_id', '_type', '_rev', '_createdAt', '_updatedAt', '_originalId'] as const

export type StoredArticle = Record<string, unknown> & { _id: string; _rev?: string }

export interface ArticleRevisions {
  /** `_rev` of the published document when the form was loaded, or null when there was none. */
  published: string | null
  /** `_rev` of `drafts.{id}` when the form was loaded, or null when there was none. */
  draft: string | null
}

export interface LoadedArticle {
  values: ArticleFormValues
  /** The document the form shows (the draft over the published one), for fields the form does not edit. */
  base: Record<string, unknown>
  revisions: ArticleRevisions
}

export interface ArticleFormData {
  authors: Option[]
  categories: Option[]
  article: LoadedArticle | null
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const refOf = (value: unknown): string | null => (isRecord(value) && typeof value._ref === 'string' ? value._ref : null)
const mediaTypes: readonly MediaType[] = ['article', 'video', 'gallery']

export function valuesFromDocument(doc: Record<string, unknown>, published: boolean, now: Date = new Date()): ArticleFormValues {
  const categories = Array.isArray(doc.categories) ? doc.categories : []
  const mainImage = isRecord(doc.mainImage) ? doc.mainImage : null
  const mainImageRef = refOf(mainImage?.asset)
  const publishedAt = typeof doc.publishedAt === 'string' ? new Date(doc.publishedAt) : null
  return {
    title: typeof doc.title === 'string' ? doc.title : '',
    slug: isRecord(doc.slug) && typeof doc.slug.current === 'string' ? doc.slug.current : '',
    content: portableTextToEditor(Array.isArray(doc.body) ? doc.body : []),
    excerpt: typeof doc.excerpt === 'string' ? doc.excerpt : '',
    author_id: refOf(doc.author) ?? '',
    category_id: refOf(categories[0]) ?? '',
    published,
    is_lead_story: doc.isLeadStory === true,
    is_featured: doc.isFeatured === true,
    is_breaking_news: doc.isBreakingNews === true,
    is_latest_update: doc.isLatestUpdate === true,
    published_at: toLocalInput(publishedAt && isValid(publishedAt) ? publishedAt : now),
    media_type: mediaTypes.includes(doc.mediaType as MediaType) ? (doc.mediaType as MediaType) : 'article',
    video_url: typeof doc.videoUrl === 'string' ? doc.videoUrl : '',
    main_image: mainImageRef ? { assetRef: mainImageRef, alt: typeof mainImage?.alt === 'string' ? mainImage.alt : '' } : null,
  }
}

/**
 * The article document for the form's values. Fields the form does not edit (read counts, further
 * categories, an image's crop and hotspot) are kept from the loaded document.
 */
export function documentFromValues(values: ArticleFormValues, id: string, base: Record<string, unknown> = {}, newKey: KeyMaker = randomKey): Record<string, unknown> & { _id: string; _type: 'article' } {
  const kept: Record<string, unknown> = { ...base }
  for (const field of systemFields) delete kept[field]
  for (const field of ['excerpt', 'mainImage', 'videoUrl']) delete kept[field]

  const author: Reference = { _type: 'reference', _ref: values.author_id }
  // The chosen category leads; any others the article had stay after it, with their keys.
  const previous = (Array.isArray(base.categories) ? base.categories : []).filter(isRecord) as unknown as Reference[]
  const chosen = previous.find((ref) => ref._ref === values.category_id)
  const categories: Reference[] = [
    { _type: 'reference', _ref: values.category_id, _key: typeof chosen?._key === 'string' ? chosen._key : newKey() },
    ...previous.filter((ref) => ref._ref !== values.category_id && typeof ref._ref === 'string'),
  ]

  const doc: Record<string, unknown> & { _id: string; _type: 'article' } = {
    ...kept,
    _id: id,
    _type: 'article',
    title: values.title.trim(),
    slug: { _type: 'slug', current: values.slug },
    publishedAt: fromLocalInput(values.published_at) ?? new Date().toISOString(),
    author,
    categories,
    body: editorToPortableText(values.content, newKey),
    isBreakingNews: values.is_breaking_news,
    isLeadStory: values.is_lead_story,
    isFeatured: values.is_featured,
    isLatestUpdate: values.is_latest_update,
    mediaType: values.media_type,
  }
  const excerpt = values.excerpt.trim()
  if (excerpt !== '') doc.excerpt = excerpt
  if (values.main_image) {
    const before = isRecord(base.mainImage) ? (base.mainImage as unknown as ImageField) : null
    doc.mainImage =
      before && refOf(before.asset) === values.main_image.assetRef
        ? { ...before, alt: values.main_image.alt.trim() }
        : { _type: 'image', asset: { _type: 'reference', _ref: values.main_image.assetRef }, alt: values.main_image.alt.trim() }
  }
  if (values.media_type === 'video') doc.videoUrl = values.video_url.trim()
  return doc
}

// ---------------------------------------------------------------------------------------------
// Queries

export const authorsQuery = `*[_type == "author" && !(_id in path("drafts.**"))] | order(name asc, _id asc){"id": _id, name}`
export const categoriesQuery = `*[_type == "category" && !(_id in path("drafts.**"))] | order(title asc, _id asc){"id": _id, "name": title}`
export const articleDocumentsQuery = `*[_type == "article" && _id in [$id, "drafts." + $id]]`
export const slugTakenQuery = `count(*[_type == "article" && slug.current == $slug && !(_id in [$id, "drafts." + $id])])`

export type Fetch = <T>(query: string, params?: Record<string, unknown>) => Promise<T>

/** Authors and categories for the selects and, in edit mode, the article: its draft over the published one. */
export async function loadArticleForm(fetch: Fetch, id: string | null, now: Date = new Date()): Promise<ArticleFormData> {
  const [authors, categories, documents] = await Promise.all([
    fetch<Option[]>(authorsQuery),
    fetch<Option[]>(categoriesQuery),
    id ? fetch<StoredArticle[]>(articleDocumentsQuery, { id }) : Promise.resolve([] as StoredArticle[]),
  ])
  const published = documents.find((doc) => doc._id === id) ?? null
  const draft = documents.find((doc) => doc._id === `drafts.${id}`) ?? null
  const shown = draft ?? published
  return {
    authors: authors.filter((a) => typeof a.id === 'string' && typeof a.name === 'string'),
    categories: categories.filter((c) => typeof c.id === 'string' && typeof c.name === 'string'),
    article: shown
      ? {
          values: valuesFromDocument(shown, published !== null, now),
          base: shown,
          revisions: { published: published?._rev ?? null, draft: draft?._rev ?? null },
        }
      : null,
  }
}

// ---------------------------------------------------------------------------------------------
// Saving

export type ArticleMutation =
  | { create: Record<string, unknown> & { _id: string; _type: string } }
  | { createOrReplace: Record<string, unknown> & { _id: string; _type: string } }
  | { delete: { id: string } }
  | { patch: { id: string; ifRevisionID: string } }

export interface SaveInput {
  mode: FormMode
  id: string
  values: ArticleFormValues
  /** What the form loaded (edit mode); null for a new article. */
  loaded: LoadedArticle | null
}

/**
 * One transaction. Published: the article under its id, and its draft gone. Not published: only
 * `drafts.{id}`, which readers never see, and the published version gone. Every document the form
 * loaded is guarded by the revision it had then (an empty patch with `ifRevisionID` fails the whole
 * transaction with 409 when someone saved it since); one it did not load is created with `create`,
 * which fails with 409 when someone created it meanwhile.
 */
export function saveMutations(input: SaveInput, newKey: KeyMaker = randomKey): ArticleMutation[] {
  const { id, values, loaded } = input
  const revisions = loaded?.revisions ?? { published: null, draft: null }
  const doc = documentFromValues(values, id, loaded?.base ?? {}, newKey)
  const draftId = `drafts.${id}`
  const mutations: ArticleMutation[] = []
  const write = (target: string, rev: string | null) => {
    const document = { ...doc, _id: target }
    if (rev) mutations.push({ patch: { id: target, ifRevisionID: rev } }, { createOrReplace: document })
    else mutations.push({ create: document })
  }
  const remove = (target: string, rev: string | null) => {
    if (rev) mutations.push({ patch: { id: target, ifRevisionID: rev } }, { delete: { id: target } })
  }
  if (values.published) {
    write(id, revisions.published)
    remove(draftId, revisions.draft)
  } else {
    write(draftId, revisions.draft)
    remove(id, revisions.published)
  }
  return mutations
}

/** Someone else saved (or removed) the article after this form loaded it. */
export class ConflictError extends Error {
  constructor() {
    super(messages.conflict)
    this.name = 'ConflictError'
  }
}

/** Another article already has the slug. */
export class SlugTakenError extends Error {
  readonly slug: string
  constructor(slug: string) {
    super(messages.slugTaken)
    this.name = 'SlugTakenError'
    this.slug = slug
  }
}

/** What a failed save says: the spec's "disabled" wording when the service refuses this user writes. */
export function saveError(error: unknown, mode: FormMode): Error {
  // @sanity/client's errors carry the HTTP status as `statusCode`.
  const status = (error as { statusCode?: unknown } | null)?.statusCode
  // 409: a revision guard or a `create` found the document changed; 404: a guarded document is gone.
  if (status === 409 || status === 404) return new ConflictError()
  if (status === 403) return new Error(mode === 'create' ? messages.insertDisabled : messages.updateDisabled)
  if (error instanceof Error && error.message) return error
  return new Error('The article could not be saved.')
}

export interface SaveDeps {
  fetch: Fetch
  mutate: (mutations: ArticleMutation[]) => Promise<unknown>
}

/** Checks that the slug is free, then saves in one transaction; throws ConflictError, SlugTakenError or the reason. */
export async function saveArticle(deps: SaveDeps, input: SaveInput, newKey: KeyMaker = randomKey): Promise<void> {
  let taken: number
  try {
    taken = await deps.fetch<number>(slugTakenQuery, { slug: input.values.slug, id: input.id })
  } catch (error) {
    throw saveError(error, input.mode)
  }
  if (taken > 0) throw new SlugTakenError(input.values.slug)
  try {
    await deps.mutate(saveMutations(input, newKey))
  } catch (error) {
    throw saveError(error, input.mode)
  }
}

// ---------------------------------------------------------------------------------------------
// Images

/**
 * Uploads an image to the content service's assets and returns its asset id. In a browser the
 * client uploads with XHR, whose progress events arrive here as percentages.
 */
export function uploadImageAsset(client: Pick<SanityClient, 'observable'>, file: File, onProgress: (percent: number) => void): Promise<{ assetRef: string }> {
  return new Promise((resolve, reject) => {
    client.observable.assets.upload('image', file, { filename: file.name }).subscribe({
      next: (event) => {
        if (event.type === 'progress' && event.stage === 'upload') onProgress(Math.max(0, Math.min(100, event.percent)))
        else if (event.type === 'response') resolve({ assetRef: event.body.document._id })
      },
      error: (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
    })
  })
}
