// Saving the photo essay form: the slug check, then the one transaction the article form writes too
// (src/content/admin/drafts.ts): published, the essay under its id, dated as it goes live, and its
// draft gone; not published, only `drafts.{id}`, which readers never see, recording the published
// revision it was made from, and the published one gone. Every document the form loaded is guarded
// by the revision it had then, and publishing a draft by the published revision it was made from,
// so a save that raced another editor, or a stale draft's publish, changes nothing.

import { refusalMessage, refusalOf } from '../../clients/errors.ts'
import type { Fetch } from '../contentService.ts'
import type { FormMode } from '../articleForm/values.ts'
import { conflictKind, discardDraftMutations, versionMutations, type ConflictKind, type DocumentMutation } from '../drafts.ts'
import { documentFromValues, type LoadedEssay } from './document.ts'
import { essayMessages } from './messages.ts'
import type { PhotoEssayFormValues } from './values.ts'

export const essaySlugTakenQuery = `count(*[_type == "imageGallery" && slug.current == $slug && !(_id in [$id, "drafts." + $id])])`

export type EssayMutation = DocumentMutation

export interface EssaySaveInput {
  mode: FormMode
  id: string
  values: PhotoEssayFormValues
  /** What the form loaded (edit mode); null for a new essay. */
  loaded: LoadedEssay | null
}

/** Someone else saved (or removed) the essay after this form loaded it, or the draft published is stale (drafts.ts ConflictKind). */
export class EssayConflictError extends Error {
  readonly kind: ConflictKind
  constructor(kind: ConflictKind = 'changed') {
    super(kind === 'staleDraft' ? essayMessages.staleDraft : essayMessages.conflict)
    this.name = 'EssayConflictError'
    this.kind = kind
  }
}

/** Another photo essay already has the slug. */
export class EssaySlugTakenError extends Error {
  readonly slug: string
  constructor(slug: string) {
    super(essayMessages.slugTaken)
    this.name = 'EssaySlugTakenError'
    this.slug = slug
  }
}

/** The one transaction a save sends (see the file's opening comment). */
export function essaySaveMutations({ id, values, loaded }: EssaySaveInput, now: Date = new Date()): EssayMutation[] {
  return versionMutations({ doc: documentFromValues(values, id, loaded?.base ?? {}), loaded, publish: values.published, now })
}

/** What a failed save says: a conflict, the spec's "disabled" wording when writes are refused, or the reason in words (src/content/clients/errors.ts). */
export function essaySaveError(error: unknown, mode: FormMode, conflict: ConflictKind = 'changed'): Error {
  const refusal = refusalOf(error)
  if (refusal === 'conflict' || refusal === 'notFound') return new EssayConflictError(conflict)
  return new Error(refusalMessage(error, { conflict: essayMessages.conflict, forbidden: mode === 'create' ? essayMessages.insertDisabled : essayMessages.updateDisabled, failed: 'The photo essay could not be saved.' }))
}

export interface EssaySaveDeps {
  fetch: Fetch
  mutate: (mutations: EssayMutation[]) => Promise<unknown>
}

/** Checks that the slug is free, then saves in one transaction; throws EssayConflictError, EssaySlugTakenError or the reason. */
export async function savePhotoEssay(deps: EssaySaveDeps, input: EssaySaveInput): Promise<void> {
  let taken: number
  try {
    taken = await deps.fetch<number>(essaySlugTakenQuery, { slug: input.values.slug, id: input.id })
  } catch (error) {
    throw essaySaveError(error, input.mode)
  }
  if (taken > 0) throw new EssaySlugTakenError(input.values.slug)
  try {
    await deps.mutate(essaySaveMutations(input))
  } catch (error) {
    // A conflict is worded by what happened: someone's save, or the draft's own older basis.
    const kind = refusalOf(error) === 'conflict' ? await conflictKind(deps.fetch, input.id, input.loaded, input.values.published) : 'changed'
    throw essaySaveError(error, input.mode, kind)
  }
}

/** What discarding a draft needs: the essay, and the draft's revision as the form holds it. */
export interface EssayDiscardInput {
  id: string
  draftRevision: string
}

/** Discards the draft beside the published essay; throws EssayConflictError when someone saved the draft since. */
export async function discardEssayDraft(mutate: EssaySaveDeps['mutate'], input: EssayDiscardInput): Promise<void> {
  try {
    await mutate(discardDraftMutations(input.id, input.draftRevision))
  } catch (error) {
    throw essaySaveError(error, 'edit')
  }
}
