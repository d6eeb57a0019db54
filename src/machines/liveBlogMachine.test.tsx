// Model-based tests generated from the live blog machine: xstate/graph walks every state it can
// reach (with whether the reader is at the top, whether the tab is visible, and which updates are
// shown and fetched); each step is performed as the real thing would happen (the listen stream
// speaking, a fetch settling, time passing, the reader pressing a button or scrolling) against the
// real machine with fake effects, and in every state the test checks what the reader sees on the
// real live blog components.

import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { useSelector } from '@xstate/react'
import { createActor, type Actor, type AnyEventObject } from 'xstate'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ArticleData } from '../content/article/article.ts'
import type { LiveBlogPage, LiveFirstPage, LiveUpdateData } from '../content/liveblog/liveBlog.ts'
import { titleWithCount } from '../content/liveblog/live.ts'
import { LiveBlog, LiveBlogBody } from '../components/liveblog/LiveBlog.tsx'
import { LiveBlogStatus } from '../components/liveblog/LiveBlogStatus.tsx'
import { heldCount, liveBlogMachine, liveBlogStatus, type LiveBlogEvent, type LiveBlogFetchInput, type LiveBlogSnapshot } from './liveBlogMachine.ts'
import { fakeTimersInEachTest, gestureFor, itFollowsEachPath, listenInto, modelOf, pendingActor, reachedStates, speak, walk, type Gestures, type Pending } from './model.testing.ts'
import { reconnectDelay } from './connectionSettings.ts'

const now = new Date('2026-11-27T18:30:00.000Z')
const block = (text: string) => [{ _type: 'block', _key: 'k', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's', text, marks: [] }] }]
const update = (id: string, minutesAgo: number, text: string, extra: Partial<LiveUpdateData> = {}): LiveUpdateData => ({
  _id: id,
  publishedAt: new Date(now.getTime() - minutesAgo * 60_000).toISOString(),
  body: block(text),
  author: null,
  ...extra,
})
const first = update('u1', 30, 'The Environment Agency has issued a flood warning for the Thames.')
const second = update('u2', 2, 'The Thames Barrier closes at 7pm.', { headline: 'Barrier closes' })
const pageOf = (updates: LiveUpdateData[]): LiveBlogPage => ({ total: updates.length, page: null, updates, pinned: null, keyEvents: [], newerHref: null, olderHref: null, path: '/article/storm-live' })
/** What the page opened with, and what fetches may return: the same; one more update; and ended. */
const pageA: LiveFirstPage = { page: pageOf([first]), endedAt: null }
const pageB: LiveFirstPage = { page: pageOf([second, first]), endedAt: null }
const pageEnded: LiveFirstPage = { page: pageOf([second, first]), endedAt: '2026-11-27T18:45:00.000Z' }
const blog: ArticleData = { _id: 'blog', title: 'Storm live', slug: 'storm-live', publishedAt: '2026-11-27T08:00:00.000Z', isLiveBlog: true } as ArticleData

const settings = { pollInterval: 10_000, connectTimeout: 5_000, reconnectBase: 30_000, reconnectMax: 120_000 }

/** The fake outside world: a listen stream the test speaks through, fetches the test settles. */
function environment() {
  const env = {
    sendBack: null as ((event: LiveBlogEvent) => void) | null,
    fetches: [] as Array<Pending<LiveFirstPage, LiveBlogFetchInput>>,
    scrolledUp: 0,
  }
  const machine = liveBlogMachine.provide({
    actors: {
      listen: listenInto<LiveBlogEvent>(env),
      fetchFirstPage: pendingActor(env.fetches),
    },
    actions: {
      report: () => {},
      retitle: (_, { count }) => {
        document.title = titleWithCount(document.title, count)
      },
      scrollToTop: () => {
        env.scrolledUp++
      },
    },
  })
  return { env, machine }
}

