// A paper upgraded to a release whose keyed fields, counts (or search indexes) changed answers at
// once: the refill runs after the service listens, a batch per task, and until a field's keys or a
// dataset's counts are complete its queries are answered without them (by a pass, or from the keys),
// exactly as groq-js answers them (docs/decisions/041-refills-after-listen.md). The refill is held
// here by a scheduler of our own.

import Database from 'better-sqlite3'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DocumentReader, visibleIdSql } from '../../server/query/documents.ts'
import { TotalsReader } from '../../server/query/totals.ts'
import { countSetOf } from '../../server/groq/planner.ts'
import { keysReady, pendingFamilies } from '../../server/store/keyRefill.ts'
import { expectIndexAnswers, groqAnswer, indexAnswer, visibleInIdOrder, type IndexAnswerCase } from '../../server/query/groqOracle.testing.ts'
import { RowScanner } from '../../server/query/scan.ts'
import { parseGroq } from '../../server/groq/selection.ts'
import { refillAll } from '../../server/search/versionedRefill.ts'
import { migrateCounts } from '../../server/store/counts.ts'
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

/**
 * A paper of 600 articles stored by the release before: then its publishedAt and section keys, the
 * keys written under each section (a section's page reads its slice from them), its pair keys, its
 * counts and both search indexes are made out of date, as a new release's lists would.
 */
