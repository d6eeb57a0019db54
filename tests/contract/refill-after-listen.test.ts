// A paper upgraded to a release whose keyed fields (or search indexes) changed answers at once:
// the refill runs after the service listens, a batch per task, and until a field's keys are
// complete its queries are answered by a pass, exactly as groq-js answers them
// (docs/decisions/041-refills-after-listen.md). The refill is held here by a scheduler of our own.

import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DocumentReader } from '../../server/query/documents.ts'
import { expectIndexAnswers, groqAnswer, visibleInIdOrder, type IndexAnswerCase } from '../../server/query/groqOracle.testing.ts'
import { RowScanner } from '../../server/query/scan.ts'
import { parseGroq } from '../../server/groq/selection.ts'
import { buildSyntheticArticles } from '../../server/seed/synthetic.ts'
import { SearchReader } from '../../server/search/index.ts'
import { homepageQuery } from '../../src/content/homepage/query.ts'
import { archiveQuery, categoryListingQuery } from '../../src/content/listings/listings.ts'
import { searchArticlesQuery } from '../../src/content/search/search.ts'
import { sortKey } from '../../server/store/documentColumns.ts'
import type { Doc } from '../../server/store/mutations.ts'
import { Store } from '../../server/store/store.ts'

const dirs: string[] = []
const closers: Array<() => void> = []
afterEach(() => {
  for (const close of closers.splice(0).reverse()) close()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const dataset = 'production'
const batch = { rows: 100, ms: Infinity }

/** A paper of 600 articles stored by the release before: then its publishedAt and section keys, its pair keys and both search indexes are made out of date, as a new release's list would. */
async function upgradedPaper(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'resonance-key-refill-'))
  dirs.push(dir)
  const store = new Store(dir)
  store.createDataset(dataset)
  const cats = ['c1', 'c2'].map((id) => ({ _id: id, _type: 'category', title: id, slug: { _type: 'slug', current: id }, kind: 'section' }))
  await store.commit(dataset, [...cats, { _id: 'a1', _type: 'author', name: 'A', slug: { _type: 'slug', current: 'a1' } }].map((d) => ({ createOrReplace: d })))
  const arts = buildSyntheticArticles({ count: 600, now: new Date('2026-11-27T12:00:00Z'), imageRefs: [], authorIds: ['a1'], categoryIds: ['c1', 'c2'] })
  await store.commit(dataset, arts.map((d) => ({ createOrReplace: d })))
  store.close()
  const db = new Database(join(dir, 'content.db'))
  // Keys the new release would write differently: none of them may be read until written again.
  db.exec(`
    DELETE FROM document_keys WHERE field IN ('publishedAt', 'categories[]._ref') OR (field >= 'pair:' AND field < 'pair;');
    UPDATE document_key_families SET signature = 'the release before' WHERE family IN ('publishedAt', 'categories[]._ref', 'pair:');
    UPDATE search_meta SET value = '0';
  `)
  db.close()
  return dir
}

function open(dir: string) {
  const store = new Store(dir, { refill: 'later' })
  const db = new Database(join(dir, 'content.db'), { readonly: true, fileMustExist: true })
  closers.push(() => store.close(), () => db.close())
  return { store, db }
}

const queries: IndexAnswerCase[] = [
  ['homepage', homepageQuery, {}, 30],
  ['archive', archiveQuery({ start: 20, end: 40 }), {}, 45],
  ['section listing', categoryListingQuery({ start: 0, end: 20 }), { slug: 'c1' }, 25],
  ['search by match', searchArticlesQuery(1), { q: 'london bridge', section: null, from: null, to: null }, 20],
]

/** Each query as a query worker answers it (indexes where ready, else a pass), against groq-js's answer over every document. */
async function expectGroqAnswers(store: Store, db: Database.Database): Promise<void> {
  const docs = visibleInIdOrder([...store.dataset(dataset).docs.values()], 'anonymous')
  const reader = new DocumentReader(db, 32 * 1024 * 1024)
  const scanner = new RowScanner(db)
  for (const [name, query, params] of queries) {
    const tree = parseGroq(query, params)
    const answer = await reader.snapshot(() => scanner.answer(tree, dataset, 'anonymous', params, '', reader.source(dataset, 'anonymous', 500, { keyLimit: Infinity })))
    expect(JSON.stringify(answer), name).toBe(JSON.stringify(await groqAnswer(tree, docs, params)))
  }
}

