import { evaluate, parse } from 'groq-js'
import { describe, expect, it } from 'vitest'
import {
  archiveQuery,
  categoryListingQuery,
  errorMessage,
  firstCategoryName,
  groupByMonth,
  pageLinks,
  photographCount,
  photoEssayListingQuery,
  photoEssayQuery,
  trendingQuery,
  videoListingQuery,
  type ArticlePage,
  type CategoryListing,
  type EssayPage,
  type ListingArticle,
  type PhotoEssay,
} from './listings.ts'
import { headTags, previewTags } from '../meta/cards.testing.ts'
import { headWithoutContent, listingHead, photoEssayHead } from './head.ts'
import { maxPage, pageCount, pageSizes, pageWindow, parsePage, validatePageSearch } from './paging.ts'

const origin = 'https://resonance.example'

type Doc = { _id: string; _type: string; [key: string]: unknown }

async function run<T>(query: string, dataset: Doc[], params: Record<string, unknown> = {}): Promise<T> {
  return (await (await evaluate(parse(query), { dataset, params })).get()) as T
}

const ref = (id: string, key?: string) => ({ _type: 'reference', _ref: id, ...(key ? { _key: key } : {}) })
const at = (day: number, hour = 12) => new Date(Date.UTC(2026, 10, day, hour)).toISOString()

function article(id: string, publishedAt: string, extra: Record<string, unknown> = {}): Doc {
  return { _id: id, _type: 'article', title: `Story ${id}`, slug: { _type: 'slug', current: `story-${id}` }, publishedAt, ...extra }
}

const categories: Doc[] = [
  { _id: 'c-uk', _type: 'category', title: 'UK', slug: { _type: 'slug', current: 'uk' }, kind: 'section', description: 'News from the UK.' },
  { _id: 'c-events', _type: 'category', title: 'Events', slug: { _type: 'slug', current: 'events' }, kind: 'topic' },
  { _id: 'c-puzzles', _type: 'category', title: 'Puzzles', slug: { _type: 'slug', current: 'puzzles' }, kind: 'desk' },
  { _id: 'a-author', _type: 'author', name: 'Priya Raman', slug: { _type: 'slug', current: 'priya-raman' } },
]

/** 30 UK articles, one a day; two pairs share a timestamp so the tie-break is exercised. */
const ukArticles: Doc[] = Array.from({ length: 30 }, (_, i) => {
  const day = 30 - i
  return article(`uk${String(i).padStart(2, '0')}`, at(day), { categories: [ref('c-uk', `k${i}`)], author: ref('a-author'), readsLastDay: i * 10 })
})
const ties: Doc[] = [
  article('tie-b', at(15, 18), { categories: [ref('c-uk', 't1')] }),
  article('tie-a', at(15, 18), { categories: [ref('c-uk', 't2')] }),
]
const others: Doc[] = [
  article('ev1', at(20, 9), { categories: [ref('c-events', 'e1'), ref('c-uk', 'e2')], mediaType: 'video', readsLastDay: 5000 }),
  article('ev2', at(21, 9), { categories: [ref('c-events', 'e3')], mediaType: 'video', readsLastDay: 101 }),
  article('v-old', at(1, 9), { mediaType: 'video', readsLastDay: 100 }),
  // Never listed: a draft, an article without a slug, and a document of another type.
  article('drafts.uk00', at(30, 23), { title: 'Unpublished change', categories: [ref('c-uk', 'd1')], mediaType: 'video', readsLastDay: 99999 }),
  { _id: 'no-slug', _type: 'article', title: 'No slug', publishedAt: at(29), categories: [ref('c-uk', 'n1')], readsLastDay: 9999 },
  { _id: 'page-about', _type: 'page', title: 'About', publishedAt: at(29), categories: [ref('c-uk', 'p1')] },
]
const galleries: Doc[] = [
  {
    _id: 'g1',
    _type: 'imageGallery',
    title: 'Dawn on the Thames',
    slug: { _type: 'slug', current: 'dawn-on-the-thames' },
    publishedAt: at(10),
    description: 'The river wakes up.',
    photographer: ref('a-author'),
    categories: [ref('c-uk', 'g1c')],
    images: [
      { _type: 'image', _key: 'i1', asset: ref('image-aaa-1600x1067-jpg'), alt: 'Mist on the river', caption: 'Putney at dawn' },
      { _type: 'image', _key: 'i2', asset: ref('image-bbb-1600x1067-jpg'), alt: 'A boat', caption: 'Bankside' },
      { _type: 'image', _key: 'i3', asset: ref('image-ccc-1600x1067-jpg'), alt: 'The barrier', caption: 'Woolwich' },
    ],
  },
  { _id: 'g2', _type: 'imageGallery', title: 'Carnival', slug: { _type: 'slug', current: 'carnival' }, publishedAt: at(12), images: [] },
  { _id: 'drafts.g3', _type: 'imageGallery', title: 'Draft essay', slug: { _type: 'slug', current: 'draft-essay' }, publishedAt: at(20), images: [] },
]
const dataset = [...categories, ...ukArticles, ...ties, ...others, ...galleries]

