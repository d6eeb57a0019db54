// How a stored article becomes the form's values and back. The form edits only some of an
// article's fields, so writing it back keeps everything else the loaded document had (read counts,
// an image's crop and hotspot) and drops only the service's own fields.

import { isValid } from 'date-fns'
import { editorToPortableText, portableTextToEditor, randomKey, type KeyMaker } from '../../article/portableText.ts'
import type { FileField, ImageField, Reference } from '../../../../shared/schema.ts'
import { shownCorrections } from '../../../../shared/corrections.ts'
import { basedOnRevisionField } from '../../../../shared/publication.ts'
import { publishedAtToSave, toLocalInput, type ArticleFormValues, type MediaType } from './values.ts'

/** The fields the service keeps about every document; never sent back. */
const systemFields = ['_id', '_type', '_rev', '_createdAt', '_updatedAt', '_originalId'] as const

export type StoredArticle = Record<string, unknown> & { _id: string; _rev?: string }

export interface ArticleRevisions {
  /** `_rev` of the published document when the form was loaded, or null when there was none. */
  published: string | null
  /** `_rev` of `drafts.{id}` when the form was loaded, or null when there was none. */
  draft: string | null
  /**
   * The published revision the draft was made from (draftVersusLive.ts): what a draft written now
   * records, and what publishing the draft is guarded by. Absent, the published revision loaded.
   */
  basedOn?: string | null
}

/** The field of a draft naming the published revision it was made from (draftVersusLive.ts). */
export const basedOnField = basedOnRevisionField

export interface LoadedArticle {
  values: ArticleFormValues
  /** The document the form shows (the draft over the published one), for fields the form does not edit. */
  base: Record<string, unknown>
  revisions: ArticleRevisions
  /** The version readers have (the published document), or null: what a publish dates itself against. */
  live?: Record<string, unknown> | null
  /** The draft was made from an older published version than `live`: readers' version changed since (draftVersusLive.ts). */
  stale?: boolean
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const refOf = (value: unknown): string | null => (isRecord(value) && typeof value._ref === 'string' ? value._ref : null)
const mediaTypes: readonly MediaType[] = ['article', 'video', 'gallery']

export function valuesFromDocument(doc: Record<string, unknown>, published: boolean): ArticleFormValues {
  const categories = Array.isArray(doc.categories) ? doc.categories : []
  const mainImage = isRecord(doc.mainImage) ? doc.mainImage : null
  const mainImageRef = refOf(mainImage?.asset)
  const videoRef = isRecord(doc.video) ? refOf(doc.video.asset) : null
  const publishedAt = typeof doc.publishedAt === 'string' ? new Date(doc.publishedAt) : null
  return {
    title: typeof doc.title === 'string' ? doc.title : '',
    slug: isRecord(doc.slug) && typeof doc.slug.current === 'string' ? doc.slug.current : '',
    content: portableTextToEditor(Array.isArray(doc.body) ? doc.body : []),
    excerpt: typeof doc.excerpt === 'string' ? doc.excerpt : '',
    author_id: refOf(doc.author) ?? '',
    category_ids: [...new Set(categories.map(refOf).filter((ref): ref is string => ref !== null))],
    published,
    is_lead_story: doc.isLeadStory === true,
    is_featured: doc.isFeatured === true,
    is_breaking_news: doc.isBreakingNews === true,
    is_latest_update: doc.isLatestUpdate === true,
    published_at: publishedAt && isValid(publishedAt) ? toLocalInput(publishedAt) : '',
    media_type: mediaTypes.includes(doc.mediaType as MediaType) ? (doc.mediaType as MediaType) : 'article',
    video_url: typeof doc.videoUrl === 'string' ? doc.videoUrl : '',
    video: videoRef ? { assetRef: videoRef } : null,
    main_image: mainImageRef
      ? { assetRef: mainImageRef, alt: typeof mainImage?.alt === 'string' ? mainImage.alt : '', credit: typeof mainImage?.credit === 'string' ? mainImage.credit : '' }
      : null,
    corrections: shownCorrections(doc.corrections).map(({ _key, kind, text, date }) => ({ _key, _type: 'correction', kind, text, date })),
  }
}

/**
 * The article document for the form's values. Fields the form does not edit (read counts, an
 * image's crop and hotspot) are kept from the loaded document; a category it had keeps its key.
 */
export function documentFromValues(values: ArticleFormValues, id: string, base: Record<string, unknown> = {}, newKey: KeyMaker = randomKey): Record<string, unknown> & { _id: string; _type: 'article' } {
  const kept: Record<string, unknown> = { ...base }
  for (const field of systemFields) delete kept[field]
  // Which published revision a draft came from is the transaction's to write (transaction.ts).
  delete kept[basedOnField]
  for (const field of ['excerpt', 'mainImage', 'videoUrl', 'video', 'corrections']) delete kept[field]

  const author: Reference = { _type: 'reference', _ref: values.author_id }
  // The chosen categories in the form's order; one the article had keeps its key.
  const previous = (Array.isArray(base.categories) ? base.categories : []).filter(isRecord) as unknown as Reference[]
  const categories: Reference[] = values.category_ids.map((categoryId) => {
    const before = previous.find((ref) => ref._ref === categoryId)
    return { _type: 'reference', _ref: categoryId, _key: typeof before?._key === 'string' ? before._key : newKey() }
  })

  const doc: Record<string, unknown> & { _id: string; _type: 'article' } = {
    ...kept,
    _id: id,
    _type: 'article',
    title: values.title.trim(),
    slug: { _type: 'slug', current: values.slug },
    author,
    categories,
    body: editorToPortableText(values.content, newKey),
    isBreakingNews: values.is_breaking_news,
    isLeadStory: values.is_lead_story,
    isFeatured: values.is_featured,
    isLatestUpdate: values.is_latest_update,
    mediaType: values.media_type,
  }
  // No date until the story goes live or the editor gives one (shared/publication.ts).
  const publishedAt = publishedAtToSave(values.published_at, base.publishedAt)
  if (publishedAt) doc.publishedAt = publishedAt
  else delete doc.publishedAt
  const excerpt = values.excerpt.trim()
  if (excerpt !== '') doc.excerpt = excerpt
  if (values.corrections.length > 0) doc.corrections = values.corrections.map(({ _key, kind, text, date }) => ({ _key, _type: 'correction', kind, text: text.trim(), date }))
  if (values.main_image) {
    const before = isRecord(base.mainImage) ? (base.mainImage as unknown as ImageField) : null
    const image: ImageField =
      before && refOf(before.asset) === values.main_image.assetRef
        ? { ...before, alt: values.main_image.alt.trim() }
        : { _type: 'image', asset: { _type: 'reference', _ref: values.main_image.assetRef }, alt: values.main_image.alt.trim() }
    // The form's credit when it has one (a new picture's is the editor's to give), else as loaded.
    if (values.main_image.credit !== undefined) {
      const credit = values.main_image.credit.trim()
      if (credit === '') delete image.credit
      else image.credit = credit
    }
    doc.mainImage = image
  }
  if (values.media_type === 'video') {
    if (values.video) doc.video = { _type: 'file', asset: { _type: 'reference', _ref: values.video.assetRef } } satisfies FileField
    const address = values.video_url.trim()
    if (address !== '') doc.videoUrl = address
  }
  return doc
}
