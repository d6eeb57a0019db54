// The article form's mode (docs/product-spec.md §4): create when the route has no id, edit otherwise. Both load
// the authors and categories (edit mode the article too, its draft over the published version);
// then editing -> saving -> saved, or failed, or conflict when someone else saved the article
// first (the editor's text stays in the form). A slug another article uses sends the form back to
// editing with that message on the Slug field. The load also says who holds Breaking News and the
// Lead Story, so the form can say which story a save takes the slot from. Loading and saving are actors the route provides;
// what a save announces (toasts, navigation) are actions it provides.
// An article can instead be scheduled (docs/decisions/011-scheduling.md): scheduling saves it as a
// draft (a live article's changes as its draft beside the published version, which readers keep
// until the schedule runs: docs/decisions/021-scheduled-changes.md), creates the schedule and reads
// the draft back (its new revision), and the form goes on editing it with the schedule shown; a
// pending schedule can be cancelled, which leaves the draft as it is.
// While editing, every change the editor makes is kept as a draft automatically: 3 s after the last
// change (the `autosaveDelay`), the `autosave` actor writes `drafts.{id}` only, guarded by the
// revision the form holds, and the form goes on from the draft's new revision. A change during an
// autosave waits for it; so do Save, Schedule and Cancel schedule, which would otherwise race it
// with a revision about to be stale. Someone else's save stops autosave with the conflict.
// A draft loaded beside the live version (docs/decisions/022-drafts-based-on-revisions.md) is shown
// with how it differs from what readers see, and the editor chooses: publish it (a save), discard it
// (the `discardDraft` actor, guarded by the draft's revision; the form then loads what readers see),
// or keep editing it. Keeping a stale draft (made from an older published version) is the editor's
// explicit choice to publish it over the newer one: until then the service refuses that publish.

import { assign, fromPromise, raise, setup, type SnapshotFrom } from 'xstate'
import { autosaveDelayMs, worthAutosaving, type AutosaveOutput } from '../content/admin/articleForm/autosave.ts'
import type { LoadedArticle } from '../content/admin/articleForm/document.ts'
import { hasDraftBesideLive } from '../content/admin/drafts.ts'
import type { ArticleFormScreenData } from '../content/admin/articleForm/load.ts'
import { ConflictError, SlugTakenError, type DiscardInput } from '../content/admin/articleForm/save.ts'
import type { SaveInput } from '../content/admin/articleForm/transaction.ts'
import { noHolders, type FrontPageHolders } from '../content/admin/frontPage.ts'
import type { ScheduledPublish } from '../content/admin/schedules.ts'
import { emptyArticleValues, type ArticleFormValues, type FormMode, type Option } from '../content/admin/articleForm/values.ts'
import { conflictNoted, draftChoiceGuards, draftChoiceStates, keepEditingChoice, messageOf, type DraftChoicesContext } from './draftChoices.ts'

export interface ArticleFormInput {
  /** The article's id from the route; null on the create form. */
  id: string | null
  /** The id a new article will get (a UUID); made here when not given. */
  newId?: string
}

/** Beside the draft's choices (draftChoices.ts: `draftBesideLive`, `keptDraft`, `staleConflict`). */
export interface ArticleFormContext extends DraftChoicesContext {
  mode: FormMode
  id: string
  authors: Option[]
  categories: Option[]
  /** What the form shows once loaded; it is reset to these whenever a load finishes. */
  values: ArticleFormValues
  loaded: LoadedArticle | null
  /** Why loading or the last save failed. */
  error: string | null
  /** A slug the service said another article uses. */
  takenSlug: string | null
  /** Who holds Breaking News and the Lead Story on the homepage, as loaded: what a save would replace. */
  frontPage: FrontPageHolders
  /** The article's pending scheduled publish, as loaded. */
  schedule: ScheduledPublish | null
  /** What the form holds now, once the editor has changed it: what the next autosave writes. */
  edited: ArticleFormValues | null
  /** The values the autosave under way is writing. */
  autosaving: ArticleFormValues | null
  /** When the last autosave finished (ISO-8601). */
  draftSavedAt: string | null
  /** Why the last autosave failed (other than a conflict, which has a state of its own). */
  autosaveError: string | null
  /** Save, Schedule, Cancel schedule or Discard draft pressed during an autosave: done once it ends. */
  queued: QueuedEvent | null
}

/** What loading the form gives: the form's data, and the article's pending schedule when it has one. */
export type ArticleFormLoad = ArticleFormScreenData & { schedule?: ScheduledPublish | null }

