import { evaluate, parse } from 'groq-js'
import { describe, expect, it } from 'vitest'
import type { ArticlePage } from '../listings/listings.ts'
import { pageSizes, pageWindow } from '../listings/paging.ts'
import {
  authorArticlesQuery,
  authorBio,
  authorBySlugQuery,
  authorDescription,
  authorFeedLink,
  authorName,
  descriptionLength,
  shortenText,
  type AuthorProfile,
} from './authors.ts'

type Doc = { _id: string; _type: string; [key: string]: unknown }

// The reader's client reads the published perspective: the queries never see a draft.
const published = (docs: Doc[]) => docs.filter((doc) => !doc._id.startsWith('drafts.'))

async function run<T>(query: string, dataset: Doc[], params: Record<string, unknown> = {}): Promise<T> {
  return (await (await evaluate(parse(query), { dataset: published(dataset), params })).get()) as T
}

const ref = (id: string) => ({ _type: 'reference', _ref: id })
const at = (day: number, hour = 12) => new Date(Date.UTC(2026, 10, day, hour)).toISOString()

function article(id: string, publishedAt: string, extra: Record<string, unknown> = {}): Doc {
  return { _id: id, _type: 'article', title: `Story ${id}`, slug: { _type: 'slug', current: `story-${id}` }, publishedAt, ...extra }
}

const authors: Doc[] = [
  {
    _id: 'a-priya',
    _type: 'author',
    name: 'Priya Raman',
    slug: { _type: 'slug', current: 'priya-raman' },
    image: { _type: 'image', asset: ref('image-abc123-400x400-jpg') },
    bio: 'Political editor.',
  },
  { _id: 'a-tom', _type: 'author', name: 'Tom Whitcombe', slug: { _type: 'slug', current: 'tom-whitcombe' } },
  { _id: 'a-new', _type: 'author', name: 'Ruth Ellis', slug: { _type: 'slug', current: 'ruth-ellis' } },
  { _id: 'drafts.a-secret', _type: 'author', name: 'Not yet hired', slug: { _type: 'slug', current: 'not-yet-hired' } },
]
const category = { _id: 'c-uk', _type: 'category', title: 'UK', slug: { _type: 'slug', current: 'uk' } }

/** 26 of Priya's articles, one a day, two of them at the same moment so the id breaks the tie. */
const priyas: Doc[] = Array.from({ length: 24 }, (_, i) => article(`p${String(i).padStart(2, '0')}`, at(30 - i), { author: ref('a-priya'), categories: [{ ...ref('c-uk'), _key: `k${i}` }] }))
const ties: Doc[] = [article('tie-b', at(10, 18), { author: ref('a-priya') }), article('tie-a', at(10, 18), { author: ref('a-priya') })]
const others: Doc[] = [
  article('t1', at(29, 9), { author: ref('a-tom') }),
  article('staff', at(28, 9)),
  // Never on Priya's page: a draft of hers, an article of hers without a slug, another type naming her.
  article('drafts.p-secret', at(30, 23), { author: ref('a-priya'), title: 'Unpublished' }),
  { _id: 'no-slug', _type: 'article', title: 'No slug', publishedAt: at(29), author: ref('a-priya') },
  { _id: 'essay', _type: 'imageGallery', title: 'An essay', slug: { _type: 'slug', current: 'an-essay' }, publishedAt: at(29), author: ref('a-priya') },
]
const dataset: Doc[] = [...authors, category, ...priyas, ...ties, ...others]

const ids = (page: ArticlePage) => page.articles.map((a) => a._id)
const pageOf = (author: string, n: number) => run<ArticlePage>(authorArticlesQuery(pageWindow(n, pageSizes.listing)), dataset, { author })

describe('authorBySlugQuery', () => {
  it("finds the author by slug with what the page shows", async () => {
    expect(await run<AuthorProfile | null>(authorBySlugQuery, dataset, { slug: 'priya-raman' })).toEqual({
      _id: 'a-priya',
      name: 'Priya Raman',
      slug: 'priya-raman',
      image: { _type: 'image', asset: ref('image-abc123-400x400-jpg') },
      bio: 'Political editor.',
    })
    expect(await run<AuthorProfile | null>(authorBySlugQuery, dataset, { slug: 'tom-whitcombe' })).toMatchObject({ _id: 'a-tom', image: null, bio: null })
  })

  it('is null for a slug no published author has, a category slug among them', async () => {
    for (const slug of ['nobody', 'not-yet-hired', 'uk']) expect(await run(authorBySlugQuery, dataset, { slug }), slug).toBeNull()
  })
})

