// How a stored photo essay (an `imageGallery` document) becomes the form's values and back. The form
// edits only some fields, so writing it back keeps the rest (its categories, a picture's crop and
// hotspot) and drops only the service's own fields.

import { isValid } from 'date-fns'
import { randomKey, type KeyMaker } from '../../article/portableText.ts'
import { publishedAtToSave, toLocalInput } from '../articleForm/values.ts'
import { basedOnRevisionField } from '../../../../shared/publication.ts'
import type { DraftRevisions, LoadedVersions } from '../drafts.ts'
import type { EssayImageValue, PhotoEssayFormValues } from './values.ts'

/** The fields the service keeps about every document; never sent back. */
const systemFields = ['_id', '_type', '_rev', '_createdAt', '_updatedAt', '_originalId'] as const

export type StoredEssay = Record<string, unknown> & { _id: string; _rev?: string }

/** The revisions the form loaded, and the published one a draft of a live essay was made from (src/content/admin/drafts.ts). */
export type EssayRevisions = DraftRevisions

export interface LoadedEssay extends LoadedVersions {
  values: PhotoEssayFormValues
  /** The document the form shows (the draft over the published one), for fields the form does not edit. */
  base: Record<string, unknown>
  revisions: EssayRevisions
}

export type EssayDocument = Record<string, unknown> & { _id: string; _type: 'imageGallery' }

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const refOf = (value: unknown): string | null => (isRecord(value) && typeof value._ref === 'string' ? value._ref : null)
const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/**
 * The form's values for a stored essay; pictures without an uploaded asset are left out. An essay
 * with no publish date yet (never live, no date chosen) leaves the field empty: publishing dates it.
 */
export function valuesFromDocument(doc: Record<string, unknown>, published: boolean, newKey: KeyMaker = randomKey): PhotoEssayFormValues {
  const publishedAt = typeof doc.publishedAt === 'string' ? new Date(doc.publishedAt) : null
  const images = (Array.isArray(doc.images) ? doc.images : []).filter(isRecord).flatMap((image): EssayImageValue[] => {
    const assetRef = refOf(image.asset)
    if (!assetRef) return []
    return [{ key: typeof image._key === 'string' && image._key !== '' ? image._key : newKey(), assetRef, alt: text(image.alt), caption: text(image.caption), credit: text(image.credit) }]
  })
  return {
    title: text(doc.title),
    slug: isRecord(doc.slug) ? text(doc.slug.current) : '',
    description: text(doc.description),
    photographer_id: refOf(doc.photographer) ?? '',
    published,
    published_at: publishedAt && isValid(publishedAt) ? toLocalInput(publishedAt) : '',
    images,
  }
}

/**
 * The `imageGallery` document for the form's values, in the pictures' order. A picture that was
 * there before keeps what the form does not edit (its crop and hotspot) unless its file was
 * replaced; empty captions and credits are left out rather than stored empty.
 */
export function documentFromValues(values: PhotoEssayFormValues, id: string, base: Record<string, unknown> = {}): EssayDocument {
  const kept: Record<string, unknown> = { ...base }
  for (const field of systemFields) delete kept[field]
  // The draft's own record of the published revision it came from: the save writes it afresh (drafts.ts).
  delete kept[basedOnRevisionField]
  for (const field of ['description', 'photographer', 'publishedAt']) delete kept[field]

  const before = new Map((Array.isArray(base.images) ? base.images : []).filter(isRecord).map((image) => [image._key, image]))
  const images = values.images.map((image) => {
    const previous = before.get(image.key)
    const same = previous && refOf(previous.asset) === image.assetRef
    const stored: Record<string, unknown> = same
      ? { ...previous }
      : { _type: 'image', _key: image.key, asset: { _type: 'reference', _ref: image.assetRef } }
    delete stored.caption
    delete stored.credit
    stored.alt = image.alt.trim()
    const caption = image.caption.trim()
    const credit = image.credit.trim()
    if (caption !== '') stored.caption = caption
    if (credit !== '') stored.credit = credit
    return stored
  })

  const doc: EssayDocument = {
    ...kept,
    _id: id,
    _type: 'imageGallery',
    title: values.title.trim(),
    slug: { _type: 'slug', current: values.slug },
    images,
  }
  // Left empty, the date is set when the essay first goes live (shared/publication.ts), not now.
  const publishedAt = publishedAtToSave(values.published_at, base.publishedAt)
  if (publishedAt !== null) doc.publishedAt = publishedAt
  const description = values.description.trim()
  if (description !== '') doc.description = description
  if (values.photographer_id !== '') doc.photographer = { _type: 'reference', _ref: values.photographer_id }
  return doc
}