const ids = (articles: ListingArticle[]) => articles.map((a) => a._id)

describe('categoryListingQuery', () => {
  const page = (slug: string, n: number, size = pageSizes.listing) => run<CategoryListing | null>(categoryListingQuery(pageWindow(n, size)), dataset, { slug })

  it('finds the category by slug and lists its published articles newest first, with the id breaking ties', async () => {
    const first = await page('uk', 1)
    expect(first).toMatchObject({ _id: 'c-uk', title: 'UK', slug: 'uk', kind: 'section', description: 'News from the UK.', total: 33 })
    expect(first?.articles).toHaveLength(12)
    // ev1 (20 Nov 09:00) is filed under Events first and UK second: it is still a UK article.
    expect(ids(first!.articles)).toEqual(['uk00', 'uk01', 'uk02', 'uk03', 'uk04', 'uk05', 'uk06', 'uk07', 'uk08', 'uk09', 'uk10', 'ev1'])
    const second = await page('uk', 2)
    expect(ids(second!.articles).slice(0, 6)).toEqual(['uk11', 'uk12', 'uk13', 'uk14', 'tie-a', 'tie-b'])
  })

  it('shows each article once across the pages, and a short last page', async () => {
    const pages = await Promise.all([1, 2, 3].map((n) => page('uk', n)))
    expect(pages.map((p) => p!.articles.length)).toEqual([12, 12, 9])
    const all = pages.flatMap((p) => ids(p!.articles))
    expect(new Set(all).size).toBe(33)
    expect(all).not.toContain('drafts.uk00')
    expect(all).not.toContain('no-slug')
    expect(all).not.toContain('page-about')
  })

  it('gives an empty page beyond the end, with the total still known', async () => {
    const beyond = await page('uk', 4)
    expect(beyond?.articles).toEqual([])
    expect(beyond?.total).toBe(33)
  })

  it('returns an empty category with no articles, and null for a slug no category has', async () => {
    expect(await page('puzzles', 1)).toMatchObject({ title: 'Puzzles', total: 0, articles: [] })
    expect(await page('no-such-section', 1)).toBeNull()
    // An author's slug is not a category.
    expect(await page('priya-raman', 1)).toBeNull()
  })

  it('gives each card what it shows: author name and category titles, resolved', async () => {
    const events = await page('events', 1)
    expect(events?.kind).toBe('topic')
    expect(ids(events!.articles)).toEqual(['ev2', 'ev1'])
    expect(events!.articles[1]).toMatchObject({ slug: 'story-ev1', mediaType: 'video', categories: [{ title: 'Events', slug: 'events' }, { title: 'UK', slug: 'uk' }] })
    const uk = await page('uk', 1)
    expect(uk!.articles[0]).toMatchObject({ title: 'Story uk00', author: { name: 'Priya Raman' } })
  })
})

describe('page bounds in the query text', () => {
  it('writes only whole, non-negative numbers into a query', () => {
    expect(archiveQuery({ start: 50, end: 100 })).toContain('[50...100]')
    for (const bad of [{ start: -1, end: 11 }, { start: 0.5, end: 12 }, { start: 12, end: 0 }, { start: NaN, end: 12 }, { start: 0, end: Infinity }]) {
      expect(() => archiveQuery(bad), JSON.stringify(bad)).toThrow(RangeError)
      expect(() => categoryListingQuery(bad)).toThrow(RangeError)
    }
  })
})

describe('videoListingQuery', () => {
  it('lists only published video articles, newest first, a page at a time', async () => {
    const result = await run<ArticlePage>(videoListingQuery(pageWindow(1, 2)), dataset)
    expect(result.total).toBe(3)
    expect(ids(result.articles)).toEqual(['ev2', 'ev1'])
    const second = await run<ArticlePage>(videoListingQuery(pageWindow(2, 2)), dataset)
    expect(ids(second.articles)).toEqual(['v-old'])
  })
})

describe('archiveQuery', () => {
  it('pages through every published article, fifty at a time', async () => {
    const first = await run<ArticlePage>(archiveQuery(pageWindow(1, pageSizes.archive)), dataset)
    expect(first.total).toBe(35)
    expect(first.articles).toHaveLength(35)
    expect(first.articles[0]?._id).toBe('uk00')
    expect(first.articles.at(-1)?._id).toBe('v-old')
    const second = await run<ArticlePage>(archiveQuery(pageWindow(2, pageSizes.archive)), dataset)
    expect(second.articles).toEqual([])
  })
})

