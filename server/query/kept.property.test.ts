// A query answered from the matches a view keeps (KeptView: per filter, and sorted per order) must
// give exactly what the planner gives by passing over the view, which planner.test.ts proves equal
// to groq-js alone. Random articles full of ties and awkward values (missing fields, nulls, the
// wrong types) are written, corrected, published, unpublished and deleted at random, and the
// homepage's shape of query, the trending listing and queries with params are compared after every write.

import fc from 'fast-check'
import { evaluate, type ExprNode } from 'groq-js'
import { describe, expect, it } from 'vitest'
import { planQuery, type Matcher } from '../groq/planner.ts'
import { parseGroq } from '../groq/selection.ts'
import type { Doc } from '../store/mutations.ts'
import { Replica, type KeptView, type Perspective, type Reader } from './views.ts'

// The homepage's shape (src/content/homepage/query.ts, which the server may not import): sections
// newest first with slices and `[0]`, trending most read first, and counts of the same filters.
const homepage = `{
  "lead": *[_type == "article" && isBreakingNews == true] | order(publishedAt desc, _id asc)[0]{_id},
  "featured": *[_type == "article" && isFeatured == true] | order(publishedAt desc, _id asc)[0...4]{_id, publishedAt},
  "latest": *[_type == "article" && isLatestUpdate == true] | order(publishedAt desc, _id asc)[0...5]{_id},
  "videos": *[_type == "article" && mediaType == "video"] | order(publishedAt desc, _id asc)[0...4]{_id},
  "trending": *[_type == "article" && readCount > 100] | order(readCount desc, publishedAt desc, _id asc)[0...5]{_id, readCount},
  "counts": {
    "featured": count(*[_type == "article" && isFeatured == true]),
    "unplaced": count(*[_type == "article" && !(isFeatured == true) && !(coalesce(readCount, 0) > 100)])
  }
}`

const queries: Array<{ query: string; params: Record<string, unknown> }> = [
  { query: homepage, params: {} },
  { query: `*[_type == "article" && readCount > 100] | order(readCount desc, publishedAt desc, _id asc)[0...3]{_id}`, params: {} },
  { query: `*[_type == "article" && isFeatured == $flag] | order(publishedAt desc)[0...4]{_id, publishedAt}`, params: { flag: true } },
  { query: `*[_type == "article" && isFeatured == $flag] | order(publishedAt desc)[0...4]{_id, publishedAt}`, params: { flag: false } },
  { query: `*[_type == "article"] | order(publishedAt asc){_id}`, params: {} },
  { query: `*[_type == "article" && defined(readCount)]{_id}`, params: {} },
  { query: `count(*[_type == "article" && !(isFeatured == true)])`, params: {} },
]

const ids = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'x.private'] as const
const missing = undefined
const article = fc.record({
  id: fc.constantFrom(...ids, ...ids.map((i) => `drafts.${i}`)),
  type: fc.constantFrom('article', 'article', 'article', 'author'),
  publishedAt: fc.constantFrom('2026-01-01T10:00:00Z', '2026-01-01T10:00:00Z', '2026-02-03T08:30:00Z', null, missing, 20260101),
  readCount: fc.constantFrom(0, 99, 100, 101, 150, 150, 5000, '150', null, missing, true),
  isFeatured: fc.constantFrom(true, false, null, missing, 'true'),
  isLatestUpdate: fc.constantFrom(true, false, missing),
  isBreakingNews: fc.constantFrom(true, false, missing),
  mediaType: fc.constantFrom('video', 'text', missing),
})
type Written = typeof article extends fc.Arbitrary<infer T> ? T : never

function docOf(w: Written): Doc {
  const doc: Doc = { _id: w.id, _type: w.type }
  for (const key of ['publishedAt', 'readCount', 'isFeatured', 'isLatestUpdate', 'isBreakingNews', 'mediaType'] as const) {
    if (w[key] !== undefined) doc[key] = w[key]
  }
  return doc
}

const op = fc.oneof(
  { weight: 5, arbitrary: article.map((w) => [{ id: w.id, after: docOf(w) }]) },
  { weight: 2, arbitrary: fc.constantFrom(...ids).map((id) => [{ id, after: null }]) },
  // Publish: the draft's fields become the published article's, and the draft goes.
  { weight: 2, arbitrary: article.map((w) => [{ id: w.id.replace('drafts.', ''), after: { ...docOf(w), _id: w.id.replace('drafts.', '') } }, { id: `drafts.${w.id.replace('drafts.', '')}`, after: null }]) },
)

const readers: Array<{ perspective: Perspective; reader: Reader }> = [
  { perspective: 'published', reader: { anonymous: true } },
  { perspective: 'drafts', reader: { anonymous: false } },
]

async function answer(tree: ExprNode, view: KeptView, params: Record<string, unknown>, kept: boolean): Promise<string> {
  const paramsJson = JSON.stringify(params)
  const match: Matcher = {
    filter: (key, test, readsOthers) => (readsOthers ? view.docs.filter(test) : view.match(`${key}\u0000${paramsJson}`, test)),
    sorted: (key, order, keys, compare) => view.sorted(`${key}\u0000${paramsJson}`, order, keys, compare),
  }
  const value = await evaluate(planQuery(tree, view.docs, params, kept ? match : undefined, (id) => view.byId.get(id) ?? null), { dataset: view.docs, params, dereference: ({ _ref }) => view.byId.get(_ref) ?? null })
  return JSON.stringify((await value.get()) ?? null)
}

describe('Queries answered from the matches a view keeps', () => {
  it('equal the planner passing over the view, after any sequence of writes', async () => {
    const trees = queries.map((q) => parseGroq(q.query, q.params))
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 25 }), async (writes) => {
        const replica = new Replica()
        for (const changes of writes) {
          replica.apply(changes)
          for (const { perspective, reader } of readers) {
            const view = replica.view(perspective, reader)
            for (const [i, q] of queries.entries()) {
              const kept = await answer(trees[i]!, view, q.params, true)
              const passed = await answer(trees[i]!, view, q.params, false)
              if (kept !== passed) expect(kept, `${q.query} for ${perspective}`).toBe(passed)
            }
          }
        }
      }),
      { numRuns: 60 },
    )
  }, 120_000)
})