function LiveView({ actor }: { actor: Actor<typeof liveBlogMachine> }) {
  const snapshot = useSelector(actor, (s) => s)
  const status = liveBlogStatus(snapshot)
  return (
    <LiveBlog
      article={blog}
      page={snapshot.context.shown}
      now={now}
      origin="https://resonance.example"
      status={<LiveBlogStatus endedAt={snapshot.context.endedAt} />}
      updates={
        <LiveBlogBody
          title={blog.title}
          slug="storm-live"
          page={snapshot.context.shown}
          now={now}
          origin="https://resonance.example"
          live={{
            connection: status === 'ended' ? null : status,
            pollSeconds: settings.pollInterval / 1000,
            onRetry: () => actor.send({ type: 'retry' }),
            held: heldCount(snapshot.context),
            onShowNew: () => actor.send({ type: 'showNew' }),
            announcement: snapshot.context.announcement,
            arrived: (id) => id !== 'u1',
          }}
        />
      }
    />
  )
}

type System = ReturnType<typeof environment> & {
  actor: Actor<typeof liveBlogMachine>
  /** What the reader should be looking at, kept by the test from what it did, not read from the machine. */
  reader: { atTop: boolean; visible: boolean; served: LiveFirstPage; shown: string[] }
}
/** The notice above the headline (and the live region once it is said). */
const endedNotice = () => screen.queryAllByText(/^This live blog has ended\./).length > 0
const servedIds = (system: System) => system.reader.served.page.updates.map((u) => u._id)
/** Whatever was fetched is on the page once the reader is at the top of a visible tab. */
const bringIn = (system: System) => {
  if (system.reader.atTop && system.reader.visible) system.reader.shown = servedIds(system)
}

/** What a reader (or the stream, or the page watching the reader) does for each event the machine takes. */
const gestures = {
  'live.connected': async (system) => speak(system.env, { type: 'live.connected' }),
  'live.update': async (system, event) => speak(system.env, event as LiveBlogEvent),
  'live.failed': async (system) => speak(system.env, { type: 'live.failed', error: new Error('stream refused') }),
  retry: async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
  },
  // The page's IntersectionObserver on the updates' heading reports these (src/routes/-liveBlogLive.ts).
  'reader.scrolled': async (system, event) => {
    system.reader.atTop = (event as Extract<LiveBlogEvent, { type: 'reader.scrolled' }>).atTop
    system.actor.send(event as LiveBlogEvent)
    bringIn(system)
  },
  // The page's visibilitychange listener reports these.
  'tab.hidden': async (system) => {
    system.reader.visible = false
    system.actor.send({ type: 'tab.hidden' })
  },
  'tab.shown': async (system) => {
    system.reader.visible = true
    system.actor.send({ type: 'tab.shown' })
    bringIn(system)
  },
  showNew: async (system) => {
    const waiting = servedIds(system).filter((id) => !system.reader.shown.includes(id)).length
    const scrolled = system.env.scrolledUp
    fireEvent.click(screen.getByRole('button', { name: `${waiting} new update${waiting === 1 ? '' : 's'}` }))
    expect(system.env.scrolledUp).toBe(scrolled + 1)
    system.reader.shown = servedIds(system)
  },
} satisfies Gestures<System, LiveBlogEvent>


const delays: Record<string, (system: System) => number> = {
  connectTimeout: () => settings.connectTimeout,
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
      const served = event.output as LiveFirstPage
      fetch.resolve(served)
      // Updates no longer served are gone from the page at once; new ones come in only at the top.
      system.reader.served = served
      const ids = servedIds(system)
      system.reader.shown = system.reader.shown.filter((id) => ids.includes(id))
      bringIn(system)
    } else if (event.type === 'xstate.error.actor.fetch') {
      const fetch = system.env.fetches.pop()
      if (!fetch) throw new Error('No fetch is waiting')
      fetch.reject(new Error('503 Service Unavailable'))
    } else if (event.type.startsWith('xstate.after.')) {
      const delay = delays[event.type.split('.')[2]!]
      if (!delay) throw new Error(`No gesture for ${event.type}`)
      await vi.advanceTimersByTimeAsync(delay(system))
      return
    } else {
      throw new Error(`No gesture for ${event.type}`)
    }
    await vi.advanceTimersByTimeAsync(0)
  })
}

