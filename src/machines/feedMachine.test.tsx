// Model-based tests generated from the feed machine: xstate/graph walks every state the machine
// can reach; each step is performed as the real thing would happen (the listen stream speaking,
// a fetch settling, time passing, the reader pressing a button) against the real machine with fake
// actors, and in every state the test checks what the reader sees.

import { act, render, screen } from '@testing-library/react'
import { useSelector } from '@xstate/react'
import { createActor, type Actor, type AnyEventObject } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import { ConnectionStatus } from '../components/home/ConnectionStatus.tsx'
import type { CardArticle, Homepage } from '../content/homepage/rules.ts'
import { feedMachine, feedStatus, type FeedEvent, type FeedFetchInput, type FeedSnapshot } from './feedMachine.ts'
import { gestureFor, itFollowsEachPath, listenInto, modelOf, pendingActor, reachedStates, fakeTimersInEachTest, speak, walk, type Gestures, type Pending } from './model.testing.ts'
import { reconnectDelay } from './connectionSettings.ts'

const story = (id: string, title: string): CardArticle => ({ _id: id, title, slug: id, publishedAt: '2026-11-21T08:00:00Z' })
const homepage = (lead: CardArticle): Homepage => ({
  sections: { breaking: null, lead, featured: [], latest: [], videos: [], trending: [] },
  violations: [],
  warnings: [],
})
const homepageA = homepage(story('lead-a', 'Thames Barrier closes twice in a week'))
const homepageB = homepage(story('lead-b', 'Council budget vote delayed'))

const settings = {
  pollInterval: 10_000,
  liveForceDelay: 100,
  pollForceDelay: 200,
  // No quiet window here: the window depends on the clock, which the model does not share with
  // the system under test. It has its own test below.
  changeWindow: -1,
  connectTimeout: 5_000,
  reconnectBase: 30_000,
  reconnectMax: 120_000,
}

/** The fake outside world: a listen stream the test speaks through, fetches the test settles. */
function environment() {
  const env = {
    sendBack: null as ((event: FeedEvent) => void) | null,
    fetches: [] as Array<Pending<Homepage, FeedFetchInput>>,
  }
  const machine = feedMachine.provide({
    actors: {
      listen: listenInto<FeedEvent>(env),
      fetchHomepage: pendingActor(env.fetches),
    },
    actions: { report: () => {}, reportRules: () => {} },
  })
  return { env, machine }
}

function FeedView({ actor }: { actor: Actor<typeof feedMachine> }) {
  const status = useSelector(actor, feedStatus)
  const lead = useSelector(actor, (s) => s.context.homepage?.sections.lead?.title ?? null)
  return (
    <>
      <ConnectionStatus status={status} pollSeconds={settings.pollInterval / 1000} onRetry={() => actor.send({ type: 'retry' })} />
      <p data-testid="lead">{lead ?? 'Loading…'}</p>
    </>
  )
}

type System = ReturnType<typeof environment> & {
  actor: Actor<typeof feedMachine>
  /** The homepage the last successful fetch returned: what the reader should be looking at. */
  served: Homepage | null
  /** The transactions the stream has spoken of since it last opened. */
  heard: Set<string>
}

/** What a reader (or the stream) does for each event the machine accepts from outside. */
const gestures = {
  'live.connected': async (system) => {
    system.heard.clear()
    speak(system.env, { type: 'live.connected' })
  },
  'live.update': async (system, event) => {
    const { transactionId } = (event as Extract<FeedEvent, { type: 'live.update' }>).update
    if (transactionId !== undefined) system.heard.add(transactionId)
    speak(system.env, event as FeedEvent)
  },
  'live.failed': async (system) => speak(system.env, { type: 'live.failed', error: new Error('stream refused') }),
  retry: async () => {
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click())
  },
} satisfies Gestures<System, FeedEvent>


const delays: Record<string, (system: System) => number> = {
  connectTimeout: () => settings.connectTimeout,
  liveForceDelay: () => settings.liveForceDelay,
  pollForceDelay: () => settings.pollForceDelay,
  pollInterval: () => settings.pollInterval,
  reconnectDelay: (system) => reconnectDelay(settings, system.actor.getSnapshot().context.failures),
}

