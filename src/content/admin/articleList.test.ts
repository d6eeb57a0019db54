import { describe, expect, it } from 'vitest'
import { articlePageSize, type ArticleListSearch } from './addresses.ts'
import { articleListQuery, fetchArticleList, titleSearchTerms, withScheduledPublishes, type AdminArticleRow, type ArticleListPage } from './articleList.ts'
import { ids, newsroomService, run, statusLabel } from './newsroom.fixtures.ts'

async function list(search: ArticleListSearch): Promise<ArticleListPage> {
  const { query, params } = articleListQuery(search)
  return run<ArticleListPage>(query, params)
}

const named = (page: ArticleListPage, id: string): AdminArticleRow => page.rows.find((r) => r.id === id)!

describe('the article list’s URL', () => {
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

describe('against the content service', () => {
  const live = newsroomService()

  it('answers the paged list query with the same rows as groq-js', async () => {
    const client = live.service.client({ token: live.token, perspective: 'raw' })
    const search: ArticleListSearch = { sort: 'title', page: 2 }
    const page = await fetchArticleList(client, search)
    expect(page.total).toBe(30)
    // The service stamps its own creation times, so those are left out of the comparison.
    const withoutDates = (rows: AdminArticleRow[]) => rows.map(({ createdAt: _c, ...rest }) => ({ ...rest, categories: rest.categories ?? [] }))
    expect(withoutDates(page.rows)).toEqual(withoutDates((await list(search)).rows))
    expect(page.rows).toHaveLength(5)
  })
})

describe('scheduled articles in the list', () => {
  it('gives each row its pending publish time, and null to the rest', () => {
    const row = (id: string): AdminArticleRow => ({ id, title: id, slug: id, author: null, categories: [], createdAt: null, publishedAt: null, hasPublished: false, hasDraft: true })
    const page = { total: 2, rows: [row('a'), row('b')] }
    const marked = withScheduledPublishes(page, new Map([['b', { id: 'sch-1', executeAt: '2026-12-01T07:00:00.000Z' }]]))
    expect(marked.rows.map((r) => [r.id, r.scheduledAt])).toEqual([
      ['a', null],
      ['b', '2026-12-01T07:00:00.000Z'],
    ])
    expect(marked.total).toBe(2)
  })
})
