// Queries answered from SQLite's indexes (documents.ts, planFromSource) must give exactly what
// groq-js gives over every document, and the candidates an index narrows a filter to must hold
// every document the filter passes; the parsed documents a worker keeps stay within their bound
// however many are read, and a rewritten document is never answered from its old copy.

import Database from 'better-sqlite3'
import fc from 'fast-check'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { evaluate, parse, type ExprNode } from 'groq-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { narrowingOf, planFromSource } from '../groq/planner.ts'
import type { Doc } from '../store/mutations.ts'
import { Store } from '../store/store.ts'
import { DocumentReader, parsedBytesPerCharacter } from './documents.ts'
import { shows, type Kind } from './views.ts'

let dir: string
let store: Store
let db: Database.Database

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'resonance-documents-'))
  store = new Store(dir)
  db = new Database(join(dir, 'content.db'), { readonly: true, fileMustExist: true })
})

afterAll(() => {
  db.close()
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

let datasets = 0
/** A fresh dataset holding exactly `docs`; its name and the documents as stored (with `_rev` and the times). */
async function stored(docs: Doc[]): Promise<{ name: string; docs: Doc[] }> {
  const name = `d${++datasets}`
  store.createDataset(name)
  if (docs.length > 0) await store.commit(name, docs.map((doc) => ({ createOrReplace: doc })))
  return { name, docs: [...store.dataset(name).docs.values()] }
}

async function datasetOf(docs: Doc[]): Promise<string> {
  return (await stored(docs)).name
}

const MISSING = undefined
const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'x.private']
const doc = fc.record({
  _id: fc.constantFrom(...ids, ...ids.map((id) => `drafts.${id}`)),
  _type: fc.constantFrom('post', 'post', 'note', 'page', 'Post'),
  slug: fc.constantFrom({ _type: 'slug', current: 's1' }, { _type: 'slug', current: 's2' }, { current: 's1' }, { current: 3 }, { current: null }, 's1', null, MISSING, {}, [{ current: 's1' }]),
  title: fc.constantFrom('alpha', 'mid', 'zeta', null, MISSING, 7),
  ref: fc.constantFrom({ _ref: 'a' }, { _ref: 'drafts.b' }, { _ref: 'x.private' }, { _ref: 'nowhere' }, MISSING),
})
const dataset = fc.uniqueArray(doc, { selector: (d) => d._id, maxLength: 14 }).map((docs) =>
  docs.map((d) => Object.fromEntries(Object.entries(d).filter(([, value]) => value !== MISSING)) as Doc),
)

const param = fc.record(
  {
  type: fc.constantFrom('post', 'note', 'Post', 'none'),
  id: fc.constantFrom(...ids, 'drafts.a', 'nowhere'),
  ids: fc.constantFrom(['a', 'c'], ['drafts.b', 'b', 'b'], [], ['x.private', 3, null], ['nowhere']),
  slug: fc.constantFrom('s1', 's2', 'nowhere'),
  },
  // Plain objects, as params parsed from a request are.
  { noNullPrototype: true },
)

/** Filters with every kind of narrowing condition, alone and beside others, in either order, and some that cannot be narrowed. */
const filters = [
  `_type == $type`,
  `$type == _type && title > "b"`,
  `_id == $id`,
  `@._id == $id && defined(slug)`,
  `_id in $ids`,
  `slug.current == $slug`,
  `(slug.current == $slug) && _type == $type`,
  `_type == $type && !(slug.current == $slug)`,
  `_type == $type && (_id == $id || slug.current == $slug)`,
  `_id == $id || _type == $type`,
  `title == "alpha"`,
  `_type == $type && ref->title == "alpha"`,
  `_id in $ids && _id == $id`,
]

const queries = [
  ...filters.map((filter) => `*[${filter}]{_id, title}`),
  `*[_type == $type] | order(title asc, _id desc)[0...3]{_id, title, "ref": ref->_id}`,
  `*[slug.current == $slug][0]{_id, "others": count(*[_type == $type])}`,
  `{"one": *[_id == $id][0], "many": *[_id in $ids]._id}`,
  `count(*[_type == $type && defined(title)])`,
  `*[_type == $type]{_id, "same": *[_id == ^._id][0]._id}`,
  `*[title == "alpha"]._id`,
]

/** Queries with a `*` no condition narrows: `||` at the top, no indexed field, a field of the parent (`^`). */
const unnarrowed = new Set([`*[_id == $id || _type == $type]{_id, title}`, `*[title == "alpha"]{_id, title}`, `*[_type == $type]{_id, "same": *[_id == ^._id][0]._id}`, `*[title == "alpha"]._id`])

const kinds: Array<Exclude<Kind, 'drafts'>> = ['anonymous', 'raw']

function visibleInIdOrder(docs: Doc[], kind: Exclude<Kind, 'drafts'>): Doc[] {
  return docs.filter((d) => shows(kind, d._id)).sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0))
}