/** What the world does for the machine's internal events: fetches settle, time passes. */
async function perform(system: System, event: AnyEventObject): Promise<void> {
  await act(async () => {
    const gesture = gestureFor(gestures, event)
    if (gesture) {
      await gesture(system, event)
    } else if (event.type === 'xstate.done.actor.fetch') {
      const fetch = system.env.fetches.pop()
      if (!fetch) throw new Error('No fetch is waiting')
      fetch.resolve(event.output as Homepage)
      system.served = event.output as Homepage
    } else if (event.type === 'xstate.error.actor.fetch') {
      const fetch = system.env.fetches.pop()
      if (!fetch) throw new Error('No fetch is waiting')
      fetch.reject(new Error('503 Service Unavailable'))
    } else if (event.type.startsWith('xstate.after.')) {
      const name = event.type.split('.')[2]!
      const delay = delays[name]
      if (!delay) throw new Error(`No gesture for ${event.type}`)
      await vi.advanceTimersByTimeAsync(delay(system))
      return
    } else {
      throw new Error(`No gesture for ${event.type}`)
    }
    await vi.advanceTimersByTimeAsync(0)
  })
}

const afterEvents = [
  'xstate.after.connectTimeout.feed.realtime.connecting',
  'xstate.after.liveForceDelay.feed.realtime.live.forcing',
  'xstate.after.reconnectDelay.feed.polling',
  'xstate.after.pollInterval.feed.polling.waiting',
  'xstate.after.pollForceDelay.feed.polling.forcing',
  'xstate.after.reconnectDelay.feed.offline',
]

const candidates: AnyEventObject[] = [
  { type: 'live.connected' },
  { type: 'live.update', update: { documentId: 'some-other-article' } },
  // One of several documents a transaction changed (a fold of counted reads, say).
  { type: 'live.update', update: { documentId: 'read-article', transactionId: 'fold-1' } },
  { type: 'live.update', update: { documentId: 'lead-b', result: { isLeadStory: true } } },
  { type: 'live.failed', error: new Error('stream refused') },
  { type: 'retry' },
  { type: 'xstate.done.actor.fetch', output: homepageA },
  { type: 'xstate.done.actor.fetch', output: homepageB },
  { type: 'xstate.error.actor.fetch', error: new Error('503') },
  ...afterEvents.map((type) => ({ type })),
]

// The candidate events fire the machine's invocations and delays: docs/decisions/003-model-based-tests.md.
const model = modelOf(feedMachine.provide({ actions: { report: () => {}, reportRules: () => {} } }), {
  input: settings,
  candidates,
  serializeState: (snapshot: FeedSnapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.stale, snapshot.context.lastTransaction, snapshot.context.following, snapshot.context.homepage?.sections.lead?._id ?? null]),
})

/** What the reader sees in each state of the model: its status, and the last homepage served. */
const seen = (system: System) => (snapshot: FeedSnapshot) => {
  const status = screen.getByRole('status').textContent
  expect(status).toContain(
    { connecting: 'Connecting…', live: 'Live', polling: 'Updating every 10 seconds', offline: 'Offline. Trying to reconnect…' }[feedStatus(snapshot)],
  )
  expect(screen.queryByRole('button', { name: 'Try again' }) !== null).toBe(snapshot.matches('offline'))
  expect(screen.getByTestId('lead').textContent).toBe(system.served?.sections.lead?.title ?? 'Loading…')
  // A fetch names only an event the stream spoke of since it opened (decision 036), and only while
  // live: a poll asks for the newest content, which no event's address may hold.
  // The running fetch is the newest asked (one left running by a state it has left is never settled).
  const running = system.env.fetches.at(-1)?.input.after
  if (snapshot.matches({ polling: 'fetching' })) expect(running).toBeNull()
  if ((snapshot.matches({ realtime: { live: 'fetching' } }) || snapshot.matches({ realtime: { live: 'forced' } })) && running !== null) expect(system.heard).toContain(running)
}

fakeTimersInEachTest()

