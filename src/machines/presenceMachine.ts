// Presence in the article form (docs/decisions/020-presence.md): while the form is open, this tab says
// so every ~10 s (the service forgets it 30 s after the last time) and listens for the other editors
// of the same article coming and going; on `leave` (the form unmounts, the page hides) it says it has
// gone. Two regions run side by side: the heartbeat, and the listen stream, which reconnects by
// itself after a pause. Every effect is a named actor or action a caller replaces.

import { assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { heartbeatMs, type PresentEditor } from '../content/admin/presence.ts'

export interface PresenceInput {
  documentId: string
}

export interface PresenceContext {
  documentId: string
  /** The other editors on the article, as last heard from the heartbeat's answer or the stream. */
  editors: PresentEditor[]
}

export type PresenceEvent =
  /** The stream said who else is on the article (at once, then at each change). */
  | { type: 'editors.changed'; editors: PresentEditor[] }
  /** The stream closed or failed; it is opened again after a pause. */
  | { type: 'stream.ended' }
  /** The form is going away. */
  | { type: 'leave' }

/** Pause before the stream is opened again, so a service that is down is not asked in a loop. */
export const reconnectMs = 3_000

export const presenceMachine = setup({
  types: {
    context: {} as PresenceContext,
    events: {} as PresenceEvent,
    input: {} as PresenceInput,
  },
  actors: {
    announce: fromPromise<PresentEditor[], { documentId: string }>(() => Promise.reject(new Error('presenceMachine needs an announce actor'))),
    watch: fromCallback<PresenceEvent, { documentId: string }>(({ sendBack }) => {
      sendBack({ type: 'stream.ended' })
    }),
  },
  actions: {
    // Replaced by the route with the request that tells the others at once; without it they are told
    // when the entry expires.
    leave: () => {},
    storeEditors: assign({ editors: (_, editors: PresentEditor[]) => editors }),
  },
  delays: {
    heartbeat: heartbeatMs,
    reconnect: reconnectMs,
  },
}).createMachine({
  id: 'presence',
  context: ({ input }) => ({ documentId: input.documentId, editors: [] }),
  initial: 'present',
  states: {
    present: {
      type: 'parallel',
      on: { leave: 'left' },
      states: {
        heartbeat: {
          initial: 'announcing',
          states: {
            announcing: {
              invoke: {
                id: 'announce',
                src: 'announce',
                input: ({ context }) => ({ documentId: context.documentId }),
                onDone: { target: 'waiting', actions: { type: 'storeEditors', params: ({ event }) => event.output } },
                onError: 'unavailable',
              },
            },
            waiting: { after: { heartbeat: 'announcing' } },
            // The service could not be told: the form says it cannot tell who else is there, and tries again.
            unavailable: { after: { heartbeat: 'announcing' } },
          },
        },
        stream: {
          initial: 'watching',
          states: {
            watching: {
              invoke: { id: 'watch', src: 'watch', input: ({ context }) => ({ documentId: context.documentId }) },
              on: {
                'editors.changed': { actions: { type: 'storeEditors', params: ({ event }) => event.editors } },
                'stream.ended': 'reconnecting',
              },
            },
            reconnecting: { after: { reconnect: 'watching' } },
          },
        },
      },
    },
    left: { type: 'final', entry: 'leave' },
  },
})

export type PresenceSnapshot = SnapshotFrom<typeof presenceMachine>

/** What the form shows: the other editors, and whether presence could not be checked lately. */
export function presenceView(snapshot: PresenceSnapshot): { editors: PresentEditor[]; unavailable: boolean } {
  if (snapshot.status === 'done') return { editors: [], unavailable: false }
  return { editors: snapshot.context.editors, unavailable: snapshot.matches({ present: { heartbeat: 'unavailable' } }) }
}
