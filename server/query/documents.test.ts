// Queries answered from SQLite's indexes (documents.ts, planFromSource) must give exactly what
// groq-js gives over every document, and the candidates an index narrows a filter to must hold
// every document the filter passes; the parsed documents a worker keeps stay within their bound
// however many are read, and a rewritten document is never answered from its old copy.

import fc from 'fast-check'
import { evaluate, parse, type ExprNode } from 'groq-js'
import { describe, expect, it } from 'vitest'
import { narrowingOf, type Source } from '../groq/planner.ts'
import type { Doc } from '../store/mutations.ts'
import { keyRank, sortKey } from '../store/documentColumns.ts'

import { DocumentReader, parsedBytesPerCharacter } from './documents.ts'
import { groqAnswer, indexAnswer, storeForTests, visibleInIdOrder } from './groqOracle.testing.ts'
import { shows, type Kind } from './views.ts'

const testStore = storeForTests('documents')
const { stored } = testStore

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

// Listings and counts: fields the store keys (publishedAt, readsLastDay, flags, references) with
// ties, missing fields, nulls and values of mixed types, read in order or counted from the index.
const stamp = fc.constantFrom('2024-01-01T00:00:00Z', '2024-01-02T00:00:00Z', '2024-01-02T00:00:00Z', '2023-12-31', 'zz', '', '\u{1F600}', '\uFFFF', '\u00FF', '\u0100', 5, -0, 0, 2.5, true, false, null, MISSING, { at: 1 }, ['x'])
const listed = fc.record({
  _id: fc.constantFrom(...ids, ...ids.map((id) => `drafts.${id}`), 'h', 'i', 'j', 'k', 'draftsy'),
  _type: fc.constantFrom('post', 'post', 'post', 'note'),
  publishedAt: stamp,
  _updatedAt: stamp,
  readsLastDay: fc.constantFrom(0, 50, 101, 101, 500, -1, '200', null, MISSING, true),
  isBreakingNews: fc.constantFrom(true, true, false, null, MISSING, 'true', 1),
  isFeatured: fc.constantFrom(true, false, MISSING),
  mediaType: fc.constantFrom('video', 'video', 'text', MISSING, null, 7),
  categories: fc.constantFrom([{ _ref: 'c1' }], [{ _ref: 'c1' }, { _ref: 'c2' }], [{ _ref: 'c1' }, { _ref: 'c1' }], [], [{ ref: 'c1' }], { _ref: 'c1' }, MISSING, [null, { _ref: 'c2' }], [{ _ref: 3 }, 'c1', { _ref: 'c1=x' }]),
  author: fc.constantFrom({ _ref: 'a1' }, { _ref: 'a2' }, { _ref: 3 }, MISSING, null),
  slug: fc.constantFrom({ current: 's1' }, { current: 's2' }, { current: null }, MISSING, { current: 4 }),
})
const sections: Doc[] = [
  { _id: 'c1', _type: 'category', slug: { current: 'world' } },
  { _id: 'c2', _type: 'category', slug: { current: 'sport' } },
  { _id: 'drafts.c3', _type: 'category', slug: { current: 'draft' } },
]
const listedDataset = fc.uniqueArray(listed, { selector: (d) => d._id, maxLength: 16 }).map((docs) => [
  ...sections,
  ...docs.map((d) => Object.fromEntries(Object.entries(d).filter(([, value]) => value !== MISSING)) as Doc),
])
const listingParams = fc.record(
  { category: fc.constantFrom('c1', 'c2', 'c3', 'c1=x'), section: fc.constantFrom('world', 'sport', 'draft', 'none'), author: fc.constantFrom('a1', 'a2'), since: fc.constantFrom('2024-01-01T00:00:00Z', '2024-01-02', 'a', 2), n: fc.constantFrom(0, 100, 101) },
  { noNullPrototype: true },
)
const notDraft = `!(_id in path("drafts.**"))`
const slices = ['[0]', '[0...1]', '[0...3]', '[1...4]', '[2..5]', '[10...20]', '[0...50]']
const orders = ['order(publishedAt desc, _id asc)', 'order(publishedAt asc)', 'order(publishedAt desc)', 'order(readsLastDay desc, publishedAt desc, _id asc)', 'order(_updatedAt desc)', 'order(publishedAt desc, _id desc)']
const listingFilters = [
  `_type == "post"`,
  `_type == "post" && ${notDraft}`,
  `_type == "post" && defined(slug.current) && ${notDraft}`,
  `_type == "post" && isBreakingNews == true`,
  `_type == "post" && mediaType == "video"`,
  `_type == "post" && readsLastDay > 100`,
  `_type == "post" && $category in categories[]._ref`,
  `_type == "post" && author._ref == $author`,
  `_type == "post" && publishedAt >= $since && publishedAt < "2024-01-02T00:00:00Z"`,
  `_type == "post" && !(isBreakingNews == true) && !(mediaType == "video") && !(coalesce(readsLastDay, 0) > $n)`,
  `_type == "post" && isBreakingNews == true && isFeatured == true`,
  `_type == "post" && !(_id in path("drafts.**")) && defined(publishedAt)`,
  `"post" == _type && readsLastDay <= $n && readsLastDay != 0`,
  // Two conditions on one array's elements are two elements, never one range; a value and a range counted together.
  `_type == "post" && "c1" in categories[]._ref && $category in categories[]._ref`,
  `_type == "post" && defined(slug.current) && $category in categories[]._ref && publishedAt < "2024-01-02T00:00:00Z"`,
  `_type == "post" && _updatedAt >= $since && defined(publishedAt)`,
  // Several keyed fields, the broadest first: narrowed by whichever holds the fewest entries.
  `_type == "post" && publishedAt >= $since && author._ref == $author && isFeatured == true`,
  // A section's or an author's page, read from the keys written for that section or author alone
  // (documentColumns.ts, scopedKeys), within another field's documents too, or both at once.
  `_type == "post" && defined(slug.current) && ${notDraft} && $category in categories[]._ref`,
  `_type == "post" && $category in categories[]._ref && mediaType == "video"`,
  `$author == author._ref && _type == "post" && readsLastDay > 100`,
  `_type == "post" && author._ref == $author && $category in categories[]._ref && publishedAt >= $since`,
]
const listingQueries = [
  ...listingFilters.flatMap((filter) => [`count(*[${filter}])`, ...orders.map((order, i) => `*[${filter}] | ${order}${slices[(i + filter.length) % slices.length]}{_id, publishedAt}`)]),
  `{"total": count(*[_type == "post" && mediaType == "video"]), "items": *[_type == "post" && mediaType == "video"] | order(publishedAt desc, _id asc)[0...2]._id}`,
  `*[_type == "post"] | order(publishedAt desc, _id asc)[0]._updatedAt`,
  // A section's page: `^` is the one category projected.
  `*[_type == "category" && slug.current == $section][0]{_id, "total": count(*[_type == "post" && ${notDraft} && ^._id in categories[]._ref]), "items": *[_type == "post" && ^._id in categories[]._ref] | order(publishedAt desc, _id asc)[0...3]{_id, "section": ^.slug.current}}`,
  `*[_type == "category" && slug.current == $section] | order(_id asc)[0]{"items": *[_type == "post" && ^.slug.current == "world" && mediaType == "video"] | order(publishedAt desc)[0...2]._id}`,
]
/** Listings with a `^` no single document stands for: answered from the index only when their candidates are few. */
const unplannedListings = new Set([
  `*[_type == "category"]{"items": *[_type == "post" && ^._id in categories[]._ref] | order(publishedAt desc)[0...2]._id}`,
  `*[_type == "category" && slug.current == $section][0]{"items": *[_type == "post"]{"same": *[_type == "post" && _id == ^._id][0]._id}[0...2]}`,
  // Unordered, from the candidates of the narrowest of several keyed conditions, the broadest first.
  `*[_type == "post" && readsLastDay > $n && $category in categories[]._ref && isBreakingNews == true]{_id}`,
  `*[_type == "post" && coalesce(publishedAt, _createdAt) > $since && mediaType == "video" && "c1" in categories[]._ref]._id`,
])
listingQueries.push(...unplannedListings)

