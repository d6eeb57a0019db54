import { evaluate, parse } from 'groq-js'
import { describe, expect, it } from 'vitest'
import { normaliseSearchPage, normaliseSearchText, searchAddressWithoutEmptyFields, searchFilterNotices, searchToRun, validateSearchParams } from './params.ts'
import { markMatches, searchByGroq, searchPageCount, searchPageSize, searchQueryString, searchRequest, type GroqSearchPage, type PageSearch } from './search.ts'

function block(text: string) {
  return { _type: 'block', _key: text.slice(0, 8), style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's', text, marks: [] }] }
}

function article(id: string, title: string, publishedAt: string, extra: Record<string, unknown> = {}) {
  return { _id: id, _type: 'article', title, slug: { _type: 'slug', current: id }, publishedAt, ...extra }
}

const dataset = [
  { _id: 'cat-uk', _type: 'category', title: 'UK', slug: { _type: 'slug', current: 'uk' }, kind: 'section' },
  { _id: 'cat-news', _type: 'category', title: 'News', slug: { _type: 'slug', current: 'news' }, kind: 'desk' },
  article('in-body', 'Council budget vote delayed', '2026-11-21T08:00:00Z', {
    excerpt: 'Councillors will meet again next week.',
    body: [block('The meeting ran late after a debate about flood defences on the Thames.')],
    categories: [{ _type: 'reference', _ref: 'cat-news', _key: 'a' }, { _type: 'reference', _ref: 'cat-uk', _key: 'b' }],
  }),
  article('in-title', 'Thames Barrier closes twice in a week', '2026-11-20T10:00:00Z', {
    excerpt: '<p>Spring tides met a <strong>storm surge</strong>.</p>',
    categories: [{ _type: 'reference', _ref: 'cat-news', _key: 'a' }],
  }),
  article('in-excerpt', 'A walk from source to sea', '2026-11-19T10:00:00Z', { excerpt: 'Two weeks on the Thames Path.' }),
  article('older-title', 'Thames swimmers return', '2026-10-01T10:00:00Z'),
  article('no-match', 'Bakerloo extension given a date', '2026-11-21T09:00:00Z', { body: [block('Lewisham waits.')] }),
  { _id: 'no-slug', _type: 'article', title: 'Thames story without an address', publishedAt: '2026-11-21T09:00:00Z' },
  { _id: 'gallery', _type: 'imageGallery', title: 'Dawn on the Thames', publishedAt: '2026-11-21T09:00:00Z', slug: { _type: 'slug', current: 'dawn' } },
]

async function search(q: string, page = 1, docs: unknown[] = dataset, filters: Partial<PageSearch> = {}): Promise<GroqSearchPage> {
  const { query, params } = searchRequest({ q, page, ...filters })
  // Parsed without parameters, as the embedded service does.
  const result = await evaluate(parse(query), { dataset: docs, params })
  return (await result.get()) as GroqSearchPage
}

