// Model-based tests generated from the photo essay form machine: xstate/graph walks every state the
// machine can reach in create and edit mode; each step is performed as the real thing would happen
// (the editor filling in the essay and pressing Save, a load or save settling, Try again, Reload
// their version) against the real machine with fake effects, rendered through the real form, and in
// every state the test checks what the editor sees. A third walk opens a draft made from an older
// published version (docs/decisions/025-drafts-based-on-revisions.md): compared with what readers see,
// kept, published, refused or discarded.

import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useSelector } from '@xstate/react'
import { createActor, type Actor, type AnyEventObject } from 'xstate'
import { afterEach, describe, expect, it } from 'vitest'
import { PhotoEssayForm } from '../components/admin/PhotoEssayForm.tsx'
import { essayAuthors, loadedEssay } from '../components/admin/PhotoEssayForm.fixtures.ts'
import type { PhotoEssayFormData } from '../content/admin/photoEssayForm/load.ts'
import { essayMessages } from '../content/admin/photoEssayForm/messages.ts'
import { documentFromValues } from '../content/admin/photoEssayForm/document.ts'
import { EssayConflictError, EssaySlugTakenError, type EssayDiscardInput, type EssaySaveInput } from '../content/admin/photoEssayForm/save.ts'
import { emptyPhotoEssayValues } from '../content/admin/photoEssayForm/values.ts'
import { photoEssayFormView } from '../routes/admin/_authed/-photoEssayFormView.ts'
import { photoEssayFormMachine, type PhotoEssayFormEvent, type PhotoEssayFormSnapshot } from './photoEssayFormMachine.ts'
import { gestureFor, itFollowsEachPath, modelOf, pendingActor, reachedStates, walk, type Gestures, type Pending } from './model.testing.ts'

const essayId = 'c0ffee00-0000-4000-8000-00000000e55a'
const newId = 'f0000000-0000-4000-8000-000000000001'
const withEssay: PhotoEssayFormData = { authors: essayAuthors, essay: { values: loadedEssay(), base: { _id: essayId, _type: 'imageGallery' }, revisions: { published: 'rev-1', draft: null } } }
const withoutEssay: PhotoEssayFormData = { authors: essayAuthors, essay: null }
// A draft made from an older published version: since then an editor published a new title.
const newerLive = { ...documentFromValues({ ...loadedEssay(), title: 'Night shift on the Thames' }, essayId), _rev: 'rev-2' }
const withStaleDraft: PhotoEssayFormData = {
  authors: essayAuthors,
  essay: { values: loadedEssay(), base: { _id: `drafts.${essayId}`, _type: 'imageGallery' }, revisions: { published: 'rev-2', draft: 'rev-d', basedOn: 'rev-1' }, live: newerLive, stale: true },
}

