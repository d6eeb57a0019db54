// GROQ's `score()` and a search's count decided from the match index's word counts
// (server/groq/textScore.ts) give exactly groq-js's answer: random articles full of a few common
// words repeated (so counts differ and scores tie), drafts, articles without a slug or with a
// `_score` of their own, random search strings (quotes, `*`, punctuation, case, other scripts,
// arrays, not text at all), and the first page or a later one of the /search page's query and
// others. Any difference fails, and the counts must answer most of them (the rest are read as before).

import fc from 'fast-check'
import { parse } from 'groq-js'
import { describe, expect, it } from 'vitest'
import type { Source } from '../groq/planner.ts'
import { DocumentReader } from '../query/documents.ts'
import { groqAnswer, indexAnswer, storeForTests, visibleInIdOrder } from '../query/groqOracle.testing.ts'
import type { Doc, Mutation } from '../store/mutations.ts'
import type { Kind } from '../query/views.ts'

const testStore = storeForTests('match-score')

const common = ['the', 'The', 'THE', 'storm', 'Storm', 'london', 'London', 'strike', 'strikes', 'striking', 'U.K.', 'uk', 'é', 'É', 'ß', 'σ', 'Σ', 'ſ', '3.5', '35', "o'clock", 'a', 'a.b', 'x'.repeat(50), `${'x'.repeat(49)}y`, '中文']
const separator = fc.constantFrom(' ', ' ', ' ', ', ', '. ', '-', ' * ', '\n', '"', '!')
const randomText = fc.array(fc.tuple(fc.constantFrom(...common), separator), { maxLength: 14 }).map((parts) => parts.map(([w, s]) => w + s).join(''))
/** Texts many articles share, as the bench's synthetic ones share their templates: scores tie. */
const shared = ['The storm and the strike', 'London: the storm', 'the', 'Strikes in London, the U.K.']
const text = fc.oneof(randomText, fc.constantFrom(...shared), fc.constantFrom(...shared))
const title = text.map((t) => t.slice(0, 200))
const span = (t: string) => ({ _type: 'span', _key: 's', text: t })
const MISSING = undefined
const article = fc.record({
  _id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'drafts.a', 'drafts.c', 'drafts.z', 'versions.r1.a', 'x.private'),
  _type: fc.constantFrom('article', 'article', 'article', 'article', 'note'),
  // A title is at most 200 characters (the store's bound).
  title: fc.oneof(title, title, fc.array(title, { maxLength: 2 }), fc.constantFrom(MISSING, null, 7)),
  excerpt: fc.oneof(text, fc.constant(MISSING)),
  body: fc.oneof(fc.array(fc.record({ _type: fc.constantFrom('block', 'block', 'image'), _key: fc.constant('k'), children: fc.array(text.map(span), { maxLength: 3 }) }), { maxLength: 4 }), fc.constantFrom(MISSING, 'plain text body')),
  // The store refuses a slug that is not text or another article's, so it is the id's own or none.
  slugged: fc.constantFrom(true, true, false),
  publishedAt: fc.constantFrom('2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z', MISSING),
  _score: fc.constantFrom(MISSING, MISSING, MISSING, 2, -1.5),
})
const dataset = fc.uniqueArray(article, { selector: (d) => d._id, minLength: 2, maxLength: 13 }).map((docs) =>
  docs.map(({ slugged, ...d }) => Object.fromEntries(Object.entries({ ...d, slug: slugged ? { _type: 'slug', current: `slug-${d._id.split('.').pop()}` } : MISSING }).filter(([, v]) => v !== MISSING)) as Doc),
)
const searchText = fc.array(fc.oneof(fc.constantFrom(...common, 'stri*', 'lond*', 'th*', '*', 's*m', 'u.k', '"the storm"', 'STORM', 'É*', 'nowhere'), separator), { minLength: 1, maxLength: 5 }).map((parts) => parts.join(' '))
/** Single common words most often: they match many articles, so a page ends within a tie. */
const pattern = fc.oneof(fc.constantFrom('the', 'The', 'storm', 'london', 'stri*', 'the storm', 'th*'), fc.constantFrom('the', 'storm', 'london', 'strikes'), searchText, searchText, fc.array(searchText, { maxLength: 2 }), fc.constantFrom('', '!!', null, 3, ['a', 3]))

