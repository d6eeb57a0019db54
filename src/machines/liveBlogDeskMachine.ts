// The live blog desk beside an article's form (docs/decisions/035-live-blog-desk.md). It loads the
// blog and its updates, then three regions run side by side:
// - the composer: posting a new update (a writer's is published, a contributor's is a draft);
// - the list: one update edited in place, a delete or an end of coverage asked about first,
//   a draft published, coverage started or ended;
// - sync: the blog's listen stream; each change anyone makes (and each write of this desk) reads
//   again only the updates it names and puts them in their place in the list, and "Show older
//   updates" reads the next ones after the list's end with them; a stream that drops is opened
//   again after a pause, and the whole list is loaded again then.
// An edit keeps the update as it was when opened: its save is guarded by that revision, so someone
// else's change meanwhile is refused and said, with the editor's text still in the edit form.
// Every effect is a named actor or action a caller replaces.

import { assign, fromCallback, fromPromise, raise, setup, type SnapshotFrom } from 'xstate'
import { deskMessages, deskUpdatesShown, type CoverageChange, type DeskMessage, type DeskBlog, type DeskData, type DeskUpdate, type DeskView, type PostInput, type UpdateValues } from '../content/admin/liveBlogDesk.ts'

export interface LiveBlogDeskInput {
  /** The article's published id. */
  blog: string
  /** Whether this editor's role publishes (shared/roles.ts): otherwise posts are drafts. */
  canPublish: boolean
}

export interface LiveBlogDeskContext {
  blog: string
  canPublish: boolean
  data: DeskData | null
  loadError: string | null
  /** What the last action did or why it failed, said in the desk's live region. */
  message: DeskMessage | null
  /** The update open for editing, as it was when opened: its save is guarded by this revision. */
  editing: DeskUpdate | null
  /** The update a delete or publish is about. */
  target: DeskUpdate | null
  coverage: CoverageChange | null
  /** Counts posts made: the composer starts empty again after each. */
  posted: number
  /** How many of the newest updates the list loads: more after each "Show older updates". */
  shown: number
  /** The documents changed since the list was last read (null: read it all again). */
  pending: string[] | null
  /** "Show older updates" was asked: the next read adds the updates after the list's end. */
  older: boolean
}

export type LiveBlogDeskEvent =
  | { type: 'post'; values: UpdateValues }
  | { type: 'edit'; id: string }
  | { type: 'cancelEdit' }
  | { type: 'save'; values: UpdateValues }
  | { type: 'delete'; id: string }
  | { type: 'publish'; id: string }
  | { type: 'startCoverage' }
  | { type: 'endCoverage' }
  /** Yes to the question asked (delete this update, end live coverage). */
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'retry' }
  /** The blog changed (someone posted, edited, deleted, published, ended): the documents named, or (no ids) anything. */
  | { type: 'blog.changed'; ids?: string[] }
  /** List the next older updates. */
  | { type: 'showOlder' }
  /** The stream closed or failed; it is opened again after a pause. */
  | { type: 'stream.ended' }

/**
 * What the list reads again: the documents `ids` changed (merged into `data`), and with `older` the
 * next updates after its end; or, ids null, all of it, `shown` of them.
 */
export interface RefreshInput {
  blog: string
  shown: number
  data: DeskData
  ids: string[] | null
  older: boolean
}

export interface SaveUpdateInput {
  update: DeskUpdate
  values: UpdateValues
}

export interface PublishInput {
  blog: string
  update: DeskUpdate
}

/** Pause before the stream is opened again, so a service that is down is not asked in a loop. */
export const deskReconnectMs = 3_000

const messageOf = (error: unknown, fallback: string): string => (error instanceof Error && error.message ? error.message : fallback)
const failure = (error: unknown): DeskMessage => ({ tone: 'error', text: messageOf(error, deskMessages.failed) })
const findUpdate = (context: LiveBlogDeskContext, id: string): DeskUpdate | null => context.data?.updates.find((u) => u.id === id) ?? null
const live = (context: LiveBlogDeskContext) => context.data?.blog.isLiveBlog === true && context.data.blog.endedAt === null

