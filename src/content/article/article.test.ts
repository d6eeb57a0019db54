import { evaluate, parse } from 'groq-js'
import { describe, expect, it } from 'vitest'
import {
  articleDescription,
  articleHead,
  categoryHref,
  firstCategory,
  InvalidSlugError,
  loadArticle,
  moreFromQuery,
  type ArticleData,
  type Fetch,
} from './article.ts'
import { headJsonLd, headTags, previewTags } from '../meta/cards.testing.ts'
import { structuredDataProblems } from '../meta/structuredData.testing.ts'
import { articleBySlugQuery } from './query.ts'

type Doc = Record<string, unknown> & { _id: string; _type: string }

const ref = (id: string, key?: string) => ({ _type: 'reference', _ref: id, ...(key ? { _key: key } : {}) })

const dataset: Doc[] = [
  { _id: 'cat-uk', _type: 'category', title: 'UK', slug: { _type: 'slug', current: 'uk' }, kind: 'section' },
  { _id: 'cat-events', _type: 'category', title: 'Events', slug: { _type: 'slug', current: 'events' }, kind: 'topic' },
  { _id: 'cat-news', _type: 'category', title: 'News', slug: { _type: 'slug', current: 'news' }, kind: 'desk' },
  { _id: 'author-1', _type: 'author', name: 'Priya Raman', slug: { _type: 'slug', current: 'priya-raman' }, image: { _type: 'image', asset: ref('image-abc-400x400-jpg'), alt: 'Portrait of Priya Raman' } },
  {
    _id: 'a-main',
    _type: 'article',
    title: 'Thames Barrier closes twice in a week',
    slug: { _type: 'slug', current: 'thames-barrier' },
    publishedAt: '2026-11-20T10:00:00Z',
    updatedAt: '2026-11-20T12:15:00Z',
    // A later write that changed nothing a reader reads (a read count): not the story's update.
    _updatedAt: '2026-11-20T13:40:00Z',
    excerpt: '<p>Spring tides <b>meet</b> a storm surge.</p>',
    mainImage: { _type: 'image', asset: ref('image-54c77fed7a8265af421d311b368ef6f413ada44e-1600x900-jpg'), alt: 'The barrier at dusk' },
    mediaType: 'video',
    videoUrl: 'https://media.resonance.example/video/thames.mp4',
    author: ref('author-1'),
    categories: [ref('cat-uk', 'k1'), ref('cat-events', 'k2')],
    body: [{ _type: 'block', _key: 'b1', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's1', text: 'The barrier rose at dawn.', marks: [] }] }],
  },
  // Same category: five others, two published at the same instant to exercise the tie-break.
  ...[1, 2, 3, 4, 5].map((n) => ({
    _id: `uk-${n}`,
    _type: 'article',
    title: `UK story ${n}`,
    slug: { _type: 'slug', current: `uk-story-${n}` },
    publishedAt: n <= 2 ? '2026-11-21T09:00:00Z' : `2026-11-1${n}T09:00:00Z`,
    categories: [ref('cat-uk', `k${n}`)],
  })),
  { _id: 'uk-no-slug', _type: 'article', title: 'Draftish', publishedAt: '2026-11-22T09:00:00Z', categories: [ref('cat-uk', 'kx')] },
  { _id: 'news-1', _type: 'article', title: 'Elsewhere', slug: { _type: 'slug', current: 'elsewhere' }, publishedAt: '2026-11-22T10:00:00Z', categories: [ref('cat-news', 'ky')] },
  { _id: 'gallery-1', _type: 'imageGallery', title: 'Not an article', slug: { _type: 'slug', current: 'gallery' }, publishedAt: '2026-11-23T10:00:00Z', categories: [ref('cat-uk', 'kz')] },
  // An older article sharing the main article's slug: the newest one wins.
  { _id: 'a-old', _type: 'article', title: 'An older story with the same slug', slug: { _type: 'slug', current: 'thames-barrier' }, publishedAt: '2020-01-01T00:00:00Z' },
  { _id: 'lonely', _type: 'article', title: 'No categories', slug: { _type: 'slug', current: 'lonely' }, publishedAt: '2026-11-01T00:00:00Z', categories: [ref('cat-deleted', 'kd')] },
]

