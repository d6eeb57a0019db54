// Model-based tests generated from the article form machine: xstate/graph walks every state the
// machine can reach in create mode and in edit mode; each step is performed as the real thing
// would happen (the editor filling in and pressing Save, a load or save settling, Try again,
// Reload their version, typing and then pausing while the draft is kept) against the real machine
// with fake effects and a simulated clock for the autosave's pause, rendered through the real form,
// and in every state the test checks what the editor sees.

import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useSelector } from '@xstate/react'
import { useCallback } from 'react'
import { createActor, getNextSnapshot, SimulatedClock, type Actor, type AnyEventObject } from 'xstate'
import { afterEach, describe, expect, it } from 'vitest'
import { ArticleForm } from '../components/admin/ArticleForm.tsx'
import { layoutStubsForEditor } from '../components/admin/RichTextEditor.testing.ts'
import { autosaveDelayMs, type AutosaveOutput } from '../content/admin/articleForm/autosave.ts'
import type { ArticleFormScreenData as ArticleFormData } from '../content/admin/articleForm/load.ts'
import { messages } from '../content/admin/articleForm/messages.ts'
import { ConflictError, SlugTakenError, type DiscardInput } from '../content/admin/articleForm/save.ts'
import type { SaveInput } from '../content/admin/articleForm/transaction.ts'
import { documentFromValues } from '../content/admin/articleForm/document.ts'
import { emptyArticleValues, type ArticleFormValues } from '../content/admin/articleForm/values.ts'
import { portableTextToEditor } from '../content/article/portableText.ts'
import type { ScheduledPublish } from '../content/admin/schedules.ts'
import { articleFormView } from '../routes/admin/_authed/-articleFormView.ts'
import { articleFormMachine, type ArticleFormEvent, type ArticleFormInput, type ArticleFormLoad, type ArticleFormSnapshot, type ScheduleInput, type ScheduleOutput } from './articleFormMachine.ts'
import { gestureFor, itFollowsEachPath, modelOf, offered, pendingActor, reachedStates, walk, type Gestures, type Pending } from './model.testing.ts'

layoutStubsForEditor()

const authors = [{ id: '7a2d3c0f-5b9e-4d2f-8c8b-3e4f5a6b7c8d', name: 'Tom Whitcombe' }]
const categories = [{ id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', name: 'UK' }]
const articleId = 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b'
const newId = 'f0000000-0000-4000-8000-000000000001'

function article(title: string): ArticleFormData['article'] {
  const values: ArticleFormValues = {
    ...emptyArticleValues(),
    title,
    slug: 'night-buses-return',
    content: portableTextToEditor([{ _type: 'block', _key: 'p', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's', text: 'Services every twenty minutes.', marks: [] }] }]),
    author_id: authors[0]!.id,
    category_ids: [categories[0]!.id],
    published: true,
    is_lead_story: true,
  }
  return { values, base: { _id: articleId, _type: 'article' }, revisions: { published: 'rev-1', draft: null } }
}

// Another story leads the homepage: the loaded article, a lead story itself, would replace it.
const frontPage = { breaking: null, lead: { id: 'summit', title: 'Leaders agree energy package' } }
const withArticle: ArticleFormData = { authors, categories, article: article('Night buses return'), frontPage }
const theirVersion: ArticleFormData = { authors, categories, article: article('Night buses return, their version'), frontPage }
const withoutArticle: ArticleFormData = { authors, categories, article: null, frontPage }
// A draft waiting for its scheduled publish (docs/decisions/011-scheduling.md).
const pending: ScheduledPublish = { id: 'sch-1', executeAt: '2030-01-01T09:00:00.000Z' }
const scheduledDraft: NonNullable<ArticleFormData['article']> = {
  ...article('Night buses return')!,
  values: { ...article('Night buses return')!.values, published: false },
  revisions: { published: null, draft: 'rev-d' },
}
const withScheduledDraft: ArticleFormLoad = { authors, categories, article: scheduledDraft, frontPage, schedule: pending }
const scheduledOutput: ScheduleOutput = { schedule: pending, article: scheduledDraft }
// A live article's changes scheduled (docs/decisions/021-scheduled-changes.md): kept in its draft beside the published version.
const liveWithChanges: NonNullable<ArticleFormData['article']> = { ...article('Night buses return')!, revisions: { published: 'rev-1', draft: 'rev-d' } }
const scheduledChangesOutput: ScheduleOutput = { schedule: pending, article: liveWithChanges }
// A contributor's draft made from an older published version: since then an editor published a new
// title (docs/decisions/022-drafts-based-on-revisions.md). The form says so and compares the two.
const newerLive = { ...documentFromValues(article('Night buses return from Friday')!.values, articleId, {}, () => 'k'), _rev: 'rev-2' }
const staleDraft: NonNullable<ArticleFormData['article']> = {
  ...article('Night buses return')!,
  revisions: { published: 'rev-2', draft: 'rev-d', basedOn: 'rev-1' },
  live: newerLive,
  stale: true,
}
const withStaleDraft: ArticleFormData = { authors, categories, article: staleDraft, frontPage }

