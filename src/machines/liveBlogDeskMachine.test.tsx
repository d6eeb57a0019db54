// Model-based tests generated from the live blog desk machine (docs/decisions/003-model-based-tests.md):
// every reachable state, each step made as it happens (the editor posting, editing, deleting after
// the question, publishing a draft, ending and resuming coverage through the desk's own buttons;
// the service answering or refusing; the stream saying the blog changed or dropping; time passing),
// rendered through the real LiveBlogDesk, with what the editor sees checked in every state. The walk
// runs on a live blog: an ended one (Resume, no composer) is checked in the scenarios below and in
// the desk's own tests, which halves the paths walked on the real clock.

import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useSelector } from '@xstate/react'
import { createActor, fromCallback, type Actor, type AnyEventObject } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import { LiveBlogDesk } from '../components/admin/LiveBlogDesk.tsx'
import { deskData, deskNow } from '../components/admin/LiveBlogDesk.fixtures.ts'
import { layoutStubsForEditor } from '../components/admin/RichTextEditor.testing.ts'
import { deskMessages, DeskConflictError, type CoverageChange, type DeskBlog, type DeskData, type DeskUpdate, type PostInput } from '../content/admin/liveBlogDesk.ts'
import { fakeTimersInEachTest, gestureFor, itFollowsEachPath, modelOf, pendingActor, reachedStates, walk, type Gestures, type Pending } from './model.testing.ts'
import { deskReconnectMs, liveBlogDeskMachine, liveBlogDeskView, type LiveBlogDeskEvent, type LiveBlogDeskSnapshot, type PublishInput, type RefreshInput, type SaveUpdateInput } from './liveBlogDeskMachine.ts'

layoutStubsForEditor()

const live = deskData()
const ended = deskData({ endedAt: '2026-11-27T18:28:00Z' })

/** `realClock`: the walks run on the real clock (TipTap and user-event stall under fake timers); the path, not the clock, says when the pause before reconnecting ends. */
function environment(options: { realClock?: boolean } = {}) {
  const env = {
    loads: [] as Array<Pending<DeskData, { blog: string; shown: number }>>,
    refreshes: [] as Array<Pending<DeskData, RefreshInput>>,
    posts: [] as Array<Pending<string[], PostInput>>,
    saves: [] as Array<Pending<string[], SaveUpdateInput>>,
    removes: [] as Array<Pending<string[], { update: DeskUpdate }>>,
    publishes: [] as Array<Pending<string[], PublishInput>>,
    coverages: [] as Array<Pending<string[], { blog: DeskBlog; change: CoverageChange }>>,
    sendBack: null as ((event: LiveBlogDeskEvent) => void) | null,
    streamsOpened: 0,
    coverageChanged: [] as CoverageChange[],
  }
  const machine = liveBlogDeskMachine.provide({
    actors: {
      load: pendingActor(env.loads),
      refresh: pendingActor(env.refreshes),
      post: pendingActor(env.posts),
      save: pendingActor(env.saves),
      remove: pendingActor(env.removes),
      publish: pendingActor(env.publishes),
      coverage: pendingActor(env.coverages),
      watch: fromCallback<LiveBlogDeskEvent, { blog: string }>(({ sendBack }) => {
        env.sendBack = sendBack
        env.streamsOpened++
        return () => {
          env.sendBack = null
        }
      }),
    },
    actions: {
      coverageChanged: (_, { change }) => {
        env.coverageChanged.push(change)
      },
    },
    ...(options.realClock ? { delays: { reconnect: 3_600_000 } } : {}),
  })
  return { env, machine }
}

type System = ReturnType<typeof environment> & { actor: Actor<typeof liveBlogDeskMachine>; user: ReturnType<typeof userEvent.setup> }

/** What the edit route renders from the machine: the desk, its buttons sending the machine's events. */
function DeskView({ actor }: { actor: Actor<typeof liveBlogDeskMachine> }) {
  const view = useSelector(actor, liveBlogDeskView)
  const send = actor.send.bind(actor)
  return (
    <LiveBlogDesk
      {...view}
      now={deskNow}
      uploadImage={async () => ({ assetRef: 'x' })}
      onPost={(values) => send({ type: 'post', values })}
      onEdit={(id) => send({ type: 'edit', id })}
      onCancelEdit={() => send({ type: 'cancelEdit' })}
      onSave={(values) => send({ type: 'save', values })}
      onDelete={(id) => send({ type: 'delete', id })}
      onPublish={(id) => send({ type: 'publish', id })}
      onStartCoverage={() => send({ type: 'startCoverage' })}
      onEndCoverage={() => send({ type: 'endCoverage' })}
      onConfirm={() => send({ type: 'confirm' })}
      onCancel={() => send({ type: 'cancel' })}
      onRetry={() => send({ type: 'retry' })}
      onShowOlder={() => send({ type: 'showOlder' })}
    />
  )
}