/** A fetch that runs the query with the same GROQ engine the content service uses, and keeps a log. */
function groqFetch(docs: Doc[]) {
  const calls: Array<{ query: string; params: Record<string, unknown> }> = []
  const fetch: Fetch = async <R>(query: string, params: Record<string, unknown>) => {
    calls.push({ query, params })
    return (await (await evaluate(parse(query), { dataset: docs, params })).get()) as R
  }
  return { fetch, calls }
}

describe('the article query', () => {
  it('returns what the page shows, with the author and categories resolved', async () => {
    const { fetch } = groqFetch(dataset)
    const article = await fetch<ArticleData>(articleBySlugQuery, { slug: 'thames-barrier' })
    expect(article._id).toBe('a-main')
    expect(article.slug).toBe('thames-barrier')
    expect(article.updatedAt).toBe('2026-11-20T12:15:00Z')
    expect(article.mediaType).toBe('video')
    expect(article.videoUrl).toBe('https://media.resonance.example/video/thames.mp4')
    expect(article.author?.name).toBe('Priya Raman')
    expect(article.author?.slug).toBe('priya-raman')
    expect(article.author?.image?.asset?._ref).toBe('image-abc-400x400-jpg')
    expect(article.categories).toEqual([
      { _id: 'cat-uk', title: 'UK', slug: 'uk', kind: 'section' },
      { _id: 'cat-events', title: 'Events', slug: 'events', kind: 'topic' },
    ])
    expect(article.body).toHaveLength(1)
  })
})

describe('the More from query', () => {
  it('lists the four newest other articles of the category, ties broken by id', async () => {
    const { fetch } = groqFetch(dataset)
    const list = await fetch<Array<{ _id: string; slug: string }>>(moreFromQuery, { id: 'a-main', category: 'cat-uk' })
    expect(list.map((a) => a._id)).toEqual(['uk-1', 'uk-2', 'uk-5', 'uk-4'])
    expect(list[0]?.slug).toBe('uk-story-1')
  })

  it('never lists the article itself', async () => {
    const { fetch } = groqFetch(dataset)
    const list = await fetch<Array<{ _id: string }>>(moreFromQuery, { id: 'uk-1', category: 'cat-uk' })
    expect(list.map((a) => a._id)).toEqual(['uk-2', 'a-main', 'uk-5', 'uk-4'])
  })
})

describe('loadArticle', () => {
  it('refuses a slug that fails the identifier check without asking anything', async () => {
    const { fetch, calls } = groqFetch(dataset)
    for (const bad of ['', 'has space', '../etc', '<script>', 'x'.repeat(201)]) {
      await expect(loadArticle(fetch, bad)).rejects.toBeInstanceOf(InvalidSlugError)
    }
    expect(calls).toEqual([])
  })

  it('answers null for a slug no article has', async () => {
    const { fetch, calls } = groqFetch(dataset)
    expect(await loadArticle(fetch, 'no-such-story')).toBeNull()
    expect(calls).toHaveLength(1)
  })

  it('loads the article, then the More from list of its first category', async () => {
    const { fetch, calls } = groqFetch(dataset)
    const loaded = await loadArticle(fetch, 'thames-barrier')
    expect(loaded?.article.title).toBe('Thames Barrier closes twice in a week')
    expect(loaded?.moreFrom?.category.title).toBe('UK')
    expect((await loaded?.moreFrom?.articles)?.map((a) => a.title)).toEqual(['UK story 1', 'UK story 2', 'UK story 5', 'UK story 4'])
    expect(calls.map((c) => c.params)).toEqual([{ slug: 'thames-barrier' }, { id: 'a-main', category: 'cat-uk' }])
  })

  it('asks no second question when no category is left', async () => {
    const { fetch, calls } = groqFetch(dataset)
    const loaded = await loadArticle(fetch, 'lonely')
    expect(loaded?.moreFrom).toBeNull()
    expect(calls).toHaveLength(1)
  })

  it('leaves the list empty, not the page broken, when the second query fails', async () => {
    const { fetch } = groqFetch(dataset)
    const failing: Fetch = (query, params) => (query === moreFromQuery ? Promise.reject(new Error('offline')) : fetch(query, params))
    const errors: unknown[] = []
    const original = console.error
    console.error = (...args: unknown[]) => errors.push(args)
    try {
      const loaded = await loadArticle(failing, 'thames-barrier')
      expect(await loaded?.moreFrom?.articles).toEqual([])
      expect(errors).toHaveLength(1)
    } finally {
      console.error = original
    }
  })
})