describe('feed machine, model-based', () => {
  const paths = model.getShortestPaths()

  it('reaches every state of the machine', () => {
    // Every state on the way counts: shortest paths that are prefixes of longer ones are merged.
    const reached = reachedStates(paths)
    for (const state of [
      { realtime: 'connecting' },
      { realtime: { live: 'fetching' } },
      { realtime: { live: 'idle' } },
      { realtime: { live: 'forcing' } },
      { realtime: { live: 'forced' } },
      { polling: 'fetching' },
      { polling: 'waiting' },
      { polling: 'forcing' },
      'offline',
    ]) {
      expect(reached, JSON.stringify(state)).toContain(JSON.stringify(state))
    }
  })

  const name = (event: AnyEventObject) => {
    if (event.type === 'live.update') {
      const { update } = event as unknown as { update: { result?: unknown; transactionId?: string } }
      return update.result ? 'lead story changes' : update.transactionId ? `an article of ${update.transactionId} changes` : 'another article changes'
    }
    if (event.type === 'xstate.done.actor.fetch') return `fetch returns lead "${(event.output as Homepage).sections.lead?.title}"`
    if (event.type === 'xstate.error.actor.fetch') return 'fetch fails'
    if (event.type.startsWith('xstate.after.')) return `${event.type.split('.')[2]} passes`
    return event.type
  }
  itFollowsEachPath(paths, {
    describeEvent: name,
    title: (steps, path) => `${steps.join(' → ')} ⇒ ${JSON.stringify(path.state.value)}`,
    test: async (path) => {
      const { env, machine } = environment()
      const actor = createActor(machine, { input: settings })
      const system: System = { env, machine, actor, served: null, heard: new Set() }
      actor.start()
      render(<FeedView actor={actor} />)
      await walk(path, {
        candidates,
        states: {
          'realtime.connecting': seen(system),
          'realtime.live': seen(system),
          polling: seen(system),
          offline: seen(system),
        },
        perform: (event) => perform(system, event),
      })
      expect(feedStatus(actor.getSnapshot())).toBe(feedStatus(path.state))
      actor.stop()
    },
  })
})