const desk = () => screen.getByRole('region', { name: 'Live blog desk' })
const openDialog = (name: string) => screen.getAllByRole('dialog', { hidden: true }).find((d) => d.hasAttribute('open') && d.textContent?.includes(name))!
const itemOf = (id: string) => within(desk()).getAllByRole('listitem').find((li) => li.textContent?.includes(`Update ${id}.`) || (id === 'u3' && li.textContent?.includes('Gusts of 68mph')) || (id === 'u4' && li.textContent?.includes('Readers in Lewisham')))!

function stream(system: System, event: LiveBlogDeskEvent) {
  if (!system.env.sendBack) throw new Error(`No stream is open to send ${event.type}`)
  system.env.sendBack(event)
}

/** The last call waiting in a queue, settled; earlier ones belong to actors already stopped. */
function settleLast<T>(queue: Array<Pending<T>>, settle: (pending: Pending<T>) => void) {
  const last = queue.pop()
  if (!last) throw new Error('Nothing is waiting to be answered')
  queue.length = 0
  settle(last)
}

const gestures = {
  post: async ({ user }) => {
    const composer = within(desk()).getByRole('form', { name: 'Post update' })
    const textbox = within(composer).getByRole('textbox', { name: 'Update' })
    await user.click(textbox)
    await user.keyboard('Trains are running again.')
    // The editor holds the words before Post is pressed, as it has long before a person's click:
    // on a busy machine the typing can still be on its way to the editor when the click comes.
    await waitFor(() => expect((textbox as HTMLElement & { editor?: { getText(): string } }).editor?.getText()).toBe('Trains are running again.'))
    await user.click(within(composer).getByRole('button', { name: 'Post update' }))
  },
  edit: async ({ user }) => user.click(within(itemOf('u3')).getByRole('button', { name: /^Edit/ })),
  cancelEdit: async ({ user }) => user.click(within(within(desk()).getByRole('form', { name: 'Save update' })).getByRole('button', { name: 'Cancel' })),
  save: async ({ user }) => user.click(within(within(desk()).getByRole('form', { name: 'Save update' })).getByRole('button', { name: 'Save update' })),
  delete: async ({ user }) => user.click(within(itemOf('u3')).getByRole('button', { name: /^Delete/ })),
  publish: async ({ user }) => user.click(within(itemOf('u4')).getByRole('button', { name: /^Publish/ })),
  startCoverage: async ({ user }) => user.click(within(desk()).getByRole('button', { name: 'Resume live coverage' })),
  endCoverage: async ({ user }) => user.click(within(desk()).getByRole('button', { name: 'End live coverage' })),
  confirm: async ({ user, actor }) => {
    const deleting = actor.getSnapshot().matches({ ready: { list: 'confirmingDelete' } })
    const dialog = openDialog(deleting ? 'delete this update' : 'end live coverage')
    await user.click(within(dialog).getByRole('button', { name: deleting ? 'Delete' : 'End live coverage', hidden: true }))
  },
  cancel: async ({ user, actor }) => {
    const deleting = actor.getSnapshot().matches({ ready: { list: 'confirmingDelete' } })
    await user.click(within(openDialog(deleting ? 'delete this update' : 'end live coverage')).getByRole('button', { name: 'Cancel', hidden: true }))
  },
  retry: async ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  showOlder: async ({ user }) => user.click(within(desk()).getByRole('button', { name: 'Show older updates' })),
  'blog.changed': async (system, event) => stream(system, event as LiveBlogDeskEvent),
  'stream.ended': async (system, event) => stream(system, event as LiveBlogDeskEvent),
} satisfies Gestures<System, LiveBlogDeskEvent>

const refusal = (event: AnyEventObject) => (event as { error?: unknown }).error

async function perform(system: System, event: AnyEventObject): Promise<void> {
  const { env } = system
  const gesture = gestureFor(gestures, event)
  if (gesture) {
    await gesture(system, event)
    return
  }
  await act(async () => {
    const [, kind, id] = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type) ?? []
    const queues = { load: env.loads, refresh: env.refreshes, post: env.posts, save: env.saves, remove: env.removes, publish: env.publishes, coverage: env.coverages } as Record<string, Array<Pending<unknown>>>
    if (kind && id && queues[id]) {
      settleLast(queues[id], (pending) => (kind === 'done' ? pending.resolve((event as { output?: unknown }).output) : pending.reject(refusal(event))))
    } else if (event.type.startsWith('xstate.after.')) system.actor.send(event as never)
    else throw new Error(`No gesture for ${event.type}`)
    await new Promise((resolve) => setTimeout(resolve, 0))
  })
}

