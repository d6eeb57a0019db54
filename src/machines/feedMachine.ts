// The homepage's live feed (docs/product-spec.md §4): connecting -> live (listen; refetch on each
// update, once per transaction however many documents it changed, naming the last one heard so an
// edge cache answers every open homepage with one query, and for a live blog's update only when its
// blog is in a slot the homepage shows) ->
// polling when the live query fails (fetch now, then every interval) -> offline when polling fails.
// Beyond the spec, polling and offline keep trying to return to live, with a growing delay. The
// connection's states are shared with the live blog's machine (connectionStates.ts).
// Every effect is an actor or action the caller provides (`feedMachine.provide(...)`): the route
// supplies @sanity/client; stories and tests supply fakes and run this same machine.

import { assign, fromCallback, fromPromise, not, setup, type SnapshotFrom } from 'xstate'
import { changeMayAlterHomepage, changeTouchesFrontPage, frontPageChanged, type DocumentChange, type Homepage } from '../content/homepage/rules.ts'
import { reconnectDelay } from './connectionSettings.ts'
import { connectingState, offlineState, pollingState, realtimeState } from './connectionStates.ts'
import { defaultFeedSettings, type FeedSettings } from './feedSettings.ts'

/**
 * A document change reported by the listen stream, with the transaction that made it: one
 * transaction that changes several documents (a fold of counted reads, a publish with its
 * references) arrives as one event per document, all of them visible to the first fetch.
 */
export type FeedUpdate = DocumentChange & { transactionId?: string }

export type FeedEvent =
  | { type: 'live.connected' }
  | { type: 'live.update'; update: FeedUpdate }
  | { type: 'live.failed'; error: unknown }
  | { type: 'retry' }

export interface FeedContext {
  homepage: Homepage | null
  /** An update arrived while a fetch was running: fetch again when it ends. */
  stale: boolean
  /**
   * The transaction of the last update heard. A fetch has begun since its first event (events
   * come in commit order, a transaction's together), so its other events change nothing to fetch.
   */
  lastTransaction: string | null
  /**
   * The transaction the next fetch follows, when it follows an event: the fetch names it, so every
   * open homepage that heard it asks one address an edge cache can answer for all of them (decision
   * 036). Null when the fetch must see the newest content whatever was heard: entering live, polling.
   */
  following: string | null
  /** When the lead or breaking story last changed (ms since the epoch). */
  lastChangeAt: number
  /** Failed attempts at live in a row; sets the reconnect delay. */
  failures: number
  settings: FeedSettings
}

export type FeedStatus = 'connecting' | 'live' | 'polling' | 'offline'

/**
 * Settings to override, and the homepage the page already shows (the one the server rendered it
 * with), if any. The machine still fetches once it is live, so nothing written since is missed.
 */
export type FeedInput = Partial<FeedSettings> & { homepage?: Homepage | null }

/** What a fetch of the homepage is given: the transaction it follows, if any. */
export interface FeedFetchInput {
  after: string | null
}

