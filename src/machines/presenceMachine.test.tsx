// Model-based tests generated from the presence machine (docs/decisions/003-model-based-tests.md):
// every reachable state, each step made as it happens (the service answers a heartbeat or fails,
// the stream tells of editors coming and going or drops, time passes, the form goes away), with
// what the editor sees above the form checked in every state.

import { act, render, screen } from '@testing-library/react'
import { useSelector } from '@xstate/react'
import { createActor, fromCallback, type Actor, type AnyEventObject } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import { EditorsPresent } from '../components/admin/EditorsPresent.tsx'
import { editorsPresentText, presenceUnavailableText, type PresentEditor } from '../content/admin/presence.ts'
import { fakeTimersInEachTest, gestureFor, itFollowsEachPath, modelOf, pendingActor, reachedStates, walk, type Gestures, type Pending } from './model.testing.ts'
import { presenceMachine, presenceView, reconnectMs, type PresenceEvent, type PresenceSnapshot } from './presenceMachine.ts'
import { heartbeatMs } from '../content/admin/presence.ts'

const jane: PresentEditor = { key: 'k1', name: 'jane.reed@resonance.test', role: 'editor', since: '2026-11-24T10:04:00Z' }
const omar: PresentEditor = { key: 'k2', name: 'omar@resonance.test', role: 'contributor', since: '2026-11-24T10:12:00Z' }

function environment() {
  const env = {
    announces: [] as Array<Pending<PresentEditor[], { documentId: string }>>,
    sendBack: null as ((event: PresenceEvent) => void) | null,
    streamsOpened: 0,
    left: [] as string[],
  }
  const machine = presenceMachine.provide({
    actors: {
      announce: pendingActor(env.announces),
      watch: fromCallback<PresenceEvent, { documentId: string }>(({ sendBack }) => {
        env.sendBack = sendBack
        env.streamsOpened++
        return () => {
          env.sendBack = null
        }
      }),
    },
    actions: {
      leave: ({ context }) => {
        env.left.push(context.documentId)
      },
    },
  })
  return { env, machine }
}

type System = ReturnType<typeof environment> & { actor: Actor<typeof presenceMachine> }

/** What the edit route renders from the machine: the line above the form. */
function PresenceView({ actor }: { actor: Actor<typeof presenceMachine> }) {
  const view = useSelector(actor, presenceView)
  return <EditorsPresent {...view} />
}

function stream(system: System, event: PresenceEvent) {
  if (!system.env.sendBack) throw new Error(`No stream is open to send ${event.type}`)
  system.env.sendBack(event)
}

const gestures = {
  'editors.changed': async (system, event) => stream(system, event as PresenceEvent),
  'stream.ended': async (system, event) => stream(system, event as PresenceEvent),
  // What the route does when the form unmounts or the page is hidden.
  leave: async (system) => {
    system.actor.send({ type: 'leave' })
  },
} satisfies Gestures<System, PresenceEvent>

async function perform(system: System, event: AnyEventObject): Promise<void> {
  await act(async () => {
    const gesture = gestureFor(gestures, event)
    if (gesture) await gesture(system, event)
    else if (event.type === 'xstate.done.actor.announce') system.env.announces.shift()!.resolve(event.output as PresentEditor[])
    else if (event.type === 'xstate.error.actor.announce') system.env.announces.shift()!.reject(new Error('Failed to fetch'))
    // Time passing: the delay's own event, as the clock sends it. Both regions keep a timer, and
    // moving a fake clock past one would fire the other first whenever it is shorter; the path says
    // which fires.
    else if (event.type.startsWith('xstate.after.')) system.actor.send(event as never)
    else throw new Error(`No gesture for ${event.type}`)
    await vi.advanceTimersByTimeAsync(0)
  })
}

