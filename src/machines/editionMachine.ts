// An editors' edition from composing to sending (the admin's Newsletters page): the editor edits the
// subject, introduction and stories, and may save, preview exactly what subscribers get, send a test
// to themselves, send now (after a question saying how many it goes to) or schedule it. Every call
// to the service is an actor the route provides (each saves the draft first, so what is previewed,
// tested or sent is what the form shows); one runs at a time, and each says how it went.

import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import {
  draftErrors,
  testSentText,
  type ComposerField,
  type Edition,
  type EditionDetail,
  type EditionDraft,
  type EditionPreview,
  type TestSend,
} from '../content/admin/newsletters.ts'

export interface EditionMessage {
  tone: 'done' | 'problem'
  text: string
}

export interface EditionContext {
  /** The edition as the service last answered; null until the first save creates it. */
  edition: EditionDetail | null
  draft: EditionDraft
  preview: EditionPreview | null
  message: EditionMessage | null
  /** Field problems are shown once the editor has tried to act. */
  showErrors: boolean
  /** The edition once sent (or kept, without a mail server), for the page to show its log. */
  sent: Edition | null
}

export interface EditionInput {
  edition: EditionDetail | null
  draft: EditionDraft
  /** What a composer already showed, carried on when the page moves to the edition's own address. */
  preview?: EditionPreview | null
  message?: EditionMessage | null
}

export type EditionEvent =
  | { type: 'edit'; draft: EditionDraft }
  | { type: 'save' }
  | { type: 'preview' }
  | { type: 'test' }
  | { type: 'send.ask' }
  | { type: 'send.confirm' }
  | { type: 'send.cancel' }
  | { type: 'schedule'; at: string }
  | { type: 'unschedule' }

/** What every call gets: the edition so far and the form as it stands. */
export interface CallInput {
  edition: EditionDetail | null
  draft: EditionDraft
}

export const fixFirst = 'Please fix the problems marked below first.'

/** An actor the route must provide: a clear failure, never a silent one, if it did not. */
function fromUnset<Input, Output>(name: string) {
  return fromPromise<Output, Input>(async () => {
    throw new Error(`The edition's ${name} call is not connected.`)
  })
}

const problem = (error: unknown): EditionMessage => ({ tone: 'problem', text: error instanceof Error ? error.message : String(error) })