const conflict = new DeskConflictError(deskMessages.conflict)
const down = new Error(deskMessages.failed)

const candidates: AnyEventObject[] = [
  { type: 'post' },
  { type: 'edit', id: 'u3' },
  { type: 'cancelEdit' },
  { type: 'save' },
  { type: 'delete', id: 'u3' },
  { type: 'publish', id: 'u4' },
  { type: 'startCoverage' },
  { type: 'endCoverage' },
  { type: 'confirm' },
  { type: 'cancel' },
  { type: 'retry' },
  { type: 'blog.changed' },
  { type: 'stream.ended' },
  { type: 'xstate.done.actor.load', output: live },
  { type: 'xstate.error.actor.load', error: new Error(deskMessages.loadFailed) },
  { type: 'xstate.done.actor.refresh', output: live },
  { type: 'xstate.error.actor.refresh', error: down },
  { type: 'xstate.done.actor.post', output: ['u5'] },
  { type: 'xstate.error.actor.post', error: down },
  { type: 'xstate.done.actor.save', output: ['u3'] },
  { type: 'xstate.error.actor.save', error: conflict },
  { type: 'xstate.done.actor.remove', output: ['u3'] },
  { type: 'xstate.error.actor.remove', error: new DeskConflictError(deskMessages.deleteConflict) },
  { type: 'xstate.done.actor.publish', output: ['drafts.u4', 'u4'] },
  { type: 'xstate.error.actor.publish', error: new Error(deskMessages.forbidden) },
  { type: 'xstate.done.actor.coverage', output: ['storm-blog'] },
  { type: 'xstate.error.actor.coverage', error: new DeskConflictError(deskMessages.coverageConflict) },
  { type: 'xstate.after.reconnect.liveBlogDesk.ready.sync.reconnecting' },
]

// Told apart by where each region is: the message is checked, not walked.
const model = modelOf(liveBlogDeskMachine, {
  input: { blog: 'storm-blog', canPublish: true },
  candidates,
  serializeState: (snapshot: LiveBlogDeskSnapshot) => JSON.stringify(snapshot.value),
  serializeEvent: (event) => JSON.stringify({ type: event.type }),
})

/**
 * What the editor sees in each state. The model keeps one snapshot per state it tells apart, whose
 * message may be another path's: the real actor is checked to be in the path's state, and the desk
 * against the real actor's context.
 */
const seenIn = (actor: Actor<typeof liveBlogDeskMachine>) => (expected: LiveBlogDeskSnapshot) => {
  const snapshot = actor.getSnapshot()
  expect(snapshot.value).toEqual(expected.value)
  seen(snapshot)
}

function seen(snapshot: LiveBlogDeskSnapshot) {
  const view = liveBlogDeskView(snapshot)
  if (view.status === 'loading') {
    expect(within(desk()).getByText('Loading the live blog…')).toBeTruthy()
    return
  }
  if (view.status === 'failed') {
    expect(screen.getByRole('alert').textContent).toContain(deskMessages.loadFailed)
    return
  }
  const data = view.data!
  const isLive = data.blog.endedAt === null
  expect(within(desk()).getByRole('heading', { name: `Updates (${data.total})` })).toBeTruthy()
  expect(desk().querySelector('[role="status"][aria-live="polite"].live-desk__message')?.textContent).toBe(view.message?.text ?? '')
  const composer = within(desk()).queryByRole('form', { name: 'Post update' })
  if (isLive) expect(within(composer!).getByRole('button', { name: view.posting ? 'Posting…' : 'Post update' })).toBeTruthy()
  else {
    expect(composer).toBeNull()
    expect(within(desk()).getByText(/^This live blog has ended/)).toBeTruthy()
  }
  const edit = within(desk()).queryByRole('form', { name: 'Save update' })
  if (view.editing) expect(within(edit!).getByRole('button', { name: view.saving ? 'Saving…' : 'Save update' })).toBeTruthy()
  else expect(edit).toBeNull()
  const open = screen.queryAllByRole('dialog', { hidden: true }).filter((d) => d.hasAttribute('open'))
  expect(open.map((d) => d.getAttribute('aria-labelledby') && document.getElementById(d.getAttribute('aria-labelledby')!)?.textContent)).toEqual(
    view.confirming?.kind === 'delete' ? ['Delete update'] : view.confirming?.kind === 'end' ? ['End live coverage'] : [],
  )
  if (view.busy?.action === 'delete') expect(within(itemOf('u3')).getByRole('button', { name: /^Delete/ }).textContent).toBe('Deleting…')
  if (view.busy?.action === 'publish') expect(within(itemOf('u4')).getByRole('button', { name: /^Publish/ }).textContent).toBe('Publishing…')
  if (view.changingCoverage) expect(within(desk()).getByRole('button', { name: view.changingCoverage === 'end' ? 'Ending…' : 'Starting…' })).toBeTruthy()
}


