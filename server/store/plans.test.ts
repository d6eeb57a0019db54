// A write must cost the same in an archive of a million articles as in one of ten: every statement
// the store runs for a write reads the rows it needs through an index that fits the whole lookup,
// never a pass over a dataset's rows or keys. SQLite keeps no statistics here (no ANALYZE), so its
// planner may pick an index that only narrows to the dataset: that happened to the slug check and to
// the removal of a document's listing keys, and each made a write's cost grow with the archive.
// The plans are SQLite's own, for the statements the store really ran (traced with their values).

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildSyntheticArticles } from '../seed/synthetic.ts'
import { Store } from './store.ts'

const cleanup: Array<() => void> = []
afterEach(() => {
  for (const done of cleanup.splice(0)) done()
})

/** The statement's plan reads more than the rows it names: a whole table, or a whole dataset of an index. */
function passesOver(detail: string): boolean {
  // The write counter is one row; an FTS5 table read by rowid says "SCAN … VIRTUAL TABLE INDEX 0:=".
  if (/^SCAN (document_versions|\S+ VIRTUAL TABLE INDEX \d+:=)/.test(detail)) return false
  return /^SCAN /.test(detail) || /\(dataset=\?\)$/.test(detail)
}

describe('a write', () => {
  it('reads every row it needs through an index that fits its whole lookup', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'resonance-plans-'))
    const statements: string[] = []
    let tracing = false
    const store = new Store(dir, { trace: (sql) => tracing && statements.push(sql) })
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }))
    cleanup.unshift(() => store.close())
    store.createDataset('production')
    const section = { _id: 'section-news', _type: 'category', title: 'News', slug: { _type: 'slug', current: 'news' }, kind: 'section' }
    const author = { _id: 'author-amara', _type: 'author', name: 'Amara Okafor', slug: { _type: 'slug', current: 'amara-okafor' } }
    const articles = buildSyntheticArticles({ count: 40, now: new Date('2026-11-01T12:00:00Z'), imageRefs: [], authorIds: [author._id], categoryIds: [section._id] })
    const blog = { ...articles[0]!, _id: 'blog', slug: { _type: 'slug', current: 'live-the-budget' }, isLiveBlog: true }
    const update = (id: string, pinned: boolean) => ({
      _id: id,
      _type: 'liveUpdate',
      liveBlog: { _type: 'reference', _ref: blog._id },
      publishedAt: '2026-11-01T12:00:00Z',
      isPinned: pinned,
      body: [{ _type: 'block', _key: 'b', children: [{ _type: 'span', _key: 's', text: 'The Chancellor rises.' }] }],
    })
    await store.commit('production', [section, author, blog, ...articles.slice(1), update('update-1', false)].map((doc) => ({ createOrReplace: doc })))

    tracing = true
    const [first, second, third] = articles.slice(1, 4).map((doc) => doc._id)
    // A new story, a draft of a published one and its publish, a patch, a delete, a pin and its move, a section
    // and the counted reads: each kind of write an editor, the desk or the read counter makes.
    await store.commit('production', [{ create: { ...articles[5]!, _id: 'new-story', slug: { _type: 'slug', current: 'a-new-story' } } }])
    await store.commit('production', [{ createOrReplace: { ...articles[1]!, _id: `drafts.${first}`, title: 'A corrected headline' } }])
    await store.commit('production', [{ createOrReplace: { ...articles[1]!, title: 'A corrected headline' } }, { delete: { id: `drafts.${first}` } }])
    await store.commit('production', [{ patch: { id: second!, set: { title: 'Patched' }, ifRevisionID: (await store.dataset('production').docs.get(second!))!._rev as string } }])
    await store.commit('production', [{ delete: { id: third! } }])
    await store.commit('production', [{ createOrReplace: update('update-2', true) }])
    // The pin moves: the blog's pinned update is found from its keys and unpinned in the same transaction.
    await store.commit('production', [{ createOrReplace: update('update-3', true) }])
    await store.commit('production', [{ createOrReplace: { ...section, title: 'World news' } }])
    await store.recordReads('production', [{ id: first!, add: 3, lastDay: 3 }])
    tracing = false

    const written = [...new Set(statements)].filter((sql) => /^\s*(SELECT|INSERT|UPDATE|DELETE)/i.test(sql))
    expect(written.some((sql) => /^DELETE FROM document_keys/.test(sql))).toBe(true)
    const passes = written.flatMap((sql) => {
      const plan = (store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((row) => row.detail)
      return plan.filter(passesOver).map((detail) => `${sql.slice(0, 120)} → ${detail}`)
    })
    expect(passes).toEqual([])
  })
})