/** The fake outside world: loads and saves the test settles, and what the route would announce. */
function environment() {
  const env = {
    loads: [] as Array<Pending<ArticleFormData, { id: string | null }>>,
    saves: [] as Array<Pending<void, SaveInput>>,
    schedules: [] as Array<Pending<ScheduleOutput, ScheduleInput>>,
    cancels: [] as Array<Pending<void, { scheduleId: string }>>,
    autosaves: [] as Array<Pending<AutosaveOutput, SaveInput>>,
    discards: [] as Array<Pending<void, DiscardInput>>,
    announced: [] as string[],
    /** The autosave's pause passes only when the test moves this clock on. */
    clock: new SimulatedClock(),
  }
  const machine = articleFormMachine.provide({
    actors: {
      load: pendingActor(env.loads),
      save: pendingActor(env.saves),
      schedule: pendingActor(env.schedules),
      cancelSchedule: pendingActor(env.cancels),
      autosave: pendingActor(env.autosaves),
      discardDraft: pendingActor(env.discards),
    },
    actions: {
      announceSaved: (_, { mode }) => env.announced.push(mode === 'create' ? messages.created : messages.updated),
      announceFailure: (_, { message }) => env.announced.push(`Error: ${message}`),
      announceScheduled: (_, { executeAt }) => env.announced.push(`Scheduled for ${executeAt}`),
      announceScheduleCancelled: (_, { live }) => env.announced.push(live ? 'Schedule cancelled (live)' : 'Schedule cancelled'),
      announceDraftDiscarded: () => env.announced.push('Draft discarded'),
    },
  })
  return { env, machine }
}

/** The form screen as the routes wire it. */
function FormScreen({ actor }: { actor: Actor<typeof articleFormMachine> }) {
  const snapshot = useSelector(actor, (s) => s)
  const onValuesChange = useCallback((values: ArticleFormValues) => actor.send({ type: 'change', values }), [actor])
  return (
    <ArticleForm
      {...articleFormView(snapshot)}
      onSubmit={(values) => actor.send({ type: 'save', values })}
      onCancel={() => {}}
      onRetry={() => actor.send({ type: 'retry' })}
      onReload={() => actor.send({ type: 'reload' })}
      onSchedule={(values, executeAt) => actor.send({ type: 'schedule', values, executeAt })}
      onCancelSchedule={() => actor.send({ type: 'cancelSchedule' })}
      onDiscardDraft={() => actor.send({ type: 'discardDraft' })}
      onKeepEditing={() => actor.send({ type: 'keepEditing' })}
      uploadImage={() => Promise.reject(new Error('no uploads here'))}
      uploadVideo={() => Promise.reject(new Error('no uploads here'))}
      onValuesChange={onValuesChange}
    />
  )
}

type System = ReturnType<typeof environment> & {
  actor: Actor<typeof articleFormMachine>
  /** The title the editor typed before the last save: it must survive a conflict. */
  typedTitle: string | null
}
// No pause between keystrokes: the form's behaviour does not depend on typing speed, and every
// keystroke still goes through the real form and machine.
const user = () => userEvent.setup({ delay: null })

/** The editor types into a field: words arrive as one paste, a single change as a person's paste would make it. */
async function typeInto(field: HTMLInputElement, text: string): Promise<void> {
  const editor = user()
  await editor.click(field)
  await editor.paste(text)
}

/**
 * Waits for what a press starts: the call `started` counts, or, pressed during an autosave, the
 * press waiting for it (the machine's `queued`).
 */
async function started(system: System, type: 'save' | 'schedule' | 'cancelSchedule' | 'discardDraft', calls: () => number, press: () => Promise<void>): Promise<void> {
  const before = calls()
  const waits = system.actor.getSnapshot().matches({ editing: 'autosaving' })
  await press()
  await waitFor(() => (waits ? expect(system.actor.getSnapshot().context.queued?.type).toBe(type) : expect(calls()).toBe(before + 1)))
}

async function pressSave(system: System): Promise<void> {
  // A schedule chosen before (a refused one) gives way to publishing now.
  const now = screen.queryByRole('radio', { name: 'Publish now' }) as HTMLInputElement | null
  if (now && !now.checked) await user().click(now)
  // The form validates, then hands the values over: a save starts.
  await started(system, 'save', () => system.env.saves.length, () => user().click(screen.getByRole('button', { name: 'Save Article' })))
}

/** What the editor does for each event the machine takes from outside. */
/** The editor fills in a new article, or edits the loaded one's title, and remembers what they typed. */
async function fillIn(system: System): Promise<void> {
  const title = screen.getByLabelText('Title') as HTMLInputElement
  if ((screen.getByLabelText('Author') as HTMLSelectElement).value === '') {
    // A new article: fill in everything the spec asks for (the title may be typed already).
    if (title.value === '') await typeInto(title, 'Night buses return')
    await user().click(screen.getByRole('button', { name: 'Generate from title' }))
    await user().click(screen.getByRole('textbox', { name: 'Content' }))
    // Ten characters or more, as the form asks of a body.
    await user().keyboard('Buses every hour')
    await user().selectOptions(screen.getByLabelText('Author'), 'Tom Whitcombe')
    await user().click(screen.getByRole('checkbox', { name: 'UK' }))
  } else if (!title.value.endsWith(' (edited)')) {
    await typeInto(title, ' (edited)')
  }
  system.typedTitle = title.value
}

