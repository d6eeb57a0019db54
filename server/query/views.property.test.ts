// The views a query worker keeps current change by change must be exactly the views built from
// scratch (buildView) over the same documents: the same documents, in the same order (groq-js reads
// `*` in that order and keeps it for ties in `order()`), with the same id map. Random datasets are
// loaded, then changed by random transactions (create, patch, delete, publish and unpublish of
// drafts and published documents, a transaction applied twice as a worker that loaded it already
// would), and every view is compared after each, including views first asked for halfway through.
// The ids include the awkward ones: private paths, versions, a draft of a path and a draft of a draft.
// The matches a view keeps per filter must equal a pass of the filter over the view, in its order.

import fc from 'fast-check'
import { isDeepStrictEqual } from 'node:util'
import { describe, expect, it } from 'vitest'
import type { Doc } from '../store/mutations.ts'
import { buildView, Replica, type KeptView, type Perspective, type Reader, type View } from './views.ts'

const names = ['a', 'b', 'c', 'd', 'x.y'] as const
const ids = [
  ...names,
  ...names.map((n) => `drafts.${n}`),
  'versions.r1.a',
  'versions.r1.b',
  'drafts.drafts.a',
  'drafts.versions.r1.a',
] as const

const filters: Record<string, (doc: Doc) => boolean> = {
  even: (doc) => (doc.v as number) % 2 === 0,
  article: (doc) => doc._type === 'article',
  none: () => false,
}

const perspectives: Perspective[] = ['published', 'drafts', 'raw']
const readers: Reader[] = [
  { anonymous: true },
  { anonymous: true, versions: true },
  { anonymous: false, identity: 'editor' },
  { anonymous: false, identity: 'editor', versions: true },
]

type Op =
  | { kind: 'write'; id: string; value: number }
  | { kind: 'delete'; id: string }
  | { kind: 'publish'; name: string; value: number }
  | { kind: 'unpublish'; name: string }
  | { kind: 'several'; writes: Array<{ id: string; value: number | null }> }
  | { kind: 'again' }
  | { kind: 'ask'; perspective: Perspective; reader: number }
  | { kind: 'filter'; filter: string }

const id = fc.constantFrom(...ids)
const name = fc.constantFrom(...names)
const value = fc.integer({ min: 0, max: 1_000 })
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('write' as const), id, value }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), id }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('publish' as const), name, value }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('unpublish' as const), name }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('several' as const),
      writes: fc.uniqueArray(fc.record({ id, value: fc.option(value) }), { selector: (w) => w.id, minLength: 1, maxLength: 5 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('again' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('filter' as const), filter: fc.constantFrom(...Object.keys(filters)) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('ask' as const), perspective: fc.constantFrom(...perspectives), reader: fc.integer({ min: 0, max: readers.length - 1 }) }) },
)

const doc = (docId: string, v: number): Doc => ({ _id: docId, _type: docId.includes('b') ? 'author' : 'article', _rev: `r${v}`, v })

type Change = { id: string; after: Doc | null }

/** A transaction's changes, as the store makes them: one per document, its state after the transaction. */
function changesOf(op: Exclude<Op, { kind: 'again' } | { kind: 'ask' } | { kind: 'filter' }>, docs: ReadonlyMap<string, Doc>): Change[] {
  switch (op.kind) {
    case 'write':
      return [{ id: op.id, after: doc(op.id, op.value) }]
    case 'delete':
      return docs.has(op.id) ? [{ id: op.id, after: null }] : []
    case 'publish': {
      // The draft (or, with none, a new version) becomes the published document; the draft goes.
      const draft = docs.get(`drafts.${op.name}`)
      const changes: Change[] = [{ id: op.name, after: { ...(draft ?? doc(op.name, op.value)), _id: op.name } }]
      if (draft) changes.push({ id: `drafts.${op.name}`, after: null })
      return changes
    }
    case 'unpublish': {
      const published = docs.get(op.name)
      if (!published) return []
      const changes: Change[] = [{ id: op.name, after: null }]
      if (!docs.has(`drafts.${op.name}`)) changes.unshift({ id: `drafts.${op.name}`, after: { ...published, _id: `drafts.${op.name}` } })
      return changes
    }
    case 'several':
      return op.writes.map((w) => ({ id: w.id, after: w.value === null ? null : doc(w.id, w.value) }))
  }
}

function expectSame(kept: KeptView, docs: ReadonlyMap<string, Doc>, perspective: Perspective, reader: Reader, asked: ReadonlySet<string>): void {
  for (const key of asked) {
    const matched = kept.match(key, filters[key]!)
    const passed = kept.docs.filter(filters[key]!)
    if (!isDeepStrictEqual(matched, passed)) expect(matched.map((d) => d._id), `${key} in ${perspective} for ${JSON.stringify(reader)}`).toEqual(passed.map((d) => d._id))
  }
  const built = buildView(docs, perspective, reader)
  // Compared cheaply first: expect() on every view of every step would take minutes.
  const byId = (view: View) => [...view.byId.entries()].sort(([x], [y]) => x.localeCompare(y))
  const same = isDeepStrictEqual(kept.docs, built.docs) && isDeepStrictEqual(byId(kept), byId(built)) && kept.docs.every((d) => kept.byId.get(d._id) === d)
  if (same) return
  const label = `${perspective} for ${JSON.stringify(reader)}`
  expect(kept.docs.map((d) => d._id), label).toEqual(built.docs.map((d) => d._id))
  expect(kept.docs, label).toEqual(built.docs)
  expect(byId(kept), label).toEqual(byId(built))
  for (const d of kept.docs) expect(kept.byId.get(d._id), label).toBe(d)
}

describe('Replica views kept change by change', () => {
  it('equal the views built from scratch after any sequence of transactions', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ id, value }), { selector: (d) => d.id, maxLength: ids.length }),
        fc.array(op, { maxLength: 40 }),
        fc.uniqueArray(fc.record({ perspective: fc.constantFrom(...perspectives), reader: fc.integer({ min: 0, max: readers.length - 1 }) }), { maxLength: 4 }),
        (initial, ops, askedFirst) => {
          // The truth the views are built from: a Map, kept as the store keeps its own.
          const truth = new Map<string, Doc>()
          const replica = new Replica()
          for (const d of initial) {
            truth.set(d.id, doc(d.id, d.value))
            replica.store(d.id, truth.get(d.id)!)
          }
          const asked = new Set<string>()
          const filtered = new Set<string>()
          const ask = (perspective: Perspective, reader: number) => {
            asked.add(`${perspective}/${reader}`)
            expectSame(replica.view(perspective, readers[reader]!), truth, perspective, readers[reader]!, filtered)
          }
          for (const a of askedFirst) ask(a.perspective, a.reader)
          let last: Change[] = []
          for (const o of ops) {
            if (o.kind === 'ask') {
              ask(o.perspective, o.reader)
              continue
            }
            if (o.kind === 'filter') {
              filtered.add(o.filter)
              continue
            }
            const changes = o.kind === 'again' ? last : changesOf(o, truth)
            for (const c of changes) {
              if (c.after) truth.set(c.id, c.after)
              else truth.delete(c.id)
            }
            replica.apply(changes)
            last = changes
            for (const key of asked) {
              const [perspective, reader] = key.split('/') as [Perspective, string]
              ask(perspective, Number(reader))
            }
          }
          for (const perspective of perspectives) for (const r of readers.keys()) ask(perspective, r)
        },
      ),
      { numRuns: 300 },
    )
  }, 60_000)
})