export const liveBlogDeskMachine = setup({
  types: {
    context: {} as LiveBlogDeskContext,
    events: {} as LiveBlogDeskEvent,
    input: {} as LiveBlogDeskInput,
  },
  actors: {
    load: fromPromise<DeskData, { blog: string; shown: number }>(() => Promise.reject(new Error('liveBlogDeskMachine needs a load actor'))),
    /** Reads the changed updates again (src/content/admin/liveBlogDesk.ts refreshDesk), or all (loadDesk). */
    refresh: fromPromise<DeskData, RefreshInput>(() => Promise.reject(new Error('liveBlogDeskMachine needs a refresh actor'))),
    // Each write resolves with the ids of the documents it wrote.
    post: fromPromise<string[], PostInput>(() => Promise.reject(new Error('liveBlogDeskMachine needs a post actor'))),
    save: fromPromise<string[], SaveUpdateInput>(() => Promise.reject(new Error('liveBlogDeskMachine needs a save actor'))),
    remove: fromPromise<string[], { update: DeskUpdate }>(() => Promise.reject(new Error('liveBlogDeskMachine needs a remove actor'))),
    publish: fromPromise<string[], PublishInput>(() => Promise.reject(new Error('liveBlogDeskMachine needs a publish actor'))),
    /** Starts or ends live coverage on the article (src/content/admin/liveBlogDesk.ts changeCoverage). */
    coverage: fromPromise<string[], { blog: DeskBlog; change: CoverageChange }>(() => Promise.reject(new Error('liveBlogDeskMachine needs a coverage actor'))),
    /** The blog's listen stream: sends `blog.changed` with the document's id per change, `stream.ended` when it drops. */
    watch: fromCallback<LiveBlogDeskEvent, { blog: string }>(({ sendBack }) => {
      sendBack({ type: 'stream.ended' })
    }),
  },
  actions: {
    /** Told once coverage started or ended: the article changed under its form, which the route reloads. */
    coverageChanged: (_, _params: { change: CoverageChange }) => {},
    notePending: assign({
      pending: ({ context, event }) => {
        const ids = event.type === 'blog.changed' ? event.ids : undefined
        return ids === undefined || context.pending === null ? null : [...new Set([...context.pending, ...ids])]
      },
    }),
  },
  guards: {
    hasOlder: ({ context }) => context.data?.older === true,
    canPost: ({ context }) => context.data !== null && live(context),
    mayChange: ({ context }, params: { id: string }) => {
      const update = findUpdate(context, params.id)
      return update !== null && (context.canPublish || update.draft)
    },
    mayPublish: ({ context }, params: { id: string }) => context.canPublish && findUpdate(context, params.id)?.draft === true,
    mayStart: ({ context }) => context.canPublish && context.data !== null && (!context.data.blog.isLiveBlog || context.data.blog.endedAt !== null),
    mayEnd: ({ context }) => context.canPublish && context.data !== null && live(context),
  },
  delays: {
    reconnect: deskReconnectMs,
  },
}).createMachine({
  id: 'liveBlogDesk',
  context: ({ input }) => ({ blog: input.blog, canPublish: input.canPublish, data: null, loadError: null, message: null, editing: null, target: null, coverage: null, posted: 0, shown: deskUpdatesShown, pending: [], older: false }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ blog: context.blog, shown: context.shown }),
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, loadError: null, pending: [] }) },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => messageOf(event.error, deskMessages.loadFailed) }) },
      },
    },
    failed: { on: { retry: 'loading' } },
    ready: {
      type: 'parallel',
      on: {
        showOlder: { guard: 'hasOlder', actions: [assign({ shown: ({ context }) => context.data!.updates.length + deskUpdatesShown, older: true }), raise({ type: 'blog.changed', ids: [] })] },
      },
      states: {
        composer: {
          initial: 'idle',
          states: {
            idle: { on: { post: { guard: 'canPost', target: 'posting' } } },
            posting: {
              invoke: {
                id: 'post',
                src: 'post',
                input: ({ context, event }) => ({
                  blog: context.blog,
                  values: (event as Extract<LiveBlogDeskEvent, { type: 'post' }>).values,
                  publish: context.canPublish,
                }),
                onDone: {
                  target: 'idle',
                  actions: [
                    assign({ posted: ({ context }) => context.posted + 1, message: ({ context }) => ({ tone: 'success' as const, text: context.canPublish ? deskMessages.posted : deskMessages.drafted }) }),
                    raise(({ event }) => ({ type: 'blog.changed' as const, ids: event.output })),
                  ],
                },
                onError: { target: 'idle', actions: assign({ message: ({ event }) => failure(event.error) }) },
              },
            },
          },
        },
        list: {
          initial: 'idle',
          states: {
            idle: {
              entry: assign({ editing: null, target: null }),
              on: {
                edit: { guard: { type: 'mayChange', params: ({ event }) => ({ id: event.id }) }, target: 'editing', actions: assign({ editing: ({ context, event }) => findUpdate(context, event.id), message: null }) },
                delete: { guard: { type: 'mayChange', params: ({ event }) => ({ id: event.id }) }, target: 'confirmingDelete', actions: assign({ target: ({ context, event }) => findUpdate(context, event.id) }) },
                publish: { guard: { type: 'mayPublish', params: ({ event }) => ({ id: event.id }) }, target: 'publishing', actions: assign({ target: ({ context, event }) => findUpdate(context, event.id) }) },
                startCoverage: { guard: 'mayStart', target: 'changingCoverage', actions: assign({ coverage: 'start' as const }) },
                endCoverage: { guard: 'mayEnd', target: 'confirmingEnd' },
              },
            },
            editing: {
              on: {
                save: 'saving',
                cancelEdit: 'idle',
              },
            },
            saving: {
              invoke: {
                id: 'save',
                src: 'save',
                input: ({ context, event }) => ({ update: context.editing!, values: (event as Extract<LiveBlogDeskEvent, { type: 'save' }>).values }),
                onDone: { target: 'idle', actions: [assign({ message: { tone: 'success', text: deskMessages.saved } }), raise(({ event }) => ({ type: 'blog.changed' as const, ids: event.output }))] },
                // The edit stays open with the editor's text; a conflict shows the others' version in the list.
                onError: { target: 'editing', actions: [assign({ message: ({ event }) => failure(event.error) }), raise(({ context }) => ({ type: 'blog.changed' as const, ids: [context.editing!.documentId] }))] },
              },
            },
            confirmingDelete: { on: { confirm: 'deleting', cancel: 'idle' } },
            deleting: {
              invoke: {
                id: 'remove',
                src: 'remove',
                input: ({ context }) => ({ update: context.target! }),
                onDone: { target: 'idle', actions: [assign({ message: { tone: 'success', text: deskMessages.deleted } }), raise(({ event }) => ({ type: 'blog.changed' as const, ids: event.output }))] },
                onError: { target: 'idle', actions: [assign({ message: ({ event }) => failure(event.error) }), raise(({ context }) => ({ type: 'blog.changed' as const, ids: [context.target!.documentId] }))] },
              },
            },
            publishing: {
              invoke: {
                id: 'publish',
                src: 'publish',
                input: ({ context }) => ({ blog: context.blog, update: context.target! }),
                onDone: { target: 'idle', actions: [assign({ message: { tone: 'success', text: deskMessages.published } }), raise(({ event }) => ({ type: 'blog.changed' as const, ids: event.output }))] },
                onError: { target: 'idle', actions: [assign({ message: ({ event }) => failure(event.error) }), raise(({ context }) => ({ type: 'blog.changed' as const, ids: [context.target!.documentId] }))] },
              },
            },
            confirmingEnd: { on: { confirm: { target: 'changingCoverage', actions: assign({ coverage: 'end' as const }) }, cancel: 'idle' } },
            changingCoverage: {
              invoke: {
                id: 'coverage',
                src: 'coverage',
                input: ({ context }) => ({ blog: context.data!.blog, change: context.coverage! }),
                onDone: {
                  target: 'idle',
                  actions: [
                    assign({ message: ({ context }) => ({ tone: 'success' as const, text: context.coverage === 'end' ? deskMessages.ended : deskMessages.started }) }),
                    { type: 'coverageChanged', params: ({ context }) => ({ change: context.coverage! }) },
                    raise(({ event }) => ({ type: 'blog.changed' as const, ids: event.output })),
                  ],
                },
                // The article's versions are read with every change: none needs naming.
                onError: { target: 'idle', actions: [assign({ message: ({ event }) => failure(event.error) }), raise({ type: 'blog.changed', ids: [] })] },
              },
            },
          },
        },
        sync: {
          initial: 'live',
          states: {
            live: {
              invoke: { id: 'watch', src: 'watch', input: ({ context }) => ({ blog: context.blog }) },
              on: { 'stream.ended': 'reconnecting' },
              initial: 'current',
              states: {
                current: { on: { 'blog.changed': { target: 'refreshing', actions: 'notePending' } } },
                refreshing: {
                  invoke: {
                    id: 'refresh',
                    src: 'refresh',
                    input: ({ context }) => ({ blog: context.blog, shown: context.shown, data: context.data!, ids: context.pending, older: context.older }),
                    onDone: { target: 'current', actions: assign({ data: ({ event }) => event.output, pending: [], older: false }) },
                    // The list stays as it was, the changes still noted; the next change, or reconnecting, tries again.
                    onError: { target: 'current' },
                  },
                  // A change during a read: read again, the new change too, so the list is never older than the last change.
                  on: { 'blog.changed': { target: 'refreshing', reenter: true, actions: 'notePending' } },
                },
              },
            },
            // Changes made while the stream was closed are unknown: the whole list is read when it opens again.
            reconnecting: { entry: assign({ pending: null }), after: { reconnect: '#liveBlogDesk.ready.sync.live.refreshing' } },
          },
        },
      },
    },
  },
})

