import { evaluate, parse } from 'groq-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../../../tests/support/service.ts'
import { adminDateTime, articleListQuery, dashboardDeleteFailure, dashboardQuery, deleteDocument, deleteFailureMessage, displayTitle, fetchArticleList, fetchSection, publicationStatus, sectionDeleteFailure, sectionLimit, sectionQuery, statusLabel, titleSearchTerms, type AdminArticleRow, type AdminListItem, type ArticleListPage, type DashboardData, type SectionContent } from './queries.ts'
import { articlePageSize, hasFilters, validateArticleListSearch, type ArticleListSearch, parseSectionType } from './addresses.ts'

const ref = (id: string) => ({ _type: 'reference', _ref: id })
const cats = (...ids: string[]) => ids.map((id, i) => ({ ...ref(id), _key: `k${i}` }))

// A small newsroom: published articles, a published article with unpublished changes, a draft that
// was never published, a release version (ignored), galleries, and enough filler to need two pages.
const dataset = [
  { _id: 'cat-uk', _type: 'category', title: 'UK' },
  { _id: 'cat-sport', _type: 'category', title: 'Sport' },
  { _id: 'drafts.cat-new', _type: 'category', title: 'Unpublished category' },
  { _id: 'au-priya', _type: 'author', name: 'Priya Raman' },
  { _id: 'au-tom', _type: 'author', name: 'Tom Whitcombe' },
  {
    _id: 'bridge', _type: 'article', title: 'London Bridge reopens after repairs', slug: { current: 'bridge' },
    author: ref('au-priya'), categories: cats('cat-uk'), _createdAt: '2024-01-01T09:00:00Z', publishedAt: '2024-01-02T09:00:00Z', isLeadStory: true,
  },
  {
    _id: 'barrier', _type: 'article', title: 'Thames Barrier closes', slug: { current: 'barrier' },
    author: ref('au-priya'), categories: cats('cat-uk'), _createdAt: '2024-01-03T09:00:00Z', publishedAt: '2024-01-03T10:00:00Z', isLatestUpdate: true,
  },
  {
    _id: 'drafts.barrier', _type: 'article', title: 'Thames Barrier closes as surge tide rises', slug: { current: 'barrier' },
    author: ref('au-priya'), categories: cats('cat-uk'), _createdAt: '2024-03-01T09:00:00Z', publishedAt: '2024-01-03T10:00:00Z', isLatestUpdate: true, isFeatured: true,
  },
  {
    _id: 'drafts.results', _type: 'article', title: 'Weekend sport results', slug: { current: 'results' },
    author: ref('au-tom'), categories: cats('cat-sport'), _createdAt: '2024-02-01T09:00:00Z', isFeatured: true, readCount: 900,
  },
  {
    _id: 'arsenal', _type: 'article', title: 'arsenal win at the Emirates', slug: { current: 'arsenal' },
    author: ref('au-tom'), categories: cats('cat-sport', 'cat-uk'), _createdAt: '2024-01-05T09:00:00Z', publishedAt: '2024-01-01T09:00:00Z',
    readCount: 500, mediaType: 'video', isLatestUpdate: true,
  },
  { _id: 'versions.r1.bridge', _type: 'article', title: 'Release version of the bridge story', _createdAt: '2024-05-01T09:00:00Z' },
  { _id: 'gallery-dawn', _type: 'imageGallery', title: 'Dawn on the Thames', categories: cats('cat-uk'), publishedAt: '2024-01-04T09:00:00Z', _createdAt: '2024-01-04T09:00:00Z' },
  { _id: 'drafts.gallery-dusk', _type: 'imageGallery', title: 'Dusk in Deptford', _createdAt: '2024-01-06T09:00:00Z' },
  ...Array.from({ length: 26 }, (_, i) => ({
    _id: `filler-${String(i + 1).padStart(2, '0')}`, _type: 'article', title: `Filler story ${i + 1}`, slug: { current: `filler-${i + 1}` },
    categories: cats('cat-uk'), _createdAt: `2023-06-${String(i + 1).padStart(2, '0')}T09:00:00Z`, publishedAt: `2023-06-${String(i + 1).padStart(2, '0')}T10:00:00Z`,
    readCount: 101 + i,
  })),
]

