// The one transaction a save sends: which documents it writes and removes for a published or
// unpublished article, each guarded by the revision the form loaded, so a save that raced another
// editor's changes nothing at all.

import { withPublicationDates } from '../../../../shared/publication.ts'
import { randomKey, type KeyMaker } from '../../article/portableText.ts'
import { clearSlotPatches, type PatchByQuery } from '../frontPage.ts'
import { basedOnField, documentFromValues, type LoadedArticle } from './document.ts'
import type { ArticleFormValues, FormMode } from './values.ts'

export type ArticleMutation =
  | { create: Record<string, unknown> & { _id: string; _type: string } }
  | { createOrReplace: Record<string, unknown> & { _id: string; _type: string } }
  | { delete: { id: string } }
  | { patch: { id: string; ifRevisionID: string } }
  | PatchByQuery

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
  const revisions = loaded?.revisions ?? { published: null, draft: null }
  let doc = documentFromValues(values, id, loaded?.base ?? {}, newKey)
  const draftId = `drafts.${id}`
  const mutations: ArticleMutation[] = []
  // A draft of a live article records the published revision it was made from; publishing it is
  // guarded by that revision, so a draft made from an older published version cannot silently
  // replace a newer one (draftVersusLive.ts).
  const basedOn = revisions.published ? (revisions.basedOn ?? revisions.published) : null
  const write = (target: string, rev: string | null, guard: string | null = rev) => {
    const document = target === draftId && basedOn !== null ? { ...doc, _id: target, [basedOnField]: basedOn } : { ...doc, _id: target }
    if (guard !== null) mutations.push({ patch: { id: target, ifRevisionID: guard } }, { createOrReplace: document })
    else mutations.push({ create: document })
  }
  const remove = (target: string, rev: string | null) => {
    if (rev) mutations.push({ patch: { id: target, ifRevisionID: rev } }, { delete: { id: target } })
  }
  if (input.draftOnly) {
    write(draftId, revisions.draft)
    return mutations
  }
  if (values.published) {
    // Going live dates the story: its first publish, or its update (shared/publication.ts).
    const live = revisions.published ? (loaded?.live ?? null) : null
    doc = withPublicationDates(doc, live, now)
    write(id, revisions.published, revisions.draft && revisions.published ? basedOn : revisions.published)
    remove(draftId, revisions.draft)
  } else {
    write(draftId, revisions.draft)
    remove(id, revisions.published)
  }
  mutations.push(...clearSlotPatches(id, values))
  return mutations
}

/**
 * Discarding the draft beside a live article: `drafts.{id}` goes, guarded by the revision the form
 * holds (someone's newer draft fails it with 409), and readers' version stays as it is.
 */
export function discardDraftMutations(id: string, draftRevision: string): ArticleMutation[] {
  const draftId = `drafts.${id}`
  return [{ patch: { id: draftId, ifRevisionID: draftRevision } }, { delete: { id: draftId } }]
}
