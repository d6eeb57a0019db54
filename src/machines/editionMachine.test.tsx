// Model-based tests generated from the edition machine (docs/decisions/003-model-based-tests.md),
// rendered through the real composer: every reachable state of an editors' edition, each step made
// as it happens (the editor types, picks a story and presses the composer's buttons; the service
// answers or refuses), with what the editor sees checked in every state. Scenarios below state the
// rules a walk cannot show by itself.

import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { useSelector } from '@xstate/react'
import { createActor, type Actor, type AnyEventObject } from 'xstate'
import { TestModel } from 'xstate/graph'
import { describe, expect, it } from 'vitest'
import { EditionComposer } from '../components/admin/EditionComposer.tsx'
import { edition, preview as previewFixture, stories } from '../components/admin/Newsletters.fixtures.ts'
import { composerMessages, emptyDraft, scheduleInstant, sendQuestion, testSentText, type Edition, type EditionDetail, type EditionDraft, type EditionPreview, type TestSend } from '../content/admin/newsletters.ts'
import { fixFirst, editionMachine, editionView, type CallInput, type EditionEvent, type EditionSnapshot } from './editionMachine.ts'
import { gestureFor, itFollowsEachPath, offered, pendingActor, reachedStates, walk, type Gestures, type Pending } from './model.testing.ts'

const story = stories[0]!
const recipients = 41
const at = scheduleInstant('2030-01-05T07:30')!
const saved: EditionDetail = { ...edition(), _id: 'ed-new', subject: 'Weekend reading', intro: '', articleIds: [story._id], articles: [story], revision: 1, state: 'draft' }
const previewed: EditionPreview = { ...previewFixture, subject: 'Weekend reading' }
const test: TestSend = { to: 'editor@resonance.test', delivery: 'sent', error: null }
const sending: Edition = { ...saved, state: 'sending', counts: { ...saved.counts, total: recipients, waiting: recipients } }
const scheduled: Edition = { ...saved, state: 'scheduled', scheduledFor: at }
const draftAgain: Edition = { ...saved, state: 'draft', scheduledFor: null }
const refusal = new Error('Someone saved this edition after you opened it: reload it to see their changes before saving yours')

function environment() {
  const calls = {
    save: [] as Array<Pending<EditionDetail, CallInput>>,
    preview: [] as Array<Pending<{ edition: EditionDetail; preview: EditionPreview }, CallInput>>,
    test: [] as Array<Pending<{ edition: EditionDetail; test: TestSend }, CallInput>>,
    send: [] as Array<Pending<Edition, CallInput & { at?: string }>>,
    unschedule: [] as Array<Pending<Edition, { edition: EditionDetail }>>,
  }
  const machine = editionMachine.provide({
    actors: {
      save: pendingActor(calls.save),
      preview: pendingActor(calls.preview),
      test: pendingActor(calls.test),
      send: pendingActor(calls.send),
      unschedule: pendingActor(calls.unschedule),
    },
  })
  return { calls, machine }
}

type System = ReturnType<typeof environment> & { actor: Actor<typeof editionMachine> }

/** The composer as the route renders it from the machine, with the story search showing the latest stories. */
function ComposerView({ actor }: { actor: Actor<typeof editionMachine> }) {
  const view = useSelector(actor, editionView)
  const saved = useSelector(actor, (s) => s.context.edition !== null)
  return (
    <EditionComposer
      mode={saved ? 'edit' : 'new'}
      {...view}
      recipients={recipients}
      testAddress="editor@resonance.test"
      search={{ q: '', results: { status: 'ready', data: stories } }}
      onSearch={() => {}}
      onEdit={(draft) => actor.send({ type: 'edit', draft })}
      onSave={() => actor.send({ type: 'save' })}
      onPreview={() => actor.send({ type: 'preview' })}
      onTest={() => actor.send({ type: 'test' })}
      onAskSend={() => actor.send({ type: 'send.ask' })}
      onConfirmSend={() => actor.send({ type: 'send.confirm' })}
      onCancelSend={() => actor.send({ type: 'send.cancel' })}
      onSchedule={(when) => actor.send({ type: 'schedule', at: when })}
      onUnschedule={() => actor.send({ type: 'unschedule' })}
    />
  )
}