async function run<T>(query: string, params: Record<string, unknown> = {}, docs: unknown[] = dataset): Promise<T> {
  const value = await evaluate(parse(query, { params }), { dataset: docs, params })
  return (await value.get()) as T
}

async function list(search: ArticleListSearch): Promise<ArticleListPage> {
  const { query, params } = articleListQuery(search)
  return run<ArticleListPage>(query, params)
}

const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id)
const named = (page: ArticleListPage, id: string): AdminArticleRow => page.rows.find((r) => r.id === id)!

describe('publication status', () => {
  it('is Published, Published (edited) or Draft', () => {
    expect(publicationStatus({ hasPublished: true, hasDraft: false })).toBe('published')
    expect(publicationStatus({ hasPublished: true, hasDraft: true })).toBe('edited')
    expect(publicationStatus({ hasPublished: false, hasDraft: true })).toBe('draft')
    expect(statusLabel({ hasPublished: true, hasDraft: false })).toBe('Published')
    expect(statusLabel({ hasPublished: true, hasDraft: true })).toBe('Published (edited)')
    expect(statusLabel({ hasPublished: false, hasDraft: true })).toBe('Draft')
  })

  it('names untitled drafts and writes dates to the minute', () => {
    expect(displayTitle('  ')).toBe('Untitled')
    expect(displayTitle(null)).toBe('Untitled')
    expect(displayTitle(' A title ')).toBe('A title')
    expect(adminDateTime('2024-01-02T09:05:00')).toBe('2 Jan 2024, 09:05')
    expect(adminDateTime('not a date')).toBeNull()
    expect(adminDateTime(null)).toBeNull()
  })
})

describe('the article list’s URL', () => {
  it('keeps what it understands and drops the rest', () => {
    expect(validateArticleListSearch({ q: '  London   bridge ', status: 'draft', category: 'cat-uk', author: 'au-tom', sort: 'title', page: '3' })).toEqual({
      q: 'London bridge', status: 'draft', category: 'cat-uk', author: 'au-tom', sort: 'title', page: 3,
    })
    expect(validateArticleListSearch({ q: '', status: 'archived', category: 'no spaces allowed', author: '../x', sort: 'random', page: 'banana' })).toEqual({
      q: undefined, status: undefined, category: undefined, author: undefined, sort: undefined, page: undefined,
    })
  })

  it('leaves defaults out, so each view has one address', () => {
    expect(validateArticleListSearch({ sort: 'newest', page: 1 })).toEqual({ q: undefined, status: undefined, category: undefined, author: undefined, sort: undefined, page: undefined })
    expect(validateArticleListSearch({ page: 0 }).page).toBeUndefined()
    expect(validateArticleListSearch({ q: 2024 }).q).toBe('2024')
  })

  it('knows when the list is filtered', () => {
    expect(hasFilters({ sort: 'title', page: 2 })).toBe(false)
    expect(hasFilters({ author: 'au-tom' })).toBe(true)
  })

  it('turns the search into word prefixes, ignoring typed wildcards', () => {
    expect(titleSearchTerms('bridge  lond*')).toEqual(['bridge*', 'lond*'])
    expect(titleSearchTerms('*')).toEqual([])
    expect(titleSearchTerms(undefined)).toEqual([])
  })
})

