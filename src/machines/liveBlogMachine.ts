// An open live blog's first page (issue 24, "Live on open pages"). The connection is the homepage
// feed's, its states shared with it (connectionStates.ts): connecting -> live (listen to the blog's updates and the blog itself;
// fetch the first page again on each change, once per transaction) -> polling when the stream
// fails (fetch now, then every interval) -> offline when polling fails, and back to live with a
// growing delay. What the reader sees (src/content/liveblog/live.ts): a fetched page is shown
// whole when the reader is at the top of the updates and the tab is visible; otherwise its new
// updates are held behind a "N new updates" button and "(N)" in the tab's title, while edits,
// deletions, the pin and the key events show at once. A hidden tab does not poll, and catches up
// when shown. When a fetch says the blog has ended, the machine stops listening for good.
// Every effect is an actor or action the caller provides (`liveBlogMachine.provide(...)`).

import { assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate'
import type { LiveBlogPage, LiveFirstPage } from '../content/liveblog/liveBlog.ts'
import { heldAnnouncement, holdingNew, insertedAnnouncement, newUpdates } from '../content/liveblog/live.ts'
import { reconnectDelay } from './connectionSettings.ts'
import { connectingState, offlineState, pollingState, realtimeState } from './connectionStates.ts'
import { defaultLiveBlogSettings, type LiveBlogSettings } from './liveBlogSettings.ts'

/** A change the listen stream reported: one of the blog's updates, or the blog itself. */
export interface LiveBlogChange {
  documentId: string
  /** Events of one transaction come together; the first fetch after them sees them all. */
  transactionId?: string
}

export type LiveBlogEvent =
  | { type: 'live.connected' }
  | { type: 'live.update'; update: LiveBlogChange }
  | { type: 'live.failed'; error: unknown }
  | { type: 'retry' }
  /** Whether the top of the updates is in view (or below it): where new updates may appear. */
  | { type: 'reader.scrolled'; atTop: boolean }
  | { type: 'tab.hidden' }
  | { type: 'tab.shown' }
  /** The reader pressed "N new updates". */
  | { type: 'showNew' }

export interface LiveBlogContext {
  /** The page the reader sees. */
  shown: LiveBlogPage
  /** The page last fetched; its updates not on `shown` are the new ones held back. */
  fresh: LiveBlogPage
  /** When the blog ended; null while it is live. */
  endedAt: string | null
  atTop: boolean
  visible: boolean
  /** What the polite live region says now. */
  announcement: string
  /** A change arrived while a fetch was running: fetch again when it ends. */
  stale: boolean
  lastTransaction: string | null
  /**
   * The transaction the next fetch follows, when it follows an event: the fetch names it, so every
   * open page asks one address an edge cache can answer for all of them (decision 036). Null when
   * the fetch must see the newest content whatever was heard: on connecting, polling, a tab shown.
   */
  following: string | null
  /** Failed attempts at the stream in a row; sets the reconnect delay. */
  failures: number
  settings: LiveBlogSettings
}

export type LiveBlogInput = Partial<LiveBlogSettings> & {
  /** The first page as the server rendered it. */
  page: LiveBlogPage
  atTop?: boolean
  visible?: boolean
}

export type LiveBlogStatus = 'connecting' | 'live' | 'polling' | 'offline' | 'ended'

/** What a fetch of the first page is given: the transaction it follows, if any. */
export interface LiveBlogFetchInput {
  after: string | null
}

/** How many new updates are held back from the reader. */
export const heldCount = (context: Pick<LiveBlogContext, 'shown' | 'fresh'>): number => newUpdates(context.shown, context.fresh).length

const reading = (context: LiveBlogContext) => context.atTop && context.visible

/** The page as the reader should see it once `fresh` arrives, and what the live region says of it. */
function receive(context: LiveBlogContext, { page: fresh, endedAt }: LiveFirstPage): Partial<LiveBlogContext> {
  const endedNow = endedAt !== null && context.endedAt === null ? ' This live blog has ended.' : ''
  if (reading(context)) {
    const inserted = newUpdates(context.shown, fresh)
    const said = insertedAnnouncement(inserted)
    return { fresh, shown: fresh, endedAt, announcement: said !== '' || endedNow !== '' ? `${said}${endedNow}`.trim() : context.announcement }
  }
  const before = heldCount(context)
  const shown = holdingNew(context.shown, fresh)
  const held = newUpdates(shown, fresh).length
  const said = held > before ? heldAnnouncement(held) : ''
  return { fresh, shown, endedAt, announcement: said !== '' || endedNow !== '' ? `${said}${endedNow}`.trim() : context.announcement }
}

function reveal(context: LiveBlogContext): Partial<LiveBlogContext> {
  const inserted = newUpdates(context.shown, context.fresh)
  if (inserted.length === 0) return {}
  return { shown: context.fresh, announcement: insertedAnnouncement(inserted) }
}

export const liveBlogMachine = setup({
  types: {
    context: {} as LiveBlogContext,
    events: {} as LiveBlogEvent,
    input: {} as LiveBlogInput,
  },
  actors: {
    fetchFirstPage: fromPromise<LiveFirstPage, LiveBlogFetchInput>(() => Promise.reject(new Error('liveBlogMachine needs a fetchFirstPage actor'))),
    listen: fromCallback<LiveBlogEvent>(({ sendBack }) => {
      sendBack({ type: 'live.failed', error: new Error('liveBlogMachine needs a listen actor') })
    }),
  },
  actions: {
    receive: assign(({ context }, output: LiveFirstPage) => receive(context, output)),
    reveal: assign(({ context }) => reveal(context)),
    /** Arriving at the top, or back in a tab at the top, brings the held updates in. */
    revealIfReading: assign(({ context }) => (reading(context) ? reveal(context) : {})),
    setAtTop: assign({ atTop: ({ event }) => (event.type === 'reader.scrolled' ? event.atTop : true) }),
    markHidden: assign({ visible: false }),
    markVisible: assign({ visible: true }),
    /** The page shows the count of held updates in the tab's title: the page provides it. */
    retitle: (_, _params: { count: number }) => {},
    /** Brings the reader to the top of the updates: the page provides it. */
    scrollToTop: () => {},
    report: (_, params: { message: string; error: unknown }) => {
      console.error(params.message, params.error)
    },
    markStale: assign({ stale: true }),
    clearStale: assign({ stale: false }),
    hearTransaction: assign({ lastTransaction: ({ event }) => (event.type === 'live.update' ? (event.update.transactionId ?? null) : null) }),
    forgetTransaction: assign({ lastTransaction: null }),
    follow: assign({ following: ({ event }) => (event.type === 'live.update' ? (event.update.transactionId ?? null) : null) }),
    unfollow: assign({ following: null }),
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
    resetFailures: assign({ failures: 0 }),
  },
  guards: {
    isStale: ({ context }) => context.stale,
    isVisible: ({ context }) => context.visible,
    hasHeld: ({ context }) => heldCount(context) > 0,
    sameTransaction: ({ context, event }) => event.type === 'live.update' && event.update.transactionId !== undefined && event.update.transactionId === context.lastTransaction,
    hasEnded: (_, output: LiveFirstPage) => output.endedAt !== null,
  },
  delays: {
    pollInterval: ({ context }) => context.settings.pollInterval,
    connectTimeout: ({ context }) => context.settings.connectTimeout,
    reconnectDelay: ({ context }) => reconnectDelay(context.settings, context.failures),
  },
}).createMachine({
  id: 'liveBlog',
  context: ({ input }) => {
    const { page, atTop = true, visible = true, ...settings } = input
    return {
      shown: page,
      fresh: page,
      endedAt: null,
      atTop,
      visible,
      announcement: '',
      stale: false,
      lastTransaction: null,
      following: null,
      failures: 0,
      settings: { ...defaultLiveBlogSettings, ...settings },
    }
  },
  on: {
    'reader.scrolled': { actions: ['setAtTop', 'revealIfReading', { type: 'retitle', params: ({ context }) => ({ count: heldCount(context) }) }] },
    'tab.hidden': { actions: 'markHidden' },
    'tab.shown': { actions: ['markVisible', 'revealIfReading', { type: 'retitle', params: ({ context }) => ({ count: heldCount(context) }) }] },
    showNew: { guard: 'hasHeld', actions: ['reveal', { type: 'retitle', params: ({ context }) => ({ count: heldCount(context) }) }, 'scrollToTop'] },
  },
  initial: 'realtime',
  states: {
    realtime: {
      ...realtimeState('Live blog stream error'),
      states: {
        connecting: connectingState('liveBlog'),
        live: {
          // Entering live fetches: changes made before the stream opened are in no event.
          entry: 'unfollow',
          initial: 'fetching',
          states: {
            idle: {
              on: {
                'live.update': [{ guard: 'sameTransaction' }, { target: 'fetching', actions: ['hearTransaction', 'follow'] }],
                // Back from another tab: whatever the browser held back while it was hidden.
                'tab.shown': { target: 'fetching', actions: ['unfollow', 'markVisible', 'revealIfReading', { type: 'retitle', params: ({ context }) => ({ count: heldCount(context) }) }] },
              },
            },
            fetching: {
              entry: 'clearStale',
              on: { 'live.update': [{ guard: 'sameTransaction' }, { actions: ['markStale', 'hearTransaction', 'follow'] }] },
              invoke: {
                id: 'fetch',
                src: 'fetchFirstPage',
                input: ({ context }) => ({ after: context.following }),
                onDone: [
                  {
                    guard: { type: 'hasEnded', params: ({ event }) => event.output },
                    target: '#liveBlog.ended',
                    actions: [{ type: 'receive', params: ({ event }) => event.output }, { type: 'retitle', params: ({ context }) => ({ count: heldCount(context) }) }],
                  },
                  {
                    guard: 'isStale',
                    target: 'fetching',
                    reenter: true,
                    actions: [{ type: 'receive', params: ({ event }) => event.output }, { type: 'retitle', params: ({ context }) => ({ count: heldCount(context) }) }],
                  },
                  { target: 'idle', actions: [{ type: 'receive', params: ({ event }) => event.output }, { type: 'retitle', params: ({ context }) => ({ count: heldCount(context) }) }] },
                ],
                onError: { target: 'idle', actions: ['forgetTransaction', { type: 'report', params: ({ event }) => ({ message: 'Error fetching the live blog after a change', error: event.error }) }] },
              },
            },
          },
        },
      },
    },
    polling: {
      ...pollingState,
      initial: 'fetching',
      states: {
        fetching: {
          invoke: {
            id: 'fetch',
            src: 'fetchFirstPage',
            input: { after: null },
            onDone: [
              {
                guard: { type: 'hasEnded', params: ({ event }) => event.output },
                target: '#liveBlog.ended',
                actions: [{ type: 'receive', params: ({ event }) => event.output }, { type: 'retitle', params: ({ context }) => ({ count: heldCount(context) }) }],
              },
              { target: 'waiting', actions: [{ type: 'receive', params: ({ event }) => event.output }, { type: 'retitle', params: ({ context }) => ({ count: heldCount(context) }) }] },
            ],
            onError: {
              target: '#liveBlog.offline',
              actions: ['countFailure', { type: 'report', params: ({ event }) => ({ message: 'Live blog polling error', error: event.error }) }],
            },
          },
        },
        // A hidden tab does not poll: it fetches once when shown again.
        waiting: { after: { pollInterval: [{ guard: 'isVisible', target: 'fetching' }, { target: 'dozing' }] } },
        dozing: {
          on: { 'tab.shown': { target: 'fetching', actions: ['markVisible', 'revealIfReading', { type: 'retitle', params: ({ context }) => ({ count: heldCount(context) }) }] } },
        },
      },
    },
    offline: offlineState,
    // The blog has ended: nothing more will be posted, so nothing is listened to or fetched.
    ended: {},
  },
})

export type LiveBlogSnapshot = SnapshotFrom<typeof liveBlogMachine>

export function liveBlogStatus(snapshot: LiveBlogSnapshot): LiveBlogStatus {
  if (snapshot.matches('ended')) return 'ended'
  if (snapshot.matches('offline')) return 'offline'
  if (snapshot.matches('polling')) return 'polling'
  if (snapshot.matches({ realtime: 'live' })) return 'live'
  return 'connecting'
}