describe('categoryHref', () => {
  it('sends topics to /topic/ and sections and desks to their own path', () => {
    expect(categoryHref({ slug: 'uk', kind: 'section' })).toBe('/uk')
    expect(categoryHref({ slug: 'news-politics', kind: 'topic' })).toBe('/topic/news-politics')
    expect(categoryHref({ slug: 'podcasts', kind: 'desk' })).toBe('/podcasts')
    expect(categoryHref({ slug: 'culture', kind: null })).toBe('/culture')
  })

  it('gives no link for a missing or unsafe slug', () => {
    expect(categoryHref({ slug: null, kind: 'section' })).toBeNull()
    expect(categoryHref({ slug: '//evil.example', kind: 'section' })).toBeNull()
  })
})

describe('firstCategory', () => {
  it('skips categories that no longer exist', () => {
    expect(firstCategory({ categories: [null, { _id: 'c2', title: 'World', slug: 'world', kind: 'section' }] })?._id).toBe('c2')
    expect(firstCategory({ categories: null })).toBeNull()
  })
})

describe('articleDescription', () => {
  it('is the excerpt as plain text', () => {
    expect(articleDescription({ excerpt: '<p>Spring tides <b>meet</b> a storm surge &amp; more.</p>' })).toBe('Spring tides meet a storm surge & more.')
  })

  it('falls back to the opening paragraph, shortened at a word', () => {
    const long = 'The barrier rose at dawn. '.repeat(12)
    const description = articleDescription({
      excerpt: '',
      body: [
        { _type: 'block', style: 'h2', children: [{ text: 'A heading, not a paragraph' }] },
        { _type: 'block', style: 'normal', children: [{ text: long }] },
      ],
    })
    expect(description.startsWith('The barrier rose at dawn.')).toBe(true)
    expect(description.endsWith('…')).toBe(true)
    expect(description.length).toBeLessThanOrEqual(160)
  })
})