describe('the search query', () => {
  it('finds articles by title, excerpt and body text, title matches first, then newest', async () => {
    const { total, hits } = await search('thames')
    expect(total).toBe(4)
    expect(hits.map((h) => h._id)).toEqual(['in-title', 'older-title', 'in-excerpt', 'in-body'])
  })

  it('needs every word to match, in any field', async () => {
    expect((await search('thames barrier')).hits.map((h) => h._id)).toEqual(['in-title'])
    expect((await search('flood defences')).hits.map((h) => h._id)).toEqual(['in-body'])
    expect((await search('thames bakerloo')).total).toBe(0)
  })

  it('returns what a result shows: slug, date, raw excerpt and the section before any other category', async () => {
    const { hits } = await search('council')
    expect(hits).toEqual([
      {
        _id: 'in-body',
        title: 'Council budget vote delayed',
        slug: 'in-body',
        publishedAt: '2026-11-21T08:00:00Z',
        excerpt: 'Councillors will meet again next week.',
        section: 'UK',
      },
    ])
    const [barrier] = (await search('barrier')).hits
    expect(barrier?.section).toBe('News')
    expect(barrier?.excerpt).toBe('<p>Spring tides met a <strong>storm surge</strong>.</p>')
    const [walk] = (await search('walk')).hits
    expect(walk?.section).toBeNull()
  })

  it('never returns other document types or articles without an address', async () => {
    const ids = (await search('thames')).hits.map((h) => h._id)
    expect(ids).not.toContain('gallery')
    expect(ids).not.toContain('no-slug')
  })

  it('pages through the results twenty at a time, counting them all', async () => {
    const many = Array.from({ length: 45 }, (_, n) =>
      article(`r${String(n).padStart(2, '0')}`, `River story ${n}`, new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString()),
    )
    const first = await search('river', 1, many)
    const third = await search('river', 3, many)
    expect(first.total).toBe(45)
    expect(first.hits).toHaveLength(searchPageSize)
    expect(first.hits[0]?._id).toBe('r44')
    expect(third.hits.map((h) => h._id)).toEqual(['r04', 'r03', 'r02', 'r01', 'r00'])
    expect((await search('river', 4, many)).hits).toEqual([])
  })

  it('matches nothing for text without words', async () => {
    expect((await search('!!!')).total).toBe(0)
  })
})