const button = (name: string) => screen.getByRole('button', { name })
const dialog = () => screen.getByRole('dialog')

/** What the editor does for each event the machine takes from outside. */
const gestures = {
  // The form brought to the event's draft the way an editor would: the subject typed, stories added or removed.
  edit: async (system, event) => {
    const target = (event as Extract<EditionEvent, { type: 'edit' }>).draft
    const current = system.actor.getSnapshot().context.draft
    // A change that ends where it began (a word typed and taken back) is still a change.
    if (JSON.stringify(target) === JSON.stringify(current)) fireEvent.change(screen.getByLabelText('Subject'), { target: { value: `${target.subject}!` } })
    if (target.subject !== system.actor.getSnapshot().context.draft.subject) fireEvent.change(screen.getByLabelText('Subject'), { target: { value: target.subject } })
    for (const gone of current.stories.filter((s) => !target.stories.some((t) => t._id === s._id))) button(`Remove “${gone.title}”`).click()
    for (const added of target.stories.filter((t) => !current.stories.some((s) => s._id === t._id))) button(`Add “${added.title}”`).click()
  },
  save: async () => button('Save draft').click(),
  preview: async () => button('Preview').click(),
  test: async () => button('Send test to me').click(),
  'send.ask': async () => button('Send now').click(),
  'send.confirm': async () => within(dialog()).getByRole('button', { name: 'Send now' }).click(),
  'send.cancel': async () => within(dialog()).getByRole('button', { name: 'Cancel' }).click(),
  schedule: async () => {
    fireEvent.change(screen.getByLabelText('Send at (your time)'), { target: { value: '2030-01-05T07:30' } })
    button('Schedule').click()
  },
  unschedule: async () => button('Cancel schedule').click(),
} satisfies Gestures<System, EditionEvent>

const calls = ['save', 'preview', 'test', 'send', 'unschedule'] as const

async function perform(system: System, event: AnyEventObject): Promise<void> {
  await act(async () => {
    const gesture = gestureFor(gestures, event)
    const answered = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type)
    if (gesture) await gesture(system, event)
    else if (answered && calls.includes(answered[2] as (typeof calls)[number])) {
      const call = system.calls[answered[2] as (typeof calls)[number]].shift()!
      if (answered[1] === 'done') call.resolve(event.output as never)
      else call.reject(event.error)
    } else throw new Error(`No gesture for ${event.type}`)
  })
}

const valid: EditionDraft = { subject: 'Weekend reading', intro: '', stories: [story] }
const subjectOnly: EditionDraft = { subject: 'Weekend reading', intro: '', stories: [] }

const editorEvents: AnyEventObject[] = [
  { type: 'edit', draft: subjectOnly },
  { type: 'edit', draft: valid },
  { type: 'save' },
  { type: 'preview' },
  { type: 'test' },
  { type: 'send.ask' },
  { type: 'send.confirm' },
  { type: 'send.cancel' },
  { type: 'schedule', at },
  { type: 'unschedule' },
]

/** What the service answers in each state: the answer that call gets, or its refusal. */
function serviceEvents(snapshot: EditionSnapshot): AnyEventObject[] {
  const error = (id: string) => ({ type: `xstate.error.actor.${id}`, error: refusal })
  if (snapshot.matches('saving')) return [{ type: 'xstate.done.actor.save', output: saved }, error('save')]
  if (snapshot.matches('previewing')) return [{ type: 'xstate.done.actor.preview', output: { edition: saved, preview: previewed } }, error('preview')]
  if (snapshot.matches('testing')) return [{ type: 'xstate.done.actor.test', output: { edition: saved, test } }, error('test')]
  if (snapshot.matches('sending')) return [{ type: 'xstate.done.actor.send', output: sending }, error('send')]
  if (snapshot.matches('scheduling')) return [{ type: 'xstate.done.actor.send', output: scheduled }, error('send')]
  if (snapshot.matches('unscheduling')) return [{ type: 'xstate.done.actor.unschedule', output: draftAgain }, error('unschedule')]
  return []
}

