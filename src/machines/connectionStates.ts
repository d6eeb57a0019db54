// The connection part of the homepage feed's and an open live blog's statecharts (feedMachine.ts,
// liveBlogMachine.ts): realtime (listen; connecting until the stream welcomes the page, then the
// machine's own `live` states) -> polling when the stream fails or does not answer in time (the
// machine's own polling states) -> offline, and from polling and offline back to realtime after a
// delay that grows with each failure, or at once on Try again. Not a machine: each machine keeps
// its own `setup(...)`, spreads these into its states beside its own `live` and polling states, and
// names the `listen` actor and the actions and delays they use (`countFailure`, `resetFailures`,
// `report`; `connectTimeout`, `reconnectDelay`), so every effect stays the caller's to replace.
// The settings are in connectionSettings.ts.

/**
 * The realtime state, less its `states`: it listens, and a stream that fails
 * reports `streamError` and goes to polling. Its states are `connecting` (below) and the machine's `live`.
 */
export function realtimeState(streamError: string) {
  return {
    invoke: { id: 'listen', src: 'listen' },
    on: {
      'live.failed': {
        target: 'polling',
        actions: ['countFailure', { type: 'report', params: ({ event }: { event: { error: unknown } }) => ({ message: streamError, error: event.error }) }],
      },
    },
    initial: 'connecting',
  } as const
}

/** Waiting for the stream's welcome, then the machine's `live` states; polling if it does not come in time. */
export function connectingState<const Id extends string>(id: Id) {
  return {
    on: { 'live.connected': { target: 'live', actions: 'resetFailures' } },
    after: { connectTimeout: { target: `#${id}.polling`, actions: 'countFailure' } },
  } as const
}

/**
 * The polling state, less its `initial` and `states` (the machine's own fetches, of which a failed
 * one goes to offline): it keeps trying the stream, since whatever made it fail may have passed.
 */
export const pollingState = {
  after: { reconnectDelay: 'realtime' },
} as const

/** Offline: the stream again after the delay, or at once when the reader presses Try again. */
export const offlineState = {
  after: { reconnectDelay: 'realtime' },
  on: { retry: 'realtime' },
} as const
