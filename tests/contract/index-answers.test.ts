// Every query a reader's page, feed or sitemap sends is answered from SQLite's indexes
// (docs/decisions/028-documents-read-from-sqlite.md) when a type has more documents than a filter
// may read one by one, and the answer is groq-js's own over every document.

import { describe, it } from 'vitest'
import type { Doc } from '../../server/store/mutations.ts'
import { expectIndexAnswers, storeForTests, visibleInIdOrder, type IndexAnswerCase } from '../../server/query/groqOracle.testing.ts'
import { buildSyntheticArticles } from '../../server/seed/synthetic.ts'
import { homepageQuery } from '../../src/content/homepage/query.ts'
import { articleBySlugQuery } from '../../src/content/article/query.ts'
import { moreFromQuery } from '../../src/content/article/article.ts'
import { archiveQuery, categoryListingQuery, videoListingQuery, trendingQuery } from '../../src/content/listings/listings.ts'
import { authorArticlesQuery, authorBySlugQuery } from '../../src/content/authors/authors.ts'
import { paperFeedQuery, categoryArticlesQuery, authorArticlesQuery as authorFeed } from '../../server/feeds/rss.ts'
import { authorsLatestQuery, monthArticlesQuery, newsQuery, pagesQuery } from '../../server/feeds/sitemaps.ts'
import { firstPageQuery, liveFirstPageQuery, olderPageQuery, rankQuery, updateQuery } from '../../src/content/liveblog/query.ts'
import { liveLatestQuery, unplacedArticles } from '../../shared/homepage/query.ts'
import { liveBlogUpdatesQuery } from '../../server/feeds/liveBlogRss.ts'
import { articleListQuery } from '../../src/content/admin/articleList.ts'
import { storyPickerQuery } from '../../src/content/admin/newsletters.ts'
import { flaggedQuery } from '../../src/content/admin/dashboard.ts'
import { sectionQuery } from '../../src/content/admin/sections.ts'
import { sectionTypes, type ArticleListSearch } from '../../src/content/admin/addresses.ts'
import { searchArticlesQuery } from '../../src/content/search/search.ts'

const testStore = storeForTests('index-answers')

