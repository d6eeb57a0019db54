// The planner must never change an answer: every query here is evaluated by groq-js alone and by
// groq-js after planQuery, over many generated datasets full of the awkward cases (missing fields,
// nulls, values of the wrong type, ties in every sort key, drafts), and the serialised results (or
// the errors) must be identical.

import { evaluate, parse, type ExprNode } from 'groq-js'
import { describe, expect, it } from 'vitest'
import { moreFromQuery } from '../../src/content/article/article.ts'
import { archiveQuery, categoryListingQuery, photoEssayListingQuery, photoEssayQuery, trendingQuery, videoListingQuery } from '../../src/content/listings/listings.ts'
import { articleBySlugQuery } from '../../src/content/article/query.ts'
import { authorArticlesQuery, authorBySlugQuery } from '../../src/content/authors/authors.ts'
import { homepageQuery } from '../../src/content/homepage/query.ts'
import { searchArticlesQuery } from '../../src/content/search/search.ts'
import { authorArticlesQuery as authorFeedQuery, authorQuery as authorFeedAuthorQuery } from '../../server/feeds/rss.ts'
import { authorsLatestQuery } from '../../server/feeds/sitemaps.ts'
import { planQuery } from '../../server/groq/planner.ts'
import { articleListQuery } from '../../src/content/admin/articleList.ts'
import { flaggedQuery } from '../../src/content/admin/dashboard.ts'
import { sectionQuery } from '../../src/content/admin/sections.ts'
import { sectionTypes } from '../../src/content/admin/addresses.ts'
import { createRng, type Rng } from '../../server/seed/random.ts'

type Doc = Record<string, unknown> & { _id: string }

const MISSING = Symbol('missing')
const DATASETS = 60
const DOCS = 40

const words = ['London', 'bridge', 'Thames', 'council', 'housing', 'tube', 'strike', 'market', 'river', 'night']
const flag = [true, false, null, MISSING, 'true', 1, true, false]
const dates = ['2026-01-01T10:00:00Z', '2026-01-01T10:00:00Z', '2026-02-03T08:30:00Z', '2025-12-31T23:59:59Z', null, MISSING, 20260101, true]
const reads = [0, 50, 99, 100, 101, 150, 5000, 5000, -1, 100.5, '150', null, MISSING, true, false]

function set(doc: Record<string, unknown>, key: string, value: unknown): void {
  if (value !== MISSING) doc[key] = value
}

function text(rng: Rng): string {
  return rng.sample(words, rng.int(1, 3)).join(' ')
}

function block(rng: Rng): unknown {
  return { _type: 'block', _key: rng.key(), children: [{ _type: 'span', _key: rng.key(), text: text(rng) }] }
}