describe('trendingQuery', () => {
  it('lists articles with more than 100 reads, most read first, at most twenty', async () => {
    const result = await run<ListingArticle[]>(trendingQuery, dataset)
    expect(result).toHaveLength(20)
    expect(result.map((a) => a.readsLastDay)).toEqual([5000, 290, 280, 270, 260, 250, 240, 230, 220, 210, 200, 190, 180, 170, 160, 150, 140, 130, 120, 110])
    // Exactly 100 reads is not trending; 101 is, but twenty articles have more.
    expect(ids(result)).not.toContain('v-old')
    const few = await run<ListingArticle[]>(trendingQuery, dataset.filter((d) => !d._id.startsWith('uk')))
    expect(ids(few)).toEqual(['ev1', 'ev2'])
  })

  it('breaks equal read counts by the newest first', async () => {
    const equal = [article('x', at(1), { readsLastDay: 500 }), article('y', at(2), { readsLastDay: 500 }), article('z', at(3), { readsLastDay: 400 })]
    expect(ids(await run<ListingArticle[]>(trendingQuery, equal))).toEqual(['y', 'x', 'z'])
  })
})

describe('photo essay queries', () => {
  it('lists published essays newest first with their first image and image count', async () => {
    const result = await run<EssayPage>(photoEssayListingQuery(pageWindow(1, pageSizes.essays)), dataset)
    expect(result.total).toBe(2)
    expect(result.essays.map((e) => e.slug)).toEqual(['carnival', 'dawn-on-the-thames'])
    expect(result.essays[0]).toMatchObject({ imageCount: 0, cover: null })
    expect(result.essays[1]).toMatchObject({
      title: 'Dawn on the Thames',
      description: 'The river wakes up.',
      photographer: { name: 'Priya Raman' },
      imageCount: 3,
      cover: { _key: 'i1', alt: 'Mist on the river', caption: 'Putney at dawn', asset: { _ref: 'image-aaa-1600x1067-jpg' } },
    })
  })

  it('finds one essay by slug with every image in order, and never a draft', async () => {
    const essay = await run<PhotoEssay | null>(photoEssayQuery, dataset, { slug: 'dawn-on-the-thames' })
    expect(essay?.images?.map((i) => i.caption)).toEqual(['Putney at dawn', 'Bankside', 'Woolwich'])
    expect(essay?.categories).toEqual([{ title: 'UK', slug: 'uk', kind: 'section' }])
    expect(await run(photoEssayQuery, dataset, { slug: 'draft-essay' })).toBeNull()
    expect(await run(photoEssayQuery, dataset, { slug: 'nope' })).toBeNull()
  })
})

describe('pagination maths', () => {
  it('reads ?page as a whole number from 1, and anything else as the first page', () => {
    expect(parsePage(3)).toBe(3)
    expect(parsePage('4')).toBe(4)
    expect(parsePage(maxPage)).toBe(maxPage)
    for (const bad of [0, -2, 1.5, 'two', '', '3a', null, undefined, {}, maxPage + 1, Number.MAX_SAFE_INTEGER, NaN, Infinity]) {
      expect(parsePage(bad), String(bad)).toBe(1)
    }
  })

  it('keeps page 1 out of the address', () => {
    expect(validatePageSearch({ page: 2 })).toStrictEqual({ page: 2 })
    expect(validatePageSearch({ page: 1 })).toStrictEqual({ page: undefined })
    expect(validatePageSearch({ page: 'x' })).toStrictEqual({ page: undefined })
    expect(validatePageSearch({})).toStrictEqual({ page: undefined })
  })

  it('slices each page and counts the pages', () => {
    expect(pageWindow(1, 12)).toEqual({ start: 0, end: 12 })
    expect(pageWindow(3, 12)).toEqual({ start: 24, end: 36 })
    expect(pageWindow(2, 50)).toEqual({ start: 50, end: 100 })
    expect(pageCount(0, 12)).toBe(1)
    expect(pageCount(12, 12)).toBe(1)
    expect(pageCount(13, 12)).toBe(2)
    expect(pageCount(96, 50)).toBe(2)
  })

  it('shows every page number when there are few, and the ends and neighbours when there are many', () => {
    expect(pageLinks(1, 1)).toEqual([1])
    expect(pageLinks(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(pageLinks(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20])
    expect(pageLinks(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20])
    expect(pageLinks(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20])
    expect(pageLinks(17, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20])
    expect(pageLinks(20, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20])
    // A gap never stands for one page: that page is shown instead.
    expect(pageLinks(5, 8)).toEqual([1, 'gap', 4, 5, 6, 7, 8])
    expect(pageLinks(99, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20])
  })

  it('keeps the bar the same length wherever the reader is', () => {
    for (let count = 8; count <= 30; count++) {
      for (let page = 1; page <= count; page++) {
        const links = pageLinks(page, count)
        expect(links, `${page} of ${count}`).toHaveLength(7)
        expect(links).toContain(page)
        const numbers = links.filter((l): l is number => l !== 'gap')
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b))
      }
    }
  })
})