describe('live blog desk machine, model-based', () => {
  const paths = model.getShortestPaths()

  it('reaches every state', () => {
    const reached = reachedStates(paths)
    expect(reached).toContain(JSON.stringify('failed'))
    for (const list of ['idle', 'editing', 'saving', 'confirmingDelete', 'deleting', 'publishing', 'confirmingEnd', 'changingCoverage']) {
      expect(reached).toContain(JSON.stringify({ ready: { composer: 'idle', list, sync: { live: 'current' } } }))
    }
    expect(reached).toContain(JSON.stringify({ ready: { composer: 'posting', list: 'idle', sync: { live: 'current' } } }))
    expect(reached).toContain(JSON.stringify({ ready: { composer: 'idle', list: 'idle', sync: 'reconnecting' } }))
  })

  itFollowsEachPath(paths, {
    describeEvent: (event) => event.type.replace('xstate.done.actor.', 'answered ').replace('xstate.error.actor.', 'refused ').replace(/^xstate\.after\.(\w+)\..*$/, '$1 passes'),
    title: (steps, path) => `${steps.join(' → ')} ⇒ ${JSON.stringify(path.state.value)}`,
    timeout: 30_000,
    test: async (path) => {
      const { env, machine } = environment({ realClock: true })
      const actor = createActor(machine, { input: { blog: 'storm-blog', canPublish: true } }).start()
      const user = userEvent.setup({ delay: null })
      const system: System = { env, machine, actor, user }
      render(<DeskView actor={actor} />)
      await walk(path, {
        candidates,
        states: { loading: seenIn(actor), failed: seenIn(actor), ready: seenIn(actor) },
        perform: (event) => perform(system, event),
      })
      actor.stop()
    },
  })
})

