// The History API (`/v{version}/data/history/{dataset}/documents|transactions/{ids}`, Sanity's
// History HTTP reference): an article is written, edited by a second editor, published and deleted
// on a real service; each revision is read back by revision and by time over HTTP and through
// @sanity/client's request(), its transactions listed with and without content, by author, newest
// first and limited; anonymous readers are refused, bad input is answered in the protocol's shape,
// and the history survives a restart over the same DATA_DIR, and a SIGKILL in the middle of writes
// without ever disagreeing with the content.

import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClientError, type SanityClient } from '@sanity/client'
import { startTestService, type TestService } from '../support/service.ts'
import { expectErrorBody, expectJson, ISO_TIMESTAMP, raw, rejection, sleep } from './helpers.ts'

let service: TestService
let admin: SanityClient
let editor: SanityClient
let adminToken: string
let editorToken: string
let adminId: string
let editorId: string

/** The revisions the article went through, and the transactions' times. */
const revs = { drafted: '', edited: '', published: '', deleted: '' }
const times = { drafted: '', edited: '', published: '', deleted: '' }
const ids = 'story-1,drafts.story-1'

interface Listed {
  id: string
  timestamp: string
  author: string
  documentIDs: string[]
  mutations?: unknown[]
}

const history = (path: string, token: string | null = adminToken) =>
  raw(`${service.url}/v2025-02-19/data/history/production/${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : undefined)

/** A transactions listing, parsed line by line. */
async function listed(path: string): Promise<Listed[]> {
  const res = await history(`transactions/${path}`)
  expect(res.status, res.text.slice(0, 300)).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson\b/)
  return res.text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Listed)
}

const titlesAt = async (query: string) => {
  const res = await history(`documents/${ids}?${query}`)
  expect(res.status, res.text.slice(0, 300)).toBe(200)
  expectJson(res)
  return (res.json.documents as Array<{ _id: string; title: string }>).map((d) => `${d._id}:${d.title}`)
}

/** Two writes in one millisecond would share a time; the tests read by time between them. */
const apart = () => sleep(3)

beforeAll(async () => {
  service = await startTestService()
  adminToken = await service.adminToken()
  editorToken = service.auth.createRobotToken('editor', 'history-test', 3600)
  admin = service.client({ token: adminToken })
  editor = service.client({ token: editorToken })
  adminId = service.auth.authenticate(adminToken).id
  editorId = service.auth.authenticate(editorToken).id

  revs.drafted = (await admin.create({ _id: 'drafts.story-1', _type: 'article', title: 'First draft' }))._rev
  await apart()
  revs.edited = (await editor.patch('drafts.story-1').set({ title: 'Second draft' }).commit())._rev
  await apart()
  const draft = await admin.getDocument('drafts.story-1')
  revs.published = (await admin.transaction().createOrReplace({ ...draft!, _id: 'story-1' }).delete('drafts.story-1').commit()).transactionId
  await apart()
  revs.deleted = (await editor.delete('story-1')).transactionId
  // Something else happening in the dataset meanwhile, which the article's history leaves out.
  await admin.create({ _id: 'other-story', _type: 'article', title: 'Elsewhere' })

  const all = await listed(ids)
  for (const [i, step] of (['drafted', 'edited', 'published', 'deleted'] as const).entries()) times[step] = all[i]!.timestamp
})

afterAll(async () => {
  await service?.stop()
})

describe('a document at a revision', () => {
  it('answers each revision with the documents as that transaction left them', async () => {
    expect(await titlesAt(`revision=${revs.drafted}`)).toEqual(['drafts.story-1:First draft'])
    expect(await titlesAt(`revision=${revs.edited}`)).toEqual(['drafts.story-1:Second draft'])
    expect(await titlesAt(`revision=${revs.published}`)).toEqual(['story-1:Second draft'])
    // Deleted by then: not there, as the doc endpoint leaves out what it does not find.
    expect(await titlesAt(`revision=${revs.deleted}`)).toEqual([])
  })

  it('gives each document with its own revision and timestamps', async () => {
    const res = await history(`documents/drafts.story-1?revision=${revs.edited}`)
    expect(res.json.documents).toHaveLength(1)
    expect(res.json.documents[0]).toMatchObject({ _id: 'drafts.story-1', _type: 'article', _rev: revs.edited, title: 'Second draft' })
    expect(res.json.documents[0]._createdAt).toMatch(ISO_TIMESTAMP)
  })

  it('is read through @sanity/client as the Studio reads it, published and draft together', async () => {
    const result = await admin.request<{ documents: Array<{ _id: string; title: string }> }>({ uri: `/data/history/production/documents/${ids}?revision=${revs.edited}` })
    expect(result.documents.map((d) => [d._id, d.title])).toEqual([['drafts.story-1', 'Second draft']])
    const published = await editor.request<{ documents: Array<{ _id: string; _rev: string }> }>({ uri: `/data/history/production/documents/story-1?revision=${revs.published}` })
    expect(published.documents).toMatchObject([{ _id: 'story-1', _rev: revs.published }])
  })
})

describe('a document at a time', () => {
  it('answers with the documents as they were at each transaction’s time, and nothing before', async () => {
    const before = new Date(Date.parse(times.drafted) - 1).toISOString()
    expect(await titlesAt(`time=${before}`)).toEqual([])
    expect(await titlesAt(`time=${times.drafted}`)).toEqual(['drafts.story-1:First draft'])
    expect(await titlesAt(`time=${times.edited}`)).toEqual(['drafts.story-1:Second draft'])
    expect(await titlesAt(`time=${encodeURIComponent(times.published)}`)).toEqual(['story-1:Second draft'])
    expect(await titlesAt(`time=${times.deleted}`)).toEqual([])
  })

  it('takes a time in another zone as the same moment', async () => {
    const edited = new Date(times.edited)
    const inParis = new Date(edited.getTime() + 60 * 60 * 1000).toISOString().replace('Z', '+01:00')
    expect(await titlesAt(`time=${encodeURIComponent(inParis)}`)).toEqual(['drafts.story-1:Second draft'])
  })

  it('answers lastRevision with the last state of a deleted document', async () => {
    expect(await titlesAt('lastRevision=true')).toEqual(['story-1:Second draft', 'drafts.story-1:Second draft'])
  })
})

describe('the transactions of documents', () => {
  it('lists who changed the article and when, oldest first, with the mutations', async () => {
    const all = await listed(ids)
    expect(all.map((t) => t.id)).toEqual([revs.drafted, revs.edited, revs.published, revs.deleted])
    expect(all.map((t) => t.author)).toEqual([adminId, editorId, adminId, editorId])
    for (const t of all) expect(t.timestamp).toMatch(ISO_TIMESTAMP)
    expect(all[2]!.documentIDs.sort()).toEqual(['drafts.story-1', 'story-1'])
    expect(all[1]!.mutations).toEqual([{ patch: { id: 'drafts.story-1', set: { title: 'Second draft' } } }])
    expect(all[3]!.mutations).toEqual([{ delete: { id: 'story-1' } }])
  })

  it('leaves the mutations out with excludeContent', async () => {
    const bare = await listed(`${ids}?excludeContent=true`)
    expect(bare).toHaveLength(4)
    for (const t of bare) expect(Object.keys(t).sort()).toEqual(['author', 'documentIDs', 'id', 'timestamp'])
  })

  it('filters by author, newest first, limited, and by time and transaction', async () => {
    expect((await listed(`${ids}?authors=${encodeURIComponent(editorId)}`)).map((t) => t.id)).toEqual([revs.edited, revs.deleted])
    expect((await listed(`${ids}?reverse=true&limit=2&excludeContent=true`)).map((t) => t.id)).toEqual([revs.deleted, revs.published])
    expect((await listed(`${ids}?fromTime=${times.edited}&toTime=${times.published}`)).map((t) => t.id)).toEqual([revs.edited, revs.published])
    expect((await listed(`${ids}?fromTransaction=${revs.published}`)).map((t) => t.id)).toEqual([revs.published, revs.deleted])
    expect((await listed(`${ids}?toTransaction=${revs.edited}&reverse=true`)).map((t) => t.id)).toEqual([revs.edited, revs.drafted])
    expect(await listed('story-1?authors=nobody')).toEqual([])
  })

  it('lists only the transactions of the documents named', async () => {
    expect((await listed('story-1')).map((t) => t.id)).toEqual([revs.published, revs.deleted])
    expect((await listed('other-story')).map((t) => t.author)).toEqual([adminId])
  })

  it('is read through @sanity/client as NDJSON text', async () => {
    const text = await admin.request<string>({ uri: `/data/history/production/transactions/${ids}?excludeContent=true&reverse=true&limit=1` })
    expect(typeof text).toBe('string')
    expect(JSON.parse(text.trim())).toEqual({ id: revs.deleted, timestamp: times.deleted, author: editorId, documentIDs: ['story-1'] })
  })
})

describe('who may read history', () => {
  it('refuses anonymous readers with the protocol’s 401, on both endpoints', async () => {
    expectErrorBody(await history(`documents/drafts.story-1?revision=${revs.drafted}`, null), 401)
    expectErrorBody(await history(`transactions/${ids}`, null), 401)
    const error = await rejection(service.client().request({ uri: `/data/history/production/documents/story-1?revision=${revs.published}` }))
    expect(error).toBeInstanceOf(ClientError)
    expect(error.statusCode).toBe(401)
  })

  it('refuses a token that is not valid with 401', async () => {
    expectErrorBody(await history(`documents/story-1?revision=${revs.published}`, 'not-a-token'), 401)
  })

  it('lets a viewer read it, drafts included', async () => {
    const viewer = service.auth.createRobotToken('viewer', 'history-viewer', 3600)
    const res = await history(`documents/drafts.story-1?revision=${revs.drafted}`, viewer)
    expect(res.status).toBe(200)
    expect(res.json.documents).toMatchObject([{ _id: 'drafts.story-1', title: 'First draft' }])
  })
})

describe('bad input is answered in the protocol’s shape', () => {
  const cases: Array<[string, number]> = [
    ['documents/story-1?revision=no-such-revision', 404],
    ['documents/story-1?time=yesterday', 400],
    ['documents/story-1?time=2025-13-45T99:00:00Z', 400],
    ['documents/story-1', 400],
    ['documents/story-1?revision=abc&time=2025-01-01T00:00:00Z', 400],
    ['documents/story-1?lastRevision=maybe', 400],
    ['documents/story%201?lastRevision=true', 400],
    ['documents/a..b?lastRevision=true', 400],
    ['documents/story-1,?lastRevision=true', 400],
    [`documents/${Array.from({ length: 101 }, (_, i) => `s${i}`).join(',')}?lastRevision=true`, 400],
    ['documents/story-1?revision=%3Cscript%3E', 400],
    ['transactions/story-1?limit=0', 400],
    ['transactions/story-1?limit=1001', 400],
    ['transactions/story-1?limit=ten', 400],
    ['transactions/story-1?reverse=yes', 400],
    ['transactions/story-1?fromTime=soon', 400],
    ['transactions/story-1?fromTransaction=unknown-transaction', 404],
    ['transactions/story-1?authors=,', 400],
    ['transactions/bad%2Fid', 400],
  ]
  it.each(cases)('%s → %i', async (path, status) => {
    expectErrorBody(await history(path), status)
  })

  it('answers an unknown dataset with 404', async () => {
    const res = await raw(`${service.url}/v2025-02-19/data/history/nowhere/documents/story-1?lastRevision=true`, { headers: { authorization: `Bearer ${adminToken}` } })
    expectErrorBody(res, 404)
    expect(res.json.error.type).toBe('datasetNotFoundError')
  })

  it('names an unknown revision as such', async () => {
    const res = await history('documents/story-1?revision=no-such-revision')
    expect(res.json.error).toMatchObject({ type: 'revisionNotFoundError' })
  })
})

describe('history across a restart', () => {
  it('is kept in DATA_DIR beside the content', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'resonance-history-restart-'))
    try {
      const first = await startTestService({ DATA_DIR: dataDir })
      const client = first.client({ token: await first.adminToken() })
      const created = await client.create({ _id: 'kept', _type: 'article', title: 'Before restart' })
      await apart()
      const edited = await client.patch('kept').set({ title: 'Edited' }).commit()
      await first.stop()

      const again = await startTestService({ DATA_DIR: dataDir })
      try {
        const token = await again.adminToken()
        const get = (path: string) => raw(`${again.url}/v2025-02-19/data/history/production/${path}`, { headers: { authorization: `Bearer ${token}` } })
        expect((await get(`documents/kept?revision=${created._rev}`)).json.documents).toMatchObject([{ title: 'Before restart' }])
        expect((await get(`documents/kept?revision=${edited._rev}`)).json.documents).toMatchObject([{ title: 'Edited' }])
        const lines = (await get('transactions/kept?excludeContent=true')).text.trim().split('\n').map((l) => JSON.parse(l) as Listed)
        expect(lines.map((t) => t.id)).toEqual([created._rev, edited._rev])
      } finally {
        await again.stop()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe('history under SIGKILL', () => {
  const login = { email: 'history-crash@resonance.test', password: 'history-crash-password' }
  const dataDir = mkdtempSync(join(tmpdir(), 'resonance-history-crash-'))
  let child: ChildProcess | null = null
  afterAll(() => {
    child?.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  })

  const freePort = () =>
    new Promise<number>((resolve, reject) => {
      const srv = createServer()
      srv.listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as { port: number }
        srv.close(() => resolve(port))
      })
      srv.on('error', reject)
    })

  async function start(port: number): Promise<string> {
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED: 'none', ADMIN_EMAIL: login.email, ADMIN_PASSWORD: login.password, STATIC_DIR: join(dataDir, 'none') },
      stdio: 'ignore',
    })
    for (let tries = 0; ; tries++) {
      if (child.exitCode !== null || tries > 300) throw new Error('The service did not start')
      const res = await fetch(`http://127.0.0.1:${port}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(login) }).catch(() => null)
      if (res?.ok) return ((await res.json()) as { access_token: string }).access_token
      await sleep(100)
    }
  }

  it('keeps the content and its history in agreement, with every acknowledged transaction in both', async () => {
    const port = await freePort()
    let token = await start(port)
    const api = (path: string, body?: unknown) =>
      fetch(`http://127.0.0.1:${port}/v2025-02-19/data/${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: body ? JSON.stringify(body) : undefined,
      })
    expect((await api('mutate/production', { mutations: [{ create: { _id: 'h-counter', _type: 'counter', count: 0 } }] })).status).toBe(200)

    // Each transaction creates one document and counts itself on the counter.
    const acknowledged = new Set<string>()
    let next = 0
    let killed = false
    const writer = async () => {
      while (!killed && next < 90) {
        const i = next++
        try {
          const res = await api('mutate/production', { mutations: [{ create: { _id: `h-${i}`, _type: 'crashItem', n: i } }, { patch: { id: 'h-counter', inc: { count: 1 } } }] })
          if (res.status === 200) acknowledged.add(((await res.json()) as { transactionId: string }).transactionId)
        } catch {
          // The connection died with the process: never acknowledged.
        }
      }
    }
    const writers = Array.from({ length: 4 }, writer)
    while (acknowledged.size < 30 && next < 90) await sleep(5)
    killed = true
    const exited = new Promise((r) => child!.once('exit', r))
    child!.kill('SIGKILL')
    await Promise.all(writers)
    await exited

    token = await start(port)
    const ids = ['h-counter', ...Array.from({ length: 90 }, (_, i) => `h-${i}`)]
    const query = encodeURIComponent('*[_type in ["crashItem", "counter"]]')
    const content = ((await (await api(`query/production?query=${query}&perspective=raw`)).json()) as { result: Array<{ _id: string; count?: number }> }).result
    const last = ((await (await api(`history/production/documents/${ids.join(',')}?lastRevision=true`)).json()) as { documents: Array<{ _id: string }> }).documents
    // The newest revision history has of each document is the document as stored, and no more.
    const byId = (docs: Array<{ _id: string }>) => Object.fromEntries(docs.map((d) => [d._id, d]))
    expect(byId(last)).toEqual(byId(content))
    const listedIds = (await (await api('history/production/transactions/h-counter?excludeContent=true&limit=1000')).text()).trim().split('\n').map((l) => (JSON.parse(l) as Listed).id)
    for (const id of acknowledged) expect(listedIds, `acknowledged transaction ${id} missing from history`).toContain(id)
    // The creation of the counter, then one transaction for each count.
    const counter = content.find((d) => d._id === 'h-counter')!
    expect(listedIds).toHaveLength(1 + counter.count!)
  })
})
