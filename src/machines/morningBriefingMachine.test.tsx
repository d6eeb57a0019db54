// Model-based tests generated from the Morning Briefing's machine (docs/decisions/003-model-based-tests.md),
// rendered through the real actions: every reachable state, each step made as it happens (the
// editor presses Preview, Send test to me, Send now and answers the question; the service answers or
// refuses), with what the editor sees checked in every state.

import { act, render, screen, within } from '@testing-library/react'
import { useSelector } from '@xstate/react'
import { createActor, type Actor, type AnyEventObject } from 'xstate'
import { describe, expect, it } from 'vitest'
import { MorningBriefingActions } from '../components/admin/MorningBriefingActions.tsx'
import { edition, preview } from '../components/admin/Newsletters.fixtures.ts'
import { morningSendQuestion, type Edition, type MorningPreview, type TestSend } from '../content/admin/newsletters.ts'
import { gestureFor, itFollowsEachPath, modelOf, pendingActor, reachedStates, walk, type Gestures, type Pending } from './model.testing.ts'
import { morningBriefingMachine, morningView, type MorningEvent, type MorningSnapshot } from './morningBriefingMachine.ts'

const recipients = 1204
const composed: MorningPreview = { ...preview, subject: 'The Morning Briefing: Night buses return', empty: false }
const test: TestSend = { to: 'editor@resonance.test', delivery: 'sent', error: null }
const made: Edition = edition({ _id: 'ed-morning', newsletter: 'morning-briefing', state: 'sending' })
const refusal = new Error('No Morning Briefing sent: nothing has been published since the last one')

function environment() {
  const calls = {
    preview: [] as Array<Pending<MorningPreview>>,
    test: [] as Array<Pending<TestSend>>,
    send: [] as Array<Pending<Edition>>,
  }
  const machine = morningBriefingMachine.provide({ actors: { preview: pendingActor(calls.preview), test: pendingActor(calls.test), send: pendingActor(calls.send) } })
  return { calls, machine }
}

type System = ReturnType<typeof environment> & { actor: Actor<typeof morningBriefingMachine> }

function ActionsView({ actor }: { actor: Actor<typeof morningBriefingMachine> }) {
  const view = useSelector(actor, morningView)
  return (
    <MorningBriefingActions
      {...view}
      recipients={recipients}
      testAddress="editor@resonance.test"
      onPreview={() => actor.send({ type: 'preview' })}
      onClosePreview={() => actor.send({ type: 'preview.close' })}
      onTest={() => actor.send({ type: 'test' })}
      onAskSend={() => actor.send({ type: 'send.ask' })}
      onConfirmSend={() => actor.send({ type: 'send.confirm' })}
      onCancelSend={() => actor.send({ type: 'send.cancel' })}
    />
  )
}

const button = (name: string) => within(document.querySelector('.morning-actions > .edition-composer__actions') as HTMLElement).getByRole('button', { name })

const gestures = {
  preview: async () => button('Preview').click(),
  'preview.close': async () => screen.getByRole('button', { name: 'Close the preview' }).click(),
  test: async () => button('Send test to me').click(),
  'send.ask': async () => button('Send now').click(),
  'send.confirm': async () => within(screen.getByRole('dialog')).getByRole('button', { name: 'Send now' }).click(),
  'send.cancel': async () => within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }).click(),
} satisfies Gestures<System, MorningEvent>

async function perform(system: System, event: AnyEventObject): Promise<void> {
  await act(async () => {
    const gesture = gestureFor(gestures, event)
    const answered = /^xstate\.(done|error)\.actor\.(preview|test|send)$/.exec(event.type)
    if (gesture) await gesture(system, event)
    else if (answered) {
      const call = system.calls[answered[2] as 'preview' | 'test' | 'send'].shift()!
      if (answered[1] === 'done') call.resolve(event.output as never)
      else call.reject(event.error)
    } else throw new Error(`No gesture for ${event.type}`)
  })
}

const candidates: AnyEventObject[] = [
  { type: 'preview' },
  { type: 'preview.close' },
  { type: 'test' },
  { type: 'send.ask' },
  { type: 'send.confirm' },
  { type: 'send.cancel' },
  { type: 'xstate.done.actor.preview', output: composed },
  { type: 'xstate.error.actor.preview', error: refusal },
  { type: 'xstate.done.actor.test', output: test },
  { type: 'xstate.error.actor.test', error: refusal },
  { type: 'xstate.done.actor.send', output: made },
  { type: 'xstate.error.actor.send', error: refusal },
]

const model = modelOf(morningBriefingMachine, {
  candidates,
  serializeState: (snapshot: MorningSnapshot) => JSON.stringify([snapshot.value, snapshot.context.preview !== null, snapshot.context.message?.text ?? null]),
  serializeEvent: (event) => event.type,
})

const busyLabels = { previewing: 'Composing the preview...', testing: 'Sending the test...', sending: 'Sending...' } as const

function seen(snapshot: MorningSnapshot): void {
  const { context } = snapshot
  const busy = (Object.keys(busyLabels) as Array<keyof typeof busyLabels>).find((state) => snapshot.matches(state))
  const status = document.querySelector('.morning-actions .edition-composer__status')!
  expect(status.textContent).toBe(busy ? busyLabels[busy] : context.message?.tone === 'done' ? context.message.text : '')
  const alert = screen.queryByRole('alert')
  if (!busy && context.message?.tone === 'problem') expect(alert?.textContent).toBe(context.message.text)
  else expect(alert).toBeNull()
  const asking = snapshot.matches('confirming') || snapshot.matches('sending')
  expect(screen.queryByRole('dialog') !== null).toBe(asking)
  if (asking) expect(within(screen.getByRole('dialog')).getByText(morningSendQuestion(recipients))).toBeTruthy()
  expect(screen.queryByRole('heading', { level: 2, name: 'Preview' }) !== null).toBe(context.preview !== null)
}

describe('Morning Briefing machine, model-based', () => {
  const paths = model.getShortestPaths()

  it('reaches every state', () => {
    const reached = reachedStates(paths)
    for (const state of ['idle', 'previewing', 'testing', 'confirming', 'sending', 'sent']) expect(reached).toContain(JSON.stringify(state))
  })

  itFollowsEachPath(paths, {
    describeEvent: (event) => event.type.replace('xstate.done.actor.', 'service answers ').replace('xstate.error.actor.', 'service refuses '),
    title: (steps, path) => `${steps.join(' → ') || 'the page opens'} ⇒ ${JSON.stringify(path.state.value)}`,
    test: async (path) => {
      const { calls, machine } = environment()
      const actor = createActor(machine).start()
      render(<ActionsView actor={actor} />)
      await walk(path, {
        candidates,
        states: Object.fromEntries(['idle', 'previewing', 'testing', 'confirming', 'sending', 'sent'].map((key) => [key, seen])),
        perform: (event) => perform({ calls, machine, actor }, event),
      })
      actor.stop()
    },
  })
})