const candidates: AnyEventObject[] = [
  { type: 'editors.changed', editors: [jane] },
  { type: 'editors.changed', editors: [] },
  { type: 'stream.ended' },
  { type: 'leave' },
  { type: 'xstate.done.actor.announce', output: [jane, omar] },
  { type: 'xstate.done.actor.announce', output: [] },
  { type: 'xstate.error.actor.announce', error: new Error('Failed to fetch') },
  { type: 'xstate.after.heartbeat.presence.present.heartbeat.waiting' },
  { type: 'xstate.after.heartbeat.presence.present.heartbeat.unavailable' },
  { type: 'xstate.after.reconnect.presence.present.stream.reconnecting' },
]

const model = modelOf(presenceMachine, {
  input: { documentId: 'article-1' },
  candidates,
  serializeState: (snapshot: PresenceSnapshot) => JSON.stringify([snapshot.value, snapshot.context.editors.map((e) => e.key)]),
  serializeEvent: (event) => JSON.stringify(event),
})

/** What the editor sees above the form in each state. */
function seen(snapshot: PresenceSnapshot) {
  const line = screen.getByRole('status')
  if (snapshot.status === 'done') {
    expect(line.textContent).toBe('')
    return
  }
  const expected = [editorsPresentText(snapshot.context.editors), snapshot.matches({ present: { heartbeat: 'unavailable' } }) ? presenceUnavailableText : ''].filter(Boolean).join(' ')
  expect(line.textContent).toBe(expected)
  for (const editor of snapshot.context.editors) expect(line.textContent).toContain(`${editor.name} (${editor.role})`)
}

fakeTimersInEachTest()

describe('presence machine, model-based', () => {
  const paths = model.getShortestPaths()

  it('reaches every state', () => {
    const reached = reachedStates(paths)
    for (const heartbeat of ['announcing', 'waiting', 'unavailable']) {
      for (const stream of ['watching', 'reconnecting']) expect(reached).toContain(JSON.stringify({ present: { heartbeat, stream } }))
    }
    expect(reached).toContain(JSON.stringify('left'))
  })

  itFollowsEachPath(paths, {
    describeEvent: (event) =>
      event.type === 'editors.changed'
        ? `stream says ${(event as Extract<PresenceEvent, { type: 'editors.changed' }>).editors.length} other(s)`
        : event.type.replace('xstate.done.actor.', 'answered ').replace('xstate.error.actor.', 'failed ').replace(/^xstate\.after\.(\w+)\..*$/, '$1 passes'),
    title: (steps, path) => `${steps.join(' → ')} ⇒ ${JSON.stringify(path.state.value)}`,
    test: async (path) => {
      const { env, machine } = environment()
      const actor = createActor(machine, { input: { documentId: 'article-1' } }).start()
      const system: System = { env, machine, actor }
      render(<PresenceView actor={actor} />)
      await walk(path, {
        candidates,
        states: { 'present.heartbeat.announcing': seen, 'present.heartbeat.waiting': seen, 'present.heartbeat.unavailable': seen, left: seen },
        perform: (event) => perform(system, event),
      })
      actor.stop()
    },
  })
})

describe('presence machine, scenarios', () => {
  it('announces every 10 s on the clock, and tells the service once when the form goes', async () => {
    const { env, machine } = environment()
    const actor = createActor(machine, { input: { documentId: 'article-1' } }).start()
    expect(env.announces).toHaveLength(1)
    env.announces.shift()!.resolve([])
    await vi.advanceTimersByTimeAsync(heartbeatMs - 1)
    expect(env.announces).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(env.announces.map((a) => a.input)).toEqual([{ documentId: 'article-1' }])
    actor.send({ type: 'leave' })
    actor.send({ type: 'leave' })
    expect(env.left).toEqual(['article-1'])
    await vi.advanceTimersByTimeAsync(heartbeatMs * 3)
    expect(env.announces).toHaveLength(1)
  })

  it('opens the stream again 3 s after it drops, and not before', async () => {
    const { env, machine } = environment()
    const actor = createActor(machine, { input: { documentId: 'article-1' } }).start()
    expect(env.streamsOpened).toBe(1)
    env.sendBack!({ type: 'stream.ended' })
    expect(env.sendBack).toBeNull()
    await vi.advanceTimersByTimeAsync(reconnectMs - 1)
    expect(env.streamsOpened).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(env.streamsOpened).toBe(2)
    actor.stop()
  })
})
