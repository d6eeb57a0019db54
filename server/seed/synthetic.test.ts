import { describe, expect, it } from 'vitest'
import type { Article, BodyNode, PortableTextBlock } from '../../shared/schema.ts'
import { boundProblem } from '../store/bounds.ts'
import type { Doc } from '../store/mutations.ts'
import { createRng } from './random.ts'
import { buildSyntheticArticles, type SyntheticOptions } from './synthetic.ts'

const NOW = new Date('2025-03-14T12:00:00.000Z')
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

const refs = {
  imageRefs: ['image-1111111111111111111111111111111111111111-1600x900-jpg', 'image-2222222222222222222222222222222222222222-1600x900-jpg'],
  authorIds: ['2f1c1b8e-4a53-4c8e-9a55-0d7a0e7c2b11', '6b0e4c4e-9b7a-4f0e-8a0c-3b3b7d9f8e22'],
  categoryIds: ['0c9a1d0e-1d1b-4a5b-9a4e-7f6f0e2d3c33', '9d8e7f6a-5b4c-4d3e-8f2a-1b0c9d8e7f44', 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c55'],
}

const build = (options: Partial<SyntheticOptions> = {}) =>
  buildSyntheticArticles({ count: 1000, now: NOW, ...refs, ...options }) as unknown as Article[]

const isBlock = (node: BodyNode): node is PortableTextBlock => node._type === 'block'

/**
 * As the homepage's rules allow them (server/seed/synthetic.ts, SYNTHETIC_FLAGS): one breaking
 * story and one lead, both among the ten newest, however large the archive.
 */
function expectHomepageFlags(articles: readonly object[]): void {
  const positions = (flag: string) => articles.flatMap((article, index) => ((article as Record<string, unknown>)[flag] === true ? [index] : []))
  const breaking = positions('isBreakingNews')
  const leads = positions('isLeadStory')
  expect(breaking).toHaveLength(1)
  expect(leads).toHaveLength(1)
  expect(breaking[0]).not.toBe(leads[0])
  for (const index of [...breaking, ...leads]) expect(index).toBeLessThan(10)
}

describe('buildSyntheticArticles', () => {
  const articles = build()

  it('builds the requested number of articles with UUIDs and unique, URL-safe slugs', () => {
    expect(articles).toHaveLength(1000)
    for (const article of articles) {
      expect(article._type).toBe('article')
      expect(article._id).toMatch(UUID)
      expect(article.slug.current).toMatch(/^[a-z0-9-]{3,}$/)
      expect(article.slug.current.length).toBeLessThanOrEqual(80)
      expect(article.slug.current).not.toMatch(/--|^-|-$/)
      expect(article.title.length).toBeGreaterThan(10)
      expect(article.excerpt?.length).toBeGreaterThan(40)
      expect(boundProblem({ id: article._id, before: null, after: article as unknown as Doc, mutations: [0] })).toBeNull()
    }
    expect(new Set(articles.map((article) => article._id)).size).toBe(1000)
    expect(new Set(articles.map((article) => article.slug.current)).size).toBe(1000)
    // Many headlines, not one template repeated.
    expect(new Set(articles.map((article) => article.title)).size).toBeGreaterThan(150)
  })

  it('dates articles uniquely, newest first, from minutes to months before now', () => {
    const times = articles.map((article) => Date.parse(article.publishedAt))
    for (const [index, time] of times.entries()) {
      expect(time).toBeLessThan(NOW.getTime())
      if (index > 0) expect(time).toBeLessThan(times[index - 1] as number)
    }
    expect(NOW.getTime() - (times[0] as number)).toBeLessThan(3 * 60 * 60 * 1000)
    expect(NOW.getTime() - (times.at(-1) as number)).toBeGreaterThan(60 * 24 * 60 * 60 * 1000)
  })

  it('flags one breaking story and one lead among the newest, and the rest in realistic proportions', () => {
    const count = (test: (article: Article) => boolean) => articles.filter(test).length
    expectHomepageFlags(articles)
    expect(count((article) => article.isFeatured === true)).toBeGreaterThanOrEqual(8)
    expect(count((article) => article.isFeatured === true)).toBeLessThanOrEqual(40)
    expect(count((article) => article.isLatestUpdate === true)).toBeGreaterThanOrEqual(12)
    expect(count((article) => article.isLatestUpdate === true)).toBeLessThanOrEqual(50)
    const videos = articles.filter((article) => article.mediaType === 'video')
    expect(videos.length).toBeGreaterThanOrEqual(25)
    expect(videos.length).toBeLessThanOrEqual(80)
    for (const video of videos) expect(video.videoUrl).toBe(`https://media.resonance.example/video/${video.slug.current}.mp4`)
    expect(count((article) => article.mediaType === 'gallery')).toBeGreaterThan(0)
    expect(count((article) => (article.readCount ?? 0) > 100)).toBeGreaterThan(400)
    expect(count((article) => article.readCount !== undefined && article.readCount <= 100)).toBeGreaterThan(100)
    expect(count((article) => article.readCount === undefined)).toBeGreaterThan(100)
    // Reads of the last day: on most of the last two days' stories, and on few older ones.
    const twoDaysAgo = NOW.getTime() - 2 * 24 * 60 * 60 * 1000
    const lastDay = articles.filter((article) => article.readsLastDay !== undefined)
    const recent = articles.filter((article) => Date.parse(article.publishedAt) > twoDaysAgo)
    expect(lastDay.filter((article) => Date.parse(article.publishedAt) > twoDaysAgo).length).toBeGreaterThan(recent.length / 2)
    expect(lastDay.filter((article) => Date.parse(article.publishedAt) <= twoDaysAgo).length).toBeLessThan(articles.length / 50)
    for (const article of articles) {
      for (const flag of ['isBreakingNews', 'isLeadStory', 'isFeatured', 'isLatestUpdate'] as const) expect(typeof article[flag]).toBe('boolean')
    }
  })

  it('writes keyed Portable Text bodies of six to ten blocks', () => {
    const styles = new Set<string>()
    const hrefs: string[] = []
    for (const article of articles) {
      const body = article.body ?? []
      expect(body.length).toBeGreaterThanOrEqual(6)
      expect(body.length).toBeLessThanOrEqual(10)
      for (const node of body) {
        expect(node._key).toMatch(/^[0-9a-f]{12}$/)
        if (!isBlock(node)) {
          expect(refs.imageRefs).toContain(node.asset._ref)
          continue
        }
        styles.add(node.listItem ? `list:${node.listItem}` : node.style)
        for (const def of node.markDefs) hrefs.push(def.href)
        for (const span of node.children) {
          expect(span._key).toMatch(/^[0-9a-f]{12}$/)
          expect(span.text).not.toMatch(/[{}]/)
        }
      }
    }
    expect([...styles].sort()).toEqual(['blockquote', 'h1', 'h2', 'h3', 'list:bullet', 'list:number', 'normal'])
    expect(hrefs.some((href) => href.startsWith('https://'))).toBe(true)
    expect(hrefs.some((href) => href.startsWith('mailto:'))).toBe(true)
    expect(hrefs.some((href) => href.startsWith('tel:'))).toBe(true)
  })

  it('refers only to the images, authors and categories it was given', () => {
    for (const article of articles) {
      if (article.mainImage) {
        expect(refs.imageRefs).toContain(article.mainImage.asset._ref)
        expect(article.mainImage.alt?.length).toBeGreaterThan(5)
      }
      if (article.author) expect(refs.authorIds).toContain(article.author._ref)
      const categories = article.categories ?? []
      expect(categories.length).toBeGreaterThanOrEqual(1)
      expect(new Set(categories.map((category) => category._ref)).size).toBe(categories.length)
      for (const category of categories) {
        expect(refs.categoryIds).toContain(category._ref)
        expect(category._key).toMatch(/^[0-9a-f]{12}$/)
      }
    }
    expect(articles.filter((article) => article.mainImage).length).toBeGreaterThan(800)
    expect(articles.filter((article) => !article.mainImage).length).toBeGreaterThan(0)
    expect(articles.filter((article) => !article.author).length).toBeGreaterThan(0)
  })

  it('leaves images, authors and categories out when none are given', () => {
    const bare = build({ count: 200, imageRefs: [], authorIds: [], categoryIds: [] })
    for (const article of bare) {
      expect(article.mainImage).toBeUndefined()
      expect(article.author).toBeUndefined()
      expect(article.categories).toBeUndefined()
      expect((article.body ?? []).every(isBlock)).toBe(true)
    }
    expect(build({ count: 0 })).toEqual([])
  })

  it('is deterministic for a seed and a clock', () => {
    expect(build({ count: 300, seed: 5 })).toEqual(build({ count: 300, seed: 5 }))
    expect(build({ count: 300, seed: 6 })[0]?._id).not.toBe(build({ count: 300, seed: 5 })[0]?._id)
  })

  it('builds the benchmark largest set, 100,000 articles, with unique ids and slugs and realistic flags', () => {
    const large = buildSyntheticArticles({ count: 100_000, now: NOW, ...refs })
    expect(large).toHaveLength(100_000)
    expect(new Set(large.map((article) => article._id)).size).toBe(100_000)
    expect(new Set(large.map((article) => (article.slug as { current: string }).current)).size).toBe(100_000)
    // One breaking story and one lead, as at 1,000: no rule violation however large the archive.
    expectHomepageFlags(large)
    const share = (test: (article: (typeof large)[number]) => boolean) => large.filter(test).length / large.length
    expect(share((article) => article.isFeatured === true)).toBeCloseTo(0.02, 2)
    expect(share((article) => article.isLatestUpdate === true)).toBeCloseTo(0.03, 2)
    expect(share((article) => article.mediaType === 'video')).toBeCloseTo(0.05, 2)
  }, 60_000)
})

describe('createRng', () => {
  it('repeats its sequence for a seed and draws well-formed UUIDs and keys', () => {
    const a = createRng(42)
    const b = createRng(42)
    const draws = Array.from({ length: 50 }, () => a.next())
    expect(Array.from({ length: 50 }, () => b.next())).toEqual(draws)
    for (const value of draws) {
      expect(value).toBeGreaterThanOrEqual(0)
      expect(value).toBeLessThan(1)
    }
    const rng = createRng(7)
    const uuids = Array.from({ length: 2000 }, () => rng.uuid())
    for (const uuid of uuids) expect(uuid).toMatch(UUID)
    expect(new Set(uuids).size).toBe(uuids.length)
    expect(rng.key()).toMatch(/^[0-9a-f]{12}$/)
    expect(createRng(7).fork('a').uuid()).not.toBe(createRng(7).fork('b').uuid())
  })

  it('picks, shuffles and samples within bounds', () => {
    const rng = createRng(3)
    const items = [1, 2, 3, 4, 5, 6, 7, 8]
    for (let i = 0; i < 200; i++) {
      const n = rng.int(2, 5)
      expect(n).toBeGreaterThanOrEqual(2)
      expect(n).toBeLessThanOrEqual(5)
      expect(items).toContain(rng.pick(items))
    }
    expect(rng.shuffle(items).sort()).toEqual(items)
    const sample = rng.sample(items, 3)
    expect(new Set(sample).size).toBe(3)
    expect(() => rng.pick([])).toThrow()
    expect(Array.from({ length: 1000 }, () => rng.chance(0.25)).filter(Boolean).length).toBeGreaterThan(180)
  })
})