const gestures = {
  save: async (system) => {
    await fillIn(system)
    await pressSave(system)
  },
  // Published, then Schedule for a time on London's clock, then the button that now says Schedule.
  schedule: async (system) => {
    await fillIn(system)
    const published = screen.getByRole('switch', { name: 'Published' }) as HTMLInputElement
    if (!published.checked) await user().click(published)
    await user().click(screen.getByRole('radio', { name: 'Schedule for' }))
    fireEvent.change(screen.getByLabelText('Date and time (London time)'), { target: { value: '2030-01-01T09:00' } })
    await started(system, 'schedule', () => system.env.schedules.length, () => user().click(screen.getByRole('button', { name: 'Schedule Article' })))
  },
  cancelSchedule: async (system) => {
    await started(system, 'cancelSchedule', () => system.env.cancels.length, () => user().click(screen.getByRole('button', { name: 'Cancel schedule' })))
  },
  // The editor types in the title: a new article gets its title, an edited one a word more.
  change: async (system) => {
    const title = screen.getByLabelText('Title') as HTMLInputElement
    await typeInto(title, title.value === '' ? 'Night buses return' : ' tonight')
    system.typedTitle = title.value
  },
  retry: async () => {
    await user().click(screen.getByRole('button', { name: 'Try again' }))
  },
  reload: async () => {
    await user().click(screen.getByRole('button', { name: 'Reload their version' }))
  },
  keepEditing: async () => {
    await user().click(within(draftRegion()!).getByRole('button', { name: 'Keep editing' }))
  },
  // Discard draft, then the same words on the confirm.
  discardDraft: async (system) => {
    await started(system, 'discardDraft', () => system.env.discards.length, async () => {
      await user().click(draftChoice('Discard draft'))
      await user().click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Discard draft' }))
    })
  },
} satisfies Gestures<System, ArticleFormEvent>

/** The notice above the fields of a draft beside the live article. */
const draftRegion = () => screen.queryByRole('region', { name: 'Editing a draft' })
/** One of its choices (its confirm dialog has a button of the same name). */
const draftChoice = (name: string) => within(draftRegion()!).getByRole('button', { name })

/** What the world does for the machine's internal events: loads and saves settle. */
async function perform(system: System, event: AnyEventObject): Promise<void> {
  const gesture = gestureFor(gestures, event)
  if (gesture) {
    await gesture(system, event)
    return
  }
  await act(async () => {
    if (event.type === 'xstate.done.actor.load') system.env.loads.pop()!.resolve(event.output as ArticleFormData)
    else if (event.type === 'xstate.error.actor.load') system.env.loads.pop()!.reject(event.error)
    else if (event.type === 'xstate.done.actor.save') system.env.saves.pop()!.resolve()
    else if (event.type === 'xstate.error.actor.save') system.env.saves.pop()!.reject(event.error)
    else if (event.type === 'xstate.done.actor.schedule') system.env.schedules.pop()!.resolve(event.output as ScheduleOutput)
    else if (event.type === 'xstate.error.actor.schedule') system.env.schedules.pop()!.reject(event.error)
    else if (event.type === 'xstate.done.actor.cancelSchedule') system.env.cancels.pop()!.resolve()
    else if (event.type === 'xstate.error.actor.cancelSchedule') system.env.cancels.pop()!.reject(event.error)
    else if (event.type === 'xstate.done.actor.autosave') system.env.autosaves.pop()!.resolve(event.output as AutosaveOutput)
    else if (event.type === 'xstate.error.actor.autosave') system.env.autosaves.pop()!.reject(event.error)
    else if (event.type === 'xstate.done.actor.discardDraft') system.env.discards.pop()!.resolve()
    else if (event.type === 'xstate.error.actor.discardDraft') system.env.discards.pop()!.reject(event.error)
    else if (event.type === pause) system.env.clock.increment(autosaveDelayMs)
    else throw new Error(`No gesture for ${event.type}`)
  })
}

const forbidden = new Error(messages.updateDisabled)
/** The editor stops typing for the autosave's delay. */
const pause = 'xstate.after.autosaveDelay.articleForm.editing.changed'
const autosaved: AutosaveOutput = { draftRevision: 'rev-auto', savedAt: '2026-11-24T14:05:00.000Z' }
const offline = new Error('Failed to fetch')
const loadFailure = new Error('503 Service Unavailable')

