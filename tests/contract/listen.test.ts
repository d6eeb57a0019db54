// The listen endpoint (docs/content-api.md §2) through client.listen().
//
// How the listener runs in Node: @sanity/client 7.28's listen() uses the global EventSource when
// there is one and no headers are needed, and otherwise imports its polyfill `@sanity/eventsource`
// (src/data/eventsourcePolyfill.ts), whose Node build is `eventsource@2` over node:http. Node 20 has
// no global EventSource, so every listener here, with or without a token, goes through that
// polyfill; nothing needs to be installed or put on globalThis (the project's own `eventsource@4`
// devDependency is not used by the client). The polyfill reports the HTTP status of a refused
// connection, which the client turns into a fatal ConnectionFailedError for a 4xx.
/* eslint-disable @typescript-eslint/no-explicit-any -- listener events are arbitrary JSON that the tests index into freely */

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MultipleMutationResult, Mutation, SanityClient } from '@sanity/client'
import { startTestService, type TestService } from '../support/service.ts'
import { expectErrorBody, raw, recordRequests, sleep, waitFor, type LoggedRequest } from './helpers.ts'

let service: TestService
let token: string
let admin: SanityClient
let requests: LoggedRequest[]
const open: Array<{ unsubscribe(): void }> = []

beforeAll(async () => {
  service = await startTestService()
  requests = recordRequests(service.server)
  token = await service.adminToken()
  admin = service.client({ token })
})

afterAll(async () => {
  for (const sub of open) sub.unsubscribe()
  await service?.stop()
})

interface Listening {
  events: any[]
  error: () => any
  mutations: () => any[]
  close: () => void
}

/** client.mutate() resolves {transactionId, results} here; its overloads type it as a document. */
const mutate = (mutations: Mutation[]) => admin.mutate(mutations) as unknown as Promise<MultipleMutationResult>

/** Subscribes to client.listen() with welcome and mutation events and waits for the welcome. */
async function listen(client: SanityClient, query: string, params: Record<string, unknown> = {}, options: Record<string, unknown> = {}): Promise<Listening> {
  const events: any[] = []
  let failure: any = null
  const sub = client.listen(query, params, { events: ['welcome', 'mutation'], ...options }).subscribe({
    next: (event: unknown) => events.push(event),
    error: (error: unknown) => {
      failure = error
    },
  })
  open.push(sub)
  await waitFor(() => events.some((e) => e.type === 'welcome') || failure !== null, 'the welcome event')
  return { events, error: () => failure, mutations: () => events.filter((e) => e.type === 'mutation'), close: () => sub.unsubscribe() }
}

/** Subscribes and waits for the observable to fail. */
async function listenUntilError(client: SanityClient, query: string, params: Record<string, unknown> = {}): Promise<{ error: any; events: any[] }> {
  const events: any[] = []
  let failure: any = null
  const sub = client.listen(query, params, { events: ['welcome', 'mutation', 'reconnect'] }).subscribe({
    next: (event: unknown) => events.push(event),
    error: (error: unknown) => {
      failure = error
    },
  })
  open.push(sub)
  await waitFor(() => failure !== null, 'the listener to fail', 5000)
  sub.unsubscribe()
  return { error: failure, events }
}

/** Opens an event stream and keeps reading it in the background. */
async function openStream(url: string): Promise<{ status: number; text: () => string; close: () => void }> {
  const controller = new AbortController()
  const res = await fetch(url, { signal: controller.signal })
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  let text = ''
  void (async () => {
    try {
      for (;;) {
        const chunk = await reader.read()
        if (chunk.done) break
        text += decoder.decode(chunk.value, { stream: true })
      }
    } catch {
      // Aborted by close().
    }
  })()
  return { status: res.status, text: () => text, close: () => controller.abort() }
}

/** The data of every complete `event: <name>` block of an event stream. */
function eventData(stream: string, name: string): any[] {
  return stream
    .split('\n\n')
    .slice(0, -1)
    .filter((block) => new RegExp(`^event: ${name}$`, 'm').test(block))
    .map((block) => JSON.parse(/^data: (.*)$/m.exec(block)![1]!))
}