const candidates: AnyEventObject[] = [
  { type: 'live.connected' },
  { type: 'live.update', update: { documentId: 'u2' } },
  { type: 'live.failed', error: new Error('stream refused') },
  { type: 'retry' },
  { type: 'reader.scrolled', atTop: false },
  { type: 'reader.scrolled', atTop: true },
  { type: 'tab.hidden' },
  { type: 'tab.shown' },
  { type: 'showNew' },
  { type: 'xstate.done.actor.fetch', output: pageA },
  { type: 'xstate.done.actor.fetch', output: pageB },
  { type: 'xstate.done.actor.fetch', output: pageEnded },
  { type: 'xstate.error.actor.fetch', error: new Error('503') },
  { type: 'xstate.after.connectTimeout.liveBlog.realtime.connecting' },
  { type: 'xstate.after.reconnectDelay.liveBlog.polling' },
  { type: 'xstate.after.pollInterval.liveBlog.polling.waiting' },
  { type: 'xstate.after.reconnectDelay.liveBlog.offline' },
]

const ids = (page: LiveBlogPage) => page.updates.map((u) => u._id).join(',')
const model = modelOf(liveBlogMachine.provide({ actions: { report: () => {} } }), {
  input: { ...settings, page: pageA.page },
  candidates,
  serializeState: (snapshot: LiveBlogSnapshot) => {
    const c = snapshot.context
    return JSON.stringify([snapshot.value, c.atTop, c.visible, ids(c.shown), ids(c.fresh), c.endedAt !== null, c.stale])
  },
  serializeEvent: (event) => JSON.stringify({ type: event.type, atTop: (event as { atTop?: boolean }).atTop, output: ids(((event as { output?: LiveFirstPage }).output ?? pageA).page) }),
})

/** What the reader sees in every state: how fresh the page is, its updates, new ones waiting, the title, the end. */
const seen = (system: System) => (snapshot: LiveBlogSnapshot) => {
  const ended = system.reader.served.endedAt !== null
  const status = liveBlogStatus(snapshot)
  expect(endedNotice()).toBe(ended)
  if (ended) {
    expect(screen.queryByText(/^(Live|Connecting…|Updating every 10 seconds|Offline\. Trying to reconnect…)$/)).toBeNull()
    // Nothing is listened to any more.
    expect(system.env.sendBack).toBeNull()
  } else {
    const label = { connecting: 'Connecting…', live: 'Live', polling: 'Updating every 10 seconds', offline: 'Offline. Trying to reconnect…', ended: '' }[status]
    expect(screen.getAllByRole('status').some((region) => region.textContent?.includes(label))).toBe(true)
    expect(screen.queryByRole('button', { name: 'Try again' }) !== null).toBe(status === 'offline')
  }
  const stream = screen.getByRole('region', { name: 'Latest updates' })
  expect(within(stream).getAllByRole('article').map((article) => article.id.replace('update-', ''))).toEqual(system.reader.shown)
  const waiting = servedIds(system).filter((id) => !system.reader.shown.includes(id)).length
  const button = screen.queryByRole('button', { name: /new update/ })
  expect(button?.textContent ?? null).toBe(waiting === 0 ? null : `↑ ${waiting} new update${waiting === 1 ? '' : 's'}`)
  expect(document.title).toBe(waiting === 0 ? 'Storm live' : `(${waiting}) Storm live`)
}

fakeTimersInEachTest()
beforeEach(() => {
  document.title = 'Storm live'
})
afterEach(() => {
  document.title = ''
})