async function groq(tree: ExprNode, docs: Doc[], params: Record<string, unknown>): Promise<unknown> {
  const byId = new Map(docs.map((d) => [d._id, d]))
  const value = await evaluate(tree, { dataset: docs, params, dereference: ({ _ref }) => byId.get(_ref) ?? null })
  return (await value.get()) ?? null
}

describe('documents read through the indexes', () => {
  it('give the answer groq-js gives over every document, whenever the query is answered that way', async () => {
    await fc.assert(
      fc.asyncProperty(dataset, param, fc.constantFrom(...queries), fc.constantFrom(...kinds), async (written, params, query, kind) => {
        const { name, docs } = await stored(written)
        const reader = new DocumentReader(db, 1024 * 1024)
        const tree = parse(query, { params })
        const visible = visibleInIdOrder(docs, kind)
        const expected = await groq(tree, visible, params)
        const answered = await reader.snapshot(async () => {
          const planned = planFromSource(tree, { candidates: (n) => reader.candidates(name, n, 500)?.filter((d) => shows(kind, d._id)) ?? null }, params)
          if (!planned) return { planned: false }
          const value = await evaluate(planned, {
            dataset: [],
            params,
            dereference: ({ _ref }) => {
              const found = reader.byId(name, _ref)
              return found && shows(kind, found._id) ? found : null
            },
          })
          return { planned: true, result: (await value.get()) ?? null }
        })
        // A query with a `*` no index narrows is answered over every document instead, never here.
        expect(answered.planned).toBe(!unnarrowed.has(query))
        if (answered.planned) expect(JSON.stringify(answered.result)).toBe(JSON.stringify(expected))
      }),
      { numRuns: 100 },
    )
    // Each run writes a dataset to SQLite: seconds on a busy two-core machine, a limit, not a target.
  }, 60_000)

  it('narrow a filter to candidates that hold every document the filter passes', async () => {
    await fc.assert(
      fc.asyncProperty(dataset, param, fc.constantFrom(...filters), async (docs, params, filter) => {
        const name = await datasetOf(docs)
        const reader = new DocumentReader(db, 1024 * 1024)
        const tree = parse(`*[${filter}]._id`, { params })
        const passed = (await groq(tree, visibleInIdOrder(docs, 'raw'), params)) as string[]
        const expr = ((tree as { base: { expr: ExprNode } }).base).expr
        const narrowing = narrowingOf(expr, params)
        if (!narrowing) return
        const candidates = reader.candidates(name, narrowing, 500)!.map((d) => d._id)
        for (const id of passed) expect(candidates).toContain(id)
        // In the dataset's order, each once.
        expect(candidates).toEqual([...new Set(candidates)].sort())
      }),
      { numRuns: 100 },
    )
    // Each run writes a dataset to SQLite: seconds on a busy two-core machine, a limit, not a target.
  }, 60_000)

  it('keep parsed documents within their bound while far more are read, and read each correctly', async () => {
    const body = 'x'.repeat(1_000)
    const docs = Array.from({ length: 2_000 }, (_, i) => ({ _id: `doc-${String(i).padStart(4, '0')}`, _type: 'post', n: i, body }))
    const name = await datasetOf(docs)
    const bound = 100 * 1024
    const reader = new DocumentReader(db, bound)
    let largest = 0
    await reader.snapshot(async () => {
      for (const original of docs) {
        const read = reader.byId(name, original._id)
        expect(read).toMatchObject({ _id: original._id, n: original.n })
        largest = Math.max(largest, reader.cachedBytes)
      }
    })
    // 2,000 documents of about 4 KB each as counted: the cache held a few dozen at a time.
    expect(largest).toBeLessThanOrEqual(bound)
    expect(reader.cachedDocuments).toBeLessThan(bound / (parsedBytesPerCharacter * body.length))
    expect(reader.cachedDocuments).toBeGreaterThan(0)
  }, 60_000)

  it('read a document rewritten since it was cached as it is now', async () => {
    const name = await datasetOf([{ _id: 'story', _type: 'post', title: 'First' }])
    const reader = new DocumentReader(db, 1024 * 1024)
    expect(await reader.snapshot(async () => reader.byId(name, 'story')?.title)).toBe('First')
    await store.commit(name, [{ patch: { id: 'story', set: { title: 'Corrected' } } }])
    expect(await reader.snapshot(async () => reader.byId(name, 'story')?.title)).toBe('Corrected')
    await store.commit(name, [{ delete: { id: 'story' } }])
    expect(await reader.snapshot(async () => reader.byId(name, 'story'))).toBeNull()
  })
})