describe("the site's own queries", () => {
  // Decision 028 lists them: every query a reader's page, feed or sitemap sends is answered from
  // the index, with more articles than a filter may read one by one, gives groq-js's answer, and
  // parses the documents it shows, not the archive: a query that passes over the articles fails here.
  it('are answered from the indexes, as groq-js answers them over every document, parsing only what they show', async () => {
    const dataset = 'production'
    const { store, db } = testStore
    store.createDataset(dataset)
    const cats = ['c1', 'c2'].map((id) => ({ _id: id, _type: 'category', title: id, slug: { _type: 'slug', current: id }, kind: 'section' }))
    const authors = ['a1'].map((id) => ({ _id: id, _type: 'author', name: id, slug: { _type: 'slug', current: id } }))
    await store.commit(dataset, [...cats, ...authors].map((d) => ({ createOrReplace: d })))
    const arts = buildSyntheticArticles({ count: 600, now: new Date('2026-11-27T12:00:00Z'), imageRefs: [], authorIds: ['a1'], categoryIds: ['c1', 'c2'] })
    await store.commit(dataset, arts.map((d) => ({ createOrReplace: d })))
    const docs = visibleInIdOrder([...store.dataset(dataset).docs.values()], 'anonymous')
    const slug = (arts[3]!.slug as { current: string }).current
    const month = String(arts[3]!.publishedAt).slice(0, 7)
    const since = new Date(Date.parse('2026-11-27T12:00:00Z') - 48 * 3_600_000).toISOString()
    // Each with the most documents it may parse: the ones it shows, the rest of a tie at the end of
    // its slice, and the authors and sections its cards follow. 600 articles from one import share
    // their _updatedAt, so a listing by it must not read that whole group to find the first.
    const list: IndexAnswerCase[] = [
      // Breaking, lead, featured, latest, videos and trending (about 20), the counts from the index alone.
      ['homepage', homepageQuery, {}, 30],
      ['article by slug', articleBySlugQuery, { slug }, 5],
      ['more from', moreFromQuery, { id: arts[3]!._id, category: 'c1' }, 8],
      // Page two reads page one's 20 to reach its own.
      ['archive', archiveQuery({ start: 20, end: 40 }), {}, 45],
      ['section listing', categoryListingQuery({ start: 0, end: 20 }), { slug: 'c1' }, 25],
      ['videos', videoListingQuery({ start: 0, end: 20 }), {}, 25],
      ['trending', trendingQuery, {}, 15],
      ['author page', authorArticlesQuery({ start: 0, end: 20 }), { author: 'a1' }, 25],
      ['author by slug', authorBySlugQuery, { slug: 'a1' }, 1],
      // Fifty items.
      ['RSS paper', paperFeedQuery, {}, 55],
      ['RSS category', categoryArticlesQuery, { category: 'c1' }, 55],
      ['RSS author', authorFeed, { author: 'a1' }, 55],
      // Every article of the month, and nothing else.
      ['sitemap month', monthArticlesQuery(month, 0, 10_000), {}, arts.filter((a) => String(a.publishedAt).startsWith(month)).length],
      ['sitemap pages', pagesQuery, {}, 3],
      ['sitemap authors', authorsLatestQuery(1), { a0: 'a1' }, 1],
      ['news sitemap', newsQuery, { since, until: '2026-11-27T12:01:00Z' }, 60],
      ['live blog first page', firstPageQuery, { blog: 'x' }, 0],
      // GROQ's match and score(), from the match index (decision 037): the /search page's own query,
      // reading the articles with the words (eight or nine of the 600 here).
      ['search', searchArticlesQuery(1), { q: 'london bridge', section: null, from: null, to: null }, 20],
      ['search, a section', searchArticlesQuery(1), { q: 'storm', section: 'c2', from: '2026-01-01T00:00:00Z', to: null }, 20],
      // Common words, scored and counted from the index's word counts (decision 040): the page and
      // the articles tied with its last are parsed, where groq-js's score() read every match ("the"
      // is in all 600, "london" and "the" both in 338).
      ['search, a common word', searchArticlesQuery(1), { q: 'the', section: null, from: null, to: null }, 25],
      ['search, two common words, page two', searchArticlesQuery(2), { q: 'london the', section: null, from: null, to: null }, 45],
      ['search, a word and a prefix', searchArticlesQuery(1), { q: 'the lond*', section: null, from: null, to: null }, 25],
    ]
    await expectIndexAnswers(db, dataset, 'anonymous', docs, list)
  }, 120_000)

  // Issue 22: a section's or an author's page costs what it did when the section was small. Each
  // is read newest first from the keys written for that section or author alone (documentColumns.ts,
  // scopedKeys), where it used to sort every article of the section (a tenth of the archive here).
  it("read a section's and an author's listings at 8,000 articles through as many index entries as at 2,000", async () => {
    const { store, db } = testStore
    const sectionIds = Array.from({ length: 10 }, (_, i) => `s${i}`)
    const authorIds = Array.from({ length: 30 }, (_, i) => `a${i}`)
    const start = Date.parse('2026-11-27T12:00:00Z')
    /** The bench's shape, lean: one to three sections, most with an author, pairs at one time (ties by id), two undated, two without a slug and ten drafts at any size. */
    const archive = (count: number): Doc[] => {
      const out: Doc[] = []
      for (let n = 0; n < count; n++) {
        const id = `art-${String(n).padStart(5, '0')}`
        const categories = [sectionIds[n % 10]!, ...(n % 3 === 0 ? [sectionIds[(n * 7 + 3) % 10]!] : []), ...(n % 5 === 0 ? [sectionIds[(n * 3 + 1) % 10]!] : [])]
        const doc: Doc = {
          _id: id,
          _type: 'article',
          title: `Story ${n}`,
          ...(n === 5 || n === 105 ? {} : { slug: { _type: 'slug', current: id } }),
          ...(n === 7 || n === 1_007 ? {} : { publishedAt: new Date(start - Math.floor(n / 2) * 60_000).toISOString() }),
          categories: [...new Set(categories)].map((ref, k) => ({ _type: 'reference', _key: `k${k}`, _ref: ref })),
          ...(n % 10 === 9 ? {} : { author: { _type: 'reference', _ref: authorIds[n % 30]! } }),
        }
        out.push(doc)
        // A newer draft of a few of the newest: never shown to a reader, though its keys are in the index.
        if (n < 200 && n % 20 === 0) out.push({ ...doc, _id: `drafts.${id}`, title: `Story ${n} (edited)`, publishedAt: new Date(start + 60_000).toISOString() })
      }
      return out
    }
    const others = [...sectionIds.map((id) => ({ _id: id, _type: 'category', title: id, slug: { _type: 'slug', current: id }, kind: 'section' })), ...authorIds.map((id) => ({ _id: id, _type: 'author', name: id, slug: { _type: 'slug', current: id } }))]
    // The same bounds at both sizes (measured: the same entries at both): the page, its cards'
    // authors and sections, and a tie at its end. Sorting the section read its 267, then 1,067.
    const cases: IndexAnswerCase[] = [
      ['section listing', categoryListingQuery({ start: 0, end: 20 }), { slug: 's3' }, 30, 100],
      ['section listing, page two', categoryListingQuery({ start: 20, end: 40 }), { slug: 's3' }, 50, 140],
      ['author page', authorArticlesQuery({ start: 0, end: 20 }), { author: 'a8' }, 25, 85],
      ['more from', moreFromQuery, { id: 'art-00013', category: 's3' }, 10, 16],
      ['RSS category', categoryArticlesQuery, { category: 's3' }, 65, 245],
      ['RSS author', authorFeed, { author: 'a8' }, 55, 200],
      ['sitemap authors', authorsLatestQuery(1), { a0: 'a8' }, 1, 65],
    ]
    for (const size of [2_000, 8_000]) {
      const dataset = `listings-${size}`
      store.createDataset(dataset)
      await store.commit(dataset, [...others, ...archive(size)].map((d) => ({ createOrReplace: d })))
      const docs = visibleInIdOrder([...store.dataset(dataset).docs.values()], 'anonymous')
      await expectIndexAnswers(db, dataset, 'anonymous', docs, cases.map(([name, ...rest]): IndexAnswerCase => [`${name} at ${size}`, ...rest]))
    }
  }, 120_000)

  // Issue 22: the homepage counts its unplaced articles (no flag, not a video, not trending) on every
  // render and after every publish. The store keeps how many are placed (server/store/placedCounts.ts),
  // so the count reads the type's total and that one, where it read every featured, latest and
  // trending article's key: 5% of the archive, 50,000 index entries at a million articles.
  it("count the homepage's unplaced articles at 8,000 articles through as many index entries as at 2,000", async () => {
    const { store, db } = testStore
    const start = Date.parse('2026-11-27T12:00:00Z')
    /** Lean articles in the bench's proportions: 2% featured, 3% latest, 5% videos, the newest read most; a breaking story, a lead and drafts at any size. */
    const archive = (count: number): Doc[] => {
      const out: Doc[] = []
      for (let n = 0; n < count; n++) {
        const id = `art-${String(n).padStart(5, '0')}`
        const doc: Doc = {
          _id: id,
          _type: 'article',
          title: `Story ${n}`,
          slug: { _type: 'slug', current: id },
          publishedAt: new Date(start - n * 60_000).toISOString(),
          mediaType: n % 20 === 3 ? 'video' : 'article',
          ...(n % 50 === 7 ? { isFeatured: true } : {}),
          ...(n % 33 === 4 ? { isLatestUpdate: true } : {}),
          ...(n === 1 ? { isBreakingNews: true } : {}),
          ...(n === 2 ? { isLeadStory: true } : {}),
          ...(n < 300 && n % 7 === 0 ? { readsLastDay: 150 + n } : n % 11 === 0 ? { readsLastDay: 20 } : {}),
        }
        out.push(doc)
        // A draft flagged and read, or unflagged where its article is: never counted for a reader.
        if (n < 200 && n % 20 === 0) out.push({ ...doc, _id: `drafts.${id}`, isFeatured: n % 40 === 0, readsLastDay: 0 })
      }
      return out
    }
    for (const size of [2_000, 8_000]) {
      const dataset = `homepage-${size}`
      store.createDataset(dataset)
      await store.commit(dataset, archive(size).map((d) => ({ createOrReplace: d })))
      const docs = visibleInIdOrder([...store.dataset(dataset).docs.values()], 'anonymous')
      // Two kept rows (measured: 2 at both sizes), where reading the flagged and trending keys took 157 and 459.
      await expectIndexAnswers(db, dataset, 'anonymous', docs, [[`unplaced articles at ${size}`, `count(*[${unplacedArticles}])`, {}, 0, 2]])
    }
  }, 120_000)

  // Issue 24: a blog's first page costs what it did at ten updates. Its listings are read from the
  // keys written for that blog alone, its pin and key events from their own: the documents parsed
  // are the ones shown, not every update of the blog, nor other blogs' updates.
  it("read a live blog's first page at 2,000 updates without reading the updates it does not show", async () => {
    const dataset = 'liveblogs'
    const { store, db } = testStore
    store.createDataset(dataset)
    const start = Date.parse('2026-11-27T06:00:00Z')
    const update = (blog: string, n: number, extra: Record<string, unknown> = {}) => ({
      _id: `${blog}-u${n}`,
      _type: 'liveUpdate',
      liveBlog: { _type: 'reference', _ref: blog },
      // Pairs at one time, so ties are ordered by id as the page orders them.
      publishedAt: new Date(start + Math.floor(n / 2) * 5_000).toISOString(),
      isKeyEvent: n % 40 === 0,
      body: [{ _type: 'block', _key: 'b', children: [{ _type: 'span', _key: 's', text: `Update ${n}` }] }],
      ...extra,
    })
    const large = Array.from({ length: 2_000 }, (_, n) => update('large', n))
    const small = Array.from({ length: 10 }, (_, n) => update('small', n, n === 3 ? { isPinned: true } : {}))
    // A draft of the newest update: never shown to a reader.
    const draft = { ...update('large', 2_000), _id: 'drafts.large-u2000', isPinned: true }
    await store.commit(dataset, [{ _id: 'large', _type: 'article', title: 'Large', isLiveBlog: true }, { _id: 'small', _type: 'article', title: 'Small', isLiveBlog: true }, ...large, ...small, draft].map((d) => ({ createOrReplace: d })))
    const docs = visibleInIdOrder([...store.dataset(dataset).docs.values()], 'anonymous')
    // How many documents each may parse at most: those it shows, the rest of a pair of ties at the
    // end of a slice, and the draft (newest, pinned) that the index lists and the reader's view drops.
    const cases: IndexAnswerCase[] = [
      // The 39 newest and the 40th (its tie), the 10 newest key events (u1960 among the 40), the draft.
      ['first page', firstPageQuery, { blog: 'large' }, 50],
      // The same, and the blog itself.
      ['first page, live', liveFirstPageQuery, { blog: 'large' }, 51],
      ['first page, small', firstPageQuery, { blog: 'small' }, 10],
      // Three of each blog, the fourth (a tie), and the draft.
      ['homepage slot', liveLatestQuery(2), { b0: 'large', b1: 'small' }, 9],
      // Fifty, and the draft.
      ['feed', liveBlogUpdatesQuery, { blog: 'large' }, 51],
      // An older page is counted from the oldest update (decision 029): the updates before its
      // block are counted from the blog's keys, and only its own are parsed, wherever it is: its
      // twenty and the update after them, the ten newest key events and the draft.
      ['newest older page', olderPageQuery({ start: 1_940, end: 1_961 }), { blog: 'large' }, 32],
      ['a middle older page', olderPageQuery({ start: 1_000, end: 1_021 }), { blog: 'large' }, 32],
      ['oldest older page', olderPageQuery({ start: 0, end: 21 }), { blog: 'large' }, 32],
      // `?update={id}`: the update asked for, then its rank counted from the blog's keys.
      ['an update by its id', updateQuery, { blog: 'large', id: 'large-u1001' }, 1],
      ['its rank', rankQuery, { blog: 'large', at: new Date(start + 500 * 5_000).toISOString(), id: 'large-u1001' }, 2],
    ]
    await expectIndexAnswers(db, dataset, 'anonymous', docs, cases)
  }, 120_000)

  // A filter is narrowed by whichever of its keyed conditions holds the fewest index entries, not the
  // first it names: the updates of a small blog since a time are that blog's ten, not every update
  // since then (2,000 of another blog), whether listed, listed in another order, or counted.
  it('narrow a filter by its narrowest keyed condition, reading that condition\'s entries, not the first one\'s', async () => {
    const dataset = 'narrowest'
    const { store, db } = testStore
    store.createDataset(dataset)
    const start = Date.parse('2026-11-27T06:00:00Z')
    const update = (blog: string, n: number) => ({
      _id: `${blog}-u${n}`,
      _type: 'liveUpdate',
      liveBlog: { _type: 'reference', _ref: blog },
      publishedAt: new Date(start + n * 5_000).toISOString(),
      body: [{ _type: 'block', _key: 'b', children: [{ _type: 'span', _key: 's', text: `Update ${n}` }] }],
    })
    const updates = [...Array.from({ length: 2_000 }, (_, n) => update('large', n)), ...Array.from({ length: 10 }, (_, n) => update('small', n))]
    await store.commit(dataset, [{ _id: 'large', _type: 'article', title: 'Large', isLiveBlog: true }, { _id: 'small', _type: 'article', title: 'Small', isLiveBlog: true }, ...updates].map((d) => ({ createOrReplace: d })))
    const docs = visibleInIdOrder([...store.dataset(dataset).docs.values()], 'anonymous')
    const params = { blog: 'small', since: new Date(start).toISOString() }
    const broadFirst = `_type == "liveUpdate" && publishedAt >= $since && liveBlog._ref == $blog`
    // Each with the most index entries it may read: the small blog's ten (sized, then read) and the
    // first 32 of the broad condition's, which sizing them reads to learn it is the larger.
    await expectIndexAnswers(
      db,
      dataset,
      'anonymous',
      docs,
      [
        ['listed', `*[${broadFirst}]._id`, params, 10, 80],
        ['listed in another order', `*[${broadFirst}] | order(_updatedAt desc, _id asc)[0...3]._id`, params, 10, 80],
        ['counted', `count(*[${broadFirst}])`, params, 0, 80],
      ],
      { keyLimit: Infinity },
    )
  }, 120_000)

  // The admin's lists (decision 028): an editor's article list, the dashboard and the section
  // managers read drafts beside published articles, and their conditions on the other half are
  // keys of their own (server/groq/pairs.ts), so they are read from the index like a reader's.
  it("answer the admin's article list, dashboard and section managers from the indexes, drafts beside published articles", async () => {
    const dataset = 'newsroom'
    const { store, db } = testStore
    store.createDataset(dataset)
    const cats = ['c1', 'c2'].map((id) => ({ _id: id, _type: 'category', title: id, slug: { _type: 'slug', current: id }, kind: 'section' }))
    const authors = ['a1', 'a2'].map((id) => ({ _id: id, _type: 'author', name: id, slug: { _type: 'slug', current: id } }))
    // One import: every article shares its creation time, so the list, newest first, is read in
    // the order of creation and publication together.
    const arts = buildSyntheticArticles({ count: 600, now: new Date('2026-11-27T12:00:00Z'), imageRefs: [], authorIds: ['a1', 'a2'], categoryIds: ['c1', 'c2'] }) as Doc[]
    // Drafts beside published articles (flags turned on and off), and articles never published.
    const drafts = arts.filter((_, i) => i % 20 === 0).map((d, i) => ({ ...d, _id: `drafts.${d._id}`, title: `${String(d.title)} (edited)`, isLeadStory: i % 3 === 0, isFeatured: i % 2 === 0, isLatestUpdate: !d.isLatestUpdate }))
    const unpublished = Array.from({ length: 12 }, (_, i) => ({ _id: `drafts.new-${i}`, _type: 'article', title: `New story ${i}`, isFeatured: i % 2 === 0, categories: [{ _type: 'reference', _key: 'k', _ref: 'c1' }], author: { _type: 'reference', _ref: 'a2' } }))
    const essays = [{ _id: 'essay-1', _type: 'imageGallery', title: 'Essay', publishedAt: '2026-11-01T00:00:00Z' }, { _id: 'drafts.essay-1', _type: 'imageGallery', title: 'Essay, edited' }, { _id: 'drafts.essay-2', _type: 'imageGallery', title: 'New essay' }]
    await store.commit(dataset, [...cats, ...authors, ...essays].map((d) => ({ createOrReplace: d })))
    await store.commit(dataset, arts.map((d) => ({ createOrReplace: d })))
    await store.commit(dataset, [...drafts, ...unpublished].map((d) => ({ createOrReplace: d })))
    // A draft published and another discarded afterwards: the other half's keys follow.
    await store.commit(dataset, [{ createOrReplace: { ...drafts[1]!, _id: arts[20]!._id } }, { delete: { id: `drafts.${arts[20]!._id}` } }, { delete: { id: `drafts.${arts[40]!._id}` } }])
    const view = visibleInIdOrder([...store.dataset(dataset).docs.values()], 'raw')
    const search = (s: ArticleListSearch) => articleListQuery(s)
    const shown = { query: flaggedQuery, params: { ids: [arts[0]!._id, arts[5]!._id, arts[7]!._id] } }
    // Each with the most documents it may parse: its page or section, and the ties at its end.
    const answered: Array<[string, { query: string; params: Record<string, unknown> }, number]> = [
      ['article list', search({}), 40],
      ['article list, oldest', search({ sort: 'oldest', page: 2 }), 80],
      ['article list, published', search({ status: 'published' }), 60],
      ['article list, edited', search({ status: 'edited' }), 80],
      ['article list, never published', search({ status: 'draft', author: 'a2' }), 30],
      ['article list, a section and an author', search({ category: 'c1', author: 'a1', page: 3 }), 250],
      ['dashboard', shown, 80],
      // The title search, from the match index: the 99 articles and 4 drafts with a title word
      // beginning "lond" (no other article is read), their authors and sections.
      ['article list, searched by title', search({ q: 'lond' }), 110],
      // Sorted by title or by publication date, from the keys written for them (server/groq/pairs.ts).
      ['article list, by title', search({ sort: 'title' }), 40],
      ['article list, by title, last first', search({ sort: 'title-desc', page: 2 }), 80],
      ['article list, by publication date', search({ sort: 'published', page: 2 }), 80],
      // The newsletter composer's story picker: the twelve newest published stories, or the 5 whose
      // title has words beginning "lond" and "bri", and nothing else.
      ['story picker', storyPickerQuery('', 12), 12],
      ['story picker, searched', storyPickerQuery('lond bri', 12), 5],
      ...sectionTypes.map((type): [string, { query: string; params: Record<string, unknown> }, number] => [`section ${type}`, { query: sectionQuery(type), params: {} }, 150]),
    ]
    await expectIndexAnswers(
      db,
      dataset,
      'raw',
      view,
      answered.map(([name, { query, params }, parsed]): IndexAnswerCase => [name, query, params, parsed]),
    )
  }, 120_000)
})
