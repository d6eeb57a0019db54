// What the article form's and the photo essay form's machines share about a draft beside the live
// version (docs/decisions/025-drafts-based-on-revisions.md): the guards of the draft's choices
// (Discard draft, Keep editing, Publish this draft), the discarding and conflict states, and what a
// conflict notes. Not a machine: each form's machine keeps its own `setup(...)`, spreads these
// guards, and names its `isConflict` guard, its `discardDraft` actor and the actions the states use
// (`clearError`, `noteFailure`, `noteConflict`, `keepEditing`, `announceFailure`,
// `announceDraftDiscarded`), so every effect stays the caller's to replace. The transaction
// itself lives in src/content/admin/drafts.ts.

import { hasDraftBesideLive, keptDraft, type LoadedVersions } from '../content/admin/drafts.ts'

/** What the draft's choices read and write of a form machine's context. */
export interface DraftChoicesContext {
  id: string
  loaded: LoadedVersions | null
  /** Why loading or the last write failed. */
  error: string | null
  /** The form opened a draft of a live document: it shows how the two differ, and the choices. */
  draftBesideLive: boolean
  /** The editor chose Keep editing for that draft. */
  keptDraft: boolean
  /**
   * The last conflict was the draft's own older basis, with nobody else's save involved: the draft's
   * choices (Keep editing, Discard draft) stay open, and there is nothing of anyone's to reload.
   */
  staleConflict: boolean
}

type Guard = (args: { context: DraftChoicesContext }) => boolean

export const draftChoiceGuards = {
  /** There is a draft, and readers have a published version it would replace: it can be discarded. */
  hasDraftBesideLive: ({ context }) => hasDraftBesideLive(context.loaded),
  /** The form shows the draft's choices, and the editor has not chosen Keep editing yet. */
  mayKeepEditing: ({ context }) => context.draftBesideLive && !context.keptDraft,
  /** After a conflict that was the draft's own older basis: the draft's choices are still the editor's. */
  mayKeepEditingAfterStaleConflict: ({ context }) => context.staleConflict && context.draftBesideLive && !context.keptDraft,
  mayDiscardAfterStaleConflict: ({ context }) => context.staleConflict && hasDraftBesideLive(context.loaded),
  /** The conflict was someone else's save: theirs is there to reload. */
  someoneElseSaved: ({ context }) => !context.staleConflict,
} satisfies Record<string, Guard>

export const messageOf = (error: unknown, fallback: string): string => (error instanceof Error && error.message ? error.message : fallback)

/** A conflict's error is the form's ConflictError: `staleDraft` is the draft's own older basis. */
const isStaleDraft = (error: unknown): boolean => typeof error === 'object' && error !== null && (error as { kind?: unknown }).kind === 'staleDraft'

/**
 * Keep editing: the comparison folds away, and a stale draft is from now on based on the published
 * version the editor has just compared it with, so publishing it is theirs to choose. After a stale
 * conflict, the form is back to editing with nothing to say. (Each machine's `keepEditing` action.)
 */
export function keepEditingChoice<L extends LoadedVersions>(context: { loaded: L | null }): { keptDraft: true; loaded: L | null; error: null; staleConflict: false } {
  return { keptDraft: true, loaded: keptDraft(context.loaded), error: null, staleConflict: false }
}

/** A write was refused as a conflict: what it says, and whether it was the draft's own older basis. (Each machine's `noteConflict` action.) */
export function conflictNoted(error: unknown): { error: string; staleConflict: boolean } {
  return { error: messageOf(error, ''), staleConflict: isStaleDraft(error) }
}

const discardFailed = 'The draft could not be discarded.'
const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error })

/**
 * The states after the draft's choices, the same on both forms: `discardingDraft` (the
 * `discardDraft` actor, guarded by the draft's revision, then what readers see loaded afresh) and
 * `conflict`. Their targets are the form's own `loading`, `editing` and `failed` states.
 */
export const draftChoiceStates = {
  discardingDraft: {
    entry: 'clearError',
    invoke: {
      id: 'discardDraft',
      src: 'discardDraft',
      input: ({ context }: { context: DraftChoicesContext }) => ({ id: context.id, draftRevision: context.loaded?.revisions.draft ?? '' }),
      // What readers see, loaded afresh: the form edits the published version from here on.
      onDone: { target: 'loading', actions: 'announceDraftDiscarded' },
      onError: [
        {
          guard: { type: 'isConflict', params: errorOf },
          target: 'conflict',
          actions: [
            { type: 'noteConflict', params: errorOf },
            { type: 'announceFailure', params: ({ event }: { event: { error: unknown } }) => ({ message: messageOf(event.error, '') }) },
          ],
        },
        {
          target: 'failed',
          actions: [
            { type: 'noteFailure', params: ({ event }: { event: { error: unknown } }) => ({ message: messageOf(event.error, discardFailed) }) },
            { type: 'announceFailure', params: ({ event }: { event: { error: unknown } }) => ({ message: messageOf(event.error, discardFailed) }) },
          ],
        },
      ],
    },
  },
  // Saving again would overwrite what the other editor saved: the way on is to load their version.
  // A refusal of a stale draft's publish, with nobody else involved, leaves the draft's choices open.
  conflict: {
    on: {
      reload: { guard: 'someoneElseSaved', target: 'loading' },
      keepEditing: { guard: 'mayKeepEditingAfterStaleConflict', target: 'editing', actions: 'keepEditing' },
      discardDraft: { guard: 'mayDiscardAfterStaleConflict', target: 'discardingDraft' },
    },
  },
} as const