describe('live blog machine, model-based', () => {
  const paths = model.getShortestPaths()

  it('reaches every state of the machine', () => {
    const reached = reachedStates(paths)
    for (const state of [
      { realtime: 'connecting' },
      { realtime: { live: 'fetching' } },
      { realtime: { live: 'idle' } },
      { polling: 'fetching' },
      { polling: 'waiting' },
      { polling: 'dozing' },
      'offline',
      'ended',
    ]) {
      expect(reached, JSON.stringify(state)).toContain(JSON.stringify(state))
    }
  })

  const name = (event: AnyEventObject) => {
    if (event.type === 'reader.scrolled') return (event as { atTop?: boolean }).atTop ? 'reader scrolls to the top' : 'reader scrolls down'
    if (event.type === 'xstate.done.actor.fetch') {
      const output = event.output as LiveFirstPage
      return `fetch returns ${ids(output.page)}${output.endedAt ? ' (ended)' : ''}`
    }
    if (event.type === 'xstate.error.actor.fetch') return 'fetch fails'
    if (event.type.startsWith('xstate.after.')) return `${event.type.split('.')[2]} passes`
    return event.type
  }
  itFollowsEachPath(paths, {
    describeEvent: name,
    title: (steps, path) => `${steps.join(' → ')} ⇒ ${JSON.stringify(path.state.value)}`,
    test: async (path) => {
      const { env, machine } = environment()
      const actor = createActor(machine, { input: { ...settings, page: pageA.page } })
      const system: System = { env, machine, actor, reader: { atTop: true, visible: true, served: pageA, shown: ['u1'] } }
      actor.start()
      render(<LiveView actor={actor} />)
      const check = seen(system)
      await walk(path, {
        candidates,
        states: { realtime: check, polling: check, offline: check, ended: check },
        perform: (event) => perform(system, event),
      })
      expect(liveBlogStatus(actor.getSnapshot())).toBe(liveBlogStatus(path.state))
      actor.stop()
    },
  })
})