describe('the article list query', () => {
  it('shows each article once, as its draft when it has one, with its status', async () => {
    const page = await list({})
    expect(page.total).toBe(4 + 26)
    expect(ids(page.rows)).not.toContain('drafts.barrier')
    expect(page.rows.filter((r) => r.id === 'barrier')).toHaveLength(1)
    const barrier = named(page, 'barrier')
    expect(barrier.title).toBe('Thames Barrier closes as surge tide rises')
    expect(statusLabel(barrier)).toBe('Published (edited)')
    // Created when the published article was, not when the draft was started.
    expect(barrier.createdAt).toBe('2024-01-03T09:00:00Z')
    const results = named(page, 'results')
    expect(statusLabel(results)).toBe('Draft')
    expect(results.author).toBe('Tom Whitcombe')
    expect(results.categories).toEqual(['Sport'])
    const bridge = named(page, 'bridge')
    expect(statusLabel(bridge)).toBe('Published')
    expect(bridge.title).toBe('London Bridge reopens after repairs')
    expect(named(page, 'arsenal').categories).toEqual(['Sport', 'UK'])
    // Release versions are not articles of their own.
    expect(page.rows.some((r) => r.title === 'Release version of the bridge story')).toBe(false)
  })

  it('lists published categories and authors for the filters', async () => {
    const page = await list({})
    expect(page.categories).toEqual([{ id: 'cat-sport', name: 'Sport' }, { id: 'cat-uk', name: 'UK' }])
    expect(page.authors).toEqual([{ id: 'au-priya', name: 'Priya Raman' }, { id: 'au-tom', name: 'Tom Whitcombe' }])
  })

  it('filters by status', async () => {
    expect(ids((await list({ status: 'draft' })).rows)).toEqual(['results'])
    expect(ids((await list({ status: 'edited' })).rows)).toEqual(['barrier'])
    const published = await list({ status: 'published' })
    expect(published.total).toBe(29)
    expect(ids(published.rows)).toContain('barrier')
    expect(ids(published.rows)).not.toContain('results')
  })

  it('filters by category and author, together', async () => {
    expect(ids((await list({ category: 'cat-sport' })).rows).sort()).toEqual(['arsenal', 'results'])
    expect(ids((await list({ author: 'au-priya' })).rows).sort()).toEqual(['barrier', 'bridge'])
    expect(ids((await list({ author: 'au-tom', category: 'cat-uk' })).rows)).toEqual(['arsenal'])
    expect((await list({ author: 'au-nobody' })).total).toBe(0)
  })

  it('searches titles by word prefixes, in any order and case, over drafts as editors see them', async () => {
    expect(ids((await list({ q: 'bridge LOND' })).rows)).toEqual(['bridge'])
    expect(ids((await list({ q: 'surge' })).rows)).toEqual(['barrier'])
    expect(ids((await list({ q: 'weekend' })).rows)).toEqual(['results'])
    expect((await list({ q: 'ondon' })).total).toBe(0)
    expect(ids((await list({ q: 'thames', status: 'edited' })).rows)).toEqual(['barrier'])
  })

  it('sorts by creation, title and publication', async () => {
    const newest = await list({ category: 'cat-sport' })
    expect(ids(newest.rows)).toEqual(['results', 'arsenal'])
    expect(ids((await list({ author: 'au-priya', sort: 'newest' })).rows)).toEqual(['barrier', 'bridge'])
    expect(ids((await list({ author: 'au-priya', sort: 'oldest' })).rows)).toEqual(['bridge', 'barrier'])
    // Case does not decide the order: "arsenal" sorts with the A's.
    expect(ids((await list({ sort: 'title' })).rows).slice(0, 2)).toEqual(['arsenal', 'filler-01'])
    expect(ids((await list({ sort: 'title-desc' })).rows)[0]).toBe('results')
    expect(ids((await list({ author: 'au-tom', sort: 'published' })).rows)).toEqual(['arsenal', 'results'])
    expect(ids((await list({ author: 'au-priya', sort: 'published' })).rows)).toEqual(['barrier', 'bridge'])
  })

  it('pages 25 at a time with the total of every page', async () => {
    const first = await list({ sort: 'oldest' })
    const second = await list({ sort: 'oldest', page: 2 })
    expect(first.rows).toHaveLength(articlePageSize)
    expect(second.rows).toHaveLength(30 - articlePageSize)
    expect(first.total).toBe(30)
    expect(second.total).toBe(30)
    expect(ids(first.rows)[0]).toBe('filler-01')
    expect(new Set([...ids(first.rows), ...ids(second.rows)]).size).toBe(30)
    expect((await list({ page: 3 })).rows).toEqual([])
  })

  it('sends the editor’s words only as parameters', () => {
    const { query, params } = articleListQuery({ q: '"] | *[true', author: 'au-tom', page: 2 })
    expect(query).not.toContain('au-tom')
    expect(query).not.toContain('*[true')
    expect(params).toEqual({ terms: ['"]*', '|*', '[true*'], author: 'au-tom', start: 25, end: 50 })
  })
})