/** The shape of the /search page's GROQ query (src/content/search/search.ts, which the server may not import), pages of two. */
const matches = `_type == "article" && defined(slug.current) && (title match $q || excerpt match $q || pt::text(body) match $q)
    && (!defined($section) || $section in categories[]->slug.current)
    && (!defined($from) || dateTime(publishedAt) >= dateTime($from)) && (!defined($to) || dateTime(publishedAt) < dateTime($to))`
const page = (start: number, end: number) => `{
  "total": count(*[${matches}]),
  "hits": *[${matches}]
    | score(boost(title match $q, 3), boost(excerpt match $q, 2), pt::text(body) match $q)
    | order(_score desc, publishedAt desc, _id asc)[${start}...${end}]{_id, title, "slug": slug.current, publishedAt, excerpt, _score}
}`
/** The /search page's query at pages of two (first, later), and other shapes of `score()` and counts. */
const queries: Array<{ query: string; params?: Record<string, unknown> }> = [
  { query: page(0, 2), params: { section: null, from: null, to: null } },
  { query: page(2, 4), params: { section: null, from: null, to: null } },
  { query: '*[_type == "article" && title match $q] | score(title match $q) | order(_score desc)[0...2]{_id, _score}' },
  {
    query:
      '*[_type == "article" && (title match $q || pt::text(body) match $q)] | score(boost(title match $q, 2.5) || pt::text(body) match $q, (excerpt match $q), title match $q && pt::text(body) match $q) | order(_score desc, _id desc)[1...3]{_id, _score}',
  },
  { query: '{"n": count(*[_type == "article" && defined(slug.current) && (title match $q || excerpt match $q)]), "first": *[_type == "article" && defined(slug.current) && (title match $q || excerpt match $q)] | score(excerpt match $q) | order(_score desc, publishedAt desc)[0]._id}' },
  { query: '*[_type == "article" && pt::text(body) match $q] | score(pt::text(body) match $q, title match $q) | order(_score desc, publishedAt asc)[1...3]{_id, _score, publishedAt}' },
  { query: '*["article" == _type && !(title match $q) && excerpt match $q] | score(boost(excerpt match $q, $b)) | order(_score desc)[0...1]{_id, _score}', params: { b: 1 } },
  { query: '*["article" == _type && !(title match $q) && excerpt match $q] | score(boost(excerpt match $q, $b)) | order(_score desc)[0...1]{_id, _score}', params: { b: 'not a number' } },
]
const kinds: Array<Exclude<Kind, 'drafts'>> = ['anonymous', 'raw']

/** The source, noting whether the counts answered (textCount or textFirst gave an answer). */
function counting(source: Source): { source: Source; answered: () => boolean } {
  let answered = false
  const noted = <T,>(value: T | null): T | null => {
    if (value !== null) answered = true
    return value
  }
  return {
    source: { ...source, textCount: (filter) => noted(source.textCount!(filter)), textFirst: (filter, terms, enough, then) => noted(source.textFirst!(filter, terms, enough, then)) },
    answered: () => answered,
  }
}

/**
 * Whether the index's answer is groq-js's, and whether the counts gave it, and the cells
 * (server/search/scoreCells.ts): each query is answered twice, once with every match's counts read
 * and once from the cells, which the service takes only for words held many times.
 */
