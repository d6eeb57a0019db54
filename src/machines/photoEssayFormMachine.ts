// The photo essay form, as the article form's machine (articleFormMachine.ts) runs the article form:
// create when the route has no id, edit otherwise. Both load the authors (edit mode the essay too,
// its draft over the published one); then editing -> saving -> saved, or failed, or conflict when
// someone else saved the essay first (the editor's changes stay in the form). A slug another essay
// uses sends the form back to editing with that message on the Slug field. Loading and saving are
// actors the route provides; what a save announces (a toast, leaving the form) are actions it provides.
// A draft loaded beside the published essay (docs/decisions/025-drafts-based-on-revisions.md) is shown
// with how it differs from what readers see, and the editor chooses, as on the article form: publish
// it (a save), discard it (the `discardDraft` actor, guarded by the draft's revision; the form then
// loads what readers see), or keep editing it, which for a stale draft is the explicit choice to
// publish it over the newer published version (src/content/admin/drafts.ts keptDraft).

import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import type { FormMode, Option } from '../content/admin/articleForm/values.ts'
import type { LoadedEssay } from '../content/admin/photoEssayForm/document.ts'
import type { PhotoEssayFormData } from '../content/admin/photoEssayForm/load.ts'
import { hasDraftBesideLive } from '../content/admin/drafts.ts'
import { EssayConflictError, EssaySlugTakenError, type EssayDiscardInput, type EssaySaveInput } from '../content/admin/photoEssayForm/save.ts'
import { emptyPhotoEssayValues, type PhotoEssayFormValues } from '../content/admin/photoEssayForm/values.ts'
import { conflictNoted, draftChoiceGuards, draftChoiceStates, keepEditingChoice, messageOf, type DraftChoicesContext } from './draftChoices.ts'

export interface PhotoEssayFormInput {
  /** The essay's id from the route; null on the create form. */
  id: string | null
  /** The id a new essay will get (a UUID); made here when not given. */
  newId?: string
}

/** Beside the draft's choices (draftChoices.ts: `draftBesideLive`, `keptDraft`, `staleConflict`). */
export interface PhotoEssayFormContext extends DraftChoicesContext {
  mode: FormMode
  id: string
  authors: Option[]
  /** What the form shows once loaded; it is reset to these whenever a load finishes. */
  values: PhotoEssayFormValues
  loaded: LoadedEssay | null
  /** Why loading or the last save failed. */
  error: string | null
  /** A slug the service said another photo essay uses. */
  takenSlug: string | null
}

export type PhotoEssayFormEvent =
  | { type: 'save'; values: PhotoEssayFormValues }
  | { type: 'retry' }
  | { type: 'reload' }
  /** Of a draft beside the live essay: go on editing it (a stale one then publishes over the newer live version). */
  | { type: 'keepEditing' }
  /** Of a draft beside the live essay: delete it and edit what readers see. */
  | { type: 'discardDraft' }

export const photoEssayFormMachine = setup({
  types: {
    context: {} as PhotoEssayFormContext,
    events: {} as PhotoEssayFormEvent,
    input: {} as PhotoEssayFormInput,
  },
  actors: {
    load: fromPromise<PhotoEssayFormData, { id: string | null }>(() => Promise.reject(new Error('photoEssayFormMachine needs a load actor'))),
    save: fromPromise<void, EssaySaveInput>(() => Promise.reject(new Error('photoEssayFormMachine needs a save actor'))),
    /** Deletes the draft beside the published essay (src/content/admin/photoEssayForm/save.ts discardEssayDraft). */
    discardDraft: fromPromise<void, EssayDiscardInput>(() => Promise.reject(new Error('photoEssayFormMachine needs a discardDraft actor'))),
  },
  actions: {
    /** Tells the editor the essay was saved (a toast) and leaves the form. */
    announceSaved: (_, _params: { mode: FormMode }) => {},
    /** Tells the editor a save failed (a destructive toast). */
    announceFailure: (_, _params: { message: string }) => {},
    /** Tells the editor the draft is gone and the form shows what readers see (a toast). */
    announceDraftDiscarded: () => {},
    /** Keep editing: the comparison folds away, and a stale draft is based on the published version compared. */
    keepEditing: assign(({ context }) => keepEditingChoice(context)),
    noteConflict: assign((_, params: { error: unknown }) => conflictNoted(params.error)),
    clearError: assign({ error: null }),
    noteFailure: assign((_, params: { message: string }) => ({ error: params.message })),
  },
  guards: {
    isMissing: ({ context }, output: PhotoEssayFormData) => context.mode === 'edit' && output.essay === null,
    isConflict: (_, params: { error: unknown }) => params.error instanceof EssayConflictError,
    isSlugTaken: (_, params: { error: unknown }) => params.error instanceof EssaySlugTakenError,
    ...draftChoiceGuards,
  },
}).createMachine({
  id: 'photoEssayForm',
  context: ({ input }) => ({
    mode: input.id ? 'edit' : 'create',
    id: input.id ?? input.newId ?? crypto.randomUUID(),
    authors: [],
    values: emptyPhotoEssayValues(),
    loaded: null,
    error: null,
    takenSlug: null,
    draftBesideLive: false,
    keptDraft: false,
    staleConflict: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null, takenSlug: null, draftBesideLive: false, keptDraft: false, staleConflict: false }),
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ id: context.mode === 'edit' ? context.id : null }),
        onDone: [
          { guard: { type: 'isMissing', params: ({ event }) => event.output }, target: 'notFound' },
          {
            target: 'editing',
            actions: assign(({ event }) => ({
              authors: event.output.authors,
              loaded: event.output.essay,
              values: event.output.essay?.values ?? emptyPhotoEssayValues(),
              draftBesideLive: hasDraftBesideLive(event.output.essay),
            })),
          },
        ],
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => messageOf(event.error, 'The photo essay could not be loaded.') }) },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    notFound: {},
    editing: {
      on: {
        save: 'saving',
        keepEditing: { guard: 'mayKeepEditing', actions: 'keepEditing' },
        discardDraft: { guard: 'hasDraftBesideLive', target: 'discardingDraft' },
      },
    },
    saving: {
      entry: assign({ error: null, takenSlug: null }),
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context, event }) => ({ mode: context.mode, id: context.id, values: event.type === 'save' ? event.values : context.values, loaded: context.loaded }),
        onDone: { target: 'saved' },
        onError: [
          {
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'conflict',
            actions: [{ type: 'noteConflict', params: ({ event }) => ({ error: event.error }) }, { type: 'announceFailure', params: ({ event }) => ({ message: messageOf(event.error, '') }) }],
          },
          {
            guard: { type: 'isSlugTaken', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign({ takenSlug: ({ event }) => (event.error as EssaySlugTakenError).slug }),
          },
          {
            target: 'failed',
            actions: [
              assign({ error: ({ event }) => messageOf(event.error, 'The photo essay could not be saved.') }),
              { type: 'announceFailure', params: ({ event }) => ({ message: messageOf(event.error, 'The photo essay could not be saved.') }) },
            ],
          },
        ],
      },
    },
    failed: { on: { save: 'saving', discardDraft: { guard: 'hasDraftBesideLive', target: 'discardingDraft' } } },
    ...draftChoiceStates,
    saved: { type: 'final', entry: { type: 'announceSaved', params: ({ context }) => ({ mode: context.mode }) } },
  },
})

export type PhotoEssayFormSnapshot = SnapshotFrom<typeof photoEssayFormMachine>
