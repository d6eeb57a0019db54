// The photo essay form, as the article form's machine (articleFormMachine.ts) runs the article form:
// create when the route has no id, edit otherwise. Both load the authors (edit mode the essay too,
// its draft over the published one); then editing -> saving -> saved, or failed, or conflict when
// someone else saved the essay first (the editor's changes stay in the form). A slug another essay
// uses sends the form back to editing with that message on the Slug field. Loading and saving are
// actors the route provides; what a save announces (a toast, leaving the form) are actions it provides.

import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import type { FormMode, Option } from '../content/admin/articleForm/values.ts'
import type { LoadedEssay } from '../content/admin/photoEssayForm/document.ts'
import type { PhotoEssayFormData } from '../content/admin/photoEssayForm/load.ts'
import { EssayConflictError, EssaySlugTakenError, type EssaySaveInput } from '../content/admin/photoEssayForm/save.ts'
import { emptyPhotoEssayValues, type PhotoEssayFormValues } from '../content/admin/photoEssayForm/values.ts'

export interface PhotoEssayFormInput {
  /** The essay's id from the route; null on the create form. */
  id: string | null
  /** The id a new essay will get (a UUID); made here when not given. */
  newId?: string
}

export interface PhotoEssayFormContext {
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

export type PhotoEssayFormEvent = { type: 'save'; values: PhotoEssayFormValues } | { type: 'retry' } | { type: 'reload' }

const messageOf = (error: unknown, fallback: string): string => (error instanceof Error && error.message ? error.message : fallback)

export const photoEssayFormMachine = setup({
  types: {
    context: {} as PhotoEssayFormContext,
    events: {} as PhotoEssayFormEvent,
    input: {} as PhotoEssayFormInput,
  },
  actors: {
    load: fromPromise<PhotoEssayFormData, { id: string | null }>(() => Promise.reject(new Error('photoEssayFormMachine needs a load actor'))),
    save: fromPromise<void, EssaySaveInput>(() => Promise.reject(new Error('photoEssayFormMachine needs a save actor'))),
  },
  actions: {
    /** Tells the editor the essay was saved (a toast) and leaves the form. */
    announceSaved: (_, _params: { mode: FormMode }) => {},
    /** Tells the editor a save failed (a destructive toast). */
    announceFailure: (_, _params: { message: string }) => {},
  },
  guards: {
    isMissing: ({ context }, output: PhotoEssayFormData) => context.mode === 'edit' && output.essay === null,
    isConflict: (_, params: { error: unknown }) => params.error instanceof EssayConflictError,
    isSlugTaken: (_, params: { error: unknown }) => params.error instanceof EssaySlugTakenError,
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
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null, takenSlug: null }),
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ id: context.mode === 'edit' ? context.id : null }),
        onDone: [
          { guard: { type: 'isMissing', params: ({ event }) => event.output }, target: 'notFound' },
          {
            target: 'editing',
            actions: assign(({ event }) => ({ authors: event.output.authors, loaded: event.output.essay, values: event.output.essay?.values ?? emptyPhotoEssayValues() })),
          },
        ],
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => messageOf(event.error, 'The photo essay could not be loaded.') }) },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    notFound: {},
    editing: { on: { save: 'saving' } },
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
            actions: [assign({ error: ({ event }) => messageOf(event.error, '') }), { type: 'announceFailure', params: ({ event }) => ({ message: messageOf(event.error, '') }) }],
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
    failed: { on: { save: 'saving' } },
    // Saving again would overwrite what the other editor saved: the way on is to load their version.
    conflict: { on: { reload: 'loading' } },
    saved: { type: 'final', entry: { type: 'announceSaved', params: ({ context }) => ({ mode: context.mode }) } },
  },
})

export type PhotoEssayFormSnapshot = SnapshotFrom<typeof photoEssayFormMachine>