/** A small dataset where every field the queries read is sometimes right, sometimes missing, null or of another type. */
function dataset(seed: number): Doc[] {
  const rng = createRng(seed)
  const categories: Doc[] = ['news', 'sport', 'culture'].map((name, i) => {
    const doc: Doc = { _id: `cat-${i}`, _type: 'category', title: name.toUpperCase(), slug: { _type: 'slug', current: name } }
    set(doc, 'kind', rng.pick(['section', 'topic', 'desk', null, MISSING]))
    return doc
  })
  const authors: Doc[] = [0, 1].map((i) => ({ _id: `author-${i}`, _type: 'author', name: `Author ${i}`, slug: { _type: 'slug', current: `author-${i}` } }))
  const docs: Doc[] = [...categories, ...authors]
  for (let i = 0; i < DOCS; i++) {
    const id = rng.chance(0.15) ? `drafts.doc-${rng.int(0, DOCS)}` : `doc-${i}`
    if (docs.some((d) => d._id === id)) continue
    const doc: Doc = { _id: id }
    set(doc, '_type', rng.pick(['article', 'article', 'article', 'article', 'imageGallery', 'category', 'Article', 7, MISSING]))
    set(doc, 'slug', rng.pick([{ _type: 'slug', current: `s${rng.int(0, 5)}` }, { _type: 'slug', current: `s${rng.int(0, 5)}` }, { current: null }, { current: 3 }, 's1', null, MISSING, {}]))
    set(doc, 'title', rng.pick([text(rng), text(rng), null, MISSING, 42]))
    set(doc, 'excerpt', rng.pick([text(rng), null, MISSING]))
    set(doc, 'body', rng.pick([[block(rng), block(rng)], [], null, MISSING, 'plain']))
    set(doc, 'publishedAt', rng.pick(dates))
    set(doc, '_createdAt', rng.pick(dates))
    set(doc, '_rev', rng.pick([`r${rng.int(0, 3)}`, MISSING]))
    set(doc, 'basedOnRevision', rng.pick(['r1', null, MISSING]))
    for (const name of ['isBreakingNews', 'isLeadStory', 'isFeatured', 'isLatestUpdate']) set(doc, name, rng.pick(flag))
    set(doc, 'mediaType', rng.pick(['video', 'video', 'article', 'gallery', null, MISSING, 5, 'Video']))
    set(doc, 'readCount', rng.pick(reads))
    set(doc, 'readsLastDay', rng.pick(reads))
    set(
      doc,
      'categories',
      rng.pick([
        rng.sample(categories, rng.int(1, 2)).map((c) => ({ _type: 'reference', _key: rng.key(), _ref: c._id })),
        [],
        null,
        MISSING,
        'cat-0',
        [{ _ref: 'nowhere' }],
      ]),
    )
    set(doc, 'author', rng.pick([{ _type: 'reference', _ref: rng.pick(authors)._id }, { _ref: 'nobody' }, null, MISSING]))
    set(doc, 'tags', rng.pick([['a', 'b'], ['b'], [], [1, null, 'a'], null, 'a', MISSING]))
    set(doc, 'nested', rng.pick([{ a: { b: 1 } }, { a: { b: null } }, { a: { b: 'x' } }, { a: [1] }, [{ a: 1 }], 'a', MISSING]))
    set(doc, 'images', rng.pick([[{ _key: 'i1', asset: { _ref: 'img' } }], [], MISSING]))
    // Keys Object.prototype also has: only a document's own count. JSON.parse makes `__proto__` an
    // own key, as it does for documents the service stores.
    const own = '"__proto__": {"a": 1}, "constructor": "c", "toString": null, '
    docs.push(rng.chance(0.2) ? (JSON.parse(JSON.stringify(doc).replace('{', `{${own}`)) as Doc) : doc)
  }
  return rng.shuffle(docs)
}

interface Case {
  name: string
  query: string
  params?: (rng: Rng) => Record<string, unknown>
  /** Parsed with its params, as the service parses it (a slice's bounds must be constants). */
  inline?: boolean
}

const slugParam = (rng: Rng) => ({ slug: rng.pick(['s0', 's1', 's2', 's3', 's4', 's5', 'none', 'news', 'sport']) })
const authorParam = (rng: Rng) => ({ author: rng.pick(['author-0', 'author-1', 'nobody', 3]) })

