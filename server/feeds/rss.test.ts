import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { rfc822, rssDocument, type FeedArticle } from './rss.ts'
import type { FeedSource } from './source.ts'

const source: FeedSource = {
  origin: 'https://news.example',
  now: new Date('2026-11-23T21:00:00Z'),
  fetch: () => Promise.reject(new Error('not used')),
  imageUrl: (image) => (image ? 'https://news.example/images/p/d/abc-10x10.jpg?w=1200&h=675&fit=crop&fm=jpg' : null),
}

const article: FeedArticle = {
  _id: 'a',
  _updatedAt: '2026-11-23T20:50:00Z',
  title: 'Tom & Jerry <again>',
  slug: 'tom-and-jerry',
  publishedAt: '2026-11-23T20:40:59.000Z',
  excerpt: '<p>Cat <em>chases</em> mouse &amp; loses</p>',
  mainImage: { asset: { _ref: 'image-abc-10x10-jpg' } },
  author: { name: 'Ada' },
  categories: [{ title: 'UK' }, null, { title: null }],
}

describe('rfc822', () => {
  it("writes RSS 2.0's date format in GMT, or nothing for a bad date", () => {
    expect(rfc822('2026-11-23T20:40:59.000Z')).toBe('Mon, 23 Nov 2026 20:40:59 GMT')
    expect(rfc822('nonsense')).toBeNull()
    expect(rfc822(undefined)).toBeNull()
  })
})

describe('rssDocument', () => {
  const channel = { title: 'Resonance', link: 'https://news.example/', self: 'https://news.example/rss.xml', description: 'News' }

  it('is valid XML a feed reader reads the item back from', () => {
    const xml = rssDocument(source, channel, [article, { ...article, _id: 'b', _updatedAt: '2026-11-23T20:45:00Z', slug: 'plain', mainImage: null, author: null, categories: null, excerpt: null }])
    expect(XMLValidator.validate(xml)).toBe(true)
    const rss = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => name === 'item' || name === 'category' }).parse(xml).rss
    const [first, second] = rss.channel.item
    expect(first.title).toBe('Tom & Jerry <again>')
    expect(first.link).toBe('https://news.example/article/tom-and-jerry')
    expect(first.guid).toEqual({ '#text': first.link, '@isPermaLink': 'true' })
    expect(first.pubDate).toBe('Mon, 23 Nov 2026 20:40:59 GMT')
    expect(first.description).toBe('Cat chases mouse & loses')
    expect(first['dc:creator']).toBe('Ada')
    expect(first.category).toEqual(['UK'])
    expect(first['media:content']['@url']).toBe('https://news.example/images/p/d/abc-10x10.jpg?w=1200&h=675&fit=crop&fm=jpg')
    // What an article lacks is left out rather than written empty.
    expect(Object.keys(second).sort()).toEqual(['guid', 'link', 'pubDate', 'title'])
    expect(rss.channel.pubDate).toBe(first.pubDate)
    // When the newest change among its articles was made.
    expect(rss.channel.lastBuildDate).toBe('Mon, 23 Nov 2026 20:50:00 GMT')
  })

  it('ends an amended article’s description with its corrections, as the page words them, in plain text', () => {
    const corrections = [
      { _key: 'c1', kind: 'correction', text: 'An earlier version said <b>three</b> closures; there were two.', date: '2026-11-24' },
      { _key: 'c2', kind: 'clarification', text: 'The barrier is run by the Environment Agency.', date: '2026-11-25' },
    ]
    const xml = rssDocument(source, channel, [{ ...article, corrections }])
    expect(XMLValidator.validate(xml)).toBe(true)
    const item = new XMLParser({ isArray: (name) => name === 'item' }).parse(xml).rss.channel.item[0]
    expect(item.description).toBe(
      'Cat chases mouse & loses This article was amended on 24 November 2026. An earlier version said <b>three</b> closures; there were two. This article was amended on 25 November 2026. The barrier is run by the Environment Agency.',
    )
  })

  it('gives the same bytes for the same articles whenever it is built', () => {
    const later = { ...source, now: new Date('2026-11-24T09:00:00Z') }
    expect(rssDocument(later, channel, [article])).toBe(rssDocument(source, channel, [article]))
  })

  it('is a valid channel with no items', () => {
    const xml = rssDocument(source, channel, [])
    expect(XMLValidator.validate(xml)).toBe(true)
    expect(xml).not.toContain('<item>')
    expect(xml).not.toContain('<lastBuildDate>')
  })
})
