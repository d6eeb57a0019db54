// Saving the photo essay form: the slug check, then one transaction written as the article form's
// is (src/content/admin/articleForm/transaction.ts): published, the essay under its id and its draft
// gone; not published, only `drafts.{id}`, which readers never see, and the published one gone.
// Every document the form loaded is guarded by the revision it had then, so a save that raced
// another editor changes nothing.

import { refusalMessage, refusalOf } from '../../clients/errors.ts'
import type { Fetch } from '../contentService.ts'
import type { FormMode } from '../articleForm/values.ts'
import { documentFromValues, type LoadedEssay } from './document.ts'
import { essayMessages } from './messages.ts'
import type { PhotoEssayFormValues } from './values.ts'

export const essaySlugTakenQuery = `count(*[_type == "imageGallery" && slug.current == $slug && !(_id in [$id, "drafts." + $id])])`

export type EssayMutation =
  | { create: Record<string, unknown> & { _id: string; _type: string } }
  | { createOrReplace: Record<string, unknown> & { _id: string; _type: string } }
  | { delete: { id: string } }
  | { patch: { id: string; ifRevisionID: string } }

export interface EssaySaveInput {
  mode: FormMode
  id: string
  values: PhotoEssayFormValues
  /** What the form loaded (edit mode); null for a new essay. */
  loaded: LoadedEssay | null
}

/** Someone else saved (or removed) the essay after this form loaded it. */
export class EssayConflictError extends Error {
  constructor() {
    super(essayMessages.conflict)
    this.name = 'EssayConflictError'
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
export function essaySaveMutations({ id, values, loaded }: EssaySaveInput): EssayMutation[] {
  const revisions = loaded?.revisions ?? { published: null, draft: null }
  const doc = documentFromValues(values, id, loaded?.base ?? {})
  const draftId = `drafts.${id}`
  const mutations: EssayMutation[] = []
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

/** What a failed save says: a conflict, the spec's "disabled" wording when writes are refused, or the reason in words (src/content/clients/errors.ts). */
export function essaySaveError(error: unknown, mode: FormMode): Error {
  const refusal = refusalOf(error)
  if (refusal === 'conflict' || refusal === 'notFound') return new EssayConflictError()
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
    throw essaySaveError(error, input.mode)
  }
}