export const feedMachine = setup({
  types: {
    context: {} as FeedContext,
    events: {} as FeedEvent,
    input: {} as FeedInput | undefined,
  },
  actors: {
    fetchHomepage: fromPromise<Homepage, FeedFetchInput>(() => Promise.reject(new Error('feedMachine needs a fetchHomepage actor'))),
    listen: fromCallback<FeedEvent>(({ sendBack }) => {
      sendBack({ type: 'live.failed', error: new Error('feedMachine needs a listen actor') })
    }),
  },
  actions: {
    storeHomepage: assign({ homepage: (_, homepage: Homepage) => homepage }),
    reportRules: (_, homepage: Homepage) => {
      for (const message of homepage.violations) console.error(message)
      for (const message of homepage.warnings) console.warn(message)
    },
    report: (_, params: { message: string; error: unknown }) => {
      console.error(params.message, params.error)
    },
    markChange: assign({ lastChangeAt: () => Date.now() }),
    markStale: assign({ stale: true }),
    hearTransaction: assign({ lastTransaction: ({ event }) => (event.type === 'live.update' ? (event.update.transactionId ?? null) : null) }),
    // A fetch that failed covered nothing: the next event of its transaction must fetch again.
    forgetTransaction: assign({ lastTransaction: null }),
    follow: assign({ following: ({ event }) => (event.type === 'live.update' ? (event.update.transactionId ?? null) : null) }),
    unfollow: assign({ following: null }),
    clearStale: assign({ stale: false }),
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
    resetFailures: assign({ failures: 0 }),
  },
  guards: {
    isStale: ({ context }) => context.stale,
    sameTransaction: ({ context, event }) => event.type === 'live.update' && event.update.transactionId !== undefined && event.update.transactionId === context.lastTransaction,
    /** A live blog's update matters only to a homepage showing its blog in a slot (changeMayAlterHomepage). */
    mayAlterHomepage: ({ context, event }) => event.type === 'live.update' && changeMayAlterHomepage(context.homepage, event.update),
    touchesLeadOrBreaking: ({ context, event }) => event.type === 'live.update' && changeTouchesFrontPage(context.homepage, event.update),
    changedOutsideWindow: ({ context }, homepage: Homepage) =>
      frontPageChanged(context.homepage, homepage) && Date.now() - context.lastChangeAt > context.settings.changeWindow,
  },
  delays: {
    pollInterval: ({ context }) => context.settings.pollInterval,
    liveForceDelay: ({ context }) => context.settings.liveForceDelay,
    pollForceDelay: ({ context }) => context.settings.pollForceDelay,
    connectTimeout: ({ context }) => context.settings.connectTimeout,
    reconnectDelay: ({ context }) => reconnectDelay(context.settings, context.failures),
  },
}).createMachine({
  id: 'feed',
  context: ({ input }) => {
    const { homepage = null, ...settings } = input ?? {}
    return { homepage, stale: false, lastTransaction: null, following: null, lastChangeAt: 0, failures: 0, settings: { ...defaultFeedSettings, ...settings } }
  },
  initial: 'realtime',
  states: {
    realtime: {
      ...realtimeState('Live query error'),
      states: {
        connecting: connectingState('feed'),
        live: {
          // Entering live fetches: changes made before the stream opened are not in any event.
          entry: 'unfollow',
          initial: 'fetching',
          states: {
            idle: {
              on: {
                'live.update': [
                  { guard: 'sameTransaction' },
                  { guard: not('mayAlterHomepage') },
                  { guard: 'touchesLeadOrBreaking', target: 'forcing', actions: ['markChange', 'hearTransaction', 'follow'] },
                  { target: 'fetching', actions: ['hearTransaction', 'follow'] },
                ],
              },
            },
            fetching: {
              entry: 'clearStale',
              on: { 'live.update': [{ guard: 'sameTransaction' }, { guard: not('mayAlterHomepage') }, { actions: ['markStale', 'hearTransaction', 'follow'] }] },
              invoke: {
                id: 'fetch',
                src: 'fetchHomepage',
                input: ({ context }) => ({ after: context.following }),
                onDone: [
                  { guard: 'isStale', target: 'fetching', reenter: true, actions: [{ type: 'storeHomepage', params: ({ event }) => event.output }, { type: 'reportRules', params: ({ event }) => event.output }] },
                  { target: 'idle', actions: [{ type: 'storeHomepage', params: ({ event }) => event.output }, { type: 'reportRules', params: ({ event }) => event.output }] },
                ],
                onError: { target: 'idle', actions: ['forgetTransaction', { type: 'report', params: ({ event }) => ({ message: 'Error refetching after update', error: event.error }) }] },
              },
            },
            forcing: {
              on: { 'live.update': { actions: ['hearTransaction', 'follow'] } },
              after: { liveForceDelay: 'forced' },
            },
            forced: {
              entry: 'clearStale',
              on: { 'live.update': [{ guard: 'sameTransaction' }, { guard: not('mayAlterHomepage') }, { actions: ['markStale', 'hearTransaction', 'follow'] }] },
              invoke: {
                id: 'fetch',
                src: 'fetchHomepage',
                input: ({ context }) => ({ after: context.following }),
                onDone: [
                  { guard: 'isStale', target: 'fetching', actions: [{ type: 'storeHomepage', params: ({ event }) => event.output }, { type: 'reportRules', params: ({ event }) => event.output }] },
                  { target: 'idle', actions: [{ type: 'storeHomepage', params: ({ event }) => event.output }, { type: 'reportRules', params: ({ event }) => event.output }] },
                ],
                onError: { target: 'idle', actions: ['forgetTransaction', { type: 'report', params: ({ event }) => ({ message: 'Force refresh failed', error: event.error }) }] },
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
            src: 'fetchHomepage',
            input: { after: null },
            onDone: [
              {
                guard: { type: 'changedOutsideWindow', params: ({ event }) => event.output },
                target: 'forcing',
                actions: [{ type: 'storeHomepage', params: ({ event }) => event.output }, { type: 'reportRules', params: ({ event }) => event.output }, 'markChange'],
              },
              { target: 'waiting', actions: [{ type: 'storeHomepage', params: ({ event }) => event.output }, { type: 'reportRules', params: ({ event }) => event.output }] },
            ],
            onError: {
              target: '#feed.offline',
              actions: ['countFailure', { type: 'report', params: ({ event }) => ({ message: 'Polling query error', error: event.error }) }],
            },
          },
        },
        waiting: { after: { pollInterval: 'fetching' } },
        forcing: { after: { pollForceDelay: 'fetching' } },
      },
    },
    offline: offlineState,
  },
})

export type FeedSnapshot = SnapshotFrom<typeof feedMachine>

export function feedStatus(snapshot: FeedSnapshot): FeedStatus {
  if (snapshot.matches('offline')) return 'offline'
  if (snapshot.matches('polling')) return 'polling'
  if (snapshot.matches({ realtime: 'live' })) return 'live'
  return 'connecting'
}