async function upgradedPaper({ counts = true }: { counts?: boolean } = {}): Promise<string> {
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
    DELETE FROM document_keys WHERE field IN ('publishedAt', 'categories[]._ref') OR (field >= 'pair:' AND field < 'pair;') OR (field >= 'publishedAt@categories[]._ref=' AND field < 'publishedAt@categories[]._ref>');
    UPDATE document_key_families SET signature = 'the release before' WHERE family IN ('publishedAt', 'categories[]._ref', 'pair:', 'publishedAt@categories[]._ref');
    UPDATE search_meta SET value = '0';
  `)
  if (counts) db.exec('DELETE FROM counts_version')
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

/** The archive's total, as a query worker answers it: equal to groq-js's, with the index entries it read (a few from the kept totals, else one per article). */
async function archiveTotal(store: Store, db: Database.Database): Promise<{ total: unknown; entries: number }> {
  const tree = parseGroq('count(*[_type == "article" && defined(slug.current) && !(_id in path("drafts.**"))])', {})
  const reader = new DocumentReader(db, 32 * 1024 * 1024)
  const answered = await indexAnswer(reader, tree, reader.source(dataset, 'anonymous', 500), {}, (id) => reader.byId(dataset, id))
  const total = await groqAnswer(tree, visibleInIdOrder([...store.dataset(dataset).docs.values()], 'anonymous'), {})
  expect(answered?.result).toBe(total)
  return { total, entries: reader.indexEntries }
}

/**
 * A section's total, as its page asks it: the kept totals answer it only once the section's keys are
 * complete (while they are written again its kept total follows them, and is not the section's), and
 * the query worker's answer is groq-js's either way.
 */
async function expectSectionTotal(store: Store, db: Database.Database, section: string, { complete }: { complete: boolean }): Promise<void> {
  const filter = `_type == "article" && defined(slug.current) && !(_id in path("drafts.**")) && $s in categories[]._ref`
  const tree = parseGroq(`count(*[${filter}])`, { s: section })
  const expected = await groqAnswer(tree, visibleInIdOrder([...store.dataset(dataset).docs.values()], 'anonymous'), { s: section })
  const set = countSetOf((parseGroq(`*[${filter}]`, { s: section }) as { expr: Parameters<typeof countSetOf>[0] }).expr, { s: section })!
  const totals = new TotalsReader(db)
  const kept = (ready: (field: string) => boolean) => totals.count(dataset, set, 'anonymous', visibleIdSql.anonymous, () => undefined, ready)
  const pending = pendingFamilies(db)(dataset)
  if (complete) expect(kept((field) => keysReady(pending, field))).toBe(expected)
  else {
    // What the kept total says now is not the section's (the case a reader must not answer from)...
    expect(kept(() => true)).not.toBe(expected)
    // ... so the totals do not answer while the field's keys are pending.
    expect(kept((field) => keysReady(pending, field))).toBeNull()
  }
  // As a query worker answers it: from the index where it can, else by a pass.
  const reader = new DocumentReader(db, 32 * 1024 * 1024)
  const source = reader.source(dataset, 'anonymous', 500, { keyLimit: Infinity })
  expect(await reader.snapshot(() => new RowScanner(db).answer(tree, dataset, 'anonymous', { s: section }, '', source))).toBe(expected)
  if (complete) expect((await indexAnswer(reader, tree, reader.source(dataset, 'anonymous', 500), { s: section }, (id) => reader.byId(dataset, id)))?.result).toBe(expected)
}

/** Once complete, the counts equal those counted again from scratch from the rows as they are. */
function expectCountsAsCountedAgain(store: Store): void {
  const snapshot = () => [store.db.prepare('SELECT * FROM type_counts WHERE n != 0 ORDER BY 1, 2, 3').all(), store.db.prepare('SELECT * FROM key_counts WHERE n != 0 ORDER BY 1, 2, 3, 4, 5').all()]
  const kept = snapshot()
  expect(kept[0]!.length).toBeGreaterThan(0)
  store.db.exec('DELETE FROM counts_version')
  refillAll(store.db, migrateCounts(store.db)!)
  expect(snapshot()).toEqual(kept)
}

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
  it('counts first, then writes the keys, leaving queries answered as groq-js answers them before it ends and while documents are written, and then from the keys and counts', async () => {
    const { store, db } = open(await upgradedPaper())
    expect(store.pendingRefills).toEqual(['counts', 'keys', 'match', 'version'])
    const tasks: Array<() => void> = []
    const finished = store.refillInBackground((task) => tasks.push(task), batch)
    const run = (n: number) => {
      for (let i = 0; i < n; i++) tasks.shift()!()
    }

    // Before any batch: nothing refilled, every answer still groq-js's.
    const pending = () => db.prepare('SELECT family FROM document_keys_pending ORDER BY family').pluck().all()
    expect(pending()).toEqual(['categories[]._ref', 'pair:', 'publishedAt', 'publishedAt@categories[]._ref'])
    await expectGroqAnswers(store, db)
    // The counts are not read until complete: the archive's total is counted from the keys.
    const before = await archiveTotal(store, db)
    expect(before.entries).toBeGreaterThanOrEqual(before.total as number)
    // Until the search index is refilled, the /search page's search says so (and the page asks GROQ instead).
    expect(() => new SearchReader(db).search(dataset, { q: 'london', section: null, from: null, to: null, page: 1 })).toThrow(/being rebuilt/)

    // The counts part way: a story new on either side of their cursor, one featured and moved to
    // the other section on either side, one deleted on either side, and a draft of one.
    run(3)
    expect(store.pendingRefills[0]).toBe('counts')
    const counted = db.prepare("SELECT after_id FROM refill_pending WHERE name = 'counts'").pluck().get() as string
    const articles = [...store.dataset(dataset).docs.ofType('article')]
    const last = articles.find((doc) => doc._id > counted)!
    const story = (id: string, title: string) => ({ ...last, _id: id, title, slug: { _type: 'slug', current: id }, publishedAt: '2026-11-27T11:59:00Z', isLeadStory: true })
    const [early, earlyGone] = articles.filter((doc) => doc._id < counted)
    const [late, lateGone] = articles.filter((doc) => doc._id > counted)
    const featured = { isFeatured: true, categories: [{ _type: 'reference', _key: 'k', _ref: 'c2' }] }
    await store.commit(dataset, [
      { createOrReplace: { ...story('0-second', 'Tower Bridge reopens'), isFeatured: true } },
      { createOrReplace: story('zzzz-second', 'Tower Bridge closes') },
      { patch: { id: early!._id, set: featured } },
      { patch: { id: late!._id, set: featured } },
      { delete: { id: earlyGone!._id } },
      { delete: { id: lateGone!._id } },
      { createOrReplace: { ...late!, _id: `drafts.${late!._id}`, title: 'A draft of it' } },
    ])
    await expectGroqAnswers(store, db)
    const during = await archiveTotal(store, db)
    expect(during.entries).toBeGreaterThanOrEqual(during.total as number)

    // The counts complete, the keys part way: the archive's total from the counts at once, but no
    // total of a field whose keys are still being written (a section's follows its partial keys).
    while (store.pendingRefills[0] !== 'keys') run(1)
    run(3)
    expect(store.pendingRefills[0]).toBe('keys')
    expect((await archiveTotal(store, db)).entries).toBeLessThan(10)
    await expectSectionTotal(store, db, 'c1', { complete: false })
    // A new story on either side of the keys' cursor, a story moved to the other section and given a new time, and one deleted.
    const cursor = db.prepare("SELECT after_id FROM refill_pending WHERE name = 'keys'").pluck().get() as string
    const now = [...store.dataset(dataset).docs.ofType('article')]
    const moved = now.find((doc) => doc._id < cursor && (doc.categories as Array<{ _ref: string }>)[0]?._ref === 'c1')!
    const later = now.find((doc) => doc._id > cursor && doc._id !== 'zzzz-second')!
    await store.commit(dataset, [
      { createOrReplace: story('0-first', 'London Bridge reopens') },
      { createOrReplace: story('zzzz-last', 'London Bridge closes') },
      { patch: { id: moved._id, set: { publishedAt: '2026-11-27T11:58:00Z', categories: [{ _type: 'reference', _key: 'k', _ref: 'c2' }] } } },
      { delete: { id: later._id } },
    ])
    await expectGroqAnswers(store, db)
    await expectSectionTotal(store, db, 'c2', { complete: false })

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
    expect(db.prepare("SELECT count(*) FROM document_keys WHERE dataset = ? AND field = 'publishedAt@categories[]._ref=c2' AND id = ?").pluck().get(dataset, moved._id)).toBe(1)
    expect(db.prepare('SELECT count(*) FROM match_docs').pluck().get()).toBe(stored.filter((doc) => doc._type === 'article').length)

    // Ready: each query from the indexes, parsing only what it shows.
    await expectGroqAnswers(store, db)
    await expectIndexAnswers(db, dataset, 'anonymous', visibleInIdOrder(stored, 'anonymous'), queries)
    const found = new SearchReader(db).search(dataset, { q: 'london bridge', section: null, from: null, to: null, page: 1 })
    expect(found.hits.map((hit) => hit._id)).toEqual(expect.arrayContaining(['0-first', 'zzzz-last']))
    // The counts complete: the archive's total from them, a few entries read, and every count as if counted from scratch.
    const after = await archiveTotal(store, db)
    expect(after.entries).toBeLessThan(10)
    await expectSectionTotal(store, db, 'c2', { complete: true })
    expectCountsAsCountedAgain(store)
  }, 120_000)

  it('goes on from its last batch at the next start', async () => {
    const dir = await upgradedPaper()
    const first = open(dir)
    const tasks: Array<() => void> = []
    void first.store.refillInBackground((task) => tasks.push(task), batch)
    for (let i = 0; i < 3; i++) tasks.shift()!()
    expect(first.store.pendingRefills[0]).toBe('counts')
    const counted = first.db.prepare("SELECT after_id FROM refill_pending WHERE name = 'counts'").pluck().get()
    expect(counted).not.toBe('')
    for (const close of closers.splice(0).reverse()) close()

    const again = open(dir)
    expect(again.store.pendingRefills).toEqual(['counts', 'keys', 'match', 'version'])
    expect(again.db.prepare("SELECT after_id FROM refill_pending WHERE name = 'counts'").pluck().get()).toBe(counted)
    // Stopped again, with the keys part way.
    const more: Array<() => void> = []
    void again.store.refillInBackground((task) => more.push(task), batch)
    while (again.store.pendingRefills[0] !== 'keys') more.shift()!()
    for (let i = 0; i < 3; i++) more.shift()!()
    const cursor = again.db.prepare("SELECT after_id FROM refill_pending WHERE name = 'keys'").pluck().get()
    expect(cursor).not.toBe('')
    for (const close of closers.splice(0).reverse()) close()

    const last = open(dir)
    expect(last.store.pendingRefills).toEqual(['keys', 'match', 'version'])
    expect(last.db.prepare("SELECT after_id FROM refill_pending WHERE name = 'keys'").pluck().get()).toBe(cursor)
    // The counts complete since the last start: read at once.
    expect((await archiveTotal(last.store, last.db)).entries).toBeLessThan(10)
    await last.store.refillInBackground((task) => setImmediate(task), batch)
    expect(last.db.prepare('SELECT count(*) FROM document_keys_pending').pluck().get()).toBe(0)
    await expectGroqAnswers(last.store, last.db)
    expect((await archiveTotal(last.store, last.db)).entries).toBeLessThan(10)
    expectCountsAsCountedAgain(last.store)
  }, 120_000)

  it('keeps the counts exact while only the keys are refilled', async () => {
    const { store, db } = open(await upgradedPaper({ counts: false }))
    expect(store.pendingRefills).toEqual(['keys', 'match', 'version'])
    const tasks: Array<() => void> = []
    const finished = store.refillInBackground((task) => tasks.push(task), batch)
    for (let i = 0; i < 3; i++) tasks.shift()!()
    const cursor = db.prepare("SELECT after_id FROM refill_pending WHERE name = 'keys'").pluck().get() as string
    const [early, late] = [[...store.dataset(dataset).docs.ofType('article')].find((doc) => doc._id < cursor)!, [...store.dataset(dataset).docs.ofType('article')].find((doc) => doc._id > cursor)!]
    await store.commit(dataset, [
      { patch: { id: early._id, set: { isFeatured: true, categories: [{ _type: 'reference', _key: 'k', _ref: 'c2' }] } } },
      { patch: { id: late._id, set: { mediaType: 'video', categories: [{ _type: 'reference', _key: 'k', _ref: 'c1' }] } } },
    ])
    // The counts were complete all along, so they are read meanwhile.
    expect((await archiveTotal(store, db)).entries).toBeLessThan(10)
    await expectGroqAnswers(store, db)
    while (tasks.length > 0) tasks.shift()!()
    await finished
    await expectGroqAnswers(store, db)
    expectCountsAsCountedAgain(store)
  }, 120_000)

  it('leaves the refill to the service when the content command makes a user', async () => {
    const dir = await upgradedPaper()
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'user', 'create', 'desk@resonance.example', '--role', 'editor'], { env: { ...process.env, DATA_DIR: dir, RESONANCE_PASSWORD: 'a long enough password' }, cwd: process.cwd() })
    expect(stdout).toContain('desk@resonance.example')
    const db = new Database(join(dir, 'content.db'), { readonly: true, fileMustExist: true })
    closers.push(() => db.close())
    // Nothing written again by the command: the service refills after it listens.
    expect(db.prepare('SELECT name FROM refill_pending ORDER BY name').pluck().all()).toEqual(expect.arrayContaining(['counts', 'keys']))
    expect(db.prepare('SELECT count(*) FROM document_keys_pending').pluck().get()).toBeGreaterThan(0)
  }, 60_000)
})