const candidates = [
  ...editorEvents,
  ...(['save', 'preview', 'test', 'send', 'unschedule'] as const).flatMap((id) => [{ type: `xstate.done.actor.${id}` }, { type: `xstate.error.actor.${id}` }]),
]

// As modelOf (model.testing.ts) does, with the service's answer chosen by the call that is waiting:
// a send that schedules answers with a scheduled edition, one that sends with a sending one.
const model = new TestModel(editionMachine, {
  input: { edition: null, draft: emptyDraft },
  stateMatcher: (snapshot, key) => snapshot.matches(key as never),
  events: (snapshot) => [...offered<EditionEvent>(editorEvents, snapshot), ...serviceEvents(snapshot)] as EditionEvent[],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.draft.subject,
      snapshot.context.draft.stories.length,
      snapshot.context.edition !== null,
      snapshot.context.preview !== null,
      snapshot.context.message?.text ?? null,
      snapshot.context.showErrors,
    ]),
  serializeEvent: (event) => JSON.stringify(event),
})

const busyLabels = { saving: 'Saving the draft...', previewing: 'Preparing the preview...', testing: 'Sending the test...', sending: 'Sending...', scheduling: 'Scheduling...', unscheduling: 'Cancelling the schedule...' } as const

/** What the editor sees in each state. */
function seen(snapshot: EditionSnapshot): void {
  const { context } = snapshot
  const heading = screen.getByRole('heading', { level: 1 })
  expect(heading.textContent).toBe(context.edition ? 'Edition of From the Editors' : 'New edition of From the Editors')
  const status = document.querySelector('.edition-composer__status')!
  const busy = (Object.keys(busyLabels) as Array<keyof typeof busyLabels>).find((state) => snapshot.matches(state))
  if (busy) expect(status.textContent).toBe(busyLabels[busy])
  else expect(status.textContent).toBe(context.message?.tone === 'done' ? context.message.text : '')
  const alert = screen.queryByRole('alert')
  if (!busy && context.message?.tone === 'problem') expect(alert?.textContent).toBe(context.message.text)
  else expect(alert).toBeNull()
  // The question before sending names how many it goes to, and stays open while it sends.
  const asking = snapshot.matches('confirming') || snapshot.matches('sending')
  expect(screen.queryByRole('dialog') !== null).toBe(asking)
  if (asking) {
    expect(within(dialog()).getByText(sendQuestion(recipients))).toBeTruthy()
    expect(within(dialog()).getByRole('button', { name: snapshot.matches('sending') ? 'Sending...' : 'Send now' })).toBeTruthy()
  }
  // Field problems once the editor tried to act with a draft that cannot go.
  expect(screen.queryByText(composerMessages.subject) !== null).toBe(context.showErrors && context.draft.subject.trim() === '')
  expect(screen.queryByText(composerMessages.stories) !== null).toBe(context.showErrors && context.draft.stories.length === 0)
  expect(screen.queryByRole('heading', { level: 2, name: 'Preview' }) !== null).toBe(context.preview !== null)
  const isScheduled = snapshot.matches('scheduled') || snapshot.matches('unscheduling')
  expect(screen.queryByRole('button', { name: 'Cancel schedule' }) !== null).toBe(isScheduled)
  expect(screen.queryByRole('button', { name: 'Save draft' }) !== null).toBe(!isScheduled)
  if (!isScheduled) expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe(context.draft.subject)
}