const cases: Case[] = [
  // What the site sends.
  { name: 'homepage', query: homepageQuery },
  { name: 'article by slug', query: articleBySlugQuery, params: slugParam },
  { name: 'article by slug, a number for $slug', query: articleBySlugQuery, params: () => ({ slug: 3 }) },
  { name: 'more from', query: moreFromQuery, params: (rng) => ({ id: `doc-${rng.int(0, DOCS)}`, category: rng.pick(['cat-0', 'cat-1', 'cat-2']) }) },
  { name: 'category listing', query: categoryListingQuery({ start: 0, end: 5 }), params: slugParam },
  { name: 'video listing', query: videoListingQuery({ start: 0, end: 5 }) },
  { name: 'archive, second page', query: archiveQuery({ start: 5, end: 10 }) },
  { name: 'trending', query: trendingQuery },
  { name: 'photo essays', query: photoEssayListingQuery({ start: 0, end: 5 }) },
  { name: 'photo essay', query: photoEssayQuery, params: slugParam },
  { name: 'author by slug', query: authorBySlugQuery, params: (rng) => ({ slug: rng.pick(['author-0', 'author-1', 's1', 'none']) }) },
  { name: "an author's articles, second page", query: authorArticlesQuery({ start: 5, end: 10 }), params: authorParam },
  { name: "an author's feed", query: authorFeedQuery, params: authorParam },
  { name: "an author's feed, the author", query: authorFeedAuthorQuery, params: (rng) => ({ slug: rng.pick(['author-0', 'author-1', 'none']) }) },
  { name: "authors' newest changes, for the sitemap", query: authorsLatestQuery(3), params: (rng) => ({ a0: 'author-0', a1: rng.pick(['author-1', 'nobody']), a2: 3 }) },
  { name: 'search', query: searchArticlesQuery(1), params: (rng) => ({ q: rng.pick(['london', 'bri*', 'thames night', '']) }) },

  // Three-valued logic, equality and comparisons across types.
  { name: '!=', query: '*[readCount != 100]._id' },
  { name: '! of a comparison', query: '*[!(isFeatured == true)]._id' },
  { name: '! of a non-boolean', query: '*[!isFeatured]._id' },
  { name: '||', query: '*[isFeatured || isLeadStory]._id' },
  { name: '|| with null on either side', query: '*[readCount > 100 || mediaType == "video"]._id' },
  { name: '! of ||', query: '*[!(isBreakingNews || mediaType == "video")]._id' },
  { name: '&& and || nested', query: '*[_type == "article" && (isFeatured == true || readCount > 100) && !(mediaType == "video")]._id' },
  { name: 'comparison with a boolean result', query: '*[(readCount > 100) == true]._id' },
  { name: 'comparison != false', query: '*[(readCount > 100) != false]._id' },
  { name: 'literals', query: '{"t": *[true]._id, "n": *[null]._id, "f": *[false || null]._id, "a": *[null && false]._id}' },
  { name: '> between mixed types', query: '*[readCount > 99]._id' },
  { name: '<= a string', query: '*[readCount <= "150"]._id' },
  { name: 'strings compared', query: '*[title > "M"]._id' },
  { name: 'booleans compared', query: '*[isFeatured > false]._id' },
  { name: '>= a parameter', query: '*[readCount >= $n]._id', params: (rng) => ({ n: rng.pick([100, 0, '100', null]) }) },
  { name: 'dates as strings', query: '*[publishedAt < $date]._id', params: () => ({ date: '2026-01-15T00:00:00Z' }) },
  { name: '== null matches missing', query: '*[readCount == null]._id' },
  { name: 'null == null', query: '*[null == null]._id' },
  { name: 'arrays and objects are never equal', query: '*[tags == tags || nested == nested]._id' },
  { name: 'negation', query: '*[-readCount < -100]._id' },
  { name: 'unary plus', query: '*[+readCount == 100]._id' },
  { name: 'ranges', query: '{"inc": *[readCount in 50..150]._id, "exc": *[readCount in 50...150]._id, "str": *[title in "A".."N"]._id}' },

  // Attributes, elements, parameters and functions.
  { name: 'nested attributes', query: '*[nested.a.b == 1]._id' },
  { name: 'attribute of a string or an array', query: '{"string": *[slug.current.x == null]._id, "length": *[defined(tags.length) || defined(title.length)]._id}' },
  { name: '@', query: '*[@.readCount > 100 && @["mediaType"] == "video"]._id' },
  { name: 'elements', query: '{"first": *[tags[0] == "a"]._id, "last": *[tags[-1] == "b"]._id, "off": *[tags[5] == null]._id}' },
  { name: 'in a literal array', query: '*[readCount in [100, 101, "150", null]]._id' },
  { name: 'in an array parameter', query: '*[_type in $types]._id', params: () => ({ types: ['article', 'category', 7] }) },
  { name: 'in a parameter that is not an array', query: '*[_type in $types]._id', params: () => ({ types: 'article' }) },
  { name: 'in an attribute', query: '{"a": *["a" in tags]._id, "null": *[null in tags]._id, "arr": *[tags in [["a", "b"]]]._id}' },
  { name: 'null, not false, under !', query: '{"in": *[!("a" in tags)]._id, "cmp": *[!(readCount > 100)]._id, "range": *[!(readCount in 50..150)]._id, "def": *[!defined(tags)]._id}' },
  { name: '! of in a parameter that is not an array', query: '*[!(_type in $types)]._id', params: () => ({ types: 'article' }) },
  { name: 'in with a splat', query: '*[readCount in [...$list, 5000]]._id', params: () => ({ list: [0, '150'] }) },
  {
    name: 'keys Object.prototype has',
    query: '{"proto": *[defined(__proto__)]._id, "ctor": *[constructor == "c"]._id, "str": *[defined(toString) || defined(valueOf)]._id, "nested": *[defined(slug.__proto__) || defined(slug.constructor)]._id}',
  },
  { name: 'a missing parameter', query: '*[readCount == $missing]._id' },
  { name: 'an inherited parameter name', query: '*[defined($toString)]._id' },
  { name: 'defined', query: '{"r": *[defined(readCount)]._id, "s": *[!defined(slug.current)]._id, "o": *[defined(slug)]._id}' },
  { name: 'coalesce', query: '{"a": *[coalesce(readCount, -1) > 99]._id, "b": *[coalesce(mediaType, "none") == "none"]._id, "c": *[coalesce(a, b, c) == null]._id}' },

  // order() after a filter.
  { name: 'order by several keys', query: '*[_type == "article"] | order(readCount desc, title asc)._id' },
  { name: 'order by mixed types', query: '*[defined(_id)] | order(slug.current, publishedAt desc)._id' },
  { name: 'order by booleans, ties kept in order', query: '*[_type == "article"] | order(isFeatured desc)._id' },
  { name: 'order by an expression', query: '*[_type == "article"] | order(coalesce(readCount, 0) desc, _id)[0...5]._id' },
  {
    name: 'only the first few of an order()',
    query: `{
      "slice": *[defined(_id)] | order(isFeatured desc, readCount)[2...6]._id,
      "inclusive": *[defined(_id)] | order(mediaType)[1..3]._id,
      "empty": *[defined(_id)] | order(_id)[0...0]._id,
      "backwards": *[defined(_id)] | order(_id)[4...2]._id,
      "past the end": *[defined(_id)] | order(title)[30...90]._id,
      "from the end": *[defined(_id)] | order(publishedAt desc)[-3...-1]._id,
      "element": *[defined(_id)] | order(readCount desc)[7]._id,
      "last": *[defined(_id)] | order(readCount desc)[-1]._id,
      "projected": *[defined(_id)] | order(isLeadStory desc, _id)[0]{_id, title}
    }`,
  },
  { name: 'order by what is not compiled', query: '*[_type == "article"] | order(author->name, _id)._id' },

  // Partly or not compiled: groq-js keeps what the planner does not model.
  { name: 'match beside compiled conditions', query: '*[_type == "article" && title match "london"]._id' },
  { name: 'path()', query: '*[!(_id in path("drafts.**")) && readCount > 100]._id' },
  { name: '^ in a sub-query', query: '*[_type == "category"]{_id, "n": count(*[_type == "article" && references(^._id)]), "ids": *[^._id in categories[]._ref]._id}' },
  { name: '->', query: '*[_type == "article" && author->name == "Author 1"]._id' },
  { name: 'a filter of a filter', query: '*[_type == "article"][readCount > 100]._id' },
  { name: 'a sub-query inside a filter', query: '*[_type == "article" && _id in *[readCount > 100]._id]._id' },
  { name: 'count, slice and element', query: '{"n": count(*[_type == "article"]), "top": *[readCount > 1] | order(readCount desc)[0...3].title, "one": *[readCount > 1][0]._id}' },
  { name: 'score', query: '*[_type == "article" && readCount > 100] | score(title match "london") | order(_score desc, _id)._id' },
  { name: 'lower and upper', query: '{"l": *[lower(title) == "london" && defined(title)]._id, "u": *[upper(mediaType) == "VIDEO"]._id, "n": *[lower(readCount) == null]._id}' },

  // References, objects, select(), + and string::split(), as the admin's lists use them.
  { name: '-> in a filter', query: '*[_type == "article" && author->name == "Author 1"]._id' },
  { name: '-> of a built reference', query: '{"d": *[defined(({"_ref": "drafts." + _id})->_id)]._id, "p": *[({"_ref": string::split(_id, "drafts.")[1]})->title == title]._id}' },
  { name: '-> of what is not a reference', query: '{"a": *[defined(({"_ref": readCount})->_id)]._id, "b": *[defined(slug->_id)]._id, "c": *[defined(categories[0]->title)]._id, "d": *[defined(({"x": _id})->_id)]._id}' },
  { name: 'select()', query: '*[select(readCount > 100 => isFeatured, mediaType == "video" => true, readCount == null) == true]._id' },
  { name: 'select() without a fallback', query: '*[!defined(select(isFeatured => "f", isLeadStory == true => "l"))]._id' },
  { name: '+ across types', query: '{"s": *[title + "!" == "London!"]._id, "n": *[readCount + 1 > 100]._id, "m": *[defined(tags + tags)]._id, "o": *[(slug + {"x": 1}).x == 1]._id, "bad": *[defined(title + readCount)]._id, "inf": *[defined(1e308 + 1e308 + readCount)]._id}' },
  { name: 'string::split', query: '{"a": *[string::split(_id, "drafts.")[1] == "doc-3"]._id, "e": *[count(string::split(title, "")) > 5]._id, "n": *[string::split(readCount, ".") == null]._id, "z": *[string::split("", "x") == []]._id}' },
  { name: 'objects compared', query: '*[{"a": _id} == {"a": _id} || defined({"a": readCount}.a)]._id' },
  { name: 'order by a dereference', query: '*[_type == "article"] | order(({"_ref": "drafts." + _id})->publishedAt desc, _id)[0...6]._id' },

  // The admin's lists: drafts beside published documents, as editors see them.
  ...(['newest', 'oldest', 'title', 'title-desc', 'published'] as const).map((sort) => {
    const { query, params } = articleListQuery({ sort, page: 1 })
    return { name: `the article list, sorted ${sort}`, query, params: () => params, inline: true }
  }),
  ...[
    { status: 'published' as const },
    { status: 'edited' as const, category: 'cat-1' },
    { status: 'draft' as const, author: 'author-0' },
    { q: 'london bri', page: 1 },
    { sort: 'title' as const, page: 2 },
  ].map((search) => {
    const { query, params } = articleListQuery(search)
    return { name: `the article list, ${JSON.stringify(search)}`, query, params: () => params, inline: true }
  }),
  { name: "the dashboard's flagged articles", query: flaggedQuery, params: (rng) => ({ ids: rng.sample(['doc-1', 'doc-2', 'doc-3', 'doc-9', 'drafts.doc-4', 'cat-0'], 3) }) },
  ...sectionTypes.map((type) => ({ name: `the section manager, ${type}`, query: sectionQuery(type) })),
]