describe('what a card shows', () => {
  it('names the first category, or News', () => {
    expect(firstCategoryName({ categories: [{ title: 'Sport' }, { title: 'Events' }] })).toBe('Sport')
    expect(firstCategoryName({ categories: [] })).toBe('News')
    expect(firstCategoryName({ categories: null })).toBe('News')
  })

  it('groups consecutive articles by month', () => {
    const groups = groupByMonth([
      { id: 1, publishedAt: '2026-11-20T12:00:00Z' },
      { id: 2, publishedAt: '2026-11-02T12:00:00Z' },
      { id: 3, publishedAt: '2026-10-15T12:00:00Z' },
      { id: 4, publishedAt: null },
    ])
    expect(groups.map((g) => [g.key, g.label, g.items.map((i) => i.id)])).toEqual([
      ['2026-11', 'November 2026', [1, 2]],
      ['2026-10', 'October 2026', [3]],
      ['undated', 'Undated', [4]],
    ])
  })

  it('counts the photographs of an essay in words', () => {
    expect(photographCount(0)).toBe('No photographs yet')
    expect(photographCount(1)).toBe('1 photograph')
    expect(photographCount(12)).toBe('12 photographs')
  })

  it('titles a listing, says which page it is on, and gives each page its own address and card', () => {
    const uk = { title: 'UK', description: 'News from the UK.', path: '/uk' }
    const first = headTags(listingHead(origin, uk))
    for (const tag of previewTags) expect(first[tag], tag).toBeTruthy()
    expect(first).toMatchObject({ title: 'UK | Resonance', description: 'News from the UK.', canonical: `${origin}/uk`, 'og:url': `${origin}/uk`, 'og:title': 'UK', 'og:type': 'website' })
    expect(headTags(listingHead(origin, uk, 3))).toMatchObject({ title: 'UK, page 3 | Resonance', canonical: `${origin}/uk?page=3`, 'og:title': 'UK, page 3' })
  })

  it('titles a page whose content is missing by why it is missing, with nothing to share', () => {
    expect(headTags(headWithoutContent('notFound'))).toEqual({ title: 'Page not found | Resonance', description: 'The page you asked for is not on Resonance.' })
    expect(headWithoutContent('error').meta[0]).toEqual({ title: 'Page unavailable | Resonance' })
    expect(headWithoutContent('pending').meta[0]).toEqual({ title: 'Loading | Resonance' })
  })

  it("shares a photo essay with its first photograph, dated like an article", () => {
    const essay: PhotoEssay = {
      _id: 'e1',
      title: 'Dawn on the Thames',
      slug: 'dawn-on-the-thames',
      publishedAt: '2026-11-20T06:00:00Z',
      description: null,
      photographer: { name: 'Ama Mensah' },
      categories: [{ title: 'UK', slug: 'uk', kind: 'section' }],
      images: [{ _key: 'i1', asset: { _ref: 'image-54c77fed7a8265af421d311b368ef6f413ada44e-1600x900-jpg' }, alt: 'Putney at dawn' }],
      imageCount: 1,
    }
    const tags = headTags(photoEssayHead(origin, essay))
    expect(tags).toMatchObject({
      title: 'Dawn on the Thames | Resonance',
      description: 'A photo essay from Resonance: Dawn on the Thames.',
      canonical: `${origin}/photo-essays/dawn-on-the-thames`,
      'og:type': 'article',
      'og:image:alt': 'Putney at dawn',
      'article:published_time': '2026-11-20T06:00:00.000Z',
      'article:section': 'UK',
    })
    expect(tags['og:image']).toContain('w=1200&h=630')
    expect(headTags(photoEssayHead(origin, { ...essay, images: [] }))['og:image']).toBe(`${origin}/share-card.png`)
  })

  it('explains a failure in words', () => {
    expect(errorMessage(new Error('Request failed with status 503'))).toBe('Request failed with status 503')
    expect(errorMessage('offline')).toBe('offline')
    expect(errorMessage(undefined)).toBe('Unknown error')
  })
})