describe('live blog machine, scenarios', () => {
  async function opened(input: { atTop?: boolean; visible?: boolean } = {}) {
    const { env, machine } = environment()
    const actor = createActor(machine, { input: { ...settings, page: pageA.page, ...input } })
    actor.start()
    render(<LiveView actor={actor} />)
    const settle = async (page: LiveFirstPage) => {
      await act(async () => {
        env.fetches.pop()!.resolve(page)
        await vi.advanceTimersByTimeAsync(0)
      })
    }
    const send = (event: LiveBlogEvent) => act(() => env.sendBack!(event))
    return { env, actor, settle, send }
  }
  const announced = () => screen.getByRole('status', { name: 'Live blog announcements' }).textContent

  it('inserts a new update at the top at once, marks it, and says so politely', async () => {
    const { actor, settle, send } = await opened()
    send({ type: 'live.connected' })
    await settle(pageA)
    send({ type: 'live.update', update: { documentId: 'u2' } })
    await settle(pageB)
    const cards = within(screen.getByRole('region', { name: 'Latest updates' })).getAllByRole('article')
    expect(cards.map((card) => card.id)).toEqual(['update-u2', 'update-u1'])
    expect(cards[0]!.className).toContain('live-update--arrived')
    expect(cards[1]!.className).not.toContain('live-update--arrived')
    expect(announced()).toBe('New update: Barrier closes')
    actor.stop()
  })

  it('shows an edit and a deletion at once even to a reader further down, and holds only the new', async () => {
    const { actor, settle, send } = await opened({ atTop: false })
    send({ type: 'live.connected' })
    await settle(pageA)
    const edited = { ...first, updatedAt: now.toISOString(), body: block('The flood warning now covers Richmond too.') }
    send({ type: 'live.update', update: { documentId: 'u1' } })
    await settle({ page: pageOf([second, edited]), endedAt: null })
    expect(screen.getByText('The flood warning now covers Richmond too.')).toBeTruthy()
    expect(screen.queryByText('The Thames Barrier closes at 7pm.')).toBeNull()
    expect(announced()).toBe('1 new update above.')
    send({ type: 'live.update', update: { documentId: 'u1' } })
    await settle({ page: pageOf([second]), endedAt: null })
    expect(screen.queryByText('The flood warning now covers Richmond too.')).toBeNull()
    expect(screen.getByText('No updates yet.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '1 new update' }))
    expect(screen.getByText('The Thames Barrier closes at 7pm.')).toBeTruthy()
    expect(document.title).toBe('Storm live')
    actor.stop()
  })

  it('fetches once for a transaction that changed two updates (a pin moved), and again for the next', async () => {
    const { env, actor, settle, send } = await opened()
    send({ type: 'live.connected' })
    await settle(pageA)
    send({ type: 'live.update', update: { documentId: 'u1', transactionId: 'pin-1' } })
    send({ type: 'live.update', update: { documentId: 'u2', transactionId: 'pin-1' } })
    expect(env.fetches).toHaveLength(1)
    await settle(pageB)
    expect(env.fetches).toHaveLength(0)
    send({ type: 'live.update', update: { documentId: 'u2', transactionId: 'pin-2' } })
    expect(env.fetches).toHaveLength(1)
    actor.stop()
  })

  it('names the event a fetch follows, so every open page asks the same address; the first fetch, a shown tab and polling ask for the newest', async () => {
    const { env, actor, settle, send } = await opened()
    send({ type: 'live.connected' })
    expect(env.fetches.map((f) => f.input)).toEqual([{ after: null }])
    await settle(pageA)
    send({ type: 'live.update', update: { documentId: 'u2', transactionId: 'post-1' } })
    // A second post while the first is fetched: the fetch after it names the newer one.
    send({ type: 'live.update', update: { documentId: 'u3', transactionId: 'post-2' } })
    expect(env.fetches.map((f) => f.input)).toEqual([{ after: 'post-1' }])
    await settle(pageB)
    expect(env.fetches.map((f) => f.input)).toEqual([{ after: 'post-2' }])
    await settle(pageB)
    act(() => actor.send({ type: 'tab.hidden' }))
    act(() => actor.send({ type: 'tab.shown' }))
    expect(env.fetches.map((f) => f.input)).toEqual([{ after: null }])
    await settle(pageB)
    send({ type: 'live.failed', error: new Error('stream dropped') })
    expect(env.fetches.map((f) => f.input)).toEqual([{ after: null }])
    actor.stop()
  })

  it('says the blog has ended, and stops listening', async () => {
    const { env, actor, settle, send } = await opened()
    send({ type: 'live.connected' })
    await settle(pageA)
    send({ type: 'live.update', update: { documentId: 'blog' } })
    await settle(pageEnded)
    expect(endedNotice()).toBe(true)
    expect(announced()).toBe('New update: Barrier closes This live blog has ended.')
    expect(env.sendBack).toBeNull()
    await act(() => vi.advanceTimersByTimeAsync(600_000))
    expect(env.fetches).toHaveLength(0)
    actor.stop()
  })

  it('does not poll in a hidden tab, and catches up when the tab is shown', async () => {
    const { env, actor, settle, send } = await opened()
    send({ type: 'live.failed', error: new Error('no stream') })
    await settle(pageA)
    act(() => actor.send({ type: 'tab.hidden' }))
    await act(() => vi.advanceTimersByTimeAsync(settings.pollInterval))
    expect(actor.getSnapshot().matches({ polling: 'dozing' })).toBe(true)
    await act(() => vi.advanceTimersByTimeAsync(settings.pollInterval))
    expect(env.fetches).toHaveLength(0)
    act(() => actor.send({ type: 'tab.shown' }))
    expect(env.fetches).toHaveLength(1)
    await settle(pageB)
    expect(within(screen.getByRole('region', { name: 'Latest updates' })).getAllByRole('article')).toHaveLength(2)
    actor.stop()
  })

  it('counts new updates in the title of a hidden tab, and brings them in when the reader comes back at the top', async () => {
    const { actor, settle, send } = await opened()
    send({ type: 'live.connected' })
    await settle(pageA)
    act(() => actor.send({ type: 'tab.hidden' }))
    send({ type: 'live.update', update: { documentId: 'u2' } })
    await settle(pageB)
    expect(document.title).toBe('(1) Storm live')
    act(() => actor.send({ type: 'tab.shown' }))
    expect(document.title).toBe('Storm live')
    expect(within(screen.getByRole('region', { name: 'Latest updates' })).getAllByRole('article')).toHaveLength(2)
    actor.stop()
  })
})