/** Reads an event stream for a while (or until `until` matches) and returns the text. */
async function readStream(url: string, init: RequestInit, { ms, until }: { ms: number; until?: RegExp }): Promise<{ status: number; contentType: string; text: string }> {
  const controller = new AbortController()
  const res = await fetch(url, { ...init, signal: controller.signal })
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  let text = ''
  const deadline = Date.now() + ms
  try {
    while (Date.now() < deadline && !(until && until.test(text))) {
      const chunk = await Promise.race([reader.read(), sleep(Math.max(1, deadline - Date.now())).then(() => null)])
      if (chunk === null) break
      if (chunk.done) break
      text += decoder.decode(chunk.value, { stream: true })
    }
  } finally {
    controller.abort()
    await reader.cancel().catch(() => undefined)
  }
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text }
}

describe('client.listen()', () => {
  it('connects through the client in Node and receives welcome first (Accept: text/event-stream)', async () => {
    const before = requests.length
    const l = await listen(service.client(), '*[_type == "nothing"]')
    expect(l.error()).toBeNull()
    expect(l.events[0].type).toBe('welcome')
    expect(typeof l.events[0].listenerName).toBe('string')
    const req = requests.slice(before).find((r) => r.url.includes('/data/listen/production'))
    expect(req?.method).toBe('GET')
    expect(String(req?.headers.accept)).toContain('text/event-stream')
    l.close()
  })

  it('reports appear, update and disappear (stops matching / deleted) with ids, result and previous', async () => {
    const l = await listen(admin, '*[_type == "post" && category == $cat]', { cat: 'news' }, { includeResult: true, includePreviousRevision: true, visibility: 'query' })

    const created = await mutate([{ create: { _id: 'l-post', _type: 'post', category: 'news', title: 'one' } }])
    await waitFor(() => l.mutations().length >= 1, 'appear')
    const appear = l.mutations()[0]
    expect(appear).toMatchObject({ type: 'mutation', transition: 'appear', documentId: 'l-post', transactionId: created.transactionId, eventId: `${created.transactionId}#l-post` })
    expect(appear.result).toMatchObject({ _id: 'l-post', title: 'one', _rev: created.transactionId })
    expect(appear.previous).toBeNull()
    expect(appear.visibility).toBe('query')
    expect(typeof appear.timestamp).toBe('string')

    const patched = await mutate([{ patch: { id: 'l-post', set: { title: 'two' } } }])
    await waitFor(() => l.mutations().length >= 2, 'update')
    const update = l.mutations()[1]
    expect(update).toMatchObject({ transition: 'update', documentId: 'l-post', transactionId: patched.transactionId, eventId: `${patched.transactionId}#l-post` })
    expect(update.result.title).toBe('two')
    expect(update.previous.title).toBe('one')

    const moved = await mutate([{ patch: { id: 'l-post', set: { category: 'sport' } } }])
    await waitFor(() => l.mutations().length >= 3, 'disappear by no longer matching')
    const gone = l.mutations()[2]
    expect(gone).toMatchObject({ transition: 'disappear', documentId: 'l-post', transactionId: moved.transactionId })
    expect(gone.previous.category).toBe('news')

    await mutate([{ patch: { id: 'l-post', set: { category: 'news' } } }])
    await waitFor(() => l.mutations().length >= 4, 'appear by starting to match')
    expect(l.mutations()[3].transition).toBe('appear')

    const deleted = await mutate([{ delete: { id: 'l-post' } }])
    await waitFor(() => l.mutations().length >= 5, 'disappear by delete')
    const removed = l.mutations()[4]
    expect(removed).toMatchObject({ transition: 'disappear', documentId: 'l-post', transactionId: deleted.transactionId, eventId: `${deleted.transactionId}#l-post` })
    expect(removed.result).toBeUndefined()
    expect(removed.previous).toMatchObject({ _id: 'l-post', category: 'news' })

    await sleep(100)
    expect(l.mutations()).toHaveLength(5)
    l.close()
  })

  it('includes previous only with includePreviousRevision', async () => {
    const l = await listen(admin, '*[_type == "prevCheck"]', {}, { includeResult: true })
    await admin.create({ _id: 'prev-1', _type: 'prevCheck', n: 1 })
    await admin.patch('prev-1').set({ n: 2 }).commit()
    await waitFor(() => l.mutations().length >= 2, 'two events')
    for (const event of l.mutations()) {
      expect(event).not.toHaveProperty('previous')
      expect(event.result).toMatchObject({ _id: 'prev-1' })
    }
    l.close()
  })

  it('includes result only with includeResult (includeResult: false leaves it out)', async () => {
    const l = await listen(admin, '*[_type == "resultCheck"]', {}, { includeResult: false })
    await admin.create({ _id: 'result-1', _type: 'resultCheck', n: 1 })
    await waitFor(() => l.mutations().length >= 1, 'an event')
    const event = l.mutations()[0]
    expect(event).toMatchObject({ transition: 'appear', documentId: 'result-1' })
    expect(event).not.toHaveProperty('result')
    l.close()
  })

  it('includes the submitted mutations unless includeMutations is false', async () => {
    const withMutations = await listen(admin, '*[_type == "mutCheck"]')
    const without = await listen(admin, '*[_type == "mutCheck"]', {}, { includeMutations: false })
    await admin.create({ _id: 'mut-1', _type: 'mutCheck', n: 1 })
    await waitFor(() => withMutations.mutations().length >= 1 && without.mutations().length >= 1, 'events on both listeners')
    expect(withMutations.mutations()[0].mutations).toEqual([{ create: expect.objectContaining({ _id: 'mut-1', _type: 'mutCheck', n: 1 }) }])
    expect(without.mutations()[0]).not.toHaveProperty('mutations')
    withMutations.close()
    without.close()
  })

  it('sends one event per matching document of a transaction, and nothing for a non-matching write', async () => {
    const l = await listen(admin, '*[_type == "watched"]')
    await admin.create({ _id: 'ignored-1', _type: 'ignored' })
    await admin.patch('ignored-1').set({ x: 1 }).commit()
    const tx = await admin
      .transaction()
      .create({ _id: 'watched-1', _type: 'watched' })
      .create({ _id: 'ignored-2', _type: 'ignored' })
      .create({ _id: 'watched-2', _type: 'watched' })
      .commit()
    await waitFor(() => l.mutations().length >= 2, 'two events')
    await sleep(100)
    const events = l.mutations()
    expect(events.map((e) => e.documentId).sort()).toEqual(['watched-1', 'watched-2'])
    expect(new Set(events.map((e) => e.transactionId))).toEqual(new Set([tx.transactionId]))
    expect(events.map((e) => e.eventId).sort()).toEqual([`${tx.transactionId}#watched-1`, `${tx.transactionId}#watched-2`])
    l.close()
  })

  it('anonymous listeners get no events for drafts; token listeners (apiVersion 2023-05-03) do', async () => {
    const anon = await listen(service.client(), '*[_type == "memo"]')
    const authed = await listen(admin, '*[_type == "memo"]')
    await admin.create({ _id: 'drafts.memo-1', _type: 'memo', title: 'secret draft' })
    await admin.create({ _id: 'private.memo-2', _type: 'memo', title: 'private path' })
    await admin.create({ _id: 'memo-1', _type: 'memo', title: 'public' })
    await waitFor(() => authed.mutations().length >= 3 && anon.mutations().length >= 1, 'events')
    await sleep(100)
    expect(anon.mutations().map((e) => e.documentId)).toEqual(['memo-1'])
    expect(JSON.stringify(anon.events)).not.toContain('secret draft')
    expect(authed.mutations().map((e) => e.documentId)).toEqual(['drafts.memo-1', 'private.memo-2', 'memo-1'])
    anon.close()
    authed.close()
  })

  it('with apiVersion 2025-02-19 sends draft events only with includeAllVersions', async () => {
    const modern = service.client({ token, apiVersion: '2025-02-19' })
    const published = await listen(modern, '*[_type == "brief"]')
    const all = await listen(modern, '*[_type == "brief"]', {}, { includeAllVersions: true })
    await admin.create({ _id: 'drafts.brief-1', _type: 'brief' })
    await admin.create({ _id: 'brief-1', _type: 'brief' })
    await waitFor(() => all.mutations().length >= 2 && published.mutations().length >= 1, 'events')
    await sleep(100)
    expect(published.mutations().map((e) => e.documentId)).toEqual(['brief-1'])
    expect(all.mutations().map((e) => e.documentId)).toEqual(['drafts.brief-1', 'brief-1'])
    published.close()
    all.close()
  })

  it('a bad filter errors the observable with a ChannelError about the parse error (not an HTTP error)', async () => {
    const { error, events } = await listenUntilError(service.client(), '*[_type == ')
    expect(error.name).toBe('ChannelError')
    expect(error.message).toMatch(/parse|syntax/i)
    expect(events.filter((e) => e.type === 'reconnect')).toEqual([])
  })

  it('an unknown token makes the listener fail for good with a 401 ConnectionFailedError', async () => {
    const { error, events } = await listenUntilError(service.client({ token: 'sk-bogus' }), '*[_type == "post"]')
    expect(error.name).toBe('ConnectionFailedError')
    expect(error.status).toBe(401)
    expect(events.filter((e) => e.type === 'welcome')).toEqual([])
  })
})

