// Presence in the article form against the real service: who may announce and see it, what the
// other editors of the same article receive over their listen stream, and that nobody else (an
// anonymous listener, a viewer, @sanity/client's own listeners) receives anything new.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../support/service.ts'
import { expectErrorBody, raw, rawListen, waitFor } from './helpers.ts'

let service: TestService
const tokens: Record<'admin' | 'editor' | 'contributor' | 'viewer', string> = { admin: '', editor: '', contributor: '', viewer: '' }
const password = 'presence test password'

beforeAll(async () => {
  service = await startTestService()
  tokens.admin = await service.adminToken()
  for (const role of ['editor', 'contributor', 'viewer'] as const) {
    await service.auth.upsertUser(`${role}@resonance.test`, password, role)
    const res = await raw(`${service.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `${role}@resonance.test`, password }) })
    tokens[role] = res.json.access_token
  }
})

afterAll(async () => {
  await service?.stop()
})

const presenceUrl = (id: string, search = '') => `${service.url}/v2025-02-19/presence/production/${id}${search}`

function announce(id: string, token: string | null, tab: string) {
  return raw(presenceUrl(id), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ tab }),
  })
}

function leave(id: string, token: string | null, tab: string) {
  return raw(presenceUrl(id, `?tab=${tab}`), { method: 'DELETE', headers: token ? { authorization: `Bearer ${token}` } : {} })
}

interface Stream {
  text: () => string
  /** The data of every `presence` event so far. */
  presence: () => Array<{ documentId: string; editors: Array<{ name: string; role: string; since: string; key: string }> }>
  close: () => void
}

/** A listen stream read as raw text, exactly as it arrives. */
async function listen(search: Record<string, string>, token: string | null): Promise<Stream> {
  const url = `${service.url}/v2025-02-19/data/listen/production?${new URLSearchParams({ query: '*[_type == "article"]', ...search })}`
  const stream = await rawListen(url, 'listen', token ? { authorization: `Bearer ${token}` } : {})
  return {
    ...stream,
    presence: () =>
      stream
        .text()
        .split('\n\n')
        .filter((block) => block.startsWith('event: presence\n'))
        .map((block) => JSON.parse(block.split('\ndata: ')[1]!)),
  }
}

describe('who may announce presence', () => {
  it('refuses anonymous requests with a JSON 401, and a viewer with a JSON 403, never a 5xx', async () => {
    expectErrorBody(await announce('a1', null, 'tab1'), 401)
    expectErrorBody(await leave('a1', null, 'tab1'), 401)
    expectErrorBody(await announce('a1', 'not-a-token', 'tab1'), 401)
    expectErrorBody(await announce('a1', tokens.viewer, 'tab1'), 403)
    expectErrorBody(await leave('a1', tokens.viewer, 'tab1'), 403)
  })

  it('refuses a bad tab, a bad id, an unknown dataset and an oversized body with 4xx', async () => {
    expectErrorBody(await announce('a1', tokens.editor, ''), 400)
    expectErrorBody(await announce('a1', tokens.editor, 'x'.repeat(65)), 400)
    expectErrorBody(await announce('a1', tokens.editor, 'tab/../1'), 400)
    expectErrorBody(await announce('bad%20id', tokens.editor, 'tab1'), 400)
    expectErrorBody(await announce('drafts.', tokens.editor, 'tab1'), 400)
    expectErrorBody(await raw(`${service.url}/v2025-02-19/presence/nope/a1`, { method: 'POST', headers: { authorization: `Bearer ${tokens.editor}`, 'content-type': 'application/json' }, body: '{"tab":"t"}' }), 404)
    const big = await raw(presenceUrl('a1'), {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.editor}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tab: 't', padding: 'x'.repeat(4096) }),
    })
    expectErrorBody(big, 413)
    expect((await announce('a1', tokens.editor, 'tab1')).status).toBe(200)
    expect((await leave('a1', tokens.editor, 'tab1')).status).toBe(200)
  })
})

describe('presence between editors', () => {
  it('each editor of an article is told about the others, by email and role, draft and published ids alike', async () => {
    const first = await announce('story-1', tokens.admin, 'tabA')
    expect(first.status).toBe(200)
    expect(first.json).toEqual({ documentId: 'story-1', editors: [] })
    const second = await announce('drafts.story-1', tokens.contributor, 'tabB')
    expect(second.json.documentId).toBe('story-1')
    expect(second.json.editors).toEqual([{ key: expect.any(String), name: 'admin@resonance.test', role: 'admin', since: expect.stringMatching(/Z$/) }])
    const again = await announce('story-1', tokens.admin, 'tabA')
    expect(again.json.editors.map((e: { name: string }) => e.name)).toEqual(['contributor@resonance.test'])
    // Another article knows nothing of them.
    expect((await announce('story-2', tokens.editor, 'tabC')).json.editors).toEqual([])
    await leave('story-1', tokens.contributor, 'tabB')
    expect((await announce('story-1', tokens.admin, 'tabA')).json.editors).toEqual([])
    await leave('story-1', tokens.admin, 'tabA')
    await leave('story-2', tokens.editor, 'tabC')
  })

  it('pushes joins and leaves to the other editor’s listen stream, and nothing to anyone else', async () => {
    const editor = await listen({ presence: 'story-3', presenceTab: 'tabE' }, tokens.editor)
    const anonymous = await listen({ presence: 'story-3', presenceTab: 'tabX' }, null)
    const viewer = await listen({ presence: 'story-3', presenceTab: 'tabV' }, tokens.viewer)
    const notAsked = await listen({}, tokens.admin)
    // The stream says at once who is there: nobody yet.
    await waitFor(() => editor.presence().length === 1, 'the first presence event')
    expect(editor.presence()[0]).toEqual({ documentId: 'story-3', editors: [] })

    // The editor's own form announcing is not news to the editor.
    await announce('story-3', tokens.editor, 'tabE')
    await announce('story-3', tokens.admin, 'tabA')
    await waitFor(() => editor.presence().length === 2, 'the admin joining')
    expect(editor.presence()[1]!.editors.map((e) => `${e.name} (${e.role})`)).toEqual(['admin@resonance.test (admin)'])
    await leave('story-3', tokens.admin, 'tabA')
    await waitFor(() => editor.presence().length === 3, 'the admin leaving')
    expect(editor.presence()[2]!.editors).toEqual([])

    // A write after all that: the streams are still ordinary listen streams.
    await service.client({ token: tokens.admin }).create({ _id: 'story-3', _type: 'article', title: 'Presence' })
    for (const stream of [editor, anonymous, viewer, notAsked]) await waitFor(() => stream.text().includes('event: mutation'), 'the mutation')
    for (const stream of [anonymous, viewer, notAsked]) {
      expect(stream.text()).not.toContain('event: presence')
      expect(stream.text()).not.toContain('admin@resonance.test')
    }
    for (const stream of [editor, anonymous, viewer, notAsked]) stream.close()
    await leave('story-3', tokens.editor, 'tabE')
  })

  it('@sanity/client listeners keep receiving mutations while presence goes to others on the same article', async () => {
    const watcher = await listen({ presence: 'story-4', presenceTab: 'tabW' }, tokens.editor)
    const received: string[] = []
    const subscription = service
      .client({ token: tokens.admin, apiVersion: '2025-02-19' })
      .listen('*[_id == "story-4"]', {}, { events: ['welcome', 'mutation'] })
      .subscribe((event) => received.push(event.type))
    await waitFor(() => received.includes('welcome'), 'the client welcome')
    await announce('story-4', tokens.admin, 'tabA')
    await waitFor(() => watcher.presence().some((event) => event.editors.length === 1), 'the admin in presence')
    await service.client({ token: tokens.admin }).create({ _id: 'story-4', _type: 'article', title: 'Presence' })
    await waitFor(() => received.includes('mutation'), 'the client mutation')
    subscription.unsubscribe()
    watcher.close()
    await leave('story-4', tokens.admin, 'tabA')
  })
})