async function compare(docs: Doc[], q: unknown, { query, params: more }: { query: string; params?: Record<string, unknown> }, kind: Exclude<Kind, 'drafts'>): Promise<{ answered: boolean; byCells: boolean }> {
  const { name, docs: written } = await testStore.stored(docs)
  const params = { q, ...more }
  const tree = parse(query, { params })
  const expected = JSON.stringify(await groqAnswer(tree, visibleInIdOrder(written, kind), params))
  const out = { answered: false, byCells: false }
  for (const cellsFrom of [Infinity, 0]) {
    const reader = new DocumentReader(testStore.db, 1024 * 1024, { cellsFrom })
    const { source, answered } = counting(reader.source(name, kind, 500))
    const got = await indexAnswer(reader, tree, source, params, (id) => reader.byId(name, id))
    if (got) expect(JSON.stringify(got.result), cellsFrom === 0 ? 'from the cells' : 'from every count').toBe(expected)
    out.answered ||= answered()
    out.byCells ||= reader.searchesByCells > 0
  }
  return out
}

/** Counts of one word, as the /search page's filter asks them and in one text, for the kept counts (countByWords). */
const countQueries = [
  `count(*[${matches}])`,
  'count(*[_type == "article" && title match $q])',
  'count(*[_type == "article" && defined(slug.current) && pt::text(body) match $q])',
  'count(*[_type == "article" && (title match $q || excerpt match $q || pt::text(body) match $q)])',
]