describe('feed machine, scenarios', () => {
  it('refetches on each live update and shows the newest homepage, once more if updates arrive during a fetch', async () => {
    const { env, machine } = environment()
    const actor = createActor(machine, { input: settings })
    actor.start()
    env.sendBack!({ type: 'live.connected' })
    expect(env.fetches).toHaveLength(1)
    env.fetches.pop()!.resolve(homepageA)
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.homepage).toBe(homepageA)
    env.sendBack!({ type: 'live.update', update: { documentId: 'x' } })
    expect(env.fetches).toHaveLength(1)
    env.sendBack!({ type: 'live.update', update: { documentId: 'y' } })
    env.fetches.pop()!.resolve(homepageB)
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.homepage).toBe(homepageB)
    // The second update came while fetching: one more fetch, so it is not missed.
    expect(env.fetches).toHaveLength(1)
    env.fetches.pop()!.resolve(homepageA)
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.homepage).toBe(homepageA)
    expect(actor.getSnapshot().matches({ realtime: { live: 'idle' } })).toBe(true)
    actor.stop()
  })

  it('refetches once for a transaction that changed several articles, and again for the next transaction', async () => {
    const { env, machine } = environment()
    const actor = createActor(machine, { input: settings })
    actor.start()
    env.sendBack!({ type: 'live.connected' })
    env.fetches.pop()!.resolve(homepageA)
    await vi.advanceTimersByTimeAsync(0)
    // A fold of counted reads: one event per article it changed, in one transaction.
    const fold = (id: string) => ['a', 'b', 'c'].map((doc) => ({ type: 'live.update' as const, update: { documentId: doc, transactionId: id } }))
    const [first, ...rest] = fold('fold-1')
    env.sendBack!(first!)
    expect(env.fetches).toHaveLength(1)
    for (const event of rest) env.sendBack!(event)
    env.fetches.pop()!.resolve(homepageB)
    await vi.advanceTimersByTimeAsync(0)
    // The fetch began after the transaction was written: nothing of it is left to fetch.
    expect(env.fetches).toHaveLength(0)
    expect(actor.getSnapshot().matches({ realtime: { live: 'idle' } })).toBe(true)
    // The next fold's events come after the fetch ended: one fetch for them too.
    for (const event of fold('fold-2')) env.sendBack!(event)
    expect(env.fetches).toHaveLength(1)
    env.fetches.pop()!.resolve(homepageA)
    await vi.advanceTimersByTimeAsync(0)
    expect(env.fetches).toHaveLength(0)
    expect(actor.getSnapshot().context.homepage).toBe(homepageA)
    actor.stop()
  })

  it('names the event a refetch follows, so every open homepage asks the same address; entering live and polling ask for the newest', async () => {
    const { env, machine } = environment()
    const actor = createActor(machine, { input: settings })
    actor.start()
    const asked = () => env.fetches.map((f) => f.input)
    const settle = async (h: Homepage) => {
      env.fetches.pop()!.resolve(h)
      await vi.advanceTimersByTimeAsync(0)
    }
    env.sendBack!({ type: 'live.connected' })
    expect(asked()).toEqual([{ after: null }])
    await settle(homepageA)
    env.sendBack!({ type: 'live.update', update: { documentId: 'x', transactionId: 'correction-1' } })
    // A second change while the first is fetched: the fetch after it names the newer one.
    env.sendBack!({ type: 'live.update', update: { documentId: 'y', transactionId: 'correction-2' } })
    expect(asked()).toEqual([{ after: 'correction-1' }])
    await settle(homepageA)
    expect(asked()).toEqual([{ after: 'correction-2' }])
    await settle(homepageA)
    // The lead changes: the fetch after the short wait names that change.
    env.sendBack!({ type: 'live.update', update: { documentId: 'lead-a', transactionId: 'lead-change' } })
    await vi.advanceTimersByTimeAsync(settings.liveForceDelay)
    expect(asked()).toEqual([{ after: 'lead-change' }])
    await settle(homepageB)
    // The stream drops: polling asks for the newest content, and so does live once it is back.
    env.sendBack!({ type: 'live.failed', error: new Error('stream dropped') })
    expect(asked()).toEqual([{ after: null }])
    await settle(homepageB)
    await vi.advanceTimersByTimeAsync(reconnectDelay(settings, 1))
    env.sendBack!({ type: 'live.connected' })
    expect(asked().at(-1)).toEqual({ after: null })
    actor.stop()
  })

  it("refetches for a live blog's update only when its blog is in a slot the homepage shows", async () => {
    const storm: CardArticle = { ...story('storm', 'Storm over London, live'), isLiveBlog: true, liveUpdates: [{ _id: 'storm-3', publishedAt: '2026-11-21T09:00:00Z', text: 'Gusts of 68mph.' }] }
    const withLiveBlog = homepage(storm)
    const { env, machine } = environment()
    const actor = createActor(machine, { input: { ...settings, homepage: withLiveBlog } })
    actor.start()
    env.sendBack!({ type: 'live.connected' })
    env.fetches.pop()!.resolve(withLiveBlog)
    await vi.advanceTimersByTimeAsync(0)
    const post = (id: string, blog: string, transactionId: string) => ({ type: 'live.update' as const, update: { documentId: id, transactionId, result: { _type: 'liveUpdate', liveBlog: { _ref: blog } } } })
    // A post to a blog in no slot: the homepage does not show it, so nothing is asked.
    env.sendBack!(post('quiet-1', 'quiet', 'tx-1'))
    expect(env.fetches).toHaveLength(0)
    // A post to the blog in the lead slot: its newest updates change.
    env.sendBack!(post('storm-4', 'storm', 'tx-2'))
    expect(env.fetches).toHaveLength(1)
    // While that fetch runs, another blog's post does not ask for one more.
    env.sendBack!(post('quiet-2', 'quiet', 'tx-3'))
    env.fetches.pop()!.resolve(withLiveBlog)
    await vi.advanceTimersByTimeAsync(0)
    expect(env.fetches).toHaveLength(0)
    // An update shown in the slot, moved to another blog, leaves the slot: asked.
    env.sendBack!(post('storm-3', 'quiet', 'tx-4'))
    expect(env.fetches).toHaveLength(1)
    env.fetches.pop()!.resolve(withLiveBlog)
    await vi.advanceTimersByTimeAsync(0)
    // A deletion names no type: it may be a story's, so it is asked.
    env.sendBack!({ type: 'live.update', update: { documentId: 'quiet-1', transactionId: 'tx-5', result: null } })
    expect(env.fetches).toHaveLength(1)
    actor.stop()
  })

  it('starts from the homepage the page was rendered with, and still fetches once live', async () => {
    const { env, machine } = environment()
    const actor = createActor(machine, { input: { ...settings, homepage: homepageA } })
    actor.start()
    render(<FeedView actor={actor} />)
    // The reader sees the rendered homepage at once, with no spinner, while the stream connects.
    expect(screen.getByTestId('lead').textContent).toBe('Thames Barrier closes twice in a week')
    expect(screen.getByRole('status').textContent).toContain('Connecting…')
    expect(env.fetches).toHaveLength(0)
    // A write may have landed between the render and the stream opening: live fetches first.
    env.sendBack!({ type: 'live.connected' })
    expect(env.fetches).toHaveLength(1)
    env.fetches.pop()!.resolve(homepageB)
    await vi.advanceTimersByTimeAsync(0)
    expect(screen.getByTestId('lead').textContent).toBe(homepageB.sections.lead?.title)
    actor.stop()
  })

  it('waits 100 ms before refetching after a lead or breaking change while live', async () => {
    const { env, machine } = environment()
    const actor = createActor(machine, { input: settings })
    actor.start()
    env.sendBack!({ type: 'live.connected' })
    env.fetches.pop()!.resolve(homepageA)
    await vi.advanceTimersByTimeAsync(0)
    env.sendBack!({ type: 'live.update', update: { documentId: 'lead-a' } })
    await vi.advanceTimersByTimeAsync(99)
    expect(env.fetches).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(env.fetches).toHaveLength(1)
    actor.stop()
  })

  it('backs off further each time live fails, up to the limit, and starts over once live works', async () => {
    const { env, machine } = environment()
    const actor = createActor(machine, { input: settings })
    actor.start()
    const delays: number[] = []
    for (let round = 0; round < 4; round++) {
      env.sendBack!({ type: 'live.failed', error: new Error('refused') })
      env.fetches.pop()!.resolve(homepageA)
      await vi.advanceTimersByTimeAsync(0)
      const started = Date.now()
      while (!actor.getSnapshot().matches('realtime')) {
        await vi.advanceTimersByTimeAsync(1_000)
        env.fetches.pop()?.resolve(homepageA)
      }
      delays.push(Date.now() - started)
    }
    expect(delays).toEqual([30_000, 60_000, 120_000, 120_000])
    env.sendBack!({ type: 'live.connected' })
    expect(actor.getSnapshot().context.failures).toBe(0)
    actor.stop()
  })

  it('while polling, forces a refetch on a lead change only when the last change is more than 5 s old', async () => {
    const { env, machine } = environment()
    const actor = createActor(machine, { input: { ...settings, changeWindow: 5_000 } })
    actor.start()
    const settle = async (h: Homepage) => {
      env.fetches.pop()!.resolve(h)
      await vi.advanceTimersByTimeAsync(0)
    }
    env.sendBack!({ type: 'live.failed', error: new Error('no stream') })
    await settle(homepageA)
    expect(actor.getSnapshot().matches({ polling: 'waiting' })).toBe(true)
    await vi.advanceTimersByTimeAsync(settings.pollInterval)
    await settle(homepageB) // changed, and no change for > 5 s: forced refetch after 200 ms
    expect(actor.getSnapshot().matches({ polling: 'forcing' })).toBe(true)
    await vi.advanceTimersByTimeAsync(settings.pollForceDelay)
    await settle(homepageA) // changed again within 5 s of the last change: wait for the next poll
    expect(actor.getSnapshot().matches({ polling: 'waiting' })).toBe(true)
    actor.stop()
  })
})