function candidates(mode: 'create' | 'edit'): AnyEventObject[] {
  return [
    ...(mode === 'edit'
      ? [
          { type: 'xstate.done.actor.load', output: withArticle },
          { type: 'xstate.done.actor.load', output: withoutArticle },
          { type: 'xstate.done.actor.load', output: withScheduledDraft },
        ]
      : [{ type: 'xstate.done.actor.load', output: withoutArticle }]),
    { type: 'xstate.error.actor.load', error: loadFailure },
    { type: 'save', values: emptyArticleValues() },
    { type: 'retry' },
    { type: 'reload' },
    { type: 'xstate.done.actor.save', output: undefined },
    { type: 'xstate.error.actor.save', error: new ConflictError() },
    { type: 'xstate.error.actor.save', error: new SlugTakenError('night-buses-return') },
    { type: 'xstate.error.actor.save', error: forbidden },
    { type: 'schedule', values: emptyArticleValues(), executeAt: pending.executeAt },
    { type: 'cancelSchedule' },
    { type: 'xstate.done.actor.schedule', output: scheduledOutput },
    // Only an article the form loaded can be live when its changes are scheduled.
    ...(mode === 'edit' ? [{ type: 'xstate.done.actor.schedule', output: scheduledChangesOutput }] : []),
    { type: 'xstate.error.actor.schedule', error: forbidden },
    { type: 'xstate.done.actor.cancelSchedule', output: undefined },
    { type: 'xstate.error.actor.cancelSchedule', error: forbidden },
    { type: 'change', values: { ...emptyArticleValues(), title: 'Night buses return' } },
    { type: pause },
    { type: 'xstate.done.actor.autosave', output: autosaved },
    { type: 'xstate.error.actor.autosave', error: new ConflictError() },
    { type: 'xstate.error.actor.autosave', error: offline },
  ]
}

function describeEvent(event: AnyEventObject): string {
  if (event.type === 'xstate.done.actor.load') {
    const output = event.output as ArticleFormLoad
    return output.schedule ? 'scheduled draft loads' : output.article?.stale ? 'stale draft beside the live article loads' : output.article ? 'article loads' : 'load finds no article'
  }
  if (event.type === 'xstate.done.actor.schedule') return (event.output as ScheduleOutput).article?.revisions.published ? 'changes to the live article scheduled' : 'schedule made'
  if (event.type === 'xstate.error.actor.schedule') return 'schedule refused (403)'
  if (event.type === 'xstate.done.actor.cancelSchedule') return 'schedule cancelled'
  if (event.type === 'xstate.error.actor.cancelSchedule') return 'cancel refused (403)'
  if (event.type === 'xstate.error.actor.load') return 'load fails'
  if (event.type === pause) return 'editor pauses'
  if (event.type === 'xstate.done.actor.autosave') return 'draft kept'
  if (event.type === 'xstate.error.actor.autosave') return event.error instanceof ConflictError ? 'someone else saved the draft' : 'autosave fails'
  if (event.type === 'change') return 'editor types'
  if (event.type === 'keepEditing') return 'editor keeps editing the draft'
  if (event.type === 'discardDraft') return 'editor discards the draft'
  if (event.type === 'xstate.done.actor.discardDraft') return 'draft discarded'
  if (event.type === 'xstate.error.actor.discardDraft') return event.error instanceof ConflictError ? 'someone else saved the draft' : 'discard refused (403)'
  if (event.type === 'xstate.done.actor.save') return 'save succeeds'
  if (event.type === 'xstate.error.actor.save') {
    const error = event.error as Error
    if (error.message === messages.staleDraft) return 'the draft was made from an older published version, nobody else saved (409)'
    return error instanceof ConflictError ? 'someone else saved' : error instanceof SlugTakenError ? 'slug is taken' : 'save refused (403)'
  }
  return event.type
}

/**
 * A draft beside the live article (docs/decisions/022-drafts-based-on-revisions.md), walked as a
 * model of its own so its states do not multiply every other path: the stale draft loads, the
 * editor keeps editing, publishes (or meets the conflict) or discards, and reloads.
 */
function draftCandidates(): AnyEventObject[] {
  return [
    { type: 'xstate.done.actor.load', output: withStaleDraft },
    { type: 'keepEditing' },
    { type: 'discardDraft' },
    { type: 'xstate.done.actor.discardDraft', output: undefined },
    { type: 'xstate.error.actor.discardDraft', error: new ConflictError() },
    { type: 'xstate.error.actor.discardDraft', error: forbidden },
    { type: 'save', values: emptyArticleValues() },
    { type: 'xstate.done.actor.save', output: undefined },
    { type: 'xstate.error.actor.save', error: new ConflictError('staleDraft') },
    { type: 'reload' },
  ]
}

function model(mode: 'create' | 'edit' | 'draft') {
  return modelOf(articleFormMachine, {
    input: (mode === 'create' ? { id: null, newId } : { id: articleId }) satisfies ArticleFormInput,
    candidates: mode === 'draft' ? draftCandidates() : candidates(mode),
    // Whether the article has a schedule, whether it is live (so a schedule is of its changes) and whether a new
    // article became a draft being edited (once scheduled) are states of their own.
    serializeState: (snapshot: ArticleFormSnapshot) =>
      JSON.stringify([
        snapshot.value,
        snapshot.context.takenSlug !== null,
        snapshot.context.schedule !== null,
        Boolean(snapshot.context.loaded?.revisions.published),
        snapshot.context.mode,
        // A Save, Schedule or Cancel schedule pressed during an autosave waits for it.
        snapshot.context.queued?.type ?? null,
        // A draft beside the live article: shown, stale or not, and kept by the editor's choice.
        snapshot.context.draftBesideLive,
        Boolean(snapshot.context.loaded?.stale),
        snapshot.context.keptDraft,
        snapshot.context.staleConflict,
      ]),
    serializeEvent: (event: AnyEventObject) => `${event.type}:${describeEvent(event)}`,
  })
}

