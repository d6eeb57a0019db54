// Saving the article form: the slug check, then the one transaction, and what a failed save tells
// the editor (a conflict, a taken slug, or the spec's "disabled" wording). The caller hands in
// `fetch` and `mutate`, so the route stays thin and this is tested here.

import { randomKey, type KeyMaker } from '../../article/portableText.ts'
import { itemErrorsOf, refusalMessage, refusalOf } from '../../clients/errors.ts'
import type { Fetch } from '../contentService.ts'
import { conflictKind, type ConflictKind } from '../drafts.ts'
import { messages } from './messages.ts'
import { discardDraftMutations, saveMutations, type ArticleMutation, type SaveInput } from './transaction.ts'
import type { FormMode } from './values.ts'

export const slugTakenQuery = `count(*[_type == "article" && slug.current == $slug && !(_id in [$id, "drafts." + $id])])`

/**
 * A save refused with a conflict: someone else saved (or removed) the article after this form loaded
 * it (`changed`: reload their version), or, with nobody else involved, the draft published was made
 * from an older published version (`staleDraft`: compare, then keep editing or discard).
 */
export class ConflictError extends Error {
  readonly kind: ConflictKind
  constructor(kind: ConflictKind = 'changed') {
    super(kind === 'staleDraft' ? messages.staleDraft : messages.conflict)
    this.name = 'ConflictError'
    this.kind = kind
  }
}

/** Another article already has the slug. */
export class SlugTakenError extends Error {
  readonly slug: string
  constructor(slug: string) {
    super(messages.slugTaken)
    this.name = 'SlugTakenError'
    this.slug = slug
  }
}

/**
 * What a failed save says: the spec's "disabled" wording when the service refuses this user writes;
 * a conflict says what happened (`conflict`: someone's save, or the draft's older basis).
 */
export function saveError(error: unknown, mode: FormMode, conflict: ConflictKind = 'changed'): Error {
  // The service says why it refused: a 409 for a slug another article holds is not someone else's
  // save, and a bound broken (docs/content-api.md §3) is said in the bound's own words.
  const items = itemErrorsOf(error)
  const slugHeld = items.find((item) => item.type === 'slugConflictError')
  if (slugHeld) return new SlugTakenError(typeof slugHeld.slug === 'string' ? slugHeld.slug : '')
  const refusal = refusalOf(error)
  // Conflict: a revision guard or a `create` found the document changed; not found: a guarded document is gone.
  if (refusal === 'conflict' || refusal === 'notFound') return new ConflictError(conflict)
  return new Error(refusalMessage(error, { conflict: messages.conflict, forbidden: mode === 'create' ? messages.insertDisabled : messages.updateDisabled, failed: 'The article could not be saved.' }))
}

export interface SaveDeps {
  fetch: Fetch
  mutate: (mutations: ArticleMutation[]) => Promise<unknown>
}

/** Checks that the slug is free, then saves in one transaction; throws ConflictError, SlugTakenError or the reason. */
export async function saveArticle(deps: SaveDeps, input: SaveInput, newKey: KeyMaker = randomKey): Promise<void> {
  let taken: number
  try {
    taken = await deps.fetch<number>(slugTakenQuery, { slug: input.values.slug, id: input.id })
  } catch (error) {
    throw saveError(error, input.mode)
  }
  if (taken > 0) throw new SlugTakenError(input.values.slug)
  try {
    await deps.mutate(saveMutations(input, newKey))
  } catch (error) {
    // A conflict is worded by what happened: someone's save, or the draft's own older basis.
    const kind = refusalOf(error) === 'conflict' ? await conflictKind(deps.fetch, input.id, input.loaded, input.values.published && !input.draftOnly) : 'changed'
    throw saveError(error, input.mode, kind)
  }
}

/** What discarding a draft needs: the article, and the draft's revision as the form holds it. */
export interface DiscardInput {
  id: string
  draftRevision: string
}

/** Discards the draft beside the published version; throws ConflictError when someone saved the draft since. */
export async function discardDraft(mutate: SaveDeps['mutate'], input: DiscardInput): Promise<void> {
  try {
    await mutate(discardDraftMutations(input.id, input.draftRevision))
  } catch (error) {
    throw saveError(error, 'edit')
  }
}
