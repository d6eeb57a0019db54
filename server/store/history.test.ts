// The store keeps every document's earlier revisions with the transaction that wrote them: each can
// be read back by revision and by time, the transactions listed with who made them and when, and
// all of it survives reopening the database, arrives with a commit or not at all, and goes with its
// dataset.

import Database from 'better-sqlite3'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '../errors.ts'
import { Store } from './store.ts'

const cleanup: Array<() => void> = []
afterEach(() => {
  for (const done of cleanup.splice(0)) done()
})

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'resonance-history-'))
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

function open(dir = tempDir()): Store {
  const store = new Store(dir)
  cleanup.unshift(() => store.close())
  if (!store.hasDataset('production')) store.createDataset('production')
  return store
}

const at = (minute: number) => new Date(Date.UTC(2025, 0, 10, 9, minute))

/** An article written, edited, published and deleted, one minute apart, by two editors. */
async function articleLife(store: Store) {
  const created = await store.commit('production', [{ create: { _id: 'drafts.a1', _type: 'article', title: 'First' } }], { identity: 'alice', timestamp: at(1) })
  const patched = await store.commit('production', [{ patch: { id: 'drafts.a1', set: { title: 'Second' } } }], { identity: 'bob', timestamp: at(2) })
  const published = await store.commit(
    'production',
    [{ createOrReplace: { _id: 'a1', _type: 'article', title: 'Second' } }, { delete: { id: 'drafts.a1' } }],
    { identity: 'alice', timestamp: at(3) },
  )
  const deleted = await store.commit('production', [{ delete: { id: 'a1' } }], { identity: 'bob', timestamp: at(4) })
  return { created, patched, published, deleted }
}

const titles = (docs: Array<Record<string, unknown>>) => docs.map((d) => `${d._id}:${String(d.title)}`)

async function refusal(run: () => unknown): Promise<ApiError> {
  try {
    await run()
  } catch (error) {
    if (error instanceof ApiError) return error
    throw error
  }
  throw new Error('Expected a refusal')
}