function environment() {
  const env = {
    loads: [] as Array<Pending<PhotoEssayFormData, { id: string | null }>>,
    saves: [] as Array<Pending<void, EssaySaveInput>>,
    discards: [] as Array<Pending<void, EssayDiscardInput>>,
    announced: [] as string[],
  }
  const machine = photoEssayFormMachine.provide({
    actors: { load: pendingActor(env.loads), save: pendingActor(env.saves), discardDraft: pendingActor(env.discards) },
    actions: {
      announceSaved: (_, { mode }) => env.announced.push(mode === 'create' ? essayMessages.created : essayMessages.updated),
      announceFailure: (_, { message }) => env.announced.push(`Error: ${message}`),
      announceDraftDiscarded: () => env.announced.push(essayMessages.draftDiscarded),
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
      onDiscardDraft={() => actor.send({ type: 'discardDraft' })}
      onKeepEditing={() => actor.send({ type: 'keepEditing' })}
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
  keepEditing: async () => {
    await user().click(draftChoice('Keep editing'))
  },
  // Discard draft, then the same words on the confirm.
  discardDraft: async (system) => {
    const discards = system.env.discards.length
    await user().click(draftChoice('Discard draft'))
    await user().click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Discard draft' }))
    await waitFor(() => expect(system.env.discards.length).toBe(discards + 1))
  },
} satisfies Gestures<System, PhotoEssayFormEvent>

/** The notice above the fields of a draft beside the live essay. */
const draftRegion = () => screen.queryByRole('region', { name: 'Editing a draft' })
/** One of its choices (its confirm dialog has a button of the same name). */
const draftChoice = (name: string) => within(draftRegion()!).getByRole('button', { name })

async function perform(system: System, event: AnyEventObject): Promise<void> {
  const gesture = gestureFor(gestures, event)
  if (gesture) return gesture(system, event)
  await act(async () => {
    if (event.type === 'xstate.done.actor.load') system.env.loads.pop()!.resolve(event.output as PhotoEssayFormData)
    else if (event.type === 'xstate.error.actor.load') system.env.loads.pop()!.reject(event.error)
    else if (event.type === 'xstate.done.actor.save') system.env.saves.pop()!.resolve()
    else if (event.type === 'xstate.error.actor.save') system.env.saves.pop()!.reject(event.error)
    else if (event.type === 'xstate.done.actor.discardDraft') system.env.discards.pop()!.resolve()
    else if (event.type === 'xstate.error.actor.discardDraft') system.env.discards.pop()!.reject(event.error)
    else throw new Error(`No gesture for ${event.type}`)
  })
}

const forbidden = new Error(essayMessages.updateDisabled)

function candidates(mode: 'create' | 'edit'): AnyEventObject[] {
  return [
    ...(mode === 'edit' ? [{ type: 'xstate.done.actor.load', output: withEssay }, { type: 'xstate.done.actor.load', output: withoutEssay }] : [{ type: 'xstate.done.actor.load', output: withoutEssay }]),
    { type: 'xstate.error.actor.load', error: new Error('503 Service Unavailable') },
    { type: 'save', values: emptyPhotoEssayValues() },
    { type: 'retry' },
    { type: 'reload' },
    { type: 'xstate.done.actor.save', output: undefined },
    { type: 'xstate.error.actor.save', error: new EssayConflictError() },
    { type: 'xstate.error.actor.save', error: new EssaySlugTakenError('night-shift-on-the-river') },
    { type: 'xstate.error.actor.save', error: forbidden },
  ]
}

/** The draft walk: a stale draft loads, the editor keeps editing, publishes (or meets the refusal) or discards, and reloads. */
function draftCandidates(): AnyEventObject[] {
  return [
    { type: 'xstate.done.actor.load', output: withStaleDraft },
    { type: 'keepEditing' },
    { type: 'discardDraft' },
    { type: 'xstate.done.actor.discardDraft', output: undefined },
    { type: 'xstate.error.actor.discardDraft', error: new EssayConflictError() },
    { type: 'xstate.error.actor.discardDraft', error: forbidden },
    { type: 'save', values: emptyPhotoEssayValues() },
    { type: 'xstate.done.actor.save', output: undefined },
    { type: 'xstate.error.actor.save', error: new EssayConflictError('staleDraft') },
    { type: 'reload' },
  ]
}

function describeEvent(event: AnyEventObject): string {
  if (event.type === 'xstate.done.actor.load') return (event.output as PhotoEssayFormData).essay?.stale ? 'stale draft beside the live essay loads' : (event.output as PhotoEssayFormData).essay ? 'essay loads' : 'load finds no essay'
  if (event.type === 'keepEditing') return 'editor keeps editing the draft'
  if (event.type === 'discardDraft') return 'editor discards the draft'
  if (event.type === 'xstate.done.actor.discardDraft') return 'draft discarded'
  if (event.type === 'xstate.error.actor.discardDraft') return event.error instanceof EssayConflictError ? 'someone else saved the draft' : 'discard refused (403)'
  if (event.type === 'xstate.error.actor.load') return 'load fails'
  if (event.type === 'xstate.done.actor.save') return 'save succeeds'
  if (event.type === 'xstate.error.actor.save') {
    const error = event.error as Error
    if (error.message === essayMessages.staleDraft) return 'the draft was made from an older published version, nobody else saved (409)'
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
    draftSeen(snapshot)
  } else if (snapshot.matches('discardingDraft')) {
    expect(draftChoice('Discard draft').getAttribute('aria-disabled')).toBe('true')
  } else if (snapshot.matches('saving')) {
    expect(screen.getByRole('button', { name: 'Saving...' }).getAttribute('aria-disabled')).toBe('true')
  } else if (snapshot.matches('failed')) {
    expect(alert).toBe(essayMessages.updateDisabled)
    expect(system.env.announced.at(-1)).toBe(`Error: ${essayMessages.updateDisabled}`)
    draftSeen(snapshot)
  } else if (snapshot.matches('conflict')) {
    expect(alert).toContain(system.env.announced.at(-1)!.replace(/^Error: /, ''))
    expect([essayMessages.conflict, essayMessages.staleDraft].map((m) => `Error: ${m}`)).toContain(system.env.announced.at(-1))
    // Said by what happened: someone else's save is theirs to reload; a stale draft refused with
    // nobody else involved leaves the draft's choices open, with nothing to reload.
    const stale = snapshot.context.staleConflict
    expect(alert).toContain(stale ? essayMessages.staleDraft : essayMessages.conflict)
    if (draftRegion()) expect(draftChoice('Discard draft').getAttribute('aria-disabled')).toBe(stale ? null : 'true')
    expect(screen.queryByRole('button', { name: 'Reload their version' }) !== null).toBe(!stale)
    // The editor's own words are still in the form.
    if (system.typedTitle !== null) expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe(system.typedTitle)
  } else if (snapshot.matches('saved')) {
    expect(system.env.announced.at(-1)).toBe(snapshot.context.mode === 'edit' ? essayMessages.updated : essayMessages.created)
  } else {
    throw new Error(`No assertion for ${JSON.stringify(snapshot.value)}`)
  }
}

/**
 * A draft opened beside the live essay: said above the fields, with the fields that differ from what
 * readers see, the stale warning while the draft is made from an older published version, and the
 * choices (Publish only once a stale draft is kept).
 */
function draftSeen(snapshot: PhotoEssayFormSnapshot) {
  const region = draftRegion()
  expect(region !== null).toBe(snapshot.context.draftBesideLive)
  if (!region) return
  const stale = snapshot.context.loaded?.stale === true
  expect(within(region).getByText(/^Readers see the published version, which differs in: Title/)).toBeTruthy()
  expect(within(region).queryByText('The published version changed after this draft was made.') !== null).toBe(stale)
  expect(within(region).queryByRole('button', { name: 'Publish this draft' }) !== null).toBe(!stale)
  expect(within(region).queryByRole('button', { name: 'Keep editing' }) !== null).toBe(!snapshot.context.keptDraft)
  const details = screen.getByText('Compare the published version with this draft').closest('details')!
  expect(details.open).toBe(!snapshot.context.keptDraft)
  expect(within(details).getByText('Night shift on the Thames')).toBeTruthy()
}

const allStates = ['loading', 'loadFailed', 'notFound', 'editing', 'saving', 'saved', 'failed', 'conflict', 'discardingDraft'] as const

afterEach(() => {
  document.body.innerHTML = ''
})

for (const mode of ['create', 'edit', 'draft'] as const) {
  describe(`photo essay form machine, ${mode} mode, model-based`, () => {
    const input = mode === 'create' ? { id: null, newId } : { id: essayId }
    const modeCandidates = mode === 'draft' ? draftCandidates() : candidates(mode)
    const paths = modelOf(photoEssayFormMachine, {
      input,
      candidates: modeCandidates,
      serializeState: (snapshot: PhotoEssayFormSnapshot) => JSON.stringify([snapshot.value, snapshot.context.takenSlug !== null, snapshot.context.draftBesideLive, Boolean(snapshot.context.loaded?.stale), snapshot.context.keptDraft, snapshot.context.staleConflict]),
      serializeEvent: (event: AnyEventObject) => `${event.type}:${describeEvent(event)}`,
    }).getShortestPaths()

    it('reaches every state of its mode', () => {
      const reached = reachedStates(paths)
      const expected = mode === 'draft' ? ['loading', 'editing', 'saving', 'saved', 'failed', 'conflict', 'discardingDraft'] : allStates.filter((s) => s !== 'discardingDraft' && (mode === 'edit' || s !== 'notFound'))
      for (const state of expected) expect(reached, state).toContain(JSON.stringify(state))
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
        await walk(path, { candidates: modeCandidates, states: Object.fromEntries(allStates.map((state) => [state, seen(system)])), perform: (event) => perform(system, event) })
        expect(JSON.stringify(actor.getSnapshot().value)).toBe(JSON.stringify(path.state.value))
        if (path.state.matches('saving') || path.state.matches('saved')) {
          // What a save sends: this essay's id and what the editor typed.
          const sent = env.saves.at(-1)?.input ?? null
          if (sent) expect([sent.id, sent.values.title]).toEqual([mode === 'create' ? newId : essayId, system.typedTitle])
        }
        actor.stop()
      },
      timeout: 30_000,
    })
  })
}
