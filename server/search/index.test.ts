import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { Store } from '../store/store.ts'
import { otherDatasetsSql, portableText, SearchReader } from './index.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'resonance-search-'))
  dirs.push(dir)
  return dir
}

const request = (q: string) => ({ q, section: null, from: null, to: null, page: 1 })

function found(dir: string, q: string): string[] {
  const db = new Database(join(dir, 'content.db'), { readonly: true })
  try {
    return new SearchReader(db).search('production', request(q)).hits.map((hit) => hit._id)
  } finally {
    db.close()
  }
}

async function storeWithArticle(dir: string): Promise<void> {
  const store = new Store(dir)
  store.createDataset('production')
  await store.commit('production', [{ createOrReplace: { _id: 'a1', _type: 'article', title: 'Lido reopens', slug: { current: 'lido' } } }])
  store.close()
}

describe('the search index in the store\u2019s database', () => {
  it('is built on start for a database that has none, in one pass over the articles', async () => {
    const dir = tempDir()
    await storeWithArticle(dir)
    // As a database from before the index: its tables and version gone.
    const db = new Database(join(dir, 'content.db'))
    db.exec('DROP TABLE search_text; DROP TABLE search_titles; DROP TABLE search_docs; DROP TABLE search_labels; DROP TABLE search_meta')
    db.close()
    new Store(dir).close()
    expect(found(dir, 'lido')).toEqual(['a1'])
  })

  it('is rebuilt when its version differs from the one the code writes', async () => {
    const dir = tempDir()
    await storeWithArticle(dir)
    const db = new Database(join(dir, 'content.db'))
    db.exec("DELETE FROM search_text; UPDATE search_meta SET value = '0' WHERE key = 'version'")
    db.close()
    expect(found(dir, 'lido')).toEqual([])
    new Store(dir).close()
    expect(found(dir, 'lido')).toEqual(['a1'])
  })

  it('keeps each dataset\u2019s articles to its own searches, whether the other dataset sorts before or after it', async () => {
    const dir = tempDir()
    await storeWithArticle(dir)
    const store = new Store(dir)
    for (const dataset of ['archive', 'staging']) {
      store.createDataset(dataset)
      await store.commit(dataset, [{ createOrReplace: { _id: `${dataset}-lido`, _type: 'article', title: 'Lido reopens', slug: { current: 'lido' } } }])
    }
    store.close()
    const db = new Database(join(dir, 'content.db'), { readonly: true })
    try {
      const reader = new SearchReader(db)
      for (const dataset of ['archive', 'production', 'staging']) expect(reader.search(dataset, request('lido')).hits.map((hit) => hit._id)).toEqual([dataset === 'production' ? 'a1' : `${dataset}-lido`])
      // Whether others share the index is two seeks in the (dataset, id) index, never a read of every row.
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${otherDatasetsSql}`).all({ dataset: 'production' }) as Array<{ detail: string }>).map((row) => row.detail)
      expect(plan.filter((detail) => detail.includes('search_docs'))).toEqual([expect.stringMatching(/^SEARCH search_docs USING COVERING INDEX .*\(dataset<\?\)$/), expect.stringMatching(/^SEARCH search_docs USING COVERING INDEX .*\(dataset>\?\)$/)])
    } finally {
      db.close()
    }
  })

  it('is emptied of a dataset that is deleted', async () => {
    const dir = tempDir()
    await storeWithArticle(dir)
    const store = new Store(dir)
    store.deleteDataset('production')
    store.close()
    expect(found(dir, 'lido')).toEqual([])
  })
})

describe('a search for a word in many articles', () => {
  it('ranks the newest matches and older headlines with every word, and counts them all', async () => {
    const dir = tempDir()
    const store = new Store(dir)
    store.createDataset('production')
    const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 3_600_000).toISOString()
    await store.commit('production', [
      // The oldest article, the only one with the word in its headline.
      { createOrReplace: { _id: 'old', _type: 'article', title: 'River swimmers return', slug: { current: 'old' }, publishedAt: day(0) } },
      ...Array.from({ length: 400 }, (_, n) => ({
        createOrReplace: { _id: `a${n}`, _type: 'article', title: `Story ${n}`, slug: { current: `a${n}` }, excerpt: 'By the river.', publishedAt: day(n + 1) },
      })),
    ])
    store.close()
    const db = new Database(join(dir, 'content.db'), { readonly: true })
    try {
      const reader = new SearchReader(db)
      const first = reader.search('production', request('river'))
      expect(first.total).toBe(401)
      expect(first.ranked).toBe(301)
      expect(first.hits.map((hit) => hit._id).slice(0, 3)).toEqual(['old', 'a399', 'a398'])
      // The last page ends with the oldest of the newest 300.
      expect(reader.search('production', { ...request('river'), page: 16 }).hits.map((hit) => hit._id).at(-1)).toBe('a100')
      expect(reader.search('production', { ...request('river'), page: 17 }).hits).toEqual([])
    } finally {
      db.close()
    }
  })
})

describe('the count of a search', () => {
  it('stops past the results a reader can page to, and says there are more', async () => {
    const dir = tempDir()
    const store = new Store(dir)
    store.createDataset('production')
    const hour = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 3_600_000).toISOString()
    await store.commit(
      'production',
      Array.from({ length: 1002 }, (_, n) => ({
        createOrReplace: { _id: `a${n}`, _type: 'article', title: `Story ${n}`, slug: { current: `a${n}` }, excerpt: n < 1000 ? 'By the river at high tide.' : 'By the river.', publishedAt: hour(n) },
      })),
    )
    store.close()
    const db = new Database(join(dir, 'content.db'), { readonly: true })
    try {
      const reader = new SearchReader(db)
      const river = reader.search('production', request('river'))
      expect([river.total, river.moreThanTotal, river.ranked]).toEqual([1000, true, 300])
      const tide = reader.search('production', request('tide'))
      expect([tide.total, tide.moreThanTotal]).toEqual([1000, false])
      const both = reader.search('production', request('river tide'))
      expect([both.total, both.moreThanTotal, both.hits[0]?._id]).toEqual([1000, false, 'a999'])
    } finally {
      db.close()
    }
  })
})

describe('portableText', () => {
  it('joins the blocks\u2019 span text with a blank line, as pt::text does, and skips other blocks', () => {
    const body = [
      { _type: 'block', children: [{ _type: 'span', text: 'One ' }, { _type: 'span', text: 'two' }] },
      { _type: 'image', asset: { _ref: 'x' } },
      { _type: 'block', children: [{ _type: 'span', text: 'three' }] },
    ]
    expect(portableText(body)).toBe('One two\n\nthree')
    expect(portableText(null)).toBe('')
  })
})
