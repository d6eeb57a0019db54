import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import type { Doc } from '../store/mutations.ts'
import { Store } from '../store/store.ts'
import { refillAll, refillBatch, versionedRefill, type VersionedIndex } from './versionedRefill.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A database holding 1,001 articles and a category in one dataset and 2 articles in another: more than one batch. */
async function storedDatabase(): Promise<Database.Database> {
  const dir = mkdtempSync(join(tmpdir(), 'resonance-refill-'))
  dirs.push(dir)
  const store = new Store(dir)
  store.createDataset('production')
  store.createDataset('staging')
  const articles = Array.from({ length: 1001 }, (_, n) => ({ createOrReplace: { _id: `a${String(n).padStart(4, '0')}`, _type: 'article', title: `Story ${n}` } }))
  await store.commit('production', [...articles, { createOrReplace: { _id: 'c1', _type: 'category', title: 'Sport' } }])
  await store.commit('staging', [{ createOrReplace: { _id: 's1', _type: 'article', title: 'Draft run' } }, { createOrReplace: { _id: 's2', _type: 'article', title: 'Second run' } }])
  store.close()
  return new Database(join(dir, 'content.db'))
}

/** An index of titles in its own table; counts its recreations. */
function titles(db: Database.Database, version: number, failAt = Infinity): VersionedIndex & { recreated: number } {
  let added = 0
  const index = {
    key: 'titles',
    version,
    types: ['article'],
    recreated: 0,
    recreate: () => {
      index.recreated += 1
      db.exec('DROP TABLE IF EXISTS titles; CREATE TABLE titles (dataset TEXT, id TEXT, title TEXT, PRIMARY KEY (dataset, id))')
    },
    writer: () => {
      const add = db.prepare('INSERT OR REPLACE INTO titles VALUES (?, ?, ?)')
      return (dataset: string, id: string, doc: Doc) => {
        if (++added > failAt) throw new Error('the refill stopped')
        add.run(dataset, id, doc.title)
      }
    },
  }
  return index
}

const count = (db: Database.Database) => db.prepare('SELECT count(*) FROM titles').pluck().get()
const pending = (db: Database.Database) => db.prepare("SELECT after_id FROM refill_pending WHERE name = 'titles'").pluck().get()

describe('an index refilled when its version differs', () => {
  it('gets new tables at once, is filled from every stored document of its types by the refill, and is not refilled again while the version holds', async () => {
    const db = await storedDatabase()
    const index = titles(db, 1)
    const job = versionedRefill(db, index)!
    expect(job).not.toBeNull()
    expect(count(db)).toBe(0)
    expect(pending(db)).toBe('')
    refillAll(db, job)
    const rows = db.prepare('SELECT dataset, id FROM titles').all() as Array<{ dataset: string; id: string }>
    expect(rows).toHaveLength(1003)
    expect(rows.filter((row) => row.dataset === 'staging').map((row) => row.id)).toEqual(['s1', 's2'])
    expect(rows.some((row) => row.id === 'c1')).toBe(false)
    expect(db.prepare("SELECT value FROM search_meta WHERE key = 'titles'").pluck().get()).toBe('1')
    expect(pending(db)).toBeUndefined()

    expect(versionedRefill(db, index)).toBeNull()
    expect(index.recreated).toBe(1)
    db.close()
  })

  it('runs in batches that each move its cursor, and resumes after the last one that ended when a batch stops part way', async () => {
    const db = await storedDatabase()
    const first = titles(db, 1, 250)
    const job = versionedRefill(db, first)!
    expect(refillBatch(db, job, { rows: 200, ms: Infinity })).toBe(true)
    expect(count(db)).toBe(200)
    expect(pending(db)).toBe('a0199')
    expect(() => refillBatch(db, job, { rows: 200, ms: Infinity })).toThrow('the refill stopped')
    // The stopped batch wrote nothing: its transaction rolled back, the cursor with it.
    expect(count(db)).toBe(200)
    expect(pending(db)).toBe('a0199')

    // The next start: the same version, so the tables stay and the refill goes on from the cursor.
    const next = titles(db, 1)
    const resumed = versionedRefill(db, next)!
    expect(next.recreated).toBe(0)
    refillAll(db, resumed)
    expect(count(db)).toBe(1003)
    expect(pending(db)).toBeUndefined()
    db.close()
  })

  it('ends a batch at the document that uses up its time, even part way through the rows it read', async () => {
    const db = await storedDatabase()
    const job = versionedRefill(db, titles(db, 1))!
    // No time at all: each batch refills one document and stops there, so none holds the thread for more than one.
    expect(refillBatch(db, job, { rows: 1000, ms: 0 })).toBe(true)
    expect(count(db)).toBe(1)
    expect(pending(db)).toBe('a0000')
    expect(refillBatch(db, job, { rows: 1000, ms: 0 })).toBe(true)
    expect(count(db)).toBe(2)
    expect(pending(db)).toBe('a0001')
    refillAll(db, job)
    expect(count(db)).toBe(1003)
    expect(pending(db)).toBeUndefined()
    db.close()
  })
})
