// Model-based tests generated from the toast machine (docs/decisions/003-model-based-tests.md),
// rendered through the real Toaster, plus scenarios for the toaster's limit and durations.

import { act, render, screen } from '@testing-library/react'
import { createActor, type Actor, type AnyEventObject } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import { Toaster } from '../components/ui/Toaster.tsx'
import { useToasts } from '../routes/admin/-toasts.ts'
import { fakeTimersInEachTest, gestureFor, itFollowsEachPath, modelOf, reachedStates, walk, type Gestures } from './model.testing.ts'
import { exitDuration, maxToasts, toastApi, toastDurations, toasterMachine, toastMachine, type ToastEvent, type ToastSnapshot } from './toastMachine.ts'

function ToasterView({ toaster }: { toaster: Actor<typeof toasterMachine> }) {
  const { toasts, dismiss } = useToasts(toaster)
  return <Toaster toasts={toasts} onDismiss={dismiss} />
}

interface System {
  toaster: Actor<typeof toasterMachine>
  api: ReturnType<typeof toastApi>
  id: string
}

/** What a user (or a screen's code) does for each event a toast accepts. */
const gestures = {
  dismiss: async (system) => {
    // The reader closes a toast with its button; a loading toast has none, and the screen that
    // opened it dismisses it.
    const close = screen.queryByRole('button', { name: 'Dismiss notification' })
    if (close) close.click()
    else system.toaster.send({ type: 'toast.dismiss', id: system.id })
  },
  settle: async (system, event) => {
    system.api.settle(system.id, (event as Extract<ToastEvent, { type: 'settle' }>).content)
  },
} satisfies Gestures<System, ToastEvent>

async function perform(system: System, event: AnyEventObject, before: ToastSnapshot) {
  await act(async () => {
    const gesture = gestureFor(gestures, event)
    if (gesture) await gesture(system, event)
    else if (event.type === 'xstate.after.shown.toast.open.timed') await vi.advanceTimersByTimeAsync(toastDurations[before.context.content.kind])
    else if (event.type === 'xstate.after.exit.toast.dismissed') await vi.advanceTimersByTimeAsync(exitDuration)
    else throw new Error(`No gesture for ${event.type}`)
  })
}

const candidates: AnyEventObject[] = [
  { type: 'dismiss' },
  { type: 'settle', content: { kind: 'success', title: 'Success', description: 'Article created successfully.' } },
  { type: 'settle', content: { kind: 'error', title: 'Error', description: 'Insert disabled - using a hosted content service as backend' } },
  { type: 'xstate.after.shown.toast.open.timed' },
  { type: 'xstate.after.exit.toast.dismissed' },
]

const start = { id: 'toast-model', content: { kind: 'loading' as const, title: 'Saving article' } }

const model = modelOf(toastMachine.provide({ actions: { notifyRemoved: () => {} } }), {
  input: start,
  candidates,
  serializeState: (snapshot: ToastSnapshot) => JSON.stringify([snapshot.value, snapshot.context.content.kind]),
})

/** What the user sees: the toast with its title and kind while open; nothing once dismissed. */
const seen = (snapshot: ToastSnapshot) => {
  const title = screen.queryByText(snapshot.context.content.title)
  if (snapshot.matches('open')) {
    expect(title).not.toBeNull()
    expect(title!.closest('.toast')?.className).toContain(`toast--${snapshot.context.content.kind}`)
    expect(screen.queryByRole('button', { name: 'Dismiss notification' }) !== null).toBe(snapshot.context.content.kind !== 'loading')
  } else {
    expect(title).toBeNull()
  }
}

fakeTimersInEachTest()

