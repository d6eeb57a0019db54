// Every query a reader's page, feed or sitemap sends is answered from SQLite's indexes
// (docs/decisions/028-documents-read-from-sqlite.md) when a type has more documents than a filter
// may read one by one, and the answer is groq-js's own over every document.

import { describe, expect, it } from 'vitest'
import { DocumentReader } from '../../server/query/documents.ts'
import { groqAnswer, indexAnswer, storeForTests, visibleInIdOrder } from '../../server/query/groqOracle.testing.ts'
import { parseGroq } from '../../server/groq/selection.ts'
import { buildSyntheticArticles } from '../../server/seed/synthetic.ts'
import { homepageQuery } from '../../src/content/homepage/query.ts'
import { articleBySlugQuery } from '../../src/content/article/query.ts'
import { moreFromQuery } from '../../src/content/article/article.ts'
import { archiveQuery, categoryListingQuery, videoListingQuery, trendingQuery } from '../../src/content/listings/listings.ts'
import { authorArticlesQuery, authorBySlugQuery } from '../../src/content/authors/authors.ts'
import { paperFeedQuery, categoryArticlesQuery, manyCategoryArticlesQuery, authorArticlesQuery as authorFeed } from '../../server/feeds/rss.ts'
import { overviewQuery, authorsLatestQuery, nextMonth } from '../../server/feeds/sitemaps.ts'
import { firstPageQuery } from '../../src/content/liveblog/query.ts'

const testStore = storeForTests('index-answers')

describe("the site's own queries", () => {
  // Decision 028 lists them: every query a reader's page, feed or sitemap sends is answered from
  // the index, with more articles than a filter may read one by one, and gives groq-js's answer.
  it('are answered from the indexes, as groq-js answers them over every document', async () => {
    const dataset = 'production'
    const { store, db } = testStore
    store.createDataset(dataset)
    const cats = ['c1', 'c2'].map((id) => ({ _id: id, _type: 'category', title: id, slug: { _type: 'slug', current: id }, kind: 'section' }))
    const authors = ['a1'].map((id) => ({ _id: id, _type: 'author', name: id, slug: { _type: 'slug', current: id } }))
    await store.commit(dataset, [...cats, ...authors].map((d) => ({ createOrReplace: d })))
    const arts = buildSyntheticArticles({ count: 600, now: new Date('2026-11-27T12:00:00Z'), imageRefs: [], authorIds: ['a1'], categoryIds: ['c1', 'c2'] })
    await store.commit(dataset, arts.map((d) => ({ createOrReplace: d })))
    const docs = visibleInIdOrder([...store.dataset(dataset).docs.values()], 'anonymous')
    const reader = new DocumentReader(db, 32 * 1024 * 1024)
    const slug = (arts[3]!.slug as { current: string }).current
    const month = String(arts[3]!.publishedAt).slice(0, 7)
    const list: Array<[string, string, Record<string, unknown>]> = [
      ['homepage', homepageQuery, {}],
      ['article by slug', articleBySlugQuery, { slug }],
      ['more from', moreFromQuery, { id: arts[3]!._id, category: 'c1' }],
      ['archive', archiveQuery({ start: 20, end: 40 }), {}],
      ['section listing', categoryListingQuery({ start: 0, end: 20 }), { slug: 'c1' }],
      ['videos', videoListingQuery({ start: 0, end: 20 }), {}],
      ['trending', trendingQuery, {}],
      ['author page', authorArticlesQuery({ start: 0, end: 20 }), { author: 'a1' }],
      ['author by slug', authorBySlugQuery, { slug: 'a1' }],
      ['RSS paper', paperFeedQuery, {}],
      ['RSS category', categoryArticlesQuery, { category: 'c1' }],
      ['RSS category many', manyCategoryArticlesQuery, { category: 'c1' }],
      ['RSS author', authorFeed, { author: 'a1' }],
      ['sitemap overview', overviewQuery, {}],
      ['sitemap authors', authorsLatestQuery(1), { a0: 'a1' }],
      ['sitemap month', `{"m": {"updated": *[publishedAt >= "${month}" && publishedAt < "${nextMonth(month)}" && defined(publishedAt) && _type == "article" && defined(slug.current)] | order(_updatedAt desc)[0]._updatedAt, "count": count(*[publishedAt >= "${month}" && publishedAt < "${nextMonth(month)}" && _type == "article" && defined(slug.current)])}}`, {}],
      ['live blog first page', firstPageQuery, { blog: 'x' }],
    ]
    for (const [name, query, params] of list) {
      const tree = parseGroq(query, params)
      const answered = await indexAnswer(reader, tree, reader.source(dataset, 'anonymous', 500), params, (id) => reader.byId(dataset, id))
      expect(answered, name).not.toBeNull()
      expect(JSON.stringify(answered!.result), name).toBe(JSON.stringify(await groqAnswer(tree, docs, params)))
    }
  }, 120_000)
})