describe("GROQ's score() and a search's count from the match index's counts", () => {
  it("give groq-js's answer: the same documents, scores, order, page and count", async () => {
    let fromCounts = 0
    let fromCells = 0
    await fc.assert(
      fc.asyncProperty(dataset, pattern, fc.constantFrom(...queries), fc.constantFrom(...kinds), async (docs, q, query, kind) => {
        const { answered, byCells } = await compare(docs, q, query, kind)
        if (answered) fromCounts++
        if (byCells) fromCells++
      }),
      { numRuns: 400 },
    )
    // Most of them from the counts: the property is about them, not the reading they fall back to.
    expect(fromCounts).toBeGreaterThan(200)
    // Wildcards, long words and boosts below 0 are left to reading every count; most are not.
    expect(fromCells).toBeGreaterThan(100)
  }, 240_000)

  it("count one word's articles from the kept counts as groq-js does, after edits and deletions", async () => {
    // The counts are kept by every write: an article replaced by another's content, given or losing
    // its slug or a `_score` of its own, turned into another type, or deleted, must leave them
    // exactly those of the articles stored.
    const edit = fc.oneof(
      fc.record({ id: fc.constantFrom('a', 'b', 'c', 'd', 'drafts.a', 'x.private'), doc: fc.nat({ max: 12 }) }),
      fc.record({ id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'drafts.a'), doc: fc.constant(null) }),
    )
    let fromWords = 0
    await fc.assert(
      fc.asyncProperty(dataset, fc.array(fc.array(edit, { maxLength: 4 }), { maxLength: 3 }), fc.constantFrom('the', 'The', 'storm', 'london', 'U.K.', 'uk', 'é', 'the THE', 'nowhere'), fc.constantFrom(...countQueries), fc.constantFrom(...kinds), async (docs, edits, q, query, kind) => {
        const { name } = await testStore.stored(docs)
        for (const batch of edits) {
          // One transaction may not name a document twice; the last edit of each stands.
          const last = new Map<string, Mutation>(
            batch.map(({ id, doc }): [string, Mutation] => {
              if (doc === null) return [id, { delete: { id } }]
              const from = docs[doc % docs.length]!
              return [id, { createOrReplace: { ...from, _id: id, ...(from.slug ? { slug: { _type: 'slug', current: `slug-${id.split('.').pop()}` } } : {}) } }]
            }),
          )
          if (last.size > 0) await testStore.store.commit(name, [...last.values()])
        }
        const written = [...testStore.store.dataset(name).docs.values()]
        const params = { q, section: null, from: null, to: null }
        const tree = parse(query, { params })
        const expected = JSON.stringify(await groqAnswer(tree, visibleInIdOrder(written, kind), params))
        const reader = new DocumentReader(testStore.db, 1024 * 1024)
        const got = await indexAnswer(reader, tree, reader.source(name, kind, 500), params, (id) => reader.byId(name, id))
        if (got) expect(JSON.stringify(got.result)).toBe(expected)
        if (reader.countsByWords > 0) fromWords++
      }),
      { numRuns: 300 },
    )
    // Two words, or two texts of the four shapes' three, are counted by an index query instead.
    expect(fromWords).toBeGreaterThan(150)
  }, 240_000)

  it("end a page within a tie of scores as groq-js does, by the order's next term and then arrival", async () => {
    // Many articles sharing a few texts and dates: the page's last score is shared by several, some
    // before it and some after by publication date (or none), and some with the same date.
    const tied = fc
      .uniqueArray(fc.record({ _id: fc.constantFrom(...'abcdefghijklmnop'.split('')), title: fc.constantFrom(...shared), body: fc.constantFrom(...shared), publishedAt: fc.constantFrom('2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z', MISSING) }), { selector: (d) => d._id, minLength: 4, maxLength: 14 })
      .map((docs) => docs.map((d) => Object.fromEntries(Object.entries({ ...d, _type: 'article', slug: { _type: 'slug', current: `slug-${d._id}` }, body: [{ _type: 'block', _key: 'k', children: [span(d.body)] }] }).filter(([, v]) => v !== MISSING)) as Doc))
    const pages = [page(0, 2), page(1, 3), page(3, 5), '*[_type == "article" && pt::text(body) match $q] | score(pt::text(body) match $q, title match $q) | order(_score desc, publishedAt asc)[1...3]{_id, _score, publishedAt}']
    let fromCounts = 0
    let fromCells = 0
    await fc.assert(
      fc.asyncProperty(tied, fc.constantFrom('the', 'storm', 'london', 'stri*', 'the storm'), fc.constantFrom(...pages), async (docs, q, query) => {
        const { answered, byCells } = await compare(docs, q, { query, params: { section: null, from: null, to: null } }, 'anonymous')
        if (answered) fromCounts++
        if (byCells) fromCells++
      }),
      { numRuns: 150 },
    )
    expect(fromCounts).toBeGreaterThan(100)
    expect(fromCells).toBeGreaterThan(80)
  }, 240_000)

  it("find a very common word's pages, near the first and far from it, as groq-js does", async () => {
    // An archive where nearly every article holds "the", a few times or many, in any text, and some
    // hold "storm" too: scores spread over many cells and tie within each; the pages asked for run
    // from the first to past the last.
    const times = (word: string, n: number) => Array.from({ length: n }, () => word).join(' ')
    const words = fc.tuple(fc.nat({ max: 3 }), fc.nat({ max: 2 }), fc.constantFrom(0, 0, 1, 2, 3, 5, 8, 13, 40)).map(([the, storm, more]) => `${times('the', the)} ${times('Storm', storm)} news ${times('THE', more)}`)
    const archive = fc
      .array(fc.record({ title: words, excerpt: fc.option(words, { nil: undefined }), body: words, publishedAt: fc.constantFrom('2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z', '2026-03-01T00:00:00Z') }), { minLength: 30, maxLength: 90 })
      .map((docs) =>
        docs.map((d, i) => {
          const id = `a${String(i).padStart(3, '0')}`
          const doc: Doc = { _id: id, _type: 'article', title: d.title, slug: { _type: 'slug', current: `slug-${id}` }, publishedAt: d.publishedAt, body: [{ _type: 'block', _key: 'k', children: [span(d.body)] }] }
          return d.excerpt === undefined ? doc : { ...doc, excerpt: d.excerpt }
        }),
      )
    const start = fc.constantFrom(0, 0, 2, 10, 25, 40, 60, 85, 100)
    let fromCells = 0
    await fc.assert(
      fc.asyncProperty(archive, fc.constantFrom('the', 'the storm', 'news the', 'storm'), start, fc.constantFrom(1, 5, 20), async (docs, q, from, size) => {
        const { byCells } = await compare(docs, q, { query: page(from, from + size), params: { section: null, from: null, to: null } }, 'anonymous')
        if (byCells) fromCells++
      }),
      { numRuns: 60 },
    )
    // Most from the cells; a search past their bounds (CELL_VISITS, CELL_QUERIES) is read whole.
    expect(fromCells).toBeGreaterThan(30)
  }, 240_000)
})