describe('authorArticlesQuery', () => {
  it("lists the author's published articles newest first, with the id breaking ties, and counts them", async () => {
    const first = await pageOf('a-priya', 1)
    expect(first.total).toBe(26)
    expect(ids(first)).toEqual(['p00', 'p01', 'p02', 'p03', 'p04', 'p05', 'p06', 'p07', 'p08', 'p09', 'p10', 'p11'])
    const second = await pageOf('a-priya', 2)
    // 20 November for p10 ... 10 November at noon for p20, then the two at 18:00 the same day, a before b.
    expect(ids(second)).toEqual(['p12', 'p13', 'p14', 'p15', 'p16', 'p17', 'p18', 'p19', 'tie-a', 'tie-b', 'p20', 'p21'])
  })

  it('shows each article once across the pages, never a draft, an article without a slug or another type', async () => {
    const pages = await Promise.all([1, 2, 3].map((n) => pageOf('a-priya', n)))
    expect(pages.map((p) => p.articles.length)).toEqual([12, 12, 2])
    const all = pages.flatMap(ids)
    expect(new Set(all).size).toBe(26)
    for (const hidden of ['drafts.p-secret', 'no-slug', 'essay', 't1', 'staff']) expect(all).not.toContain(hidden)
  })

  it('gives an empty page past the end with the total still known, and nothing for an author with no articles', async () => {
    expect(await pageOf('a-priya', 4)).toEqual({ total: 26, articles: [] })
    expect(await pageOf('a-new', 1)).toEqual({ total: 0, articles: [] })
  })

  it('gives each card its byline with the slug it links to, and its categories', async () => {
    const [card] = (await pageOf('a-priya', 1)).articles
    expect(card).toMatchObject({ title: 'Story p00', slug: 'story-p00', author: { name: 'Priya Raman', slug: 'priya-raman' }, categories: [{ title: 'UK', slug: 'uk' }] })
  })

  it('writes only whole page bounds into the query', () => {
    expect(authorArticlesQuery({ start: 12, end: 24 })).toContain('[12...24]')
    expect(() => authorArticlesQuery({ start: -1, end: 11 })).toThrow(RangeError)
  })
})

describe("what the author's page says", () => {
  const priya = { name: 'Priya Raman', slug: 'priya-raman', bio: 'Political editor.' }

  it('lives at /author/{slug}, with its feed beside it', () => {
    expect(authorFeedLink(priya)).toEqual({ rel: 'alternate', type: 'application/rss+xml', title: 'Priya Raman | Resonance', href: '/author/priya-raman/rss.xml' })
  })

  it('calls an author saved without a name by their slug', () => {
    expect(authorName({ name: '  Priya Raman ', slug: 'priya-raman' })).toBe('Priya Raman')
    expect(authorName({ name: null, slug: 'priya-raman' })).toBe('priya-raman')
    expect(authorName({ name: '  ', slug: 'priya-raman' })).toBe('priya-raman')
  })

  it('shows a bio holding HTML as plain words, and no bio at all when it is empty', () => {
    expect(authorBio({ bio: '<p>Political <strong>editor</strong> &amp; presenter</p>' })).toBe('Political editor & presenter')
    expect(authorBio({ bio: '  ' })).toBeNull()
    expect(authorBio({ bio: null })).toBeNull()
  })

  it('describes the page with the bio, or a sentence when there is none', () => {
    expect(authorDescription(priya)).toBe('Political editor.')
    expect(authorDescription({ ...priya, bio: null })).toBe('The latest stories by Priya Raman from Resonance.')
    expect(authorDescription({ ...priya, bio: '<p></p>' })).toBe('The latest stories by Priya Raman from Resonance.')
  })

  it('cuts a long bio at a word, within the length search engines show', () => {
    const bio = 'Political editor. Priya has covered Westminster and City Hall for fifteen years, presents our weekly politics podcast and chairs the paper’s election-night coverage every May.'
    const description = authorDescription({ ...priya, bio })
    expect(description.length).toBeLessThanOrEqual(descriptionLength)
    expect(description).toBe('Political editor. Priya has covered Westminster and City Hall for fifteen years, presents our weekly politics podcast and chairs the paper’s election-night…')
    expect(bio.startsWith(description.slice(0, -1))).toBe(true)
  })

  it('leaves a short text whole and cuts one long word where the limit falls', () => {
    expect(shortenText('Short and sweet.', 20)).toBe('Short and sweet.')
    expect(shortenText('x'.repeat(30), 20)).toBe(`${'x'.repeat(19)}…`)
    expect(shortenText('Commas, then more words here', 12)).toBe('Commas…')
  })
})