describe('search parameters', () => {
  it('trims and collapses the text and cuts it at 200 characters', () => {
    expect(normaliseSearchText('  Thames \n barrier  ')).toBe('Thames barrier')
    expect(normaliseSearchText('a'.repeat(250))).toHaveLength(200)
    expect(Array.from(normaliseSearchText('😀'.repeat(250)))).toHaveLength(200)
    expect(normaliseSearchText(2024)).toBe('2024')
    expect(normaliseSearchText(undefined)).toBe('')
    expect(normaliseSearchText({ q: 'x' })).toBe('')
  })

  it('reads the page as a whole number of at least 1', () => {
    expect(normaliseSearchPage(3)).toBe(3)
    expect(normaliseSearchPage('2')).toBe(2)
    expect(normaliseSearchPage(0)).toBe(1)
    expect(normaliseSearchPage(-2)).toBe(1)
    expect(normaliseSearchPage(1.5)).toBe(1)
    expect(normaliseSearchPage('two')).toBe(1)
    expect(normaliseSearchPage(undefined)).toBe(1)
  })

  it("gives a search that names empty fields its one address, and leaves every filled field as it was, wrong or not", () => {
    expect(searchAddressWithoutEmptyFields('?q=Thames&section=&from=&to=')).toBe('/search?q=Thames')
    expect(searchAddressWithoutEmptyFields('?q=Thames&section=uk&from=+&to=2026-11-01')).toBe('/search?q=Thames&section=uk&to=2026-11-01')
    expect(searchAddressWithoutEmptyFields('?q=&section=')).toBe('/search')
    expect(searchAddressWithoutEmptyFields('?q=x&from=soon&to=')).toBe('/search?q=x&from=soon')
    // Already its one address: no redirect.
    expect(searchAddressWithoutEmptyFields('?q=Thames&section=uk')).toBeNull()
    expect(searchAddressWithoutEmptyFields('')).toBeNull()
  })

  it('keeps only meaningful values in the URL', () => {
    expect(validateSearchParams({ q: ' london ', page: 2, utm: 'x' })).toEqual({ q: 'london', page: 2 })
    expect(validateSearchParams({ q: '   ', page: 1 })).toEqual({})
    expect(validateSearchParams({})).toEqual({})
    expect(validateSearchParams({ q: 'x', section: 'uk', from: '2026-11-01', to: '' })).toEqual({ q: 'x', section: 'uk', from: '2026-11-01' })
    // Not a section's slug, not a day: left out. Days the wrong way round: kept as given, for the page to say so.
    expect(validateSearchParams({ q: 'x', section: '../admin', from: '2026-02-30', to: 'soon' })).toEqual({ q: 'x' })
    expect(validateSearchParams({ q: 'x', from: '2026-11-30', to: '2026-11-01' })).toEqual({ q: 'x', from: '2026-11-30', to: '2026-11-01' })
    // A slug that names none of the sections the form offers: left out, not searched for nothing.
    expect(validateSearchParams({ q: 'x', section: 'nonsense' })).toEqual({ q: 'x' })
  })

  it('runs the search of what it could use: the router keeps the address\u2019s own values beside the validated ones', () => {
    const given = { q: 'x', page: 'abc', section: 'nonsense', from: '2026-13-45', to: 'soon' }
    expect(searchToRun({ ...given, ...validateSearchParams(given) })).toEqual({ q: 'x' })
    const backwards = { q: 'x', section: 'uk', from: '2026-11-30', to: '2026-11-01' }
    expect(searchToRun({ ...backwards, ...validateSearchParams(backwards) })).toEqual({ q: 'x', section: 'uk', from: '2026-11-01', to: '2026-11-30' })
  })

  it('says which filters of the address the search could not use, and what it did instead', () => {
    expect(searchFilterNotices({ q: 'x', section: 'uk', from: '2026-11-01', to: '2026-11-30' })).toEqual([])
    expect(searchFilterNotices({ q: 'x', section: '', from: '', to: '  ' })).toEqual([])
    expect(searchFilterNotices({ q: 'x', section: 'nonsense', from: '2026-13-45', to: 'soon' })).toEqual([
      { field: 'section', message: 'Section: there is no section “nonsense”, so the results are from every section.' },
      { field: 'from', message: 'Published from: “2026-13-45” is not a date, so the search left it out.' },
      { field: 'to', message: 'Published until: “soon” is not a date, so the search left it out.' },
    ])
    expect(searchFilterNotices({ q: 'x', from: '2026-11-30', to: '2026-11-01' })).toEqual([
      { field: 'from', message: 'Published from was after Published until, so the results are from the days between them.' },
    ])
    // As the router parses an address: a number is not a section or a date; a long value is cut.
    expect(searchFilterNotices({ section: 2026, from: 2026 }).map((notice) => notice.message)).toEqual([
      'Section: there is no section “2026”, so the results are from every section.',
      'Published from: “2026” is not a date, so the search left it out.',
    ])
    expect(searchFilterNotices({ section: 'x'.repeat(5000) })[0]!.message).toBe(`Section: there is no section “${'x'.repeat(39)}…”, so the results are from every section.`)
  })

  it('says when the page asked for is not a page number, and shows the first', () => {
    expect(searchToRun({ q: 'x', page: 'abc' }).page).toBeUndefined()
    expect(searchFilterNotices({ q: 'x', page: 'abc' })).toEqual([{ field: 'page', message: 'Page: “abc” is not a page number, so these are the first page’s results.' }])
    // As the router parses an address: `page=0` and `page=1.5` arrive as numbers.
    expect(searchFilterNotices({ q: 'x', page: 0 }).map((notice) => notice.message)).toEqual(['Page: “0” is not a page number, so these are the first page’s results.'])
    expect(searchFilterNotices({ q: 'x', page: 1.5 }).map((notice) => notice.message)).toEqual(['Page: “1.5” is not a page number, so these are the first page’s results.'])
    expect(searchFilterNotices({ q: 'x', page: '-2' }).map((notice) => notice.field)).toEqual(['page'])
    // A page number, or no page, says nothing; nor does a bad page with no words searched (no results to be a page of).
    expect(searchFilterNotices({ q: 'x', page: 1 })).toEqual([])
    expect(searchFilterNotices({ q: 'x', page: 3 })).toEqual([])
    expect(searchFilterNotices({ q: 'x', page: '' })).toEqual([])
    expect(searchFilterNotices({ page: 'abc' })).toEqual([])
  })

  it('sends the text only as a parameter and slices one page of results', () => {
    const first = searchRequest({ q: ' london ', page: 1 })
    expect(first.params).toEqual({ q: 'london', section: null, from: null, to: null })
    expect(first.query).toContain('[0...20]')
    expect(searchRequest({ q: 'london', page: 3 }).query).toContain('[40...60]')
    expect(searchRequest({ q: 'london', page: -1 }).query).toContain('[0...20]')
    expect(searchRequest({ q: 'london', page: 1, section: 'uk', from: '2026-11-01', to: '2026-11-30' }).params).toEqual({ q: 'london', section: 'uk', from: '2026-11-01T00:00:00Z', to: '2026-12-01T00:00:00Z' })
  })

  it('counts the pages the results fill', () => {
    expect(searchPageCount(0)).toBe(1)
    expect(searchPageCount(20)).toBe(1)
    expect(searchPageCount(21)).toBe(2)
  })
})