/** What the editor sees in each state. */
const seen = (system: System) => (snapshot: ArticleFormSnapshot) => {
  // A new article once scheduled is a draft the form goes on editing.
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(snapshot.context.mode === 'edit' ? 'Edit Article' : 'Create New Article')
  // A pending schedule is said wherever the form shows its fields.
  // A live article's are its changes, and readers keep the published version until then.
  const live = Boolean(snapshot.context.loaded?.revisions.published)
  if (screen.queryByLabelText('Title')) {
    expect(screen.queryByText(live ? 'Changes scheduled for Tue 1 Jan 2030, 09:00' : 'Scheduled for Tue 1 Jan 2030, 09:00') !== null).toBe(snapshot.context.schedule !== null)
    if (snapshot.context.schedule) expect(screen.getByText(live ? /Until then readers see the published version\./ : /Until then readers see nothing of it\./)).toBeTruthy()
  }
  const alert = screen.queryByRole('alert')?.textContent ?? null
  if (snapshot.matches('loading')) {
    expect(screen.getByRole('status').textContent).toBe('Loading...')
    expect(screen.queryByLabelText('Title')).toBeNull()
  } else if (snapshot.matches('loadFailed')) {
    expect(alert).toContain('503 Service Unavailable')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
  } else if (snapshot.matches('notFound')) {
    expect(screen.getByText('Article not found.')).toBeTruthy()
    expect(screen.queryByLabelText('Title')).toBeNull()
  } else if (snapshot.matches('editing')) {
    expect(screen.getByRole('button', { name: /^(Save|Schedule) Article$/ })).toBeTruthy()
    // The loaded article asks for the Lead Story; a new one does not until the editor turns it on.
    expect(screen.queryByText('Replaces: Leaders agree energy package') !== null).toBe(snapshot.context.mode === 'edit' && snapshot.context.loaded !== null)
    expect(alert).toBeNull()
    // The line about the draft, which a screen reader hears politely.
    const draftLine = screen.getByText((_, element) => element?.classList.contains('autosave-status') ?? false)
    expect(draftLine.getAttribute('aria-live')).toBe('polite')
    expect(draftLine.textContent).toBe(
      snapshot.matches({ editing: 'autosaving' })
        ? 'Saving draft...'
        : snapshot.matches({ editing: 'autosaveFailed' })
          ? 'The draft could not be saved: Failed to fetch'
          : snapshot.context.draftSavedAt
            ? 'Draft saved at 14:05'
            : '',
    )
    const slugMessage = screen.queryByText(messages.slugTaken)
    expect(slugMessage !== null).toBe(snapshot.context.takenSlug !== null)
    draftSeen(snapshot)
  } else if (snapshot.matches('discardingDraft')) {
    expect(draftChoice('Discard draft').getAttribute('aria-disabled')).toBe('true')
  } else if (snapshot.matches('saving')) {
    expect(screen.getByRole('button', { name: 'Saving...' }).getAttribute('aria-disabled')).toBe('true')
  } else if (snapshot.matches('scheduling')) {
    expect(screen.getByRole('button', { name: 'Saving...' }).getAttribute('aria-disabled')).toBe('true')
  } else if (snapshot.matches('cancellingSchedule')) {
    expect(screen.getByRole('button', { name: 'Cancelling...' }).getAttribute('aria-disabled')).toBe('true')
  } else if (snapshot.matches('failed')) {
    expect(alert).toBe(messages.updateDisabled)
    draftSeen(snapshot)
    expect(system.env.announced.at(-1)).toBe(`Error: ${messages.updateDisabled}`)
    // After a refused schedule the button still says what it will do.
    expect(screen.getByRole('button', { name: /^(Save|Schedule) Article$/ })).toBeTruthy()
  } else if (snapshot.matches('conflict')) {
    expect(alert).toContain(system.env.announced.at(-1)!.replace(/^Error: /, ''))
    expect([messages.conflict, messages.staleDraft].map((m) => `Error: ${m}`)).toContain(system.env.announced.at(-1))
    // Said by what happened: someone else's save is theirs to reload, and the draft's choices wait
    // for it; a stale draft refused with nobody else involved leaves them open, with nothing to reload.
    const stale = snapshot.context.staleConflict
    expect(alert).toContain(stale ? messages.staleDraft : messages.conflict)
    if (draftRegion()) expect(draftChoice('Discard draft').getAttribute('aria-disabled')).toBe(stale ? null : 'true')
    // The editor's own words are still in the form.
    if (system.typedTitle !== null) expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe(system.typedTitle)
    expect(screen.queryByRole('button', { name: 'Reload their version' }) !== null).toBe(!stale)
  } else if (snapshot.matches('saved')) {
    expect(system.env.announced.at(-1)).toBe(snapshot.context.mode === 'edit' ? messages.updated : messages.created)
  } else {
    throw new Error(`No assertion for ${JSON.stringify(snapshot.value)}`)
  }
}

