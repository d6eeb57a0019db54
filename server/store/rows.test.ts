// The store holds no document in memory beyond a cache bounded by bytes (rows.ts): its writes are
// checked against the stored rows, the cache stays within its bound however many documents the
// writes read, and a write by another process is built on, never undone by a copy parsed before it.

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { parsedBytesPerCharacter } from './rows.ts'
import { Store } from './store.ts'

const cleanup: Array<() => void> = []
afterEach(() => {
  for (const done of cleanup.splice(0)) done()
})

function directory(): string {
  const dir = mkdtempSync(join(tmpdir(), 'resonance-rows-'))
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

function open(dir: string, documentCacheBytes?: number): Store {
  const store = new Store(dir, { documentCacheBytes })
  cleanup.unshift(() => store.close())
  return store
}

describe('the store’s documents', () => {
  it('stay within the cache’s bound while writes read far more documents than it holds, each read as stored', async () => {
    const store = open(directory(), 100 * 1024)
    store.createDataset('production')
    const body = 'x'.repeat(1_000)
    const ids = Array.from({ length: 1_500 }, (_, i) => `doc-${String(i).padStart(4, '0')}`)
    for (let i = 0; i < ids.length; i += 250) {
      await store.commit('production', ids.slice(i, i + 250).map((id, j) => ({ create: { _id: id, _type: 'post', n: i + j, body } })))
    }
    let largest = store.rows.cachedBytes
    // Each patch reads its document from the store: 1,500 documents of about 4 KB each as counted.
    for (let i = 0; i < ids.length; i += 20) {
      const tx = await store.commit('production', ids.slice(i, i + 20).map((id) => ({ patch: { id, inc: { n: 1000 } } })))
      tx.changes.forEach((change, j) => expect(change.after).toMatchObject({ _id: ids[i + j], n: i + j + 1000, body }))
      largest = Math.max(largest, store.rows.cachedBytes)
    }
    expect(largest).toBeLessThanOrEqual(100 * 1024)
    expect(store.rows.cachedDocuments).toBeLessThan((100 * 1024) / (parsedBytesPerCharacter * body.length))
    expect(store.rows.cachedDocuments).toBeGreaterThan(0)
    // A pass over every document reads them all from SQLite, in id order, without holding them.
    let seen = 0
    for (const doc of store.dataset('production').docs.values()) {
      expect(doc).toMatchObject({ _id: ids[seen], n: seen + 1000 })
      seen++
    }
    expect(seen).toBe(ids.length)
    expect(store.rows.cachedBytes).toBeLessThanOrEqual(100 * 1024)
    expect(store.dataset('production').docs.size).toBe(ids.length)
  }, 120_000)

  it('build on what another process wrote since they were read, never on the copy read before', async () => {
    const dir = directory()
    const store = open(dir)
    store.createDataset('production')
    await store.commit('production', [{ create: { _id: 'story', _type: 'article', title: 'First', n: 1 } }])
    expect(store.dataset('production').docs.get('story')?.title).toBe('First')
    // The `content` command writes through a Store of its own on the same database.
    const other = open(dir)
    await other.commit('production', [{ patch: { id: 'story', set: { title: 'Corrected' }, inc: { n: 1 } } }])
    expect(store.dataset('production').docs.get('story')).toMatchObject({ title: 'Corrected', n: 2 })
    const tx = await store.commit('production', [{ patch: { id: 'story', inc: { n: 1 } } }])
    expect(tx.changes[0]!.after).toMatchObject({ title: 'Corrected', n: 3 })
    await other.commit('production', [{ delete: { id: 'story' } }])
    expect(store.dataset('production').docs.get('story')).toBeUndefined()
    await expect(store.commit('production', [{ patch: { id: 'story', inc: { n: 1 } } }])).rejects.toThrow()
  })

  it('refuse a slug another article took through another process', async () => {
    const dir = directory()
    const store = open(dir)
    store.createDataset('production')
    const other = open(dir)
    await other.commit('production', [{ create: { _id: 'a', _type: 'article', title: 'A', slug: { _type: 'slug', current: 'taken' } } }])
    await expect(store.commit('production', [{ create: { _id: 'b', _type: 'article', title: 'B', slug: { _type: 'slug', current: 'taken' } } }])).rejects.toThrow(/already used by another article \("a"\)/)
  })
})