describe('toast machine, model-based', () => {
  const paths = model.getShortestPaths()

  it('reaches open, dismissed and removed', () => {
    const reached = reachedStates(paths)
    for (const state of [{ open: 'showing' }, { open: 'timed' }, 'dismissed', 'removed']) expect(reached).toContain(JSON.stringify(state))
  })

  itFollowsEachPath(paths, {
    describeEvent: (event) => event.type.replace('xstate.after.', 'wait '),
    title: (steps, path) => `${steps.join(' → ') || 'a loading toast'} ⇒ ${JSON.stringify(path.state.value)} (${path.state.context.content.kind})`,
    test: async (path) => {
      const toaster = createActor(toasterMachine).start()
      const api = toastApi(toaster)
      render(<ToasterView toaster={toaster} />)
      let id = ''
      await act(async () => {
        id = api.loading(start.content.title)
      })
      const system: System = { toaster, api, id }
      await walk(path, {
        candidates,
        states: { open: seen, dismissed: seen, removed: seen },
        perform: (event, before) => perform(system, event, before),
      })
      toaster.stop()
    },
  })
})

describe('toaster, scenarios', () => {
  it('keeps success toasts 2 s and errors 4 s, then removes them', async () => {
    const toaster = createActor(toasterMachine).start()
    const api = toastApi(toaster)
    render(<ToasterView toaster={toaster} />)
    await act(async () => {
      api.success('Login Successful!')
      api.error('Error', 'Failed to log in')
    })
    expect(screen.getByText('Login Successful!')).toBeTruthy()
    await act(() => vi.advanceTimersByTimeAsync(2000 + exitDuration))
    expect(screen.queryByText('Login Successful!')).toBeNull()
    expect(screen.getByText('Failed to log in')).toBeTruthy()
    await act(() => vi.advanceTimersByTimeAsync(2000 + exitDuration))
    expect(screen.queryByText('Failed to log in')).toBeNull()
    expect(toaster.getSnapshot().context.toasts).toHaveLength(0)
  })

  it('takes a failure’s toast away early when it is put right, leaving the others', async () => {
    const toaster = createActor(toasterMachine).start()
    const api = toastApi(toaster)
    render(<ToasterView toaster={toaster} />)
    let failed = ''
    await act(async () => {
      failed = api.error('Error', 'Invalid credentials')
    })
    await act(() => vi.advanceTimersByTimeAsync(1000))
    await act(async () => {
      api.dismiss(failed)
      api.success('Login Successful!')
    })
    await act(() => vi.advanceTimersByTimeAsync(exitDuration))
    expect(screen.queryByText('Invalid credentials')).toBeNull()
    expect(screen.getByText('Login Successful!')).toBeTruthy()
    expect(toaster.getSnapshot().context.toasts).toHaveLength(1)
  })

  it('shows at most 20 at once, dropping the oldest', async () => {
    const toaster = createActor(toasterMachine).start()
    render(<ToasterView toaster={toaster} />)
    await act(async () => {
      for (let i = 1; i <= maxToasts + 3; i++) toaster.send({ type: 'toast.add', id: `note-${i}`, content: { kind: 'blank', title: `Note ${i}` } })
    })
    expect(toaster.getSnapshot().context.toasts).toHaveLength(maxToasts)
    expect(screen.queryByText('Note 3')).toBeNull()
    expect(screen.getByText('Note 4')).toBeTruthy()
    expect(screen.getByText(`Note ${maxToasts + 3}`)).toBeTruthy()
  })

  it('keeps a loading toast until it is settled', async () => {
    const toaster = createActor(toasterMachine).start()
    const api = toastApi(toaster)
    render(<ToasterView toaster={toaster} />)
    let id = ''
    await act(async () => {
      id = api.loading('Uploading image')
    })
    await act(() => vi.advanceTimersByTimeAsync(60_000))
    expect(screen.getByText('Uploading image')).toBeTruthy()
    await act(async () => api.settle(id, { kind: 'success', title: 'Image uploaded' }))
    expect(screen.getByText('Image uploaded')).toBeTruthy()
    await act(() => vi.advanceTimersByTimeAsync(2000 + exitDuration))
    expect(screen.queryByText('Image uploaded')).toBeNull()
  })
})