describe('the dashboard query', () => {
  it('lists lead, featured and latest articles, drafts included', async () => {
    const data = await run<DashboardData>(dashboardQuery)
    expect(ids(data.lead)).toEqual(['bridge'])
    // A draft with no publication date counts from its creation.
    expect(ids(data.featured)).toEqual(['results', 'barrier'])
    expect(data.featured.find((a) => a.id === 'results')).toMatchObject({ title: 'Weekend sport results', category: 'Sport', hasPublished: false, hasDraft: true })
    expect(data.featured.find((a) => a.id === 'barrier')).toMatchObject({ hasPublished: true, hasDraft: true })
    expect(ids(data.latest)).toEqual(['barrier', 'arsenal'])
  })

  it('stops Latest Updates at five', async () => {
    const many = Array.from({ length: 8 }, (_, i) => ({ _id: `u${i}`, _type: 'article', title: `Update ${i}`, isLatestUpdate: true, publishedAt: `2024-01-0${i + 1}T00:00:00Z` }))
    const data = await run<DashboardData>(dashboardQuery, {}, many)
    expect(ids(data.latest)).toEqual(['u7', 'u6', 'u5', 'u4', 'u3'])
  })
})

describe('the section manager’s queries', () => {
  it('knows the six sections and nothing else', () => {
    expect(parseSectionType('lead')).toBe('lead')
    expect(parseSectionType('images')).toBe('images')
    expect(parseSectionType('opinion')).toBeNull()
    expect(parseSectionType('constructor')).toBeNull()
  })

  it('lists each section’s articles with the first category’s name', async () => {
    const lead = await run<SectionContent>(sectionQuery('lead'))
    expect(lead).toEqual({ total: 1, items: [{ id: 'bridge', title: 'London Bridge reopens after repairs', category: 'UK', publishedAt: '2024-01-02T09:00:00Z', hasPublished: true, hasDraft: false }] })
    const videos = await run<SectionContent>(sectionQuery('videos'))
    expect(videos.items.map((i) => [i.id, i.category])).toEqual([['arsenal', 'Sport']])
    expect(ids((await run<SectionContent>(sectionQuery('featured'))).items)).toEqual(['results', 'barrier'])
    expect(ids((await run<SectionContent>(sectionQuery('latest'))).items)).toEqual(['barrier', 'arsenal'])
  })

  it('orders trending by reads, over 100 only', async () => {
    const trending = await run<SectionContent>(sectionQuery('trending'))
    expect(trending.total).toBe(2 + 26)
    expect(ids(trending.items).slice(0, 3)).toEqual(['results', 'arsenal', 'filler-26'])
    expect(ids(trending.items)).not.toContain('bridge')
  })

  it('lists image galleries, drafts included', async () => {
    const images = await run<SectionContent>(sectionQuery('images'))
    expect(images.items.map((i): [string, string | null, string] => [i.id, i.category, statusLabel(i)])).toEqual([
      ['gallery-dusk', null, 'Draft'],
      ['gallery-dawn', 'UK', 'Published'],
    ])
  })

  it(`stops at ${sectionLimit} items but counts them all`, async () => {
    const many = Array.from({ length: sectionLimit + 20 }, (_, i) => ({ _id: `v${i}`, _type: 'article', title: `Video ${i}`, mediaType: 'video', publishedAt: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString() }))
    const videos = await run<SectionContent>(sectionQuery('videos'), {}, many)
    expect(videos.total).toBe(sectionLimit + 20)
    expect(videos.items).toHaveLength(sectionLimit)
    expect(videos.items[0]!.id).toBe(`v${sectionLimit + 19}`)
  })
})

