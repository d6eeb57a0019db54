import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import type { Doc } from '../store/mutations.ts'
import { Store } from '../store/store.ts'
import { refillWhenVersionDiffers, type VersionedIndex } from './versionedRefill.ts'

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

/** An index of titles in its own table; counts its refills. */
function titles(db: Database.Database, version: number, failAt = Infinity): VersionedIndex & { refills: number } {
  const index = {
    key: 'titles',
    version,
    types: ['article'],
    refills: 0,
    recreate: () => {
      index.refills += 1
      db.exec('DROP TABLE IF EXISTS titles; CREATE TABLE titles (dataset TEXT, id TEXT, title TEXT)')
      const add = db.prepare('INSERT INTO titles VALUES (?, ?, ?)')
      let added = 0
      return (dataset: string, id: string, doc: Doc) => {
        if (++added > failAt) throw new Error('the refill stopped')
        add.run(dataset, id, doc.title)
      }
    },
  }
  return index
}

describe('an index refilled when its version differs', () => {
  it('is filled from every stored document of its types once, and not again while the version holds', async () => {
    const db = await storedDatabase()
    const index = titles(db, 1)
    expect(refillWhenVersionDiffers(db, index)).toBe(true)
    const rows = db.prepare('SELECT dataset, id FROM titles').all() as Array<{ dataset: string; id: string }>
    expect(rows).toHaveLength(1003)
    expect(rows.filter((row) => row.dataset === 'staging').map((row) => row.id)).toEqual(['s1', 's2'])
    expect(rows.some((row) => row.id === 'c1')).toBe(false)
    expect(db.prepare("SELECT value FROM search_meta WHERE key = 'titles'").pluck().get()).toBe('1')

    expect(refillWhenVersionDiffers(db, index)).toBe(false)
    expect(index.refills).toBe(1)
    db.close()
  })

  it('keeps the old tables and version when a refill stops part way (in its second batch), so the next start refills again', async () => {
    const db = await storedDatabase()
    refillWhenVersionDiffers(db, titles(db, 1))
    expect(() => refillWhenVersionDiffers(db, titles(db, 2, 1001))).toThrow('the refill stopped')
    expect(db.prepare('SELECT count(*) FROM titles').pluck().get()).toBe(1003)
    expect(db.prepare("SELECT value FROM search_meta WHERE key = 'titles'").pluck().get()).toBe('1')

    const next = titles(db, 2)
    expect(refillWhenVersionDiffers(db, next)).toBe(true)
    expect(next.refills).toBe(1)
    expect(db.prepare("SELECT value FROM search_meta WHERE key = 'titles'").pluck().get()).toBe('2')
    db.close()
  })
})