describe('the search on hosted Sanity (GROQ)', () => {
  it('filters by section and by publication days, inclusive', async () => {
    expect((await search('thames', 1, dataset, { section: 'uk' })).hits.map((h) => h._id)).toEqual(['in-body'])
    expect((await search('thames', 1, dataset, { from: '2026-11-20' })).hits.map((h) => h._id)).toEqual(['in-title', 'in-body'])
    expect((await search('thames', 1, dataset, { from: '2026-11-19', to: '2026-11-19' })).hits.map((h) => h._id)).toEqual(['in-excerpt'])
  })

  it('answers in the index\'s shape, the words marked in the title and the cleaned excerpt', async () => {
    const fetch = async (query: string, params: Record<string, unknown>) => (await evaluate(parse(query), { dataset, params })).get()
    const page = await searchByGroq(fetch, { q: 'barrier', page: 1 })
    expect(page.total).toBe(1)
    expect(page.ignored).toEqual([])
    const [hit] = page.hits
    expect(hit?.title.filter((p) => p.match).map((p) => p.text)).toEqual(['Barrier'])
    expect(hit?.text.map((p) => p.text).join('')).toBe('Spring tides met a storm surge.')
    expect(hit).toMatchObject({ _id: 'in-title', slug: 'in-title', section: 'News' })
  })

  it('writes the service\'s search address with only the filters given', () => {
    expect(searchQueryString({ q: ' cost of living ', page: 1 })).toBe('q=cost+of+living')
    expect(searchQueryString({ q: 'x', page: 2, section: 'uk', from: '2026-11-01', to: '2026-11-02' })).toBe('q=x&section=uk&from=2026-11-01&to=2026-11-02&page=2')
  })
})

describe('markMatches', () => {
  it('marks whole searched words, whatever their case', () => {
    expect(markMatches('Thames Barrier closes on the Thames', 'thames')).toEqual([
      { text: 'Thames', match: true },
      { text: ' Barrier closes on the ', match: false },
      { text: 'Thames', match: true },
    ])
    expect(markMatches('Thamesmead grows', 'thames')).toEqual([{ text: 'Thamesmead grows', match: false }])
  })

  it('marks every word of the search, and words starting with a term ending in *', () => {
    expect(markMatches('The Thames Barrier', 'barrier THAMES')).toEqual([
      { text: 'The ', match: false },
      { text: 'Thames', match: true },
      { text: ' ', match: false },
      { text: 'Barrier', match: true },
    ])
    expect(markMatches('Thamesmead grows', 'thames*').filter((p) => p.match).map((p) => p.text)).toEqual(['Thamesmead'])
  })

  it('treats the search text as words, never as a pattern', () => {
    expect(markMatches('a (b) c', '(b)')).toEqual([
      { text: 'a (', match: false },
      { text: 'b', match: true },
      { text: ') c', match: false },
    ])
    expect(markMatches('Plain text', '.*')).toEqual([{ text: 'Plain text', match: false }])
    expect(markMatches('', 'thames')).toEqual([])
  })

  it('understands letters beyond ASCII', () => {
    expect(markMatches('Sinéad Byrne reviews', 'sinéad').filter((p) => p.match).map((p) => p.text)).toEqual(['Sinéad'])
  })
})
