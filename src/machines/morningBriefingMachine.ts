// The Morning Briefing's actions on the admin's Newsletters page: preview it as it would be composed
// now, send a test to oneself, or send today's now after a question naming how many it goes to. Each
// call to the service is an actor the route provides; one runs at a time, and each says how it went.

import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { testSentText, type Edition, type MorningPreview, type TestSend } from '../content/admin/newsletters.ts'

export interface MorningMessage {
  tone: 'done' | 'problem'
  text: string
}

export interface MorningContext {
  preview: MorningPreview | null
  message: MorningMessage | null
  /** Today's edition once made (sending, or kept without a mail server), for the page to show its log. */
  sent: Edition | null
}

export type MorningEvent = { type: 'preview' } | { type: 'preview.close' } | { type: 'test' } | { type: 'send.ask' } | { type: 'send.confirm' } | { type: 'send.cancel' }

function fromUnset<Output>(name: string) {
  return fromPromise<Output>(async () => {
    throw new Error(`The Morning Briefing's ${name} call is not connected.`)
  })
}

const problem = (error: unknown): MorningMessage => ({ tone: 'problem', text: error instanceof Error ? error.message : String(error) })

export const morningBriefingMachine = setup({
  types: { context: {} as MorningContext, events: {} as MorningEvent },
  actors: {
    // Each is replaced by the route with calls to the service (src/content/clients/newsletters.ts).
    preview: fromUnset<MorningPreview>('preview'),
    test: fromUnset<TestSend>('test'),
    send: fromUnset<Edition>('send'),
  },
  actions: { clearMessage: assign({ message: null }) },
}).createMachine({
  id: 'morning',
  context: { preview: null, message: null, sent: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        preview: 'previewing',
        'preview.close': { actions: assign({ preview: null }) },
        test: 'testing',
        'send.ask': 'confirming',
      },
    },
    previewing: {
      entry: 'clearMessage',
      invoke: {
        id: 'preview',
        src: 'preview',
        onDone: { target: 'idle', actions: assign({ preview: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: assign({ message: ({ event }) => problem(event.error) }) },
      },
    },
    testing: {
      entry: 'clearMessage',
      invoke: {
        id: 'test',
        src: 'test',
        onDone: { target: 'idle', actions: assign({ message: ({ event }) => ({ tone: event.output.delivery === 'failed' ? 'problem' : 'done', text: testSentText(event.output) }) }) },
        onError: { target: 'idle', actions: assign({ message: ({ event }) => problem(event.error) }) },
      },
    },
    confirming: {
      on: { 'send.confirm': 'sending', 'send.cancel': 'idle' },
    },
    sending: {
      entry: 'clearMessage',
      invoke: {
        id: 'send',
        src: 'send',
        onDone: { target: 'sent', actions: assign({ sent: ({ event }) => event.output }) },
        // The service says why nothing was made (made already today, nothing new): the editor reads it.
        onError: { target: 'idle', actions: assign({ message: ({ event }) => problem(event.error) }) },
      },
    },
    sent: { type: 'final' },
  },
})

export type MorningSnapshot = SnapshotFrom<typeof morningBriefingMachine>

/** What the Morning Briefing's actions show from the machine. */
export function morningView(snapshot: MorningSnapshot) {
  const busy = (['previewing', 'testing', 'sending'] as const).find((state) => snapshot.matches(state)) ?? null
  return {
    preview: snapshot.context.preview,
    message: snapshot.context.message,
    busy,
    confirming: snapshot.matches('confirming') || snapshot.matches('sending'),
    sent: snapshot.context.sent,
  }
}