describe('the listen stream over raw HTTP', () => {
  const listenUrl = (query: string, extra = '') => `${service.url}/v2023-05-03/data/listen/production?query=${encodeURIComponent(query)}${extra}`

  it('answers 200 text/event-stream and sends welcome at once', async () => {
    const res = await readStream(listenUrl('*[_type == "post"]', '&includeResult=true'), { headers: { accept: 'text/event-stream' } }, { ms: 2000, until: /\n\n/ })
    expect(res.status).toBe(200)
    expect(res.contentType).toMatch(/^\s*text\/event-stream\s*(;|$)/i)
    const first = res.text.split('\n\n')[0]!
    expect(first).toMatch(/^event: welcome$/m)
    const data = /^data: (.*)$/m.exec(first)?.[1]
    expect(JSON.parse(data!)).toHaveProperty('listenerName')
  })

  it('reports a bad filter as a channelError event on a 200 stream', async () => {
    const res = await readStream(listenUrl('*[_type =='), {}, { ms: 2000, until: /\n\n/ })
    expect(res.status).toBe(200)
    expect(res.contentType).toMatch(/^text\/event-stream/)
    expect(res.text).toMatch(/^event: channelError$/m)
    const data = JSON.parse(/^data: (.*)$/m.exec(res.text)![1]!)
    expect(data.error.type).toBe('queryParseError')
  })

  it('includes result only when the query string says includeResult=true (the HTTP default is false)', async () => {
    const plain = await openStream(listenUrl('*[_id == "raw-result"]'))
    const withResult = await openStream(listenUrl('*[_id == "raw-result"]', '&includeResult=true'))
    await waitFor(() => /event: welcome/.test(plain.text()) && /event: welcome/.test(withResult.text()), 'both welcomes')
    await admin.create({ _id: 'raw-result', _type: 'thing', n: 1 })
    const done = (s: { text: () => string }) => eventData(s.text(), 'mutation').length >= 1
    await waitFor(() => done(plain) && done(withResult), 'a mutation event on both streams')
    plain.close()
    withResult.close()
    expect(eventData(withResult.text(), 'mutation')[0].result).toMatchObject({ _id: 'raw-result', n: 1 })
    expect(eventData(plain.text(), 'mutation')[0]).toMatchObject({ documentId: 'raw-result', transition: 'appear' })
    expect(eventData(plain.text(), 'mutation')[0]).not.toHaveProperty('result')
  })

  it('answers an unknown dataset with a 404 JSON error before any stream', async () => {
    const res = await raw(`${service.url}/v2023-05-03/data/listen/no-such-dataset?query=${encodeURIComponent('*')}`)
    expectErrorBody(res, 404)
  })
})

