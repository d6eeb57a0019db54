// Autosave's rules (the article form machine's `autosave` actor and the form's status line): what
// an autosave writes, when there is anything worth writing, and how the form says it. An autosave is
// the draft-only save a contributor makes (transaction.ts): `drafts.{id}` alone, guarded by the
// revision the form holds, never the published article and never another article's homepage flags.

import { randomKey, type KeyMaker } from '../../article/portableText.ts'
import { editionTimeZone } from '../schedules.ts'
import { saveError } from './save.ts'
import { saveMutations, type ArticleMutation, type SaveInput } from './transaction.ts'
import type { ArticleFormValues } from './values.ts'

/** How long the editor stops typing before the draft is saved. */
export const autosaveDelayMs = 3_000

/** What an autosave gives back: the draft's new revision (the transaction's id) and when it was saved. */
export interface AutosaveOutput {
  draftRevision: string
  savedAt: string
}

/** A new article with no title yet is not worth a draft in the article list. */
export function worthAutosaving(values: ArticleFormValues): boolean {
  return values.title.trim() !== ''
}

/**
 * Saves the form's values as `drafts.{id}` only, in one transaction guarded by the draft's revision
 * (or created when there is none); throws ConflictError when someone saved the draft since. The slug
 * is not checked: a draft is not at its address, and the editor's own save still checks it.
 */
export async function autosaveDraft(
  mutate: (mutations: ArticleMutation[]) => Promise<{ transactionId: string }>,
  input: SaveInput,
  now: () => Date = () => new Date(),
  newKey: KeyMaker = randomKey,
): Promise<AutosaveOutput> {
  try {
    // Every document a transaction writes gets the transaction's id as its revision.
    const { transactionId } = await mutate(saveMutations({ ...input, draftOnly: true }, newKey))
    return { draftRevision: transactionId, savedAt: now().toISOString() }
  } catch (error) {
    throw saveError(error, input.mode)
  }
}

/** "Draft saved at 14:05", on London's clock. */
export function draftSavedLabel(iso: string): string {
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: editionTimeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' }).format(new Date(iso))
  return `Draft saved at ${time}`
}
