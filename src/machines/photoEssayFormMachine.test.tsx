// Model-based tests generated from the photo essay form machine: xstate/graph walks every state the
// machine can reach in create and edit mode; each step is performed as the real thing would happen
// (the editor filling in the essay and pressing Save, a load or save settling, Try again, Reload
// their version) against the real machine with fake effects, rendered through the real form, and in
// every state the test checks what the editor sees.

import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useSelector } from '@xstate/react'
import { createActor, type Actor, type AnyEventObject } from 'xstate'
import { afterEach, describe, expect, it } from 'vitest'
import { PhotoEssayForm } from '../components/admin/PhotoEssayForm.tsx'
import { essayAuthors, loadedEssay } from '../components/admin/PhotoEssayForm.fixtures.ts'
import type { PhotoEssayFormData } from '../content/admin/photoEssayForm/load.ts'
import { essayMessages } from '../content/admin/photoEssayForm/messages.ts'
import { EssayConflictError, EssaySlugTakenError, type EssaySaveInput } from '../content/admin/photoEssayForm/save.ts'
import { emptyPhotoEssayValues } from '../content/admin/photoEssayForm/values.ts'
import { photoEssayFormView } from '../routes/admin/_authed/-photoEssayFormView.ts'
import { photoEssayFormMachine, type PhotoEssayFormEvent, type PhotoEssayFormSnapshot } from './photoEssayFormMachine.ts'
import { gestureFor, itFollowsEachPath, modelOf, pendingActor, reachedStates, walk, type Gestures, type Pending } from './model.testing.ts'

const essayId = 'c0ffee00-0000-4000-8000-00000000e55a'
const newId = 'f0000000-0000-4000-8000-000000000001'
const withEssay: PhotoEssayFormData = { authors: essayAuthors, essay: { values: loadedEssay(), base: { _id: essayId, _type: 'imageGallery' }, revisions: { published: 'rev-1', draft: null } } }
const withoutEssay: PhotoEssayFormData = { authors: essayAuthors, essay: null }

function environment() {
  const env = { loads: [] as Array<Pending<PhotoEssayFormData, { id: string | null }>>, saves: [] as Array<Pending<void, EssaySaveInput>>, announced: [] as string[] }
  const machine = photoEssayFormMachine.provide({
    actors: { load: pendingActor(env.loads), save: pendingActor(env.saves) },
    actions: {
      announceSaved: (_, { mode }) => env.announced.push(mode === 'create' ? essayMessages.created : essayMessages.updated),
      announceFailure: (_, { message }) => env.announced.push(`Error: ${message}`),
    },
  })
  return { env, machine }
}

function FormScreen({ actor }: { actor: Actor<typeof photoEssayFormMachine> }) {
  const snapshot = useSelector(actor, (s) => s)
  return (
    <PhotoEssayForm
      {...photoEssayFormView(snapshot)}
      onSubmit={(values) => actor.send({ type: 'save', values })}
      onCancel={() => {}}
      onRetry={() => actor.send({ type: 'retry' })}
      onReload={() => actor.send({ type: 'reload' })}
      uploadImage={async () => ({ assetRef: 'image-abcdef0123456789abcdef0123456789abcdef01-1600x1067-jpg' })}
    />
  )
}

type System = ReturnType<typeof environment> & { actor: Actor<typeof photoEssayFormMachine>; typedTitle: string | null }
const user = () => userEvent.setup()

const gestures = {
  save: async (system) => {
    const title = screen.getByLabelText('Title') as HTMLInputElement
    if (title.value === '') {
      // A new essay: a title, its slug, and one described picture.
      await user().type(title, 'Night shift on the river')
      await user().click(screen.getByRole('button', { name: 'Generate from title' }))
      await user().upload(screen.getByLabelText('Add pictures'), new File(['x'], 'tug.jpg', { type: 'image/jpeg' }))
      const picture = await screen.findByRole('group', { name: 'Picture 1 of 1' })
      await user().type(within(picture).getByRole('textbox', { name: 'Alt text' }), 'A tug')
    } else if (!title.value.endsWith(' (edited)')) {
      await user().type(title, ' (edited)')
    }
    system.typedTitle = title.value
    const saves = system.env.saves.length
    await user().click(screen.getByRole('button', { name: 'Save Photo Essay' }))
    await waitFor(() => expect(system.env.saves.length).toBe(saves + 1))
  },
  retry: async () => {
    await user().click(screen.getByRole('button', { name: 'Try again' }))
  },
  reload: async () => {
    await user().click(screen.getByRole('button', { name: 'Reload their version' }))
  },
} satisfies Gestures<System, PhotoEssayFormEvent>

async function perform(system: System, event: AnyEventObject): Promise<void> {
  const gesture = gestureFor(gestures, event)
  if (gesture) return gesture(system, event)
  await act(async () => {
    if (event.type === 'xstate.done.actor.load') system.env.loads.pop()!.resolve(event.output as PhotoEssayFormData)
    else if (event.type === 'xstate.error.actor.load') system.env.loads.pop()!.reject(event.error)
    else if (event.type === 'xstate.done.actor.save') system.env.saves.pop()!.resolve()
    else if (event.type === 'xstate.error.actor.save') system.env.saves.pop()!.reject(event.error)
    else throw new Error(`No gesture for ${event.type}`)
  })
}

const forbidden = new Error(essayMessages.updateDisabled)