export type LiveBlogDeskSnapshot = SnapshotFrom<typeof liveBlogDeskMachine>

/** What the desk shows of the machine's state (src/components/admin/LiveBlogDesk.tsx's props). */
export function liveBlogDeskView(snapshot: LiveBlogDeskSnapshot): DeskView {
  const { context } = snapshot
  const listIn = (state: string) => snapshot.matches({ ready: { list: state } } as never)
  return {
    status: snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'ready',
    loadError: context.loadError,
    data: context.data,
    canPublish: context.canPublish,
    posting: snapshot.matches({ ready: { composer: 'posting' } }),
    postKey: context.posted,
    editing: listIn('editing') || listIn('saving') ? context.editing : null,
    saving: listIn('saving'),
    confirming: listIn('confirmingDelete') && context.target ? { kind: 'delete', update: context.target } : listIn('confirmingEnd') ? { kind: 'end' } : null,
    busy: listIn('deleting') && context.target ? { id: context.target.id, action: 'delete' } : listIn('publishing') && context.target ? { id: context.target.id, action: 'publish' } : null,
    changingCoverage: listIn('changingCoverage') ? context.coverage : null,
    loadingOlder: snapshot.matches({ ready: { sync: { live: 'refreshing' } } }) && (context.pending === null || context.older),
    message: context.message,
  }
}