describe('refused and failed deletes', () => {
  const refused = Object.assign(new Error('the mutation(s) failed: Insufficient permissions; permission "delete" required'), { statusCode: 403 })
  const conflict = Object.assign(new Error('Conflict'), { statusCode: 409 })

  it('say the spec’s "disabled" words for a 403, and the error otherwise', () => {
    expect(deleteFailureMessage(refused)).toBe('Delete disabled - using a hosted content service as backend')
    expect(deleteFailureMessage(conflict)).toBe('Conflict')
    expect(deleteFailureMessage('???')).toBe('Unknown error')
    expect(dashboardDeleteFailure(refused)).toBe('Delete functionality disabled - using a hosted content service as backend')
    expect(dashboardDeleteFailure(conflict)).toBe('Deletion failed: Conflict')
    expect(sectionDeleteFailure(refused)).toBe('Failed to delete: Delete disabled - using a hosted content service as backend')
    expect(sectionDeleteFailure(new Error('Network down'))).toBe('Failed to delete: Network down')
  })
})

describe('against the content service', () => {
  let service: TestService
  let token: string

  beforeAll(async () => {
    service = await startTestService()
    token = await service.adminToken()
    const tx = service.client({ token }).transaction()
    for (const doc of dataset) tx.createOrReplace(doc as { _id: string; _type: string })
    await tx.commit()
  })

  afterAll(async () => {
    await service?.stop()
  })

  it('answers the paged list query with the same rows as groq-js', async () => {
    const client = service.client({ token, perspective: 'raw' })
    const search: ArticleListSearch = { sort: 'title', page: 2 }
    const page = await fetchArticleList(client, search)
    expect(page.total).toBe(30)
    // The service stamps its own creation times, so those are left out of the comparison.
    const withoutDates = (rows: AdminArticleRow[]) => rows.map(({ createdAt: _c, ...rest }) => ({ ...rest, categories: rest.categories ?? [] }))
    expect(withoutDates(page.rows)).toEqual(withoutDates((await list(search)).rows))
    expect(page.rows).toHaveLength(5)
  })

  it('deletes an article and its draft in one transaction', async () => {
    const client = service.client({ token, perspective: 'raw' })
    await deleteDocument(client, 'barrier')
    const left = await client.fetch<string[]>('*[_id in ["barrier", "drafts.barrier"]]._id')
    expect(left).toEqual([])
    // A draft-only article goes too, whichever id is given.
    await deleteDocument(client, 'drafts.gallery-dusk')
    const images = await fetchSection(client, 'images')
    expect(images.items.map((i: AdminListItem) => i.id)).toEqual(['gallery-dawn'])
  })

  it('reports a refused delete in the spec’s words', async () => {
    const viewer = service.client({ token: service.auth.createRobotToken('viewer', 'test', null), perspective: 'raw' })
    const error = await deleteDocument(viewer, 'bridge').then(
      () => null,
      (e: unknown) => e,
    )
    expect(deleteFailureMessage(error)).toBe('Delete disabled - using a hosted content service as backend')
    expect(await service.client().fetch('*[_id == "bridge"][0]._id')).toBe('bridge')
  })
})
