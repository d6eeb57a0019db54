// GROQ's `match` and `score()` answered from the match index (matchIndex.ts) give exactly groq-js's
// answer over every document: the index narrows a filter to candidates that hold every document the
// filter passes, and groq-js's own `match` decides among them. Random articles and drafts, random
// words (punctuation, dots, `*`, numbers, other scripts, empty strings), for a reader and an editor.
// The index follows every write at once, and never gives a reader a draft.

import fc from 'fast-check'
import { parse, type ExprNode } from 'groq-js'
import { describe, expect, it } from 'vitest'
import { narrowingOf } from '../groq/planner.ts'
import { DocumentReader } from '../query/documents.ts'
import { groqAnswer, indexAnswer, storeForTests, visibleInIdOrder } from '../query/groqOracle.testing.ts'
import type { Doc } from '../store/mutations.ts'
import type { Kind } from '../query/views.ts'

const testStore = storeForTests('match-index')

const piece = fc.constantFrom(
  ...'aAbBzZ09 .*-!@#$%^&()_,\\/?";:{}|[]+<>\'=~`\t\n'.split(''),
  'é', 'É', 'ß', 'σ', 'ς', 'Σ', 'K', '中', '😀', '\u0000', 'london', 'London', 'storm', 'Storm', 'U.K.', '3.5', 'e.g.', '...', 'strike', 'strikes',
)
const words = fc.array(piece, { maxLength: 10 }).map((parts) => parts.join(''))
const span = (text: string) => ({ _type: 'span', _key: 's', text })
const MISSING = undefined
const article = fc.record({
  _id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'drafts.a', 'drafts.c', 'drafts.g', 'versions.r1.a', 'x.private'),
  _type: fc.constantFrom('article', 'article', 'article', 'note'),
  title: fc.oneof(words, fc.array(words, { maxLength: 2 }), fc.constantFrom(MISSING, null, 7)),
  excerpt: fc.oneof(words, fc.constant(MISSING)),
  body: fc.oneof(
    fc.array(fc.record({ _type: fc.constantFrom('block', 'image'), _key: fc.constant('k'), children: fc.array(words.map(span), { maxLength: 3 }) }), { maxLength: 3 }),
    fc.constantFrom(MISSING, 'plain text body'),
  ),
})
const dataset = fc.uniqueArray(article, { selector: (d) => d._id, maxLength: 10 }).map((docs) => docs.map((d) => Object.fromEntries(Object.entries(d).filter(([, v]) => v !== MISSING)) as Doc))
const pattern = fc.oneof(words, fc.array(words, { maxLength: 3 }), fc.constantFrom('london', 'Storm', 'lond*', 'e.g', 'UK', '35', '*', '', null, ['a', 3]))

/** The queries a reader's search, the admin's title search and the newsletter's story picker send, and others. */
const queries = [
  '*[_type == "article" && title match $q]._id',
  '*[_type == "article" && (title match $q || excerpt match $q || pt::text(body) match $q)] | score(boost(title match $q, 3), boost(excerpt match $q, 2), pt::text(body) match $q) | order(_score desc, _id asc){_id, _score}',
  '{"total": count(*[_type == "article" && pt::text(body) match $q]), "first": *[_type == "article" && pt::text(body) match $q] | order(_id desc)[0]._id}',
  '*[_type == "article" && excerpt match $q && title match "storm"]._id',
  '*[_type == "article" && !(_id in path("drafts.**")) && title match $q] | order(lower(title) asc, _id asc)._id',
]
const kinds: Array<Exclude<Kind, 'drafts'>> = ['anonymous', 'raw']

describe("GROQ's match from the index", () => {
  it("gives groq-js's answer, match and score alike, narrowed to the index's candidates", async () => {
    let narrowed = 0
    await fc.assert(
      fc.asyncProperty(dataset, pattern, fc.constantFrom(...queries), fc.constantFrom(...kinds), async (docs, q, query, kind) => {
        const { name, docs: written } = await testStore.stored(docs)
        const reader = new DocumentReader(testStore.db, 1024 * 1024)
        const params = { q }
        const tree = parse(query, { params })
        const view = visibleInIdOrder(written, kind)
        const answered = await indexAnswer(reader, tree, reader.source(name, kind, 500), params, (id) => reader.byId(name, id))
        // Every filter of these queries names the type and a match, so the index answers whenever a word narrows it.
        if (answered) narrowed++
        if (answered) expect(JSON.stringify(answered.result)).toBe(JSON.stringify(await groqAnswer(tree, view, params)))
      }),
      { numRuns: 250 },
    )
    // Most patterns have a word with a fixed beginning: the property is about the index, not the pass.
    expect(narrowed).toBeGreaterThan(125)
  }, 120_000)

  it('narrows a filter to candidates holding every document it passes, and no draft for a reader', async () => {
    await fc.assert(
      fc.asyncProperty(dataset, pattern, fc.constantFrom(...kinds), async (docs, q, kind) => {
        const { name, docs: written } = await testStore.stored(docs)
        const reader = new DocumentReader(testStore.db, 1024 * 1024)
        const params = { q }
        const tree = parse('*[_type == "article" && (title match $q || excerpt match $q || pt::text(body) match $q)]._id', { params })
        const passed = (await groqAnswer(tree, visibleInIdOrder(written, kind), params)) as string[]
        const narrowing = narrowingOf((tree as { base: { expr: ExprNode } }).base.expr, params)
        if (narrowing?.by !== 'text') return
        const candidates = await reader.snapshot(async () => reader.source(name, kind, 500).candidates(narrowing)!.map((d) => (d as Doc)._id))
        for (const id of passed) expect(candidates).toContain(id)
        if (kind === 'anonymous') expect(candidates.filter((id) => id.includes('.'))).toEqual([])
        expect(candidates).toEqual([...new Set(candidates)].sort())
      }),
      { numRuns: 250 },
    )
  }, 120_000)

  it('finds a published story at once, a corrected title by its new words, and a deleted one no more', async () => {
    const { name } = await testStore.stored([])
    const { store } = testStore
    const ids = async (q: string, kind: Exclude<Kind, 'drafts'> = 'anonymous') => {
      const reader = new DocumentReader(testStore.db, 1024 * 1024)
      const params = { q }
      const tree = parse('*[_type == "article" && title match $q]._id', { params })
      const answered = await indexAnswer(reader, tree, reader.source(name, kind, 500), params, (id) => reader.byId(name, id))
      expect(answered).not.toBeNull()
      return answered!.result
    }
    await store.commit(name, [{ create: { _id: 'flood', _type: 'article', title: 'Thames Barrier closed as the tide rises' } }])
    expect(await ids('barrier')).toEqual(['flood'])
    await store.commit(name, [{ create: { _id: 'drafts.flood', _type: 'article', title: 'Thames Barrier opens again' } }])
    expect(await ids('opens')).toEqual([])
    expect(await ids('opens', 'raw')).toEqual(['drafts.flood'])
    await store.commit(name, [{ patch: { id: 'flood', set: { title: 'Thames Barrier opens again' } } }])
    expect(await ids('opens')).toEqual(['flood'])
    expect(await ids('tide')).toEqual([])
    await store.commit(name, [{ delete: { id: 'flood' } }])
    expect(await ids('barrier')).toEqual([])
    expect(await ids('barrier', 'raw')).toEqual(['drafts.flood'])
  })
})
