// Queries answered over the stored rows (scan.ts) must give exactly what groq-js
// gives over the reader's view of every document (views.ts, buildView: a view's definition),
// in every perspective, drafts included; and a pass holds a batch, not the dataset.

import fc from 'fast-check'
import { parse } from 'groq-js'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Doc } from '../store/mutations.ts'
import { DocumentReader } from './documents.ts'
import { groqAnswer, storeForTests } from './groqOracle.testing.ts'
import { RowScanner, typeNamedBy } from './scan.ts'
import { buildView, kindOf, type Perspective, type Reader } from './views.ts'

const testStore = storeForTests('scan')
const { stored } = testStore
let scanner: RowScanner
let reader: DocumentReader
beforeAll(() => {
  scanner = new RowScanner(testStore.db)
  reader = new DocumentReader(testStore.db, 1024 * 1024)
})

const MISSING = undefined
// Ids on both sides of "drafts." in id order, so a draft comes before or after its published document.
const ids = ['a', 'b', 'c', 'e', 'z', 'x.private']
const doc = fc.record({
  _id: fc.constantFrom(...ids, ...ids.map((id) => `drafts.${id}`), 'versions.r1.a'),
  _type: fc.constantFrom('post', 'post', 'note', 'Post'),
  title: fc.constantFrom('alpha', 'mid', 'zeta', null, MISSING, 7),
  rank: fc.constantFrom(1, 2, 3, MISSING),
  ref: fc.constantFrom({ _ref: 'a' }, { _ref: 'drafts.b' }, { _ref: 'e' }, { _ref: 'nowhere' }, MISSING),
  slug: fc.constantFrom({ _type: 'slug', current: 's1' }, { _type: 'slug', current: 's2' }, MISSING),
  publishedAt: fc.constantFrom('2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z', null, MISSING, 3),
  isFeatured: fc.constantFrom(true, false, MISSING),
})
const dataset = fc.uniqueArray(doc, { selector: (d) => d._id, maxLength: 14 }).map((docs) =>
  docs.map((d) => Object.fromEntries(Object.entries(d).filter(([, value]) => value !== MISSING)) as Doc),
)

const queries = [
  `*[_type == $type]{_id, _originalId, title}`,
  `*[$type == _type && title > "b"]._id`,
  `*[_type == $type] | order(rank desc, title asc)[0...3]{_id, title, "ref": ref->_id}`,
  `*[_type == $type] | order(rank asc)[1]._id`,
  `*[title == "alpha" || rank == 2]{_id, title}`,
  `*[_type == $type && ref->title == "alpha"]._id`,
  `count(*)`,
  `*[0...4]._id`,
  `*[defined(ref)]{_id, "target": ref->{_id, title}}`,
  `*[_type == $type]{_id, "same": *[_id == ^._id][0]._id}`,
  `*[_id in path("drafts.**")]._id`,
  `{"posts": count(*[_type == "post"]), "notes": *[_type == "note"]._id}`,
  `*[references("a")]._id`,
  `*[_id == $id]{_id, _originalId, title}`,
  `*[slug.current == $slug && _type == $type]{_id, _originalId, "slug": slug.current}`,
  `*[_id == $id || slug.current == $slug]._id`,
  // Counts and listings an index answers, beside filters that read other documents.
  `{"n": count(*[_type == $type && isFeatured == true]), "top": *[_type == $type && !defined(({"_ref": "drafts." + _id})->_id)] | order(coalesce(publishedAt, _createdAt) desc, _id asc)[0...2]._id}`,
  `*[_type == $type && isFeatured == true] | order(publishedAt desc, _id asc)[0...3]{_id, "r": ref->title}`,
  `{"all": count(*[_type == $type]), "some": *[_type == $type && (isFeatured == true || ref->isFeatured == true)] | order(coalesce(publishedAt, _createdAt) desc, _id asc)[1...3]._id}`,
  // Narrowed by a key to more candidates than the limit: read, keeping those that pass, in id order.
  `*[_type == $type && publishedAt >= "2026-01-01" && publishedAt < "2026-03" && defined(slug.current)][0...3]._id`,
  `*[_type == $type && isFeatured == true && title > "b"]{_id, title}`,
]

const readers: Array<{ perspective: Perspective; reader: Reader }> = [
  { perspective: 'published', reader: { anonymous: true } },
  { perspective: 'published', reader: { anonymous: false } },
  { perspective: 'raw', reader: { anonymous: false } },
  { perspective: 'raw', reader: { anonymous: false, versions: true } },
  { perspective: 'drafts', reader: { anonymous: false } },
]