/** A schedule asks for the save's input and the moment (UTC, ISO-8601) to publish. */
export type ScheduleInput = SaveInput & { executeAt: string }

/** What scheduling gives back: the schedule, and the draft as it was saved. */
export interface ScheduleOutput {
  schedule: ScheduledPublish
  article: LoadedArticle | null
}

export type ArticleFormEvent =
  | { type: 'save'; values: ArticleFormValues }
  | { type: 'schedule'; values: ArticleFormValues; executeAt: string }
  | { type: 'cancelSchedule' }
  | { type: 'retry' }
  | { type: 'reload' }
  /** The editor changed the form (sent with what it holds now). */
  | { type: 'change'; values: ArticleFormValues }
  /** Of a draft beside the live version: go on editing it (a stale one then publishes over the newer live version). */
  | { type: 'keepEditing' }
  /** Of a draft beside the live version: delete it and edit what readers see. */
  | { type: 'discardDraft' }

/** The events that write the article, and so wait for an autosave under way. */
type QueuedEvent = Extract<ArticleFormEvent, { type: 'save' | 'schedule' | 'cancelSchedule' | 'discardDraft' }>

export const articleFormMachine = setup({
  types: {
    context: {} as ArticleFormContext,
    events: {} as ArticleFormEvent,
    input: {} as ArticleFormInput,
  },
  actors: {
    load: fromPromise<ArticleFormLoad, { id: string | null }>(() => Promise.reject(new Error('articleFormMachine needs a load actor'))),
    save: fromPromise<void, SaveInput>(() => Promise.reject(new Error('articleFormMachine needs a save actor'))),
    /** Saves the article as a draft and schedules its publish. */
    schedule: fromPromise<ScheduleOutput, ScheduleInput>(() => Promise.reject(new Error('articleFormMachine needs a schedule actor'))),
    cancelSchedule: fromPromise<void, { scheduleId: string }>(() => Promise.reject(new Error('articleFormMachine needs a cancelSchedule actor'))),
    /** Saves the form's values as the article's draft only (src/content/admin/articleForm/autosave.ts). */
    autosave: fromPromise<AutosaveOutput, SaveInput>(() => Promise.reject(new Error('articleFormMachine needs an autosave actor'))),
    /** Deletes the draft beside the published version (src/content/admin/articleForm/save.ts discardDraft). */
    discardDraft: fromPromise<void, DiscardInput>(() => Promise.reject(new Error('articleFormMachine needs a discardDraft actor'))),
  },
  delays: {
    autosaveDelay: autosaveDelayMs,
  },
  actions: {
    /** Tells the editor the article was saved (a toast) and leaves the form. */
    announceSaved: (_, _params: { mode: FormMode }) => {},
    /** Tells the editor a save failed (a destructive toast). */
    announceFailure: (_, _params: { message: string }) => {},
    /** Tells the editor when the article (a live one's changes) will be published (a toast). */
    announceScheduled: (_, _params: { executeAt: string; live: boolean }) => {},
    /** Tells the editor the schedule is cancelled: the draft stays as it is (beside the published version when live). */
    announceScheduleCancelled: (_, _params: { live: boolean }) => {},
    /** Tells the editor the draft is gone and the form shows what readers see (a toast). */
    announceDraftDiscarded: () => {},
    /** Keep editing: the comparison folds away, and a stale draft is based on the published version compared. */
    keepEditing: assign(({ context }) => keepEditingChoice(context)),
    noteConflict: assign((_, params: { error: unknown }) => conflictNoted(params.error)),
    clearError: assign({ error: null }),
    noteFailure: assign((_, params: { message: string }) => ({ error: params.message })),
    /**
     * The draft an autosave wrote is what the next save is guarded by: its revision replaces the one
     * loaded (a new article's first autosave made the draft the form edits from then on).
     */
    keepAutosavedDraft: assign(({ context }, output: AutosaveOutput) => ({
      draftSavedAt: output.savedAt,
      autosaveError: null,
      loaded: {
        values: context.loaded?.values ?? context.autosaving ?? context.values,
        base: context.loaded?.base ?? {},
        // The draft keeps the published revision it is based on (transaction.ts wrote it).
        revisions: { published: context.loaded?.revisions.published ?? null, draft: output.draftRevision, basedOn: context.loaded?.revisions.basedOn ?? context.loaded?.revisions.published ?? null },
        live: context.loaded?.live ?? null,
        stale: context.loaded?.stale ?? false,
      },
    })),
  },
  guards: {
    isMissing: ({ context }, output: ArticleFormLoad) => context.mode === 'edit' && output.article === null,
    /** One schedule at a time: a pending one is cancelled before another is made. */
    mayBeScheduled: ({ context }) => context.schedule === null,
    hasSchedule: ({ context }) => context.schedule !== null,
    isConflict: (_, params: { error: unknown }) => params.error instanceof ConflictError,
    isSlugTaken: (_, params: { error: unknown }) => params.error instanceof SlugTakenError,
    worthAutosaving: ({ context }) => context.edited !== null && worthAutosaving(context.edited),
    hasQueued: ({ context }) => context.queued !== null,
    changedDuringAutosave: ({ context }) => context.edited !== context.autosaving,
    ...draftChoiceGuards,
  },
}).createMachine({
  id: 'articleForm',
  context: ({ input }) => ({
    mode: input.id ? 'edit' : 'create',
    id: input.id ?? input.newId ?? crypto.randomUUID(),
    authors: [],
    categories: [],
    values: emptyArticleValues(),
    loaded: null,
    error: null,
    takenSlug: null,
    frontPage: noHolders,
    schedule: null,
    edited: null,
    autosaving: null,
    draftSavedAt: null,
    autosaveError: null,
    queued: null,
    draftBesideLive: false,
    keptDraft: false,
    staleConflict: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null, takenSlug: null, edited: null, autosaving: null, draftSavedAt: null, autosaveError: null, queued: null, draftBesideLive: false, keptDraft: false, staleConflict: false }),
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ id: context.mode === 'edit' ? context.id : null }),
        onDone: [
          {
            guard: { type: 'isMissing', params: ({ event }) => event.output },
            target: 'notFound',
          },
          {
            target: 'editing',
            actions: assign(({ event }) => ({
              authors: event.output.authors,
              categories: event.output.categories,
              loaded: event.output.article,
              frontPage: event.output.frontPage,
              schedule: event.output.schedule ?? null,
              values: event.output.article?.values ?? emptyArticleValues(),
              draftBesideLive: hasDraftBesideLive(event.output.article),
            })),
          },
        ],
        onError: {
          target: 'loadFailed',
          actions: assign({ error: ({ event }) => messageOf(event.error, 'The article could not be loaded.') }),
        },
      },
    },
    loadFailed: {
      on: { retry: 'loading' },
    },
    notFound: {},
    editing: {
      initial: 'idle',
      on: {
        save: 'saving',
        schedule: { guard: 'mayBeScheduled', target: 'scheduling' },
        cancelSchedule: { guard: 'hasSchedule', target: 'cancellingSchedule' },
        keepEditing: { guard: 'mayKeepEditing', actions: 'keepEditing' },
        discardDraft: { guard: 'hasDraftBesideLive', target: 'discardingDraft' },
        // Each change starts the wait again: the draft is saved once the editor pauses.
        change: { target: '.changed', reenter: true, actions: assign({ edited: ({ event }) => event.values }) },
      },
      states: {
        /** Nothing changed since the form was loaded (or saved). */
        idle: {},
        changed: {
          after: {
            autosaveDelay: [{ guard: 'worthAutosaving', target: 'autosaving' }, { target: 'idle' }],
          },
        },
        autosaving: {
          entry: assign({ autosaving: ({ context }) => context.edited, autosaveError: null }),
          on: {
            change: { actions: assign({ edited: ({ event }) => event.values }) },
            save: { actions: assign({ queued: ({ event }) => event }) },
            schedule: { guard: 'mayBeScheduled', actions: assign({ queued: ({ event }) => event }) },
            cancelSchedule: { guard: 'hasSchedule', actions: assign({ queued: ({ event }) => event }) },
            discardDraft: { guard: 'hasDraftBesideLive', actions: assign({ queued: ({ event }) => event }) },
          },
          invoke: {
            id: 'autosave',
            src: 'autosave',
            input: ({ context }) => ({ mode: context.mode, id: context.id, values: context.autosaving ?? context.values, loaded: context.loaded, draftOnly: true }),
            onDone: [
              {
                guard: 'hasQueued',
                target: 'draftSaved',
                actions: [{ type: 'keepAutosavedDraft', params: ({ event }) => event.output }, raise(({ context }) => context.queued!), assign({ queued: null })],
              },
              { guard: 'changedDuringAutosave', target: 'changed', actions: { type: 'keepAutosavedDraft', params: ({ event }) => event.output } },
              { target: 'draftSaved', actions: { type: 'keepAutosavedDraft', params: ({ event }) => event.output } },
            ],
            onError: [
              {
                guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
                target: '#articleForm.conflict',
                actions: [
                  assign({ error: ({ event }) => messageOf(event.error, ''), queued: null, staleConflict: false }),
                  { type: 'announceFailure', params: ({ event }) => ({ message: messageOf(event.error, '') }) },
                ],
              },
              {
                guard: 'hasQueued',
                target: 'autosaveFailed',
                actions: [assign({ autosaveError: ({ event }) => messageOf(event.error, 'The draft could not be saved.') }), raise(({ context }) => context.queued!), assign({ queued: null })],
              },
              { target: 'autosaveFailed', actions: assign({ autosaveError: ({ event }) => messageOf(event.error, 'The draft could not be saved.') }) },
            ],
          },
        },
        /** The editor's changes are all in the draft. */
        draftSaved: {},
        /** The draft could not be saved; the next change tries again. */
        autosaveFailed: {},
      },
    },
    saving: {
      entry: assign({ error: null, takenSlug: null }),
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context, event }) => ({
          mode: context.mode,
          id: context.id,
          values: event.type === 'save' ? event.values : context.values,
          loaded: context.loaded,
        }),
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
            actions: assign({ takenSlug: ({ event }) => (event.error as SlugTakenError).slug }),
          },
          {
            target: 'failed',
            actions: [
              assign({ error: ({ event }) => messageOf(event.error, 'The article could not be saved.') }),
              { type: 'announceFailure', params: ({ event }) => ({ message: messageOf(event.error, 'The article could not be saved.') }) },
            ],
          },
        ],
      },
    },
    failed: {
      on: {
        save: 'saving',
        discardDraft: { guard: 'hasDraftBesideLive', target: 'discardingDraft' },
        schedule: { guard: 'mayBeScheduled', target: 'scheduling' },
        cancelSchedule: { guard: 'hasSchedule', target: 'cancellingSchedule' },
      },
    },
    scheduling: {
      entry: assign({ error: null, takenSlug: null }),
      invoke: {
        id: 'schedule',
        src: 'schedule',
        input: ({ context, event }) => ({
          mode: context.mode,
          id: context.id,
          values: event.type === 'schedule' ? event.values : context.values,
          loaded: context.loaded,
          executeAt: event.type === 'schedule' ? event.executeAt : '',
        }),
        onDone: {
          target: 'editing',
          actions: [
            // Now the article exists as a draft: a form that was creating it edits it from here on,
            // guarded by the revision just saved.
            assign(({ context, event }) => ({
              mode: 'edit' as const,
              schedule: event.output.schedule,
              loaded: event.output.article,
              values: event.output.article?.values ?? context.values,
              draftBesideLive: Boolean(event.output.article?.revisions.draft && event.output.article.live),
            })),
            { type: 'announceScheduled', params: ({ event }) => ({ executeAt: event.output.schedule.executeAt, live: Boolean(event.output.article?.revisions.published) }) },
          ],
        },
        onError: [
          {
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'conflict',
            actions: [{ type: 'noteConflict', params: ({ event }) => ({ error: event.error }) }, { type: 'announceFailure', params: ({ event }) => ({ message: messageOf(event.error, '') }) }],
          },
          {
            guard: { type: 'isSlugTaken', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign({ takenSlug: ({ event }) => (event.error as SlugTakenError).slug }),
          },
          {
            target: 'failed',
            actions: [
              assign({ error: ({ event }) => messageOf(event.error, 'The article could not be scheduled.') }),
              { type: 'announceFailure', params: ({ event }) => ({ message: messageOf(event.error, 'The article could not be scheduled.') }) },
            ],
          },
        ],
      },
    },
    cancellingSchedule: {
      entry: assign({ error: null }),
      invoke: {
        id: 'cancelSchedule',
        src: 'cancelSchedule',
        input: ({ context }) => ({ scheduleId: context.schedule?.id ?? '' }),
        onDone: {
          target: 'editing',
          actions: [assign({ schedule: null }), { type: 'announceScheduleCancelled', params: ({ context }) => ({ live: Boolean(context.loaded?.revisions.published) }) }],
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event }) => messageOf(event.error, 'The schedule could not be cancelled.') }),
            { type: 'announceFailure', params: ({ event }) => ({ message: messageOf(event.error, 'The schedule could not be cancelled.') }) },
          ],
        },
      },
    },
    ...draftChoiceStates,
    saved: {
      type: 'final',
      entry: { type: 'announceSaved', params: ({ context }) => ({ mode: context.mode }) },
    },
  },
})

export type ArticleFormSnapshot = SnapshotFrom<typeof articleFormMachine>