function candidates(mode: 'create' | 'edit'): AnyEventObject[] {
  return [
    ...(mode === 'edit' ? [{ type: 'xstate.done.actor.load', output: withEssay }, { type: 'xstate.done.actor.load', output: withoutEssay }] : [{ type: 'xstate.done.actor.load', output: withoutEssay }]),
    { type: 'xstate.error.actor.load', error: new Error('503 Service Unavailable') },
    { type: 'save', values: emptyPhotoEssayValues(new Date(0)) },
    { type: 'retry' },
    { type: 'reload' },
    { type: 'xstate.done.actor.save', output: undefined },
    { type: 'xstate.error.actor.save', error: new EssayConflictError() },
    { type: 'xstate.error.actor.save', error: new EssaySlugTakenError('night-shift-on-the-river') },
    { type: 'xstate.error.actor.save', error: forbidden },
  ]
}

function describeEvent(event: AnyEventObject): string {
  if (event.type === 'xstate.done.actor.load') return (event.output as PhotoEssayFormData).essay ? 'essay loads' : 'load finds no essay'
  if (event.type === 'xstate.error.actor.load') return 'load fails'
  if (event.type === 'xstate.done.actor.save') return 'save succeeds'
  if (event.type === 'xstate.error.actor.save') {
    const error = event.error as Error
    return error instanceof EssayConflictError ? 'someone else saved' : error instanceof EssaySlugTakenError ? 'slug is taken' : 'save refused (403)'
  }
  return event.type
}

const seen = (system: System) => (snapshot: PhotoEssayFormSnapshot) => {
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(snapshot.context.mode === 'edit' ? 'Edit Photo Essay' : 'New Photo Essay')
  const alert = screen.queryByRole('alert')?.textContent ?? null
  if (snapshot.matches('loading')) {
    expect(screen.getByText('Loading...')).toBeTruthy()
    expect(screen.queryByLabelText('Title')).toBeNull()
  } else if (snapshot.matches('loadFailed')) {
    expect(alert).toContain('503 Service Unavailable')
  } else if (snapshot.matches('notFound')) {
    expect(screen.getByText('Photo essay not found.')).toBeTruthy()
  } else if (snapshot.matches('editing')) {
    expect(screen.getByRole('button', { name: 'Save Photo Essay' })).toBeTruthy()
    expect(alert).toBeNull()
    expect(screen.queryByText(essayMessages.slugTaken) !== null).toBe(snapshot.context.takenSlug !== null)
  } else if (snapshot.matches('saving')) {
    expect(screen.getByRole('button', { name: 'Saving...' }).getAttribute('aria-disabled')).toBe('true')
  } else if (snapshot.matches('failed')) {
    expect(alert).toBe(essayMessages.updateDisabled)
    expect(system.env.announced.at(-1)).toBe(`Error: ${essayMessages.updateDisabled}`)
  } else if (snapshot.matches('conflict')) {
    expect(alert).toContain(essayMessages.conflict)
    // The editor's own words are still in the form.
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe(system.typedTitle)
  } else if (snapshot.matches('saved')) {
    expect(system.env.announced.at(-1)).toBe(snapshot.context.mode === 'edit' ? essayMessages.updated : essayMessages.created)
  } else {
    throw new Error(`No assertion for ${JSON.stringify(snapshot.value)}`)
  }
}

const allStates = ['loading', 'loadFailed', 'notFound', 'editing', 'saving', 'saved', 'failed', 'conflict'] as const

afterEach(() => {
  document.body.innerHTML = ''
})

for (const mode of ['create', 'edit'] as const) {
  describe(`photo essay form machine, ${mode} mode, model-based`, () => {
    const input = mode === 'edit' ? { id: essayId } : { id: null, newId }
    const paths = modelOf(photoEssayFormMachine, {
      input,
      candidates: candidates(mode),
      serializeState: (snapshot: PhotoEssayFormSnapshot) => JSON.stringify([snapshot.value, snapshot.context.takenSlug !== null]),
      serializeEvent: (event: AnyEventObject) => `${event.type}:${describeEvent(event)}`,
    }).getShortestPaths()

    it('reaches every state of its mode', () => {
      const reached = reachedStates(paths)
      for (const state of allStates.filter((s) => mode === 'edit' || s !== 'notFound')) expect(reached, state).toContain(JSON.stringify(state))
      if (mode === 'create') expect(reached).not.toContain(JSON.stringify('notFound'))
    })

    itFollowsEachPath(paths, {
      describeEvent,
      title: (steps, path) => `${steps.join(' → ') || 'opening'} ⇒ ${JSON.stringify(path.state.value)}`,
      test: async (path) => {
        const { env, machine } = environment()
        const actor = createActor(machine, { input })
        const system: System = { env, machine, actor, typedTitle: null }
        actor.start()
        render(<FormScreen actor={actor} />)
        await walk(path, { candidates: candidates(mode), states: Object.fromEntries(allStates.map((state) => [state, seen(system)])), perform: (event) => perform(system, event) })
        expect(JSON.stringify(actor.getSnapshot().value)).toBe(JSON.stringify(path.state.value))
        if (path.state.matches('saving') || path.state.matches('saved')) {
          // What a save sends: this essay's id and what the editor typed.
          const sent = env.saves.at(-1)?.input ?? null
          if (sent) expect([sent.id, sent.values.title]).toEqual([mode === 'edit' ? essayId : newId, system.typedTitle])
        }
        actor.stop()
      },
      timeout: 30_000,
    })
  })
}
