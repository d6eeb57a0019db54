// The one transaction a save sends: which documents it writes and removes for a published or
// unpublished article, each guarded by the revision the form loaded, so a save that raced another
// editor's changes nothing at all.

import { randomKey, type KeyMaker } from '../../article/portableText.ts'
import { clearSlotPatches, type PatchByQuery } from '../frontPage.ts'
import { versionMutations, type DocumentMutation } from '../drafts.ts'
import { documentFromValues, type LoadedArticle } from './document.ts'
import type { ArticleFormValues, FormMode } from './values.ts'

export type ArticleMutation = DocumentMutation | PatchByQuery

export interface SaveInput {
  mode: FormMode
  id: string
  values: ArticleFormValues
  /** What the form loaded (edit mode); null for a new article. */
  loaded: LoadedArticle | null
  /**
   * Save `drafts.{id}` only, whatever the form says, leaving the published article and the
   * homepage's slots as they are: a contributor's save (shared/roles.ts).
   */
  draftOnly?: boolean
}

/**
 * One transaction. Published: the article under its id, and its draft gone. Not published: only
 * `drafts.{id}`, which readers never see, and the published version gone. Every document the form
 * loaded is guarded by the revision it had then (an empty patch with `ifRevisionID` fails the whole
 * transaction with 409 when someone saved it since); one it did not load is created with `create`,
 * which fails with 409 when someone created it meanwhile. A published article that takes Breaking
 * News or the Lead Story also clears that flag on every other article (src/content/admin/frontPage.ts).
 */
export function saveMutations(input: SaveInput, newKey: KeyMaker = randomKey, now: Date = new Date()): ArticleMutation[] {
  const { id, values, loaded } = input
  const doc = documentFromValues(values, id, loaded?.base ?? {}, newKey)
  // The write itself, a draft's basedOnRevision and a publish's dates are the photo essay form's too.
  const mutations: ArticleMutation[] = versionMutations({ doc, loaded, publish: values.published, draftOnly: input.draftOnly === true, now })
  if (input.draftOnly) return mutations
  mutations.push(...clearSlotPatches(id, values))
  return mutations
}

/** Discarding the draft beside a live article (src/content/admin/drafts.ts). */
export { discardDraftMutations } from '../drafts.ts'