export const editionMachine = setup({
  types: {
    context: {} as EditionContext,
    events: {} as EditionEvent,
    input: {} as EditionInput,
  },
  actors: {
    // Each is replaced by the route with calls to the service (src/content/clients/newsletters.ts).
    save: fromUnset<CallInput, EditionDetail>('save'),
    preview: fromUnset<CallInput, { edition: EditionDetail; preview: EditionPreview }>('preview'),
    test: fromUnset<CallInput, { edition: EditionDetail; test: TestSend }>('test'),
    send: fromUnset<CallInput & { at?: string }, Edition>('send'),
    unschedule: fromUnset<{ edition: EditionDetail }, Edition>('unschedule'),
  },
  guards: {
    valid: ({ context }) => Object.keys(draftErrors(context.draft)).length === 0,
  },
  actions: {
    refuse: assign({ showErrors: true, message: { tone: 'problem', text: fixFirst } }),
    clearMessage: assign({ message: null }),
  },
}).createMachine({
  id: 'edition',
  context: ({ input }) => ({ edition: input.edition, draft: input.draft, preview: input.preview ?? null, message: input.message ?? null, showErrors: false, sent: null }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: ({ context }) => context.edition?.state === 'scheduled', target: 'scheduled' }, { target: 'editing' }],
    },
    editing: {
      on: {
        // A change makes the preview out of date: it goes until asked for again.
        edit: { actions: assign({ draft: ({ event }) => event.draft, preview: null }) },
        save: [{ guard: 'valid', target: 'saving' }, { actions: 'refuse' }],
        preview: [{ guard: 'valid', target: 'previewing' }, { actions: 'refuse' }],
        test: [{ guard: 'valid', target: 'testing' }, { actions: 'refuse' }],
        'send.ask': [{ guard: 'valid', target: 'confirming' }, { actions: 'refuse' }],
        schedule: [{ guard: 'valid', target: 'scheduling' }, { actions: 'refuse' }],
      },
    },
    saving: {
      entry: 'clearMessage',
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ edition: context.edition, draft: context.draft }),
        onDone: { target: 'editing', actions: assign({ edition: ({ event }) => event.output, message: { tone: 'done', text: 'Draft saved.' } }) },
        onError: { target: 'editing', actions: assign({ message: ({ event }) => problem(event.error) }) },
      },
    },
    previewing: {
      entry: 'clearMessage',
      invoke: {
        id: 'preview',
        src: 'preview',
        input: ({ context }) => ({ edition: context.edition, draft: context.draft }),
        onDone: { target: 'editing', actions: assign({ edition: ({ event }) => event.output.edition, preview: ({ event }) => event.output.preview }) },
        onError: { target: 'editing', actions: assign({ message: ({ event }) => problem(event.error) }) },
      },
    },
    testing: {
      entry: 'clearMessage',
      invoke: {
        id: 'test',
        src: 'test',
        input: ({ context }) => ({ edition: context.edition, draft: context.draft }),
        onDone: {
          target: 'editing',
          actions: assign({
            edition: ({ event }) => event.output.edition,
            message: ({ event }) => ({ tone: event.output.test.delivery === 'failed' ? 'problem' : 'done', text: testSentText(event.output.test) }),
          }),
        },
        onError: { target: 'editing', actions: assign({ message: ({ event }) => problem(event.error) }) },
      },
    },
    confirming: {
      on: { 'send.confirm': 'sending', 'send.cancel': 'editing' },
    },
    sending: {
      entry: 'clearMessage',
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ edition: context.edition, draft: context.draft }),
        onDone: { target: 'sent', actions: assign({ sent: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: assign({ message: ({ event }) => problem(event.error) }) },
      },
    },
    scheduling: {
      entry: 'clearMessage',
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context, event }) => ({ edition: context.edition, draft: context.draft, at: event.type === 'schedule' ? event.at : undefined }),
        onDone: { target: 'scheduled', actions: assign({ edition: ({ context, event }) => ({ ...context.edition!, ...event.output }) }) },
        onError: { target: 'editing', actions: assign({ message: ({ event }) => problem(event.error) }) },
      },
    },
    scheduled: {
      on: { unschedule: 'unscheduling' },
    },
    unscheduling: {
      entry: 'clearMessage',
      invoke: {
        id: 'unschedule',
        src: 'unschedule',
        input: ({ context }) => ({ edition: context.edition! }),
        onDone: {
          target: 'editing',
          actions: assign({ edition: ({ context, event }) => ({ ...context.edition!, ...event.output }), message: { tone: 'done', text: 'Schedule cancelled: the edition is a draft again.' } }),
        },
        onError: { target: 'scheduled', actions: assign({ message: ({ event }) => problem(event.error) }) },
      },
    },
    sent: { type: 'final' },
  },
})


export type EditionSnapshot = SnapshotFrom<typeof editionMachine>

/** What the composer shows from the machine: which call runs, and whether the send question is open. */
export function editionView(snapshot: EditionSnapshot) {
  const busy = (['saving', 'previewing', 'testing', 'sending', 'scheduling', 'unscheduling'] as const).find((state) => snapshot.matches(state)) ?? null
  return {
    draft: snapshot.context.draft,
    errors: snapshot.context.showErrors ? draftErrors(snapshot.context.draft) : ({} as Partial<Record<ComposerField, string>>),
    preview: snapshot.context.preview,
    message: snapshot.context.message,
    busy,
    confirming: snapshot.matches('confirming') || snapshot.matches('sending'),
    scheduled: snapshot.matches('scheduled') || snapshot.matches('unscheduling') ? snapshot.context.edition?.scheduledFor ?? null : null,
    sent: snapshot.context.sent,
  }
}