async function overView(query: string, docs: Doc[], params: Record<string, unknown>, seen: { perspective: Perspective; reader: Reader }): Promise<unknown> {
  const view = buildView(new Map(docs.map((d) => [d._id, d])), seen.perspective, seen.reader)
  return groqAnswer(parse(query, { params }), view.docs, params, view.byId)
}

describe('queries over the stored rows', () => {
  it('give the answer groq-js gives over the reader’s view of every document, in every perspective', async () => {
    await fc.assert(
      fc.asyncProperty(dataset, fc.constantFrom('post', 'note', 'none'), fc.constantFrom('a', 'z', 'drafts.a', 'nowhere'), fc.constantFrom('s1', 's2'), fc.constantFrom(...queries), fc.constantFrom(...readers), async (written, type, id, slug, query, seen) => {
        const { name, docs } = await stored(written)
        const params = { type, id, slug }
        const kind = kindOf(seen.perspective, seen.reader)
        const expected = await overView(query, docs, params, seen)
        expect(await scanner.answer(parse(query, { params }), name, kind, params, '')).toEqual(expected)
        // With the indexes answering what they can (a narrowing past 3 documents is passed over instead).
        if (kind !== 'drafts') expect(await reader.snapshot(() => scanner.answer(parse(query, { params }), name, kind, params, '', reader.source(name, kind, 3, { keyLimit: Infinity })))).toEqual(expected)
      }),
      { numRuns: 200 },
    )
    // Each run writes a dataset to SQLite: seconds on a busy two-core machine, a limit, not a target.
  }, 120_000)

  it('place each draft as the drafts view is defined to, and find it by its own type', async () => {
    const docs: Doc[] = [
      { _id: 'a', _type: 'post', title: 'a' },
      { _id: 'drafts.a', _type: 'post', title: 'a, draft' },
      { _id: 'e', _type: 'post', title: 'e' },
      { _id: 'm', _type: 'post', title: 'm' },
      { _id: 'drafts.m', _type: 'note', title: 'm, now a note' },
      { _id: 'drafts.q', _type: 'post', title: 'q, never published' },
      { _id: 'z', _type: 'post', title: 'z' },
      { _id: 'drafts.z', _type: 'post', title: 'z, draft' },
    ]
    const { name, docs: written } = await stored(docs)
    const seen = { perspective: 'drafts' as const, reader: { anonymous: false } }
    for (const query of ['*[_type == "post"]{_id, _originalId, title}', '*[_type == "note"]{_id, _originalId}', '*{_id, _originalId}', '*[_id == "q"]{_id, title}', '*[_id == "a"].title']) {
      const expected = await overView(query, written, {}, seen)
      expect(await scanner.answer(parse(query), name, 'drafts', {}, '')).toEqual(expected)
    }
    // A draft id sorts at "drafts.", so z's draft comes before e, and m (a note in its draft) is no post.
    expect(await scanner.answer(parse('*[_type == "post"]._id'), name, 'drafts', {}, '')).toEqual(['a', 'q', 'z', 'e'])
    expect(await scanner.answer(parse('*[_id == "q"].title'), name, 'drafts', {}, '')).toEqual(['q, never published'])
  })

  it('read a pass in batches, in id order, each document once', async () => {
    const docs = Array.from({ length: 700 }, (_, i) => ({ _id: `doc-${String(i).padStart(4, '0')}`, _type: i % 3 === 0 ? 'note' : 'post', n: i }))
    const { name } = await stored(docs)
    expect([...scanner.rows(name)].map((d) => d._id)).toEqual(docs.map((d) => d._id))
    expect([...scanner.rows(name, 'note')].map((d) => d._id)).toEqual(docs.filter((d) => d._type === 'note').map((d) => d._id))
    const answer = await scanner.answer(parse('*[_type == "note" && n > 600] | order(n desc)[0...2].n'), name, 'anonymous', {}, '')
    expect(answer).toEqual([699, 696])
  })

  it('read only the rows of the type a filter names', () => {
    const key = (filter: string) => {
      const expr = (parse(`*[${filter}]`) as unknown as { expr: unknown }).expr
      return JSON.stringify(expr)
    }
    expect(typeNamedBy(key('_type == "article"'), {})).toBe('article')
    expect(typeNamedBy(`${key('defined(title)')}\u0000${key('"note" == _type')}`, {})).toBe('note')
    expect(typeNamedBy(key('_type == $type'), { type: 'post' })).toBe('post')
    expect(typeNamedBy(key('_type == $type'), { type: 3 })).toBeUndefined()
    expect(typeNamedBy(key('_type != "article"'), {})).toBeUndefined()
    expect(typeNamedBy(key('ref._type == "article"'), {})).toBeUndefined()
  })
})