describe('document history', () => {
  it('reads each document as each transaction left it', async () => {
    const store = open()
    const life = await articleLife(store)
    const ids = ['a1', 'drafts.a1']
    const read = (revision: string) => titles(store.history.documentsAt('production', ids, { revision }))
    expect(read(life.created.id)).toEqual(['drafts.a1:First'])
    expect(read(life.patched.id)).toEqual(['drafts.a1:Second'])
    expect(read(life.published.id)).toEqual(['a1:Second'])
    expect(read(life.deleted.id)).toEqual([])
    const patched = store.history.documentsAt('production', ['drafts.a1'], { revision: life.patched.id })[0]!
    expect(patched._rev).toBe(life.patched.id)
    expect(patched._createdAt).toBe('2025-01-10T09:01:00Z')
    expect(patched._updatedAt).toBe('2025-01-10T09:02:00Z')
  })

  it('reads documents as they were at a time, between and on transactions', async () => {
    const store = open()
    await articleLife(store)
    const read = (time: Date) => titles(store.history.documentsAt('production', ['a1', 'drafts.a1'], { time }))
    expect(read(new Date(Date.UTC(2025, 0, 10, 9, 0, 59)))).toEqual([])
    expect(read(at(1))).toEqual(['drafts.a1:First'])
    expect(read(new Date(Date.UTC(2025, 0, 10, 9, 2, 30)))).toEqual(['drafts.a1:Second'])
    expect(read(at(3))).toEqual(['a1:Second'])
    expect(read(new Date(Date.UTC(2026, 0, 1)))).toEqual([])
  })

  it('reads the last state a deleted document had', async () => {
    const store = open()
    await articleLife(store)
    expect(titles(store.history.documentsAt('production', ['a1', 'drafts.a1', 'never'], { lastRevision: true }))).toEqual(['a1:Second', 'drafts.a1:Second'])
  })

  it('refuses a revision the dataset never had', async () => {
    const store = open()
    await articleLife(store)
    const error = await refusal(() => store.history.documentsAt('production', ['a1'], { revision: 'no-such-transaction' }))
    expect(error.status).toBe(404)
    expect(error.body).toMatchObject({ error: { type: 'revisionNotFoundError' } })
  })

  it('reads a transaction that changed nothing as the state at its time', async () => {
    const store = open()
    await articleLife(store)
    await store.commit('production', [{ create: { _id: 'other', _type: 'article' } }], { timestamp: at(5) })
    const idle = await store.commit('production', [{ createIfNotExists: { _id: 'other', _type: 'article' } }], { transactionId: 'nothing-changed', timestamp: at(2) })
    expect(idle.changes).toEqual([])
    expect(titles(store.history.documentsAt('production', ['a1', 'drafts.a1'], { revision: 'nothing-changed' }))).toEqual(['drafts.a1:Second'])
  })

  it('lists the transactions of documents with who made them and when', async () => {
    const store = open()
    const life = await articleLife(store)
    await store.commit('production', [{ create: { _id: 'unrelated', _type: 'article' } }], { identity: 'carol', timestamp: at(5) })
    const all = store.history.transactions('production', { ids: ['a1', 'drafts.a1'], limit: 100 })
    expect(all.map((t) => t.id)).toEqual([life.created.id, life.patched.id, life.published.id, life.deleted.id])
    expect(all[2]).toEqual({
      id: life.published.id,
      timestamp: '2025-01-10T09:03:00.000Z',
      author: 'alice',
      documentIDs: ['a1', 'drafts.a1'],
      mutations: [{ createOrReplace: { _id: 'a1', _type: 'article', title: 'Second' } }, { delete: { id: 'drafts.a1' } }],
    })
    const bare = store.history.transactions('production', { ids: ['a1'], excludeContent: true, limit: 100 })
    expect(bare).toEqual([
      { id: life.published.id, timestamp: '2025-01-10T09:03:00.000Z', author: 'alice', documentIDs: ['a1', 'drafts.a1'] },
      { id: life.deleted.id, timestamp: '2025-01-10T09:04:00.000Z', author: 'bob', documentIDs: ['a1'] },
    ])
  })

  it('filters by author, time and transaction, newest first and limited when asked', async () => {
    const store = open()
    const life = await articleLife(store)
    const list = (query: Partial<Parameters<Store['history']['transactions']>[1]>) =>
      store.history.transactions('production', { ids: ['a1', 'drafts.a1'], limit: 100, excludeContent: true, ...query }).map((t) => t.id)
    expect(list({ authors: ['bob'] })).toEqual([life.patched.id, life.deleted.id])
    expect(list({ authors: ['alice', 'bob'], reverse: true, limit: 2 })).toEqual([life.deleted.id, life.published.id])
    expect(list({ fromTime: at(2), toTime: at(3) })).toEqual([life.patched.id, life.published.id])
    expect(list({ fromTransaction: life.patched.id, toTransaction: life.published.id })).toEqual([life.patched.id, life.published.id])
    expect(list({ fromTransaction: life.published.id, reverse: true })).toEqual([life.deleted.id, life.published.id])
    expect(list({ authors: ['nobody'] })).toEqual([])
    const error = await refusal(() => list({ fromTransaction: 'unknown' }))
    expect(error.status).toBe(404)
  })

  it('keeps history across reopening the database', async () => {
    const dir = tempDir()
    const first = new Store(dir)
    first.createDataset('production')
    const life = await articleLife(first)
    first.close()
    const again = open(dir)
    expect(titles(again.history.documentsAt('production', ['drafts.a1'], { revision: life.patched.id }))).toEqual(['drafts.a1:Second'])
    expect(again.history.transactions('production', { ids: ['a1'], limit: 10 }).map((t) => t.author)).toEqual(['alice', 'bob'])
  })

  it('writes no history for a transaction that is refused, and none for a dry run', async () => {
    const store = open()
    const first = await store.commit('production', [{ create: { _id: 'a2', _type: 'article', title: 'Kept' } }], { transactionId: 'tx-once' })
    // The same transaction id again fails in SQLite itself, after the documents were written there.
    const error = await refusal(() => store.commit('production', [{ createOrReplace: { _id: 'a2', _type: 'article', title: 'Lost' } }], { transactionId: 'tx-once' }))
    expect(error.status).toBe(409)
    await store.commit('production', [{ createOrReplace: { _id: 'a2', _type: 'article', title: 'Dry' } }], { dryRun: true })
    expect(store.history.transactions('production', { ids: ['a2'], limit: 10 }).map((t) => t.id)).toEqual([first.id])
    expect(titles(store.history.documentsAt('production', ['a2'], { lastRevision: true }))).toEqual(['a2:Kept'])
    expect(store.dataset('production').docs.get('a2')?.title).toBe('Kept')
  })

  it('forgets a dataset’s history with the dataset', async () => {
    const store = open()
    const life = await articleLife(store)
    store.deleteDataset('production')
    store.createDataset('production')
    expect(store.history.transactions('production', { ids: ['a1', 'drafts.a1'], limit: 10 })).toEqual([])
    expect((await refusal(() => store.history.documentsAt('production', ['a1'], { revision: life.created.id }))).status).toBe(404)
  })

  it('starts the history of a database made before it was kept with each document as it is', () => {
    const dir = tempDir()
    mkdirSync(dir, { recursive: true })
    const old = new Database(join(dir, 'content.db'))
    old.exec(`
      CREATE TABLE datasets (name TEXT PRIMARY KEY, created_at TEXT NOT NULL);
      CREATE TABLE documents (dataset TEXT NOT NULL, id TEXT NOT NULL, type TEXT NOT NULL, doc TEXT NOT NULL, PRIMARY KEY (dataset, id)) WITHOUT ROWID;
      CREATE TABLE transactions (id TEXT PRIMARY KEY, dataset TEXT NOT NULL, timestamp TEXT NOT NULL, identity TEXT NOT NULL, document_ids TEXT NOT NULL);
    `)
    old.prepare("INSERT INTO datasets VALUES ('production', '2024-01-01T00:00:00Z')").run()
    const doc = { _id: 'old', _type: 'article', _rev: 'rev-old', _createdAt: '2024-05-01T10:00:00Z', _updatedAt: '2024-05-02T10:00:00Z', title: 'Before history' }
    old.prepare("INSERT INTO documents VALUES ('production', 'old', 'article', ?)").run(JSON.stringify(doc))
    old.prepare("INSERT INTO transactions VALUES ('rev-old', 'production', '2024-05-02T10:00:00.000Z', 'editor-1', '[\"old\"]')").run()
    old.close()

    const store = open(dir)
    expect(store.history.documentsAt('production', ['old'], { revision: 'rev-old' })).toEqual([doc])
    expect(store.history.documentsAt('production', ['old'], { time: new Date('2024-05-02T09:59:59Z') })).toEqual([])
    expect(store.history.documentsAt('production', ['old'], { time: new Date('2024-05-02T10:00:00Z') })).toEqual([doc])
    expect(store.history.transactions('production', { ids: ['old'], limit: 10 })).toEqual([
      { id: 'rev-old', timestamp: '2024-05-02T10:00:00.000Z', author: 'editor-1', documentIDs: ['old'], mutations: [] },
    ])
  })
})