function reference(docs: Doc[]) {
  const byId = new Map(docs.map((doc) => [doc._id, doc]))
  return ({ _ref }: { _ref: string }) => byId.get(_ref) ?? null
}

/** The query's result as the service would send it, or the error groq-js raised. */
async function outcome(tree: ExprNode, docs: Doc[], params: Record<string, unknown>): Promise<string> {
  try {
    const value = await evaluate(tree, { dataset: docs, params, dereference: reference(docs) })
    return JSON.stringify((await value.get()) ?? null)
  } catch (error) {
    return `error: ${error instanceof Error ? error.message : String(error)}`
  }
}

describe('planQuery gives exactly what groq-js gives', () => {
  for (const c of cases) {
    it(c.name, async () => {
      const tree = parse(c.query, c.inline ? { params: c.params?.(createRng(7919)) } : {})
      const before = JSON.stringify(tree)
      for (let seed = 1; seed <= DATASETS; seed++) {
        const docs = dataset(seed)
        const params = c.params?.(createRng(seed * 7919)) ?? {}
        const expected = await outcome(tree, docs, params)
        const actual = await outcome(planQuery(tree, docs, params), docs, params)
        expect(actual, `dataset ${seed}, params ${JSON.stringify(params)}`).toBe(expected)
      }
      // The cached tree is shared by every request: planning must never change it.
      expect(JSON.stringify(tree)).toBe(before)
    })
  }
})