describe('live blog desk machine, scenarios', () => {
  fakeTimersInEachTest()

  it('keeps the update as it was opened for its save, so a conflict is refused again rather than overwriting', async () => {
    const { env, machine } = environment()
    const actor = createActor(machine, { input: { blog: 'storm-blog', canPublish: true } }).start()
    env.loads.pop()!.resolve(live)
    await vi.advanceTimersByTimeAsync(0)
    actor.send({ type: 'edit', id: 'u3' })
    const values = { headline: '', body: live.updates[1]!.body, isKeyEvent: false, isPinned: false, authorId: '' }
    actor.send({ type: 'save', values })
    expect(env.saves[0]!.input.update.rev).toBe('rev-u3')
    env.saves.shift()!.reject(conflict)
    await vi.advanceTimersByTimeAsync(0)
    // Their version is read, that update alone: the list shows it, the edit stays guarded by the revision it opened.
    expect(env.refreshes.at(-1)!.input.ids).toEqual(['u3'])
    env.refreshes.pop()!.resolve(deskData({}, live.updates.map((u) => (u.id === 'u3' ? { ...u, rev: 'rev-theirs', headline: 'Their headline' } : u))))
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.data!.updates[1]!.headline).toBe('Their headline')
    actor.send({ type: 'save', values })
    expect(env.saves[0]!.input.update.rev).toBe('rev-u3')
    actor.stop()
  })

  it('reloads after the stream comes back, 3 s after it dropped, and tells the route when coverage changed', async () => {
    const { env, machine } = environment()
    const actor = createActor(machine, { input: { blog: 'storm-blog', canPublish: true } }).start()
    env.loads.pop()!.resolve(live)
    await vi.advanceTimersByTimeAsync(0)
    expect(env.streamsOpened).toBe(1)
    env.sendBack!({ type: 'stream.ended' })
    await vi.advanceTimersByTimeAsync(deskReconnectMs - 1)
    expect(env.streamsOpened).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(env.streamsOpened).toBe(2)
    // What changed meanwhile is unknown: the whole list is read again.
    expect(env.refreshes).toHaveLength(1)
    expect(env.refreshes[0]!.input.ids).toBeNull()
    env.refreshes.pop()!.resolve(live)
    await vi.advanceTimersByTimeAsync(0)
    actor.send({ type: 'endCoverage' })
    actor.send({ type: 'confirm' })
    expect(env.coverages[0]!.input.change).toBe('end')
    env.coverages.shift()!.resolve(['storm-blog'])
    await vi.advanceTimersByTimeAsync(0)
    expect(env.coverageChanged).toEqual(['end'])
    expect(actor.getSnapshot().context.message?.text).toBe(deskMessages.ended)
    actor.stop()
  })

  it('reads again only the updates each change names, gathering changes made during a read, and the next older ones when they are asked for', async () => {
    const { env, machine } = environment()
    const actor = createActor(machine, { input: { blog: 'storm-blog', canPublish: true } }).start()
    expect(env.loads[0]!.input.shown).toBe(100)
    env.loads.pop()!.resolve({ ...live, total: 250, older: true })
    await vi.advanceTimersByTimeAsync(0)
    env.sendBack!({ type: 'blog.changed', ids: ['drafts.u7'] })
    env.sendBack!({ type: 'blog.changed', ids: ['u8'] })
    // The second change restarts the read with both.
    expect(env.refreshes.map((r) => r.input.ids)).toEqual([['drafts.u7'], ['drafts.u7', 'u8']])
    settleLast(env.refreshes, (r) => r.resolve({ ...live, total: 251, older: true }))
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.pending).toEqual([])
    // The editor's own post reads back what it wrote.
    actor.send({ type: 'post', values: { headline: '', body: live.updates[0]!.body, isKeyEvent: false, isPinned: false, authorId: '' } })
    env.posts.shift()!.resolve(['u1', 'u9'])
    await vi.advanceTimersByTimeAsync(0)
    expect(env.refreshes.pop()!.input.ids).toEqual(['u1', 'u9'])
    // Older updates: only the next ones are read, with any change noted meanwhile.
    actor.send({ type: 'showOlder' })
    // (The post's read was not answered: its ids are still to read.)
    expect(env.refreshes.at(-1)!.input).toMatchObject({ ids: ['u1', 'u9'], older: true, shown: live.updates.length + 100 })
    expect(liveBlogDeskView(actor.getSnapshot()).loadingOlder).toBe(true)
    env.sendBack!({ type: 'blog.changed', ids: ['u3'] })
    expect(env.refreshes.at(-1)!.input).toMatchObject({ ids: ['u1', 'u9', 'u3'], older: true })
    settleLast(env.refreshes, (r) => r.resolve({ ...live, total: 251, older: true }))
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context).toMatchObject({ older: false, pending: [] })
    expect(liveBlogDeskView(actor.getSnapshot()).loadingOlder).toBe(false)
    actor.stop()
  })

  it('resumes an ended blog: no composer, Resume starts coverage again, and the route is told', async () => {
    const { env, machine } = environment()
    const actor = createActor(machine, { input: { blog: 'storm-blog', canPublish: true } }).start()
    env.loads.pop()!.resolve(ended)
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().can({ type: 'post', values: { headline: '', body: live.updates[0]!.body, isKeyEvent: false, isPinned: false, authorId: '' } })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'endCoverage' })).toBe(false)
    actor.send({ type: 'startCoverage' })
    expect(liveBlogDeskView(actor.getSnapshot()).changingCoverage).toBe('start')
    expect(env.coverages[0]!.input.change).toBe('start')
    env.coverages.shift()!.resolve(['storm-blog'])
    await vi.advanceTimersByTimeAsync(0)
    expect(env.coverageChanged).toEqual(['start'])
    expect(actor.getSnapshot().context.message?.text).toBe(deskMessages.started)
    actor.stop()
  })

  it("posts a contributor's update as a draft and offers them no publishing", async () => {
    const { env, machine } = environment()
    const actor = createActor(machine, { input: { blog: 'storm-blog', canPublish: false } }).start()
    env.loads.pop()!.resolve(live)
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().can({ type: 'publish', id: 'u4' })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'delete', id: 'u3' })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'endCoverage' })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'edit', id: 'u4' })).toBe(true)
    actor.send({ type: 'post', values: { headline: '', body: live.updates[0]!.body, isKeyEvent: false, isPinned: false, authorId: '' } })
    expect(env.posts[0]!.input.publish).toBe(false)
    env.posts.shift()!.resolve(['drafts.u9'])
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.message?.text).toBe(deskMessages.drafted)
    actor.stop()
  })
})
