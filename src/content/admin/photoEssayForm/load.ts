// What the photo essay form loads before it can be shown: the authors a photographer is chosen from
// and, when editing, the essay itself (its draft over the published one, with the revisions a save
// must guard). The caller hands in `fetch`, so the route stays thin and this is tested here.

import type { Fetch } from '../contentService.ts'
import { authorsQuery } from '../articleForm/load.ts'
import type { Option } from '../articleForm/values.ts'
import { draftBasis } from '../../../../shared/publication.ts'
import { valuesFromDocument, type LoadedEssay, type StoredEssay } from './document.ts'

export const essayDocumentsQuery = `*[_type == "imageGallery" && _id in [$id, "drafts." + $id]]`

export interface PhotoEssayFormData {
  authors: Option[]
  essay: LoadedEssay | null
}

/**
 * The authors and, in edit mode, the essay: its draft over the published one, with the version
 * readers see and whether the draft was made from an older one (shared/publication.ts draftBasis).
 */
export async function loadPhotoEssayForm(fetch: Fetch, id: string | null): Promise<PhotoEssayFormData> {
  const [authors, documents] = await Promise.all([fetch<Option[]>(authorsQuery), id ? fetch<StoredEssay[]>(essayDocumentsQuery, { id }) : Promise.resolve([] as StoredEssay[])])
  const published = documents.find((doc) => doc._id === id) ?? null
  const draft = documents.find((doc) => doc._id === `drafts.${id}`) ?? null
  const shown = draft ?? published
  const { basedOn, stale } = draftBasis(draft, published)
  return {
    authors: authors.filter((a) => typeof a.id === 'string' && typeof a.name === 'string'),
    essay: shown
      ? { values: valuesFromDocument(shown, published !== null), base: shown, revisions: { published: published?._rev ?? null, draft: draft?._rev ?? null, basedOn }, live: published, stale }
      : null,
  }
}