// One blog's updates, read from the keys written for each blog alone (documentColumns.ts,
// scopedKeys): references and flags of every shape, ties, drafts, other blogs and other types. The
// keys are written for any type with the reference; the store holds a `liveUpdate` to its bounds
// (a string reference, a date, boolean flags, one pin), so `note` stands in for it here.
const blogUpdate = fc.record({
  _id: fc.constantFrom(...ids, ...ids.map((id) => `drafts.${id}`), 'h', 'i', 'j'),
  _type: fc.constantFrom('note', 'note', 'note', 'post'),
  liveBlog: fc.constantFrom({ _ref: 'b1' }, { _ref: 'b1' }, { _ref: 'b1' }, { _ref: 'b2' }, { _ref: 'b1=x' }, { _ref: 3 }, { ref: 'b1' }, 'b1', null, MISSING),
  publishedAt: fc.constantFrom('2024-01-01T00:00:00Z', '2024-01-02T00:00:00Z', '2024-01-02T00:00:00Z', '2023-12-31', 5, null, MISSING, true),
  isPinned: fc.constantFrom(true, true, false, 'true', 1, null, MISSING),
  isKeyEvent: fc.constantFrom(true, true, false, 'true', null, MISSING),
})
const blogDataset = fc.uniqueArray(blogUpdate, { selector: (d) => d._id, maxLength: 16 }).map((docs) =>
  docs.map((d) => Object.fromEntries(Object.entries(d).filter(([, value]) => value !== MISSING)) as Doc),
)
const blogParams = fc.record({ blog: fc.constantFrom('b1', 'b1', 'b2', 'b1=x', 3, null, 'nowhere'), flag: fc.constantFrom(true, false, 'true'), since: fc.constantFrom('2024-01-01T00:00:00Z', 2) }, { noNullPrototype: true })
const ofBlog = `_type == "note" && liveBlog._ref == $blog`
const blogFilters = [
  ofBlog,
  `$blog == liveBlog._ref && "note" == _type`,
  `${ofBlog} && isPinned == true`,
  `${ofBlog} && isKeyEvent == true`,
  `${ofBlog} && true == isKeyEvent && isPinned == $flag`,
  `${ofBlog} && isPinned == false && ${notDraft}`,
  `${ofBlog} && isKeyEvent == "true"`,
  `${ofBlog} && publishedAt > $since`,
  `${ofBlog} && !(isPinned == true)`,
  `_type == "note" && (liveBlog._ref == $blog || isPinned == true)`,
]
const blogQueries = [
  ...blogFilters.flatMap((filter, i) => [`*[${filter}] | order(publishedAt desc, _id desc)${slices[i % slices.length]}{_id, publishedAt}`, `*[${filter}] | order(publishedAt asc, _id asc)${slices[(i + 3) % slices.length]}._id`, `*[${filter}] | order(isPinned desc)[0...2]._id`]),
  `{"total": count(*[${ofBlog}]), "pinned": *[${ofBlog} && isPinned == true] | order(publishedAt desc, _id desc)[0]._id, "keyEvents": *[${ofBlog} && isKeyEvent == true] | order(publishedAt desc, _id desc)[0...2]._id}`,
]