describe('edition machine, model-based', () => {
  const paths = model.getShortestPaths()

  it('reaches every state', () => {
    const reached = reachedStates(paths)
    for (const state of ['editing', 'saving', 'previewing', 'testing', 'confirming', 'sending', 'scheduling', 'scheduled', 'unscheduling', 'sent']) expect(reached).toContain(JSON.stringify(state))
  })

  itFollowsEachPath(paths, {
    describeEvent: (event) =>
      event.type === 'edit'
        ? `edit to ${(event as Extract<EditionEvent, { type: 'edit' }>).draft.stories.length ? 'a whole draft' : 'a subject alone'}`
        : event.type.replace('xstate.done.actor.', 'service answers ').replace('xstate.error.actor.', 'service refuses '),
    title: (steps, path) => `${steps.join(' → ') || 'a new edition'} ⇒ ${JSON.stringify(path.state.value)}`,
    test: async (path) => {
      const { calls: pending, machine } = environment()
      const actor = createActor(machine, { input: { edition: null, draft: emptyDraft } }).start()
      const system: System = { calls: pending, machine, actor }
      render(<ComposerView actor={actor} />)
      await walk(path, {
        candidates,
        states: Object.fromEntries(['editing', 'saving', 'previewing', 'testing', 'confirming', 'sending', 'scheduling', 'scheduled', 'unscheduling', 'sent'].map((key) => [key, seen])),
        perform: (event) => perform(system, event),
      })
      actor.stop()
    },
  })
})

describe('edition machine, scenarios', () => {
  it('refuses to act on a draft that cannot go, and says why', () => {
    const { machine } = environment()
    const actor = createActor(machine, { input: { edition: null, draft: subjectOnly } }).start()
    for (const type of ['save', 'preview', 'test', 'send.ask'] as const) {
      actor.send({ type })
      expect(actor.getSnapshot().value).toBe('editing')
      expect(actor.getSnapshot().context.message).toEqual({ tone: 'problem', text: fixFirst })
    }
  })

  it('gives every call the form as it stands, and the schedule its time', () => {
    const { calls: pending, machine } = environment()
    const actor = createActor(machine, { input: { edition: null, draft: valid } }).start()
    actor.send({ type: 'schedule', at })
    expect(pending.send[0]!.input).toEqual({ edition: null, draft: valid, at })
  })

  it('drops a preview once the draft changes, and says what a test did', async () => {
    const { calls: pending, machine } = environment()
    const actor = createActor(machine, { input: { edition: saved, draft: valid } }).start()
    actor.send({ type: 'preview' })
    pending.preview.shift()!.resolve({ edition: saved, preview: previewed })
    await Promise.resolve()
    await Promise.resolve()
    expect(actor.getSnapshot().context.preview).toEqual(previewed)
    actor.send({ type: 'edit', draft: { ...valid, intro: 'Why these matter.' } })
    expect(actor.getSnapshot().context.preview).toBeNull()
    actor.send({ type: 'test' })
    pending.test.shift()!.resolve({ edition: saved, test: { ...test, delivery: 'held' } })
    await Promise.resolve()
    await Promise.resolve()
    expect(actor.getSnapshot().context.message).toEqual({ tone: 'done', text: testSentText({ ...test, delivery: 'held' }) })
  })

  it('opens a scheduled edition as scheduled, and carries on what a composer handed over', () => {
    const { machine } = environment()
    const opened = createActor(machine, { input: { edition: { ...saved, state: 'scheduled', scheduledFor: at }, draft: valid } }).start()
    expect(opened.getSnapshot().value).toBe('scheduled')
    const carried = createActor(machine, { input: { edition: saved, draft: valid, preview: previewed, message: { tone: 'done', text: 'Draft saved.' } } }).start()
    expect(editionView(carried.getSnapshot())).toMatchObject({ preview: previewed, message: { tone: 'done', text: 'Draft saved.' }, busy: null })
  })
})