describe('a refill after an upgrade', () => {
  it('leaves queries answered as groq-js answers them before it ends and while documents are written, and then from the keys', async () => {
    const { store, db } = open(await upgradedPaper())
    expect(store.pendingRefills).toEqual(['keys', 'match', 'version'])
    const tasks: Array<() => void> = []
    const finished = store.refillInBackground((task) => tasks.push(task), batch)
    const run = (n: number) => {
      for (let i = 0; i < n; i++) tasks.shift()!()
    }

    // Before any batch: nothing refilled, every answer still groq-js's.
    const pending = () => db.prepare('SELECT family FROM document_keys_pending ORDER BY family').pluck().all()
    expect(pending()).toEqual(['categories[]._ref', 'pair:', 'publishedAt'])
    await expectGroqAnswers(store, db)
    // Until the search index is refilled, the /search page's search says so (and the page asks GROQ instead).
    expect(() => new SearchReader(db).search(dataset, { q: 'london', section: null, from: null, to: null, page: 1 })).toThrow(/being rebuilt/)

    // Part way, a new story on either side of the cursor, a story moved to the other section and given a new time, and one deleted.
    run(3)
    expect(store.pendingRefills[0]).toBe('keys')
    const cursor = db.prepare("SELECT after_id FROM refill_pending WHERE name = 'keys'").pluck().get() as string
    const articles = [...store.dataset(dataset).docs.ofType('article')]
    const moved = articles.find((doc) => doc._id < cursor && (doc.categories as Array<{ _ref: string }>)[0]?._ref === 'c1')!
    const later = articles.find((doc) => doc._id > cursor)!
    const story = (id: string, title: string) => ({ ...later, _id: id, title, slug: { _type: 'slug', current: id }, publishedAt: '2026-11-27T11:59:00Z', isLeadStory: true })
    await store.commit(dataset, [
      { createOrReplace: story('0-first', 'London Bridge reopens') },
      { createOrReplace: story('zzzz-last', 'London Bridge closes') },
      { patch: { id: moved._id, set: { publishedAt: '2026-11-27T11:58:00Z', categories: [{ _type: 'reference', _key: 'k', _ref: 'c2' }] } } },
      { delete: { id: later._id } },
    ])
    await expectGroqAnswers(store, db)

    // To the end: every key written once, for every document as it is now.
    while (tasks.length > 0) run(1)
    await finished
    expect(store.pendingRefills).toEqual([])
    expect(pending()).toEqual([])
    expect(db.prepare('SELECT count(*) FROM refill_pending').pluck().get()).toBe(0)
    const stored = [...store.dataset(dataset).docs.values()] as Doc[]
    const keys = db.prepare("SELECT id, key FROM document_keys WHERE dataset = ? AND field = 'publishedAt'").all(dataset) as Array<{ id: string; key: Buffer }>
    expect(keys.map((row) => row.id).sort()).toEqual(stored.map((doc) => doc._id).sort())
    for (const row of keys) expect(row.key.equals(sortKey(stored.find((doc) => doc._id === row.id)!.publishedAt ?? null)), row.id).toBe(true)
    const inSection = (id: string) => db.prepare("SELECT key FROM document_keys WHERE dataset = ? AND field = 'categories[]._ref' AND id = ?").all(dataset, id) as Array<{ key: Buffer }>
    expect(inSection(moved._id).map((row) => row.key)).toEqual([sortKey('c2')])
    expect(db.prepare('SELECT count(*) FROM match_docs').pluck().get()).toBe(stored.filter((doc) => doc._type === 'article').length)

    // Ready: each query from the indexes, parsing only what it shows.
    await expectGroqAnswers(store, db)
    await expectIndexAnswers(db, dataset, 'anonymous', visibleInIdOrder(stored, 'anonymous'), queries)
    const found = new SearchReader(db).search(dataset, { q: 'london bridge', section: null, from: null, to: null, page: 1 })
    expect(found.hits.map((hit) => hit._id)).toEqual(expect.arrayContaining(['0-first', 'zzzz-last']))
  }, 120_000)

  it('goes on from its last batch at the next start', async () => {
    const dir = await upgradedPaper()
    const first = open(dir)
    const tasks: Array<() => void> = []
    void first.store.refillInBackground((task) => tasks.push(task), batch)
    for (let i = 0; i < 3; i++) tasks.shift()!()
    const cursor = first.db.prepare("SELECT after_id FROM refill_pending WHERE name = 'keys'").pluck().get()
    expect(cursor).not.toBe('')
    for (const close of closers.splice(0).reverse()) close()

    const again = open(dir)
    expect(again.store.pendingRefills).toEqual(['keys', 'match', 'version'])
    expect(again.db.prepare("SELECT after_id FROM refill_pending WHERE name = 'keys'").pluck().get()).toBe(cursor)
    await again.store.refillInBackground((task) => setImmediate(task), batch)
    expect(again.db.prepare('SELECT count(*) FROM document_keys_pending').pluck().get()).toBe(0)
    await expectGroqAnswers(again.store, again.db)
  }, 120_000)
})