/**
 * A draft opened beside the live article: said above the fields, with the fields that differ from
 * what readers see, the stale warning while the draft is made from an older published version, and
 * the choices (Publish only once a stale draft is kept).
 */
function draftSeen(snapshot: ArticleFormSnapshot) {
  const region = draftRegion()
  expect(region !== null).toBe(snapshot.context.draftBesideLive)
  if (!region) return
  const stale = snapshot.context.loaded?.stale === true
  expect(within(region).getByText(/^Readers see the published version, which differs in: Title/)).toBeTruthy()
  expect(within(region).queryByText('The published version changed after this draft was made.') !== null).toBe(stale)
  expect(within(region).queryByRole('button', { name: 'Publish this draft' }) !== null).toBe(!stale)
  expect(within(region).queryByRole('button', { name: 'Keep editing' }) !== null).toBe(!snapshot.context.keptDraft)
  expect(draftChoice('Discard draft')).toBeTruthy()
  // Side by side, until the editor keeps editing: what readers see, and the draft's title.
  const details = screen.getByText('Compare the published version with this draft').closest('details')!
  expect(details.open).toBe(!snapshot.context.keptDraft)
  expect(within(details).getByText('Night buses return from Friday')).toBeTruthy()
}

const allStates = ['loading', 'loadFailed', 'notFound', 'editing', 'saving', 'saved', 'failed', 'conflict', 'scheduling', 'cancellingSchedule', 'discardingDraft'] as const
const editingStates = ['idle', 'changed', 'autosaving', 'draftSaved', 'autosaveFailed'] as const

afterEach(() => {
  // Each path renders its own form; the previous one is gone with its actor.
  document.body.innerHTML = ''
})

type Mode = 'create' | 'edit' | 'draft'
const inputOf = (mode: Mode): ArticleFormInput => (mode === 'create' ? { id: null, newId } : { id: articleId })
const candidatesOf = (mode: Mode) => (mode === 'draft' ? draftCandidates() : candidates(mode))
const describedMode = (mode: Mode) => (mode === 'draft' ? 'a draft beside the live article' : `${mode} mode`)

for (const mode of ['create', 'edit', 'draft'] as const) {
  describe(`article form machine, ${describedMode(mode)}, model-based`, () => {
    const paths = model(mode).getShortestPaths()

    it('reaches every state of its mode', () => {
      const reached = reachedStates(paths)
      if (mode === 'draft') {
        for (const state of ['loading', 'saving', 'saved', 'conflict', 'failed', 'discardingDraft']) expect(reached, state).toContain(JSON.stringify(state))
        // Kept and not kept, stale and no longer stale.
        const kept = paths.map((p) => [p.state.context.keptDraft, p.state.context.loaded?.stale])
        expect(kept).toContainEqual([true, false])
        expect(kept).toContainEqual([false, true])
        return
      }
      for (const state of allStates.filter((s) => s !== 'editing' && s !== 'discardingDraft' && (mode === 'edit' || s !== 'notFound'))) expect(reached, state).toContain(JSON.stringify(state))
      // Discarding is walked by the draft-beside-live model below.
      for (const state of editingStates) expect(reached, state).toContain(JSON.stringify({ editing: state }))
      // A new article is only ever missing after it was scheduled, when the form edits it from then on.
      if (mode === 'create') expect(paths.filter((p) => p.state.matches('notFound')).every((p) => p.steps.some((step) => (step.event as AnyEventObject).type === 'xstate.done.actor.schedule'))).toBe(true)
    })

    itFollowsEachPath(paths, {
      describeEvent,
      title: (steps, path) => `${steps.join(' → ') || 'opening'} ⇒ ${JSON.stringify(path.state.value)}`,
      test: async (path) => {
        const { env, machine } = environment()
        const actor = createActor(machine, { input: inputOf(mode), clock: env.clock })
        const system: System = { env, machine, actor, typedTitle: null }
        actor.start()
        render(<FormScreen actor={actor} />)
        await walk(path, {
          candidates: candidatesOf(mode),
          states: Object.fromEntries(allStates.map((state) => [state, seen(system)])),
          perform: (event) => perform(system, event),
        })
        expect(JSON.stringify(actor.getSnapshot().value)).toBe(JSON.stringify(path.state.value))
        actor.stop()
      },
      // The longest paths (scheduled, cancelled, saved, reloaded) walk eight gestures through the real form.
      timeout: 45_000,
    })
  })
}

