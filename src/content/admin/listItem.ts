// One row of the admin's short lists (the dashboard's sections and the section manager): what it
// holds, the GROQ projection that asks for it, their shared order, and how a raw result becomes a
// row, so both screens show an article the same way.

import { draftOfArticle, hasPublished, isDraft, publishedIdOf } from '../../../shared/draftOverlay.ts'

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
  /** A published row with a draft beside it: readers see this row's version, editors have newer work. */
  draftDiffers?: boolean
  /** The revisions a write to the row's article is guarded by (Remove from this section, sections.ts). */
  revisions?: ItemRevisions
}

export interface ItemRevisions {
  published: string | null
  draft: string | null
  /** The published revision the draft records it was made from (articleForm/draftVersusLive.ts). */
  draftBasedOn: string | null
}

export const listItem = `{
  "id": ${publishedIdOf}, title, "category": categories[0]->title, publishedAt,
  "hasPublished": ${hasPublished}, "hasDraft": ${isDraft},
  "draftDiffers": !(${isDraft}) && defined(${draftOfArticle}_id),
  "revisions": {"published": ({"_ref": ${publishedIdOf}})->_rev, "draft": ${draftOfArticle}_rev, "draftBasedOn": ${draftOfArticle}basedOnRevision}
}`

export const newestFirst = `order(coalesce(publishedAt, _createdAt) desc, _id asc)`

export const listItemOf = (raw: Partial<AdminListItem> & { id: string }): AdminListItem => ({
  id: raw.id,
  title: raw.title ?? null,
  category: raw.category ?? null,
  publishedAt: raw.publishedAt ?? null,
  hasPublished: raw.hasPublished === true,
  hasDraft: raw.hasDraft === true,
  draftDiffers: raw.draftDiffers === true,
  revisions: {
    published: typeof raw.revisions?.published === 'string' ? raw.revisions.published : null,
    draft: typeof raw.revisions?.draft === 'string' ? raw.revisions.draft : null,
    draftBasedOn: typeof raw.revisions?.draftBasedOn === 'string' ? raw.revisions.draftBasedOn : null,
  },
})
