// One row of the admin's short lists (the dashboard's sections and the section manager): what it
// holds, the GROQ projection that asks for it, their shared order, and how a raw result becomes a
// row, so both screens show an article the same way.

import { hasPublished, isDraft, publishedIdOf } from './draftOverlay.ts'

/** One row of a short list (dashboard, section manager). */
export interface AdminListItem {
  /** The published id, also for a draft-only article: the id the editor and the reader site use. */
  id: string
  title: string | null
  /** The first category's name (the spec's "category name, the first when an array"). */
  category: string | null
  publishedAt: string | null
  hasPublished: boolean
  hasDraft: boolean
}

export const listItem = `{
  "id": ${publishedIdOf}, title, "category": categories[0]->title, publishedAt,
  "hasPublished": ${hasPublished}, "hasDraft": ${isDraft}
}`

export const newestFirst = `order(coalesce(publishedAt, _createdAt) desc, _id asc)`

export const listItemOf = (raw: Partial<AdminListItem> & { id: string }): AdminListItem => ({
  id: raw.id,
  title: raw.title ?? null,
  category: raw.category ?? null,
  publishedAt: raw.publishedAt ?? null,
  hasPublished: raw.hasPublished === true,
  hasDraft: raw.hasDraft === true,
})