/** Every state the shortest paths pass through, with the events that lead there from the start. */
function statesWithPrefixes(mode: Mode) {
  const found = new Map<string, { state: ArticleFormSnapshot; events: AnyEventObject[] }>()
  for (const path of model(mode).getShortestPaths()) {
    path.steps.forEach((step, index) => {
      const key = JSON.stringify([step.state.value, step.state.context.takenSlug !== null, step.state.context.keptDraft])
      const events = path.steps.slice(0, index + 1).map((s): AnyEventObject => s.event).filter((event) => event.type !== 'xstate.init')
      const known = found.get(key)
      if (!known || known.events.length > events.length) found.set(key, { state: step.state as ArticleFormSnapshot, events })
    })
  }
  return [...found.values()]
}

for (const mode of ['create', 'edit', 'draft'] as const) {
  describe(`article form machine, ${describedMode(mode)}, every transition`, () => {
    // Shortest paths reach each state once; from every state on the way, every event it takes is
    // tried too, so Try again, Reload their version and saving again after a failure are walked.
    for (const { state, events } of statesWithPrefixes(mode)) {
      for (const event of offered<ArticleFormEvent>(candidatesOf(mode), state)) {
        const expected = getNextSnapshot(articleFormMachine, state, event as ArticleFormEvent)
        it(`${[...events, event].map(describeEvent).join(' → ')} ⇒ ${JSON.stringify(expected.value)}`, async () => {
          const { env, machine } = environment()
          const actor = createActor(machine, { input: inputOf(mode), clock: env.clock })
          const system: System = { env, machine, actor, typedTitle: null }
          actor.start()
          render(<FormScreen actor={actor} />)
          for (const step of [...events, event]) {
            await perform(system, step)
            seen(system)(actor.getSnapshot())
          }
          const now = actor.getSnapshot()
          expect(JSON.stringify([now.value, now.context.takenSlug])).toBe(JSON.stringify([expected.value, expected.context.takenSlug]))
          actor.stop()
        }, 20_000)
      }
    }
  })
}

describe('article form machine, scenarios', () => {
  it('schedules a live article’s changes with the revisions it holds, then edits the live article with its schedule', async () => {
    const { env, machine } = environment()
    const actor = createActor(machine, { input: { id: articleId } }).start()
    env.loads.pop()!.resolve(withArticle)
    await waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true))
    const values = { ...withArticle.article!.values, title: 'Night buses return from Friday' }
    actor.send({ type: 'schedule', values, executeAt: pending.executeAt })
    expect(actor.getSnapshot().matches('scheduling')).toBe(true)
    expect(env.schedules[0]!.input).toEqual({ mode: 'edit', id: articleId, values, loaded: withArticle.article, executeAt: pending.executeAt })
    env.schedules.pop()!.resolve(scheduledChangesOutput)
    await waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true))
    expect(actor.getSnapshot().context).toMatchObject({ schedule: pending, loaded: liveWithChanges })
    expect(env.announced).toEqual([`Scheduled for ${pending.executeAt}`])
    // One schedule at a time: another waits until this one is cancelled.
    actor.send({ type: 'schedule', values, executeAt: pending.executeAt })
    expect(actor.getSnapshot().matches('editing')).toBe(true)
    actor.send({ type: 'cancelSchedule' })
    env.cancels.pop()!.resolve()
    await waitFor(() => expect(actor.getSnapshot().context.schedule).toBeNull())
    expect(env.announced.at(-1)).toBe('Schedule cancelled (live)')
    actor.stop()
  })

  it('creates under a new id with what the form holds, loading only the authors and categories', async () => {
    const { env, machine } = environment()
    const actor = createActor(machine, { input: { id: null, newId } }).start()
    expect(env.loads[0]!.input).toEqual({ id: null })
    env.loads.pop()!.resolve(withoutArticle)
    await waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true))
    const values = { ...article('Typed')!.values, published: false }
    actor.send({ type: 'save', values })
    expect(env.saves[0]!.input).toEqual({ mode: 'create', id: newId, values, loaded: null })
    actor.stop()
  })

  it('gives a new article a fresh UUID when none is given', () => {
    const { machine } = environment()
    const a = createActor(machine, { input: { id: null } }).start()
    const b = createActor(machine, { input: { id: null } }).start()
    expect(a.getSnapshot().context.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(a.getSnapshot().context.id).not.toBe(b.getSnapshot().context.id)
    a.stop()
    b.stop()
  })

  it('edits with the revisions it loaded, keeps the form on a conflict, and loads their version on reload', async () => {
    const { env, machine } = environment()
    const actor = createActor(machine, { input: { id: articleId } }).start()
    expect(env.loads[0]!.input).toEqual({ id: articleId })
    env.loads.pop()!.resolve(withArticle)
    await waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true))
    const shown = actor.getSnapshot().context.values
    actor.send({ type: 'save', values: { ...shown, title: 'Mine' } })
    expect(env.saves[0]!.input.loaded?.revisions).toEqual({ published: 'rev-1', draft: null })
    env.saves.pop()!.reject(new ConflictError())
    await waitFor(() => expect(actor.getSnapshot().matches('conflict')).toBe(true))
    // Nothing resets the form: the values it was given are the ones it had.
    expect(actor.getSnapshot().context.values).toBe(shown)
    actor.send({ type: 'save', values: shown })
    expect(actor.getSnapshot().matches('conflict')).toBe(true)
    actor.send({ type: 'reload' })
    env.loads.pop()!.resolve(theirVersion)
    await waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true))
    expect(actor.getSnapshot().context.values.title).toBe('Night buses return, their version')
    expect(actor.getSnapshot().context.loaded).toBe(theirVersion.article)
    actor.stop()
  })

  it('sends a taken slug back to the form, and forgets it when saving again', async () => {
    const { env, machine } = environment()
    const actor = createActor(machine, { input: { id: articleId } }).start()
    env.loads.pop()!.resolve(withArticle)
    await waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true))
    actor.send({ type: 'save', values: withArticle.article!.values })
    env.saves.pop()!.reject(new SlugTakenError('night-buses-return'))
    await waitFor(() => expect(actor.getSnapshot().context.takenSlug).toBe('night-buses-return'))
    expect(actor.getSnapshot().matches('editing')).toBe(true)
    expect(env.announced).toEqual([])
    actor.send({ type: 'save', values: { ...withArticle.article!.values, slug: 'another-slug' } })
    expect(actor.getSnapshot().context.takenSlug).toBeNull()
    actor.stop()
  })

  it('says a taken slug is taken when an autosave is refused for it, without calling it a conflict', async () => {
    const { env, machine } = environment()
    const actor = createActor(machine, { input: { id: articleId }, clock: env.clock }).start()
    render(<FormScreen actor={actor} />)
    env.loads.pop()!.resolve(withArticle)
    await waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true))
    actor.send({ type: 'change', values: { ...withArticle.article!.values, slug: 'held-by-another' } })
    env.clock.increment(autosaveDelayMs)
    await waitFor(() => expect(env.autosaves).toHaveLength(1))
    env.autosaves.pop()!.reject(new SlugTakenError('held-by-another'))
    await waitFor(() => expect(actor.getSnapshot().matches({ editing: 'autosaveFailed' })).toBe(true))
    const draftLine = screen.getByText((_, element) => element?.classList.contains('autosave-status') ?? false)
    expect(draftLine.textContent).toBe(`The draft could not be saved: ${messages.slugTaken}`)
    expect(screen.queryByText(messages.conflict)).toBeNull()
    expect(env.announced).toEqual([])
    actor.stop()
  })

  it('announces a failure with the reason the save gave', async () => {
    const { env, machine } = environment()
    const actor = createActor(machine, { input: { id: null, newId } }).start()
    env.loads.pop()!.resolve(withoutArticle)
    await waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true))
    actor.send({ type: 'save', values: withArticle.article!.values })
    env.saves.pop()!.reject(new Error(messages.insertDisabled))
    await waitFor(() => expect(actor.getSnapshot().matches('failed')).toBe(true))
    expect(env.announced).toEqual([`Error: ${messages.insertDisabled}`])
    expect(articleFormView(actor.getSnapshot()).error).toBe(messages.insertDisabled)
    actor.stop()
  })
})

