// The paper's feeds as a feed reader reads them: the demo newspaper's feeds parsed by a feed reader's
// own parser (@rowanmanning/feed-parser), not by ours. A reader subscribing to the paper, a section,
// a topic or an author gets a titled feed whose every story has a headline, a link on the public
// address, a date, a summary, a picture, its categories and its author.

import { parseFeed } from '@rowanmanning/feed-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../support/service.ts'

const publicUrl = 'https://news.example'
let service: TestService

beforeAll(async () => {
  service = await startTestService({ SEED: 'demo', PUBLIC_URL: publicUrl })
})
afterAll(() => service.stop())

async function feedAt(path: string) {
  const res = await fetch(`${service.url}${path}`)
  expect(res.status, path).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/^application\/rss\+xml/)
  return parseFeed(await res.text())
}

async function firstSlug(query: string): Promise<string> {
  const slug = await service.client().fetch<string | null>(query)
  expect(slug).toBeTruthy()
  return slug!
}

/** A topic the demo files stories under (some topics have none yet). */
async function topicWithStories(): Promise<string> {
  const slugs = await service.client().fetch<string[]>(`*[_type == "category" && kind == "topic"] | order(title asc).slug.current`)
  for (const slug of slugs) {
    const feed = parseFeed(await (await fetch(`${service.url}/topic/${slug}/rss.xml`)).text())
    if (feed.items.length > 0) return slug
  }
  throw new Error(`No topic of ${slugs.join(', ')} has a story`)
}

describe('the demo paper in a feed reader', () => {
  it('reads every kind of feed the paper offers, each story complete', async () => {
    const author = await firstSlug(`*[_type == "article" && defined(author)] | order(publishedAt desc)[0].author->slug.current`)
    const topic = await topicWithStories()
    for (const path of ['/rss.xml', '/uk/rss.xml', `/topic/${topic}/rss.xml`, `/author/${author}/rss.xml`]) {
      const feed = await feedAt(path)
      expect(feed.meta.type, path).toBe('rss')
      expect(feed.meta.version, path).toBe('2.0')
      expect(feed.title, path).toMatch(/Resonance/)
      expect(feed.url, path).toMatch(new RegExp(`^${publicUrl}/`))
      expect(feed.language?.toLowerCase(), path).toBe('en-gb')
      expect(feed.items.length, path).toBeGreaterThan(0)
      let withImages = 0
      for (const item of feed.items) {
        expect(item.title, path).toBeTruthy()
        expect(item.url, path).toMatch(new RegExp(`^${publicUrl}/(article|photo-essays)/[a-z0-9-]+$`))
        expect(item.id, path).toBeTruthy()
        expect(item.published?.getTime(), `${path} ${item.title}`).toBeLessThanOrEqual(Date.now())
        expect(item.description, `${path} ${item.title}`).toBeTruthy()
        expect(item.categories.length, `${path} ${item.title}`).toBeGreaterThan(0)
        if (item.mediaImages.length > 0) {
          withImages++
          expect(item.mediaImages[0]!.url).toMatch(new RegExp(`^${publicUrl}/images/`))
        }
      }
      expect(withImages, path).toBeGreaterThan(0)
      // Newest first, as a reader's list shows them.
      const times = feed.items.map((item) => item.published!.getTime())
      expect([...times].sort((a, b) => b - a), path).toEqual(times)
    }
  })

  it('names the author of each signed story, and the author feed is theirs alone', async () => {
    const { slug, name } = (await service.client().fetch<{ slug: string; name: string }>(
      `*[_type == "article" && defined(author)] | order(publishedAt desc)[0].author->{"slug": slug.current, name}`,
    ))!
    const feed = await feedAt(`/author/${slug}/rss.xml`)
    expect(feed.url).toBe(`${publicUrl}/author/${slug}`)
    for (const item of feed.items) expect(item.authors.map((author) => author.name)).toEqual([name])
  })
})
