// A draft beside the published photo essay, compared as the article form compares an article's
// (src/content/admin/articleForm/draftVersusLive.ts): field by field, the words as a word-level diff.

import type { DraftChange } from '../articleForm/draftVersusLive.ts'
import type { Option } from '../articleForm/values.ts'
import { diffDocuments, revisionTime, textDiff, type ComparedField } from '../history.ts'
import { documentFromValues, type StoredEssay } from './document.ts'
import type { PhotoEssayFormValues } from './values.ts'

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')

/** Each picture as a line: its place, its description, and the caption and credit readers see. */
function picturesText(images: unknown): string {
  return (Array.isArray(images) ? images : [])
    .filter(isRecord)
    .map((image, index) => [`${index + 1}. ${text(image.alt)}`, text(image.caption), text(image.credit) ? `(${text(image.credit)})` : ''].filter(Boolean).join(' '))
    .join('\n')
}

/** What a photo essay's comparison shows, in the form's order. */
const essayFields: readonly ComparedField[] = [
  { field: 'title', label: 'Title', text: (d) => text(d.title) },
  { field: 'slug', label: 'Slug', text: (d) => (isRecord(d.slug) ? text(d.slug.current) : '') },
  { field: 'description', label: 'Introduction', text: (d) => text(d.description) },
  { field: 'photographer', label: 'Photographer', text: (d, names) => (isRecord(d.photographer) && typeof d.photographer._ref === 'string' ? (names.get(d.photographer._ref) ?? d.photographer._ref) : '') },
  { field: 'publishedAt', label: 'Publish date', text: (d) => (typeof d.publishedAt === 'string' ? revisionTime(d.publishedAt) : '') },
  { field: 'images', label: 'Pictures', text: (d) => picturesText(d.images) },
]

/** Fields whose words are compared word by word. */
const diffed = new Set(['description', 'images'])

/** Field by field, how the draft the form holds now differs from the published essay readers see. */
export function essayDifferencesFromLive(live: StoredEssay, values: PhotoEssayFormValues, id: string, base: Record<string, unknown>, authors: readonly Option[]): DraftChange[] {
  const names = new Map(authors.map((author) => [author.id, author.name]))
  const draft = documentFromValues(values, id, base)
  return diffDocuments(essayFields, live, draft, names).map((change) => (diffed.has(change.field) ? { ...change, diff: textDiff(change.revision, change.current) } : change))
}