describe('after a stale draft’s publish is refused, with nobody else’s save involved', () => {
  it('offers nothing to reload, and Keep editing then publishes the draft without a reload', async () => {
    const { env, machine } = environment()
    const actor = createActor(machine, { input: { id: articleId } })
    actor.start()
    render(<FormScreen actor={actor} />)
    await act(async () => env.loads.pop()!.resolve(withStaleDraft))
    await user().click(screen.getByRole('button', { name: 'Save Article' }))
    await waitFor(() => expect(env.saves.length).toBe(1))
    await act(async () => env.saves.pop()!.reject(new ConflictError('staleDraft')))
    expect(screen.getByRole('alert').textContent).toContain(messages.staleDraft)
    expect(screen.queryByRole('button', { name: 'Reload their version' })).toBeNull()

    await user().click(draftChoice('Keep editing'))
    expect(screen.queryByRole('alert')).toBeNull()
    await user().click(draftChoice('Publish this draft'))
    await waitFor(() => expect(env.saves.length).toBe(1))
    // Published over the version the editor compared it with, as their explicit choice.
    expect(env.saves[0]!.input.loaded).toMatchObject({ stale: false, revisions: { basedOn: 'rev-2' } })
    expect(env.loads.length).toBe(0)
    actor.stop()
  })

  it('lets the editor discard the draft without a reload', async () => {
    const { env, machine } = environment()
    const actor = createActor(machine, { input: { id: articleId } })
    actor.start()
    render(<FormScreen actor={actor} />)
    await act(async () => env.loads.pop()!.resolve(withStaleDraft))
    await user().click(screen.getByRole('button', { name: 'Save Article' }))
    await waitFor(() => expect(env.saves.length).toBe(1))
    await act(async () => env.saves.pop()!.reject(new ConflictError('staleDraft')))
    await user().click(draftChoice('Discard draft'))
    await user().click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Discard draft' }))
    await waitFor(() => expect(env.discards.length).toBe(1))
    expect(env.discards[0]!.input).toEqual({ id: articleId, draftRevision: 'rev-d' })
    actor.stop()
  })
})
