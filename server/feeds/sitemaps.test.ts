import { evaluate, parse } from 'groq-js'
import { describe, expect, it } from 'vitest'
import { nextMonth, pagesSitemap, sitemapIndex, w3cDate } from './sitemaps.ts'
import type { FeedSource } from './source.ts'

describe('months of the article sitemaps', () => {
  it('counts months across a year end', () => {
    expect(nextMonth('2026-11')).toBe('2026-12')
    expect(nextMonth('2026-12')).toBe('2027-01')
  })
})

describe('w3cDate', () => {
  it('writes a W3C datetime in UTC to the second, or nothing for a bad date', () => {
    expect(w3cDate('2026-11-23T20:40:59.123Z')).toBe('2026-11-23T20:40:59Z')
    expect(w3cDate('2026-11-23T21:40:59+01:00')).toBe('2026-11-23T20:40:59Z')
    expect(w3cDate('not a date')).toBeNull()
    expect(w3cDate(null)).toBeNull()
  })
})

describe('sitemapIndex', () => {
  it('lists the pages, the news and each month with articles, newest first, with when it changed', () => {
    const xml = sitemapIndex('https://news.example', [
      { month: '2026-09', count: 2, updated: '2026-10-01T08:00:00Z' },
      { month: '2026-11', count: 1, updated: '2026-11-02T10:00:00Z' },
    ])
    const entries = [...xml.matchAll(/<sitemap><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/sitemap>/g)].map((match) => [match[1], match[2]])
    expect(entries).toEqual([
      ['https://news.example/sitemaps/pages.xml', undefined],
      ['https://news.example/sitemaps/news.xml', undefined],
      ['https://news.example/sitemaps/articles-2026-11.xml', '2026-11-02T10:00:00Z'],
      ['https://news.example/sitemaps/articles-2026-09.xml', '2026-10-01T08:00:00Z'],
    ])
  })

  it('writes the index of an empty paper', () => {
    const xml = sitemapIndex('https://news.example', [])
    expect(xml).toContain('/sitemaps/pages.xml')
    expect(xml).not.toContain('/sitemaps/articles-')
  })
})

describe('pagesSitemap', () => {
  it('lists each address once, leaving out a category stored at a fixed page’s address', async () => {
    const docs = [
      { _id: 'about', _type: 'category', slug: { current: 'about' }, kind: 'section' },
      { _id: 'uk', _type: 'category', slug: { current: 'uk' }, kind: 'section' },
      { _id: 'search-topic', _type: 'category', slug: { current: 'search' }, kind: 'topic' },
    ]
    const source: FeedSource = {
      origin: 'https://news.example',
      now: new Date('2026-11-23T21:00:00Z'),
      imageUrl: () => null,
      fetch: async <T>(query: string, params: Record<string, unknown> = {}) => (await (await evaluate(parse(query), { dataset: docs, params })).get()) as T,
    }
    const locs = [...(await pagesSitemap(source)).matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1])
    expect(locs.filter((loc) => loc === 'https://news.example/about')).toHaveLength(1)
    expect(locs).toContain('https://news.example/uk')
    expect(locs).toContain('https://news.example/topic/search')
    expect(new Set(locs).size).toBe(locs.length)
  })
})
