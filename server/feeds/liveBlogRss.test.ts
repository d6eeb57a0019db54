import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { liveBlogRssDocument, type FeedUpdate } from './liveBlogRss.ts'

const channel = { title: 'Storm live | Resonance live', link: 'https://news.example/article/storm', self: 'https://news.example/article/storm/rss.xml', description: 'Live updates: Storm live.' }
const parse = (xml: string) => new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => name === 'item' }).parse(xml).rss.channel

const updates: FeedUpdate[] = [
  { _id: 'u2', _updatedAt: '2026-11-27T16:20:00Z', headline: 'Barrier <b>closes</b>', publishedAt: '2026-11-27T16:10:00Z', text: 'The Thames Barrier has closed.', author: { name: 'Ada' } },
  {
    _id: 'u1',
    _updatedAt: '2026-11-27T16:00:00Z',
    headline: null,
    publishedAt: '2026-11-27T16:00:00Z',
    text: 'The Environment Agency says the Thames Barrier will close ahead of this evening’s high tide, the first closure of the autumn.',
    author: null,
  },
]

describe('liveBlogRssDocument', () => {
  it('lists the updates as given, newest first, each with its title, time, text and the address that finds it', () => {
    const xml = liveBlogRssDocument('https://news.example', 'storm', channel, updates)
    expect(XMLValidator.validate(xml)).toBe(true)
    const feed = parse(xml)
    expect(feed.title).toBe('Storm live | Resonance live')
    expect(feed['atom:link']['@href']).toBe('https://news.example/article/storm/rss.xml')
    const [first, second] = feed.item
    expect(first.title).toBe('Barrier closes')
    expect(first.link).toBe('https://news.example/article/storm?update=u2#update-u2')
    expect(first.guid).toEqual({ '#text': first.link, '@isPermaLink': 'true' })
    expect(first.pubDate).toBe('Fri, 27 Nov 2026 16:10:00 GMT')
    expect(first.description).toBe('The Thames Barrier has closed.')
    expect(first['dc:creator']).toBe('Ada')
    // Without a headline, the start of its text, cut at a word.
    expect(second.title).toBe('The Environment Agency says the Thames Barrier will close ahead of this evening’s high…')
    expect(second['dc:creator']).toBeUndefined()
    expect(feed.pubDate).toBe(first.pubDate)
    expect(feed.lastBuildDate).toBe('Fri, 27 Nov 2026 16:20:00 GMT')
  })

  it('is a valid channel before the first update', () => {
    const xml = liveBlogRssDocument('https://news.example', 'storm', channel, [])
    expect(XMLValidator.validate(xml)).toBe(true)
    expect(parse(xml).item).toBeUndefined()
  })
})
