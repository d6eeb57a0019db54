import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { FeedCache, notModified, type Built } from './cache.ts'

function setup(limitBytes = 1024 * 1024) {
  const state = { revision: 1, now: new Date('2026-11-23T20:40:30Z') }
  const cache = new FeedCache({ limitBytes, revision: () => state.revision, now: () => state.now })
  let builds = 0
  const build = (text: string) => async (): Promise<Built> => {
    builds++
    return { type: 'application/xml', text }
  }
  return { state, cache, build, builds: () => builds }
}

describe('FeedCache', () => {
  it('builds a document once per revision, per origin and path', async () => {
    const { state, cache, build, builds } = setup()
    const first = await cache.get('https://a.example', '/rss.xml', build('<rss/>'))
    expect(first.body.toString()).toBe('<rss/>')
    await cache.get('https://a.example', '/rss.xml', build('<rss/>'))
    expect(builds()).toBe(1)
    expect(cache.hits).toBe(1)
    await cache.get('https://b.example', '/rss.xml', build('<rss/>'))
    await cache.get('https://a.example', '/sitemap.xml', build('<urlset/>'))
    expect(builds()).toBe(3)
    state.revision = 2
    await cache.get('https://a.example', '/rss.xml', build('<rss/>'))
    expect(builds()).toBe(4)
  })

  it('builds a document that depends on the clock again each minute', async () => {
    const { state, cache, build, builds } = setup()
    await cache.get('o', '/sitemaps/news.xml', build('<urlset/>'), { byMinute: true })
    state.now = new Date('2026-11-23T20:40:59Z')
    await cache.get('o', '/sitemaps/news.xml', build('<urlset/>'), { byMinute: true })
    expect(builds()).toBe(1)
    state.now = new Date('2026-11-23T20:41:00Z')
    await cache.get('o', '/sitemaps/news.xml', build('<urlset/>'), { byMinute: true })
    expect(builds()).toBe(2)
  })

  it('shares one build between requests that arrive while it runs', async () => {
    const { cache, build, builds } = setup()
    const answers = await Promise.all([1, 2, 3].map(() => cache.get('o', '/rss.xml', build('<rss/>'))))
    expect(builds()).toBe(1)
    expect(new Set(answers).size).toBe(1)
  })

  it('keeps nothing for a document that could not be built (a 404)', async () => {
    const { cache } = setup()
    const missing = () => Promise.reject(new Error('No section "nowhere"'))
    for (let i = 0; i < 100; i++) await expect(cache.get('o', `/nowhere-${i}/rss.xml`, missing)).rejects.toThrow('nowhere')
    expect(cache.size).toBe(0)
  })

  it('keeps within its budget of bytes, the least recently used going first', async () => {
    const { cache, build } = setup(64 * 1024)
    const text = `<rss>${'x'.repeat(4000)}</rss>`
    for (let i = 0; i < 100; i++) await cache.get('o', `/feed-${i}/rss.xml`, build(`${text}${i}`))
    expect(cache.size).toBeLessThanOrEqual(64 * 1024)
    expect(cache.size).toBeGreaterThan(0)
  })

  it('does not keep a document built while a write landed', async () => {
    const { state, cache } = setup()
    const racing = async (): Promise<Built> => {
      state.revision++
      return { type: 'application/xml', text: '<rss/>' }
    }
    await cache.get('o', '/rss.xml', racing)
    await cache.get('o', '/rss.xml', racing)
    expect(cache.hits).toBe(0)
    expect(cache.builds).toBe(2)
  })

  it('keeps a gzip copy of larger documents and validators from the bytes', async () => {
    const { state, cache, build } = setup()
    const text = `<urlset>${'<url/>'.repeat(500)}</urlset>`
    const first = await cache.get('o', '/sitemap.xml', build(text))
    expect(gunzipSync(first.gzip!).toString()).toBe(text)
    expect(first.etag).toMatch(/^W\/"[\w-]+"$/)
    expect(first.lastModified).toBe('Mon, 23 Nov 2026 20:40:30 GMT')
    expect((await cache.get('o', '/robots.txt', build('User-agent: *'))).gzip).toBeNull()
    // Built again after an unrelated write, the same bytes keep their validators.
    state.revision = 2
    state.now = new Date('2026-11-23T21:00:00Z')
    const again = await cache.get('o', '/sitemap.xml', build(text))
    expect([again.etag, again.lastModified]).toEqual([first.etag, first.lastModified])
    const changed = await cache.get('o', '/sitemap.xml', build(`${text} `))
    expect(changed.etag).toBe(first.etag) // same revision: still the kept one
    state.revision = 3
    const other = await cache.get('o', '/sitemap.xml', build(`${text} `))
    expect(other.etag).not.toBe(first.etag)
    expect(other.lastModified).toBe('Mon, 23 Nov 2026 21:00:00 GMT')
  })

  it('keeps a redirect to the feed at its own address', async () => {
    const { cache } = setup()
    const feed = await cache.get('o', '/climate/rss.xml', async () => ({ redirect: '/topic/climate/rss.xml' }))
    expect([feed.status, feed.location]).toEqual([301, '/topic/climate/rss.xml'])
  })
})

describe('notModified', () => {
  const entry = { etag: 'W/"abc"', lastModified: 'Mon, 23 Nov 2026 20:40:30 GMT' }

  it('compares If-None-Match weakly, in a list, or as *', () => {
    expect(notModified({ 'if-none-match': 'W/"abc"' }, entry)).toBe(true)
    expect(notModified({ 'if-none-match': '"abc"' }, entry)).toBe(true)
    expect(notModified({ 'if-none-match': '"x", W/"abc"' }, entry)).toBe(true)
    expect(notModified({ 'if-none-match': '*' }, entry)).toBe(true)
    expect(notModified({ 'if-none-match': 'W/"abd"' }, entry)).toBe(false)
    expect(notModified({}, entry)).toBe(false)
  })

  it('reads If-Modified-Since only without If-None-Match', () => {
    expect(notModified({ 'if-modified-since': 'Mon, 23 Nov 2026 20:40:30 GMT' }, entry)).toBe(true)
    expect(notModified({ 'if-modified-since': 'Mon, 23 Nov 2026 20:40:29 GMT' }, entry)).toBe(false)
    expect(notModified({ 'if-modified-since': 'nonsense' }, entry)).toBe(false)
    expect(notModified({ 'if-none-match': '"other"', 'if-modified-since': 'Mon, 23 Nov 2026 21:00:00 GMT' }, entry)).toBe(false)
  })
})