// A slice not at the start of a blog's listing (an older page): the ranks before it are counted
// from the blog's keys alone (DocumentReader.orderedSlice).
const blogSlices = ['[1...4]', '[2..5]', '[3...3]', '[1...2]', '[15...20]'].flatMap((slice) => [
  `*[${ofBlog}] | order(publishedAt desc)${slice}._id`,
  `*[${ofBlog}] | order(publishedAt asc, _id asc)${slice}{_id, publishedAt}`,
  `*[$blog == liveBlog._ref && "note" == _type] | order(publishedAt asc)${slice}._id`,
])

describe('documents read through the indexes', () => {
  it('key each value so that byte order is order()\'s order, as groq-js sorts', async () => {
    const value = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 4 }),
      fc.string({ unit: 'grapheme-ascii', maxLength: 3 }),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer({ min: -3, max: 3 }),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
      fc.dictionary(fc.string({ maxLength: 2 }), fc.integer(), { maxKeys: 1 }),
      fc.array(fc.integer(), { maxLength: 1 }),
    )
    await fc.assert(
      fc.asyncProperty(value, value, async (a, b) => {
        const order = async (docs: unknown[]) => ((await (await evaluate(parse('*[] | order(v asc).i'), { dataset: docs })).get()) as number[])[0]
        const forward = await order([{ i: 0, v: a }, { i: 1, v: b }])
        const reversed = await order([{ i: 1, v: b }, { i: 0, v: a }])
        // order() is stable: which comes first both ways tells less, greater or equal.
        const groq = forward === 0 && reversed === 0 ? -1 : forward === 1 && reversed === 1 ? 1 : 0
        const keys = [sortKey(a), sortKey(b)] as const
        // Null, objects and arrays are one group to order() (null keyed first, so listings can count it apart).
        const sign = keys[0][0]! >= keyRank.null && keys[1][0]! >= keyRank.null ? 0 : Math.sign(Buffer.compare(keys[0], keys[1]))
        expect(sign).toBe(groq)
      }),
      { numRuns: 300 },
    )
    // Two evaluations per run on a busy two-core machine: a limit, not a target.
  }, 60_000)

  it('give groq-js\'s answer to ordered listings and counts read from the keys, with ties, nulls and mixed types', async () => {
    await fc.assert(
      fc.asyncProperty(listedDataset, listingParams, fc.constantFrom(...listingQueries), fc.constantFrom(...kinds, "published" as const), fc.constantFrom(1, 3, 500), fc.constantFrom(0, 2, 2_000), async (written, params, query, kind, limit, withinLimit) => {
        const { name, docs } = await stored(written)
        // A listing narrowed by another field is sorted from the index up to `withinLimit` documents, past it read in order.
        const reader = new DocumentReader(testStore.db, 1024 * 1024, { withinLimit })
        const tree = parse(query, { params })
        const expected = await groqAnswer(tree, visibleInIdOrder(docs, kind), params)
        const answered = await indexAnswer(reader, tree, reader.source(name, kind, limit), params, (id) => reader.byId(name, id))
        // Every listing and count here is answered from the index, however many candidates there are.
        if (!unplannedListings.has(query)) expect(answered).not.toBeNull()
        if (!answered) return
        expect(JSON.stringify(answered.result)).toBe(JSON.stringify(expected))
      }),
      { numRuns: 300 },
    )
    // Each run writes a dataset to SQLite: seconds on a busy two-core machine, a limit, not a target.
  }, 120_000)

  it("give groq-js's answer to one live blog's listings, its pin and its key events, read from that blog's own keys", async () => {
    await fc.assert(
      fc.asyncProperty(blogDataset, blogParams, fc.constantFrom(...blogQueries), fc.constantFrom(...kinds), fc.constantFrom(1, 500), async (written, params, query, kind, limit) => {
        const { name, docs } = await stored(written)
        const reader = new DocumentReader(testStore.db, 1024 * 1024)
        const tree = parse(query, { params })
        const expected = await groqAnswer(tree, visibleInIdOrder(docs, kind), params)
        const answered = await indexAnswer(reader, tree, reader.source(name, kind, limit), params, (id) => reader.byId(name, id))
        if (!answered) return
        expect(JSON.stringify(answered.result)).toBe(JSON.stringify(expected))
      }),
      { numRuns: 200 },
    )
    // Each run writes a dataset to SQLite: seconds on a busy two-core machine, a limit, not a target.
  }, 120_000)

  it("give groq-js's answer to a slice of one live blog's updates far from its start, the ranks before it counted from the keys", async () => {
    await fc.assert(
      fc.asyncProperty(blogDataset, blogParams, fc.constantFrom(...blogSlices), fc.constantFrom(...kinds), async (written, params, query, kind) => {
        const { name, docs } = await stored(written)
        const reader = new DocumentReader(testStore.db, 1024 * 1024)
        const tree = parse(query, { params })
        const answered = await indexAnswer(reader, tree, reader.source(name, kind, 500), params, (id) => reader.byId(name, id))
        expect(JSON.stringify(answered?.result)).toBe(JSON.stringify(await groqAnswer(tree, visibleInIdOrder(docs, kind), params)))
      }),
      { numRuns: 150 },
    )
  }, 120_000)

  it('give the answer groq-js gives over every document, whenever the query is answered that way', async () => {
    await fc.assert(
      fc.asyncProperty(dataset, param, fc.constantFrom(...queries), fc.constantFrom(...kinds), async (written, params, query, kind) => {
        const { name, docs } = await stored(written)
        const reader = new DocumentReader(testStore.db, 1024 * 1024)
        const tree = parse(query, { params })
        const visible = visibleInIdOrder(docs, kind)
        const expected = await groqAnswer(tree, visible, params)
        const visibleCandidates: Source = { candidates: (n) => reader.candidates(name, n, 500)?.filter((d) => shows(kind, d._id)) ?? null }
        const answered = await indexAnswer(reader, tree, visibleCandidates, params, (id) => {
          const found = reader.byId(name, id)
          return found && shows(kind, found._id) ? found : null
        })
        // A query with a `*` no index narrows is answered over every document instead, never here.
        expect(answered !== null).toBe(!unnarrowed.has(query))
        if (answered) expect(JSON.stringify(answered.result)).toBe(JSON.stringify(expected))
      }),
      { numRuns: 100 },
    )
    // Each run writes a dataset to SQLite: seconds on a busy two-core machine, a limit, not a target.
  }, 60_000)

  it('narrow a filter to candidates that hold every document the filter passes', async () => {
    await fc.assert(
      fc.asyncProperty(dataset, param, fc.constantFrom(...filters), async (docs, params, filter) => {
        const name = await datasetOf(docs)
        const reader = new DocumentReader(testStore.db, 1024 * 1024)
        const tree = parse(`*[${filter}]._id`, { params })
        const passed = (await groqAnswer(tree, visibleInIdOrder(docs, 'raw'), params)) as string[]
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
    const reader = new DocumentReader(testStore.db, bound)
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

  // Both ends of a range on one field are one range of keys; two conditions on an array's elements
  // are two elements, so a document naming both sections passes and neither range is narrowed away.
  it("give groq-js's answer to a month's listing and to two sections together, counted and in order", async () => {
    const post = (id: string, publishedAt: string, refs: string[]): Doc => ({ _id: id, _type: 'post', publishedAt, categories: refs.map((_ref) => ({ _ref })) })
    const { name, docs } = await stored([post('a', '2026-04-30T23:00:00Z', ['c1', 'c2']), post('b', '2026-05-02T00:00:00Z', ['c2', 'c1']), post('c', '2026-05-20T00:00:00Z', ['c1']), post('d', '2026-06-01T00:00:00Z', ['c2', 'c1'])])
    for (const filter of [`_type == "post" && "c1" in categories[]._ref && "c2" in categories[]._ref`, `_type == "post" && publishedAt >= "2026-05" && publishedAt < "2026-06"`]) {
      for (const query of [`count(*[${filter}])`, `*[${filter}] | order(publishedAt desc, _id asc)[0...10]._id`, `*[${filter}]._id`]) {
        const reader = new DocumentReader(testStore.db, 1024 * 1024)
        const tree = parse(query)
        const answered = await indexAnswer(reader, tree, reader.source(name, 'anonymous', 500), {}, (id) => reader.byId(name, id))
        expect(answered, query).not.toBeNull()
        expect(answered!.result, query).toEqual(await groqAnswer(tree, visibleInIdOrder(docs, 'anonymous'), {}))
        // Something to find: a wrong narrowing shows as nothing found.
        expect(answered!.result, query).not.toEqual(Array.isArray(answered!.result) ? [] : 0)
      }
    }
    // The month is one range of keys, read from the index alone, not every date from its start on.
    const month = narrowingOf(((parse(`*[_type == "post" && publishedAt >= "2026-05" && publishedAt < "2026-06"]`) as { expr: ExprNode }).expr), {})
    expect(month).toMatchObject({ by: 'key', field: 'publishedAt', ranges: [{ low: sortKey('2026-05'), high: sortKey('2026-06') }] })
  })

  it('read a document rewritten since it was cached as it is now', async () => {
    const name = await datasetOf([{ _id: 'story', _type: 'post', title: 'First' }])
    const reader = new DocumentReader(testStore.db, 1024 * 1024)
    expect(await reader.snapshot(async () => reader.byId(name, 'story')?.title)).toBe('First')
    await testStore.store.commit(name, [{ patch: { id: 'story', set: { title: 'Corrected' } } }])
    expect(await reader.snapshot(async () => reader.byId(name, 'story')?.title)).toBe('Corrected')
    await testStore.store.commit(name, [{ delete: { id: 'story' } }])
    expect(await reader.snapshot(async () => reader.byId(name, 'story'))).toBeNull()
  })
})