describe('keep-alive', () => {
  let fast: TestService

  beforeAll(async () => {
    fast = await startTestService({ LISTEN_KEEPALIVE_MS: '200' })
  })

  afterAll(async () => {
    await fast?.stop()
  })

  it('sends ":" comment lines on an idle stream', async () => {
    const res = await readStream(`${fast.url}/v2023-05-03/data/listen/production?query=${encodeURIComponent('*[_type == "post"]')}`, {}, {
      // Until two keep-alives have come, rather than for a fixed 900 ms: on a busy machine the stream
      // took longer than that to open.
      ms: 15_000,
      until: /^:[^\n]*\n[\s\S]*^:/m,
    })
    expect(res.status).toBe(200)
    const comments = res.text.split('\n').filter((line) => line.startsWith(':'))
    expect(comments.length).toBeGreaterThanOrEqual(2)
    expect(res.text).toMatch(/^event: welcome$/m)
  })
})

describe('many readers at once', () => {
  it('welcomes two hundred anonymous listeners on one filter opened together from one address', async () => {
    // After a publish or a deploy every open homepage reconnects at the same moment, often from
    // behind one address: one check of their filter serves them all.
    const query = encodeURIComponent('*[_type == "crowd" && !(_id in path("drafts.**"))]')
    const streams = await Promise.all(
      Array.from({ length: 200 }, () => readStream(`${service.url}/v2023-05-03/data/listen/production?query=${query}&includeResult=true`, {}, { ms: 1500 })),
    )
    for (const res of streams) {
      expect(res.status).toBe(200)
      expect(res.text).toMatch(/^event: welcome$/m)
      expect(res.text).not.toMatch(/channelError/)
    }
  })
})