describe('articleHead', () => {
  const origin = 'https://resonance.example'
  const article = { _id: 'a', title: 'Council budget vote delayed', slug: 'council', publishedAt: null, excerpt: 'Councillors will vote next week.' }

  it('names the article and describes it by its excerpt', () => {
    expect(headTags(articleHead(origin, { article, status: 'success' }))).toMatchObject({ title: 'Council budget vote delayed | Resonance', description: 'Councillors will vote next week.' })
  })

  it("is the article's share card: its own address, headline, excerpt, a 1200x630 crop of its picture, dates and section", async () => {
    const { fetch } = groqFetch(dataset)
    const loaded = await fetch<ArticleData>(articleBySlugQuery, { slug: 'thames-barrier' })
    const tags = headTags(articleHead(origin, { article: loaded, status: 'success' }))
    for (const tag of previewTags) expect(tags[tag], tag).toBeTruthy()
    expect(tags).toMatchObject({
      canonical: `${origin}/article/thames-barrier`,
      'og:url': `${origin}/article/thames-barrier`,
      'og:type': 'article',
      'og:title': 'Thames Barrier closes twice in a week',
      'og:description': 'Spring tides meet a storm surge.',
      'og:image:width': '1200',
      'og:image:height': '630',
      'og:image:alt': 'The barrier at dusk',
      'article:published_time': '2026-11-20T10:00:00.000Z',
      'article:modified_time': '2026-11-20T12:15:00.000Z',
      'article:section': 'UK',
      'article:author': `${origin}/author/priya-raman`,
      'twitter:card': 'summary_large_image',
    })
    expect(tags['og:image']).toMatch(/^https:\/\/resonance\.example\/images\/.*-1600x900\.jpg\?.*w=1200&h=630&fm=jpg/)
    expect(tags['twitter:image']).toBe(tags['og:image'])
  })

  it('gives an amended article’s corrections as CorrectionComments, in plain text, and its update as dateModified', async () => {
    const corrections = [
      { _key: 'c1', _type: 'correction', kind: 'correction', text: 'An earlier version said <b>three</b> closures; there were two.', date: '2026-11-21' },
      { _key: 'c2', _type: 'correction', kind: 'clarification', text: 'The barrier is run by the Environment Agency.', date: '2026-11-22' },
      { _key: 'c3', _type: 'correction', kind: 'correction', text: 'Undated, so never shown.', date: 'soon' },
    ]
    const amended = dataset.map((doc) => (doc._id === 'a-main' ? { ...doc, corrections, updatedAt: '2026-11-22T09:00:00Z' } : doc))
    const { fetch } = groqFetch(amended)
    const loaded = await fetch<ArticleData>(articleBySlugQuery, { slug: 'thames-barrier' })
    // Through the page's own script element, as a search engine reads it.
    const [ld] = headJsonLd(articleHead(origin, { article: loaded, status: 'success' })) as Array<Record<string, unknown>>
    expect(structuredDataProblems(ld)).toEqual([])
    expect(ld).toMatchObject({ datePublished: '2026-11-20T10:00:00.000Z', dateModified: '2026-11-22T09:00:00.000Z' })
    expect(ld!.correction).toEqual([
      { '@type': 'CorrectionComment', text: 'An earlier version said <b>three</b> closures; there were two.', datePublished: '2026-11-21' },
      { '@type': 'CorrectionComment', text: 'The barrier is run by the Environment Agency.', datePublished: '2026-11-22' },
    ])
  })

  it('describes the article as a NewsArticle with every required property, its picture in three shapes', async () => {
    const { fetch } = groqFetch(dataset)
    const loaded = await fetch<ArticleData>(articleBySlugQuery, { slug: 'thames-barrier' })
    const [ld, ...rest] = headJsonLd(articleHead(origin, { article: loaded, status: 'success' })) as Array<Record<string, unknown>>
    expect(rest).toEqual([])
    expect(structuredDataProblems(ld)).toEqual([])
    expect(ld).toMatchObject({
      '@type': 'NewsArticle',
      headline: 'Thames Barrier closes twice in a week',
      datePublished: '2026-11-20T10:00:00.000Z',
      dateModified: '2026-11-20T12:15:00.000Z',
      author: { '@type': 'Person', name: 'Priya Raman', url: `${origin}/author/priya-raman` },
      publisher: { '@type': 'Organization', name: 'Resonance', logo: { url: `${origin}/logo.png` } },
      articleSection: 'UK',
    })
    expect((ld!.image as string[]).map((url) => new URL(url).searchParams.get('w') + 'x' + new URL(url).searchParams.get('h'))).toEqual(['1200x675', '1200x900', '1200x1200'])
  })

  it("shows the paper's card for an article without a picture, and names the paper as the author of an unsigned one", () => {
    const head = articleHead(origin, { article: { ...article, publishedAt: '2026-11-20T10:00:00Z' }, status: 'success' })
    expect(headTags(head)['og:image']).toBe(`${origin}/share-card.png`)
    const [ld] = headJsonLd(head) as Array<Record<string, unknown>>
    expect(ld!.image).toEqual([`${origin}/share-card.png`])
    expect(ld!.author).toMatchObject({ '@type': 'Organization', name: 'Resonance' })
    expect(structuredDataProblems(ld)).toEqual([])
  })

  it('names each state that has no article, with no card to share', () => {
    expect(headTags(articleHead(origin, { status: 'notFound' }))).toEqual({ title: 'Article not found | Resonance', description: 'The article you asked for is not on Resonance.' })
    expect(headTags(articleHead(origin, { status: 'error', error: new InvalidSlugError('a b') })).title).toBe('Invalid article slug | Resonance')
    expect(headTags(articleHead(origin, { status: 'error', error: new Error('offline') })).title).toBe('Error loading article | Resonance')
  })
})
