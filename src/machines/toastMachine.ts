// Toasts (docs/product-spec.md §4, §9): each toast is its own small statechart, open -> dismissed -> removed, and
// the toaster machine keeps at most 20 of them. Durations: success 2 s, error and blank 4 s,
// loading until it is settled into another kind. Timers are named delays, replaceable in tests.

import { assign, enqueueActions, sendParent, setup, stopChild, type ActorRefFrom, type SnapshotFrom } from 'xstate'

export type ToastKind = 'success' | 'error' | 'blank' | 'loading'

export interface ToastContent {
  kind: ToastKind
  title: string
  description?: string
}

export const toastDurations: Record<ToastKind, number> = { success: 2000, error: 4000, blank: 4000, loading: Infinity }

/** Time the closing animation is given before a dismissed toast is removed. */
export const exitDuration = 200

export const maxToasts = 20

export type ToastEvent = { type: 'dismiss' } | { type: 'settle'; content: ToastContent }

export const toastMachine = setup({
  types: {
    context: {} as { id: string; content: ToastContent },
    events: {} as ToastEvent,
    input: {} as { id: string; content: ToastContent },
  },
  actions: {
    // The toaster hears of a removal so it can forget the toast.
    notifyRemoved: sendParent(({ context }) => ({ type: 'toast.removed', id: context.id })),
  },
  delays: {
    shown: ({ context }) => toastDurations[context.content.kind],
    exit: exitDuration,
  },
  guards: {
    expires: ({ context }) => Number.isFinite(toastDurations[context.content.kind]),
  },
}).createMachine({
  id: 'toast',
  context: ({ input }) => ({ id: input.id, content: input.content }),
  initial: 'open',
  states: {
    open: {
      initial: 'showing',
      states: {
        showing: {
          always: { guard: 'expires', target: 'timed' },
        },
        timed: {
          after: { shown: '#toast.dismissed' },
        },
      },
      on: {
        dismiss: 'dismissed',
        // A loading toast becomes a success or an error in place, with that kind's duration.
        settle: { target: 'open', reenter: true, actions: assign({ content: ({ event }) => event.content }) },
      },
    },
    dismissed: {
      after: { exit: 'removed' },
    },
    removed: {
      type: 'final',
      entry: 'notifyRemoved',
    },
  },
})

export type ToastRef = ActorRefFrom<typeof toastMachine>
export type ToastSnapshot = SnapshotFrom<typeof toastMachine>

export type ToasterEvent =
  | { type: 'toast.add'; id: string; content: ToastContent }
  | { type: 'toast.settle'; id: string; content: ToastContent }
  | { type: 'toast.dismiss'; id: string }
  | { type: 'toast.removed'; id: string }

export const toasterMachine = setup({
  types: {
    context: {} as { toasts: ToastRef[] },
    events: {} as ToasterEvent,
  },
  actors: { toast: toastMachine },
}).createMachine({
  id: 'toaster',
  context: { toasts: [] },
  on: {
    'toast.add': {
      actions: [
        // Past the limit the oldest toast goes, so the newest message is always seen.
        enqueueActions(({ context, enqueue }) => {
          for (const old of context.toasts.slice(0, Math.max(0, context.toasts.length - maxToasts + 1))) enqueue(stopChild(old))
        }),
        assign({
          toasts: ({ context, event, spawn }) => [
            ...context.toasts.slice(Math.max(0, context.toasts.length - maxToasts + 1)),
            spawn('toast', { id: event.id, input: { id: event.id, content: event.content } }),
          ],
        }),
      ],
    },
    'toast.settle': {
      actions: ({ context, event }) => context.toasts.find((t) => t.id === event.id)?.send({ type: 'settle', content: event.content }),
    },
    'toast.dismiss': {
      actions: ({ context, event }) => context.toasts.find((t) => t.id === event.id)?.send({ type: 'dismiss' }),
    },
    'toast.removed': {
      actions: assign({ toasts: ({ context, event }) => context.toasts.filter((t) => t.id !== event.id) }),
    },
  },
})

export type ToasterRef = ActorRefFrom<typeof toasterMachine>

let counter = 0

/** The calls screens make: `toasts.success('Success', 'Article created successfully.')`. */
export function toastApi(toaster: ToasterRef) {
  const add = (content: ToastContent): string => {
    counter += 1
    const id = `toast-${counter}`
    toaster.send({ type: 'toast.add', id, content })
    return id
  }
  return {
    success: (title: string, description?: string) => add({ kind: 'success', title, description }),
    error: (title: string, description?: string) => add({ kind: 'error', title, description }),
    loading: (title: string, description?: string) => add({ kind: 'loading', title, description }),
    settle: (id: string, content: ToastContent) => toaster.send({ type: 'toast.settle', id, content }),
    /** Takes a toast away before its time, once what it said is no longer so (a failure since put right). */
    dismiss: (id: string) => toaster.send({ type: 'toast.dismiss', id }),
  }
}