/** `*[...]` nodes that still scan every document. */
function scans(node: unknown): number {
  if (typeof node !== 'object' || node === null) return 0
  const n = node as { type?: string; base?: { type?: string } }
  if (n.type === 'Value') return 0
  const own = n.type === 'Filter' && n.base?.type === 'Everything' ? 1 : 0
  return own + Object.values(node).reduce<number>((sum, child) => sum + (Array.isArray(child) ? child.reduce<number>((s, c) => s + scans(c), 0) : scans(child)), 0)
}

describe('planQuery takes over', () => {
  const docs = dataset(1)

  it('every filter of the homepage and the article-by-slug query, and their order()', () => {
    for (const query of [homepageQuery, articleBySlugQuery]) {
      const planned = planQuery(parse(query), docs, { slug: 's1' })
      expect(scans(planned)).toBe(0)
      expect(JSON.stringify(planned)).not.toContain('"name":"order"')
    }
  })

  it("every filter of the author's page, feed and sitemap entry, and their order()", () => {
    const params = { slug: 'author-0', author: 'author-0', a0: 'author-0', a1: 'author-1' }
    for (const query of [authorBySlugQuery, authorArticlesQuery({ start: 12, end: 24 }), authorFeedAuthorQuery, authorFeedQuery, authorsLatestQuery(2)]) {
      const planned = planQuery(parse(query), docs, params)
      expect(scans(planned), query).toBe(0)
      expect(JSON.stringify(planned), query).not.toContain('"name":"order"')
    }
  })

  it('the compiled part of a filter that also uses what it does not model', () => {
    const planned = planQuery(parse(`*[_type == "article" && !(_id in path("drafts.**")) && references("author-0")] | order(publishedAt desc, _id asc)[0...5]._id`), docs, {})
    expect(scans(planned)).toBe(0)
    // references() is still groq-js's, over the documents the other conditions let through.
    expect(JSON.stringify(planned)).toContain('"name":"references"')
  })

  it("every filter of the admin's article list, dashboard and section managers, references and all, and their order()", () => {
    const lists = [articleListQuery({ status: 'edited', category: 'cat-1' }), articleListQuery({ sort: 'title' }), { query: flaggedQuery, params: { ids: ['doc-1'] } }, ...sectionTypes.map((type) => ({ query: sectionQuery(type), params: {} }))]
    for (const { query, params } of lists) {
      const planned = planQuery(parse(query, { params }), docs, params)
      expect(scans(planned), query).toBe(0)
      // No condition is left to groq-js, so a listing can be read in order from an index until its slice is full.
      expect(JSON.stringify(planned), query).not.toMatch(/"type":"Filter"|"name":"order"/)
    }
  })

  it('hands a query with nothing to plan over as it came', () => {
    const tree = parse('*[title match $q]')
    expect(planQuery(tree, docs, { q: 'x' })).toBe(tree)
  })
})
