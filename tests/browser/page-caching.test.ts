// Reader pages and public query answers as a shared cache (Varnish, a CDN) and a browser see them:
// public for a minute at the edge and revalidated by browsers, with strong validators and 304s,
// Brotli or gzip as the client takes it, and surrogate keys naming what each page shows. Whatever
// is personal is private, no-store. (A browser-project test only because it needs the built app.)

import { request } from 'node:http'
import { brotliDecompressSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { documentKey, listsKey, missingKey, queryKey, siteKey } from '../../shared/cacheKeys.ts'
import { testArticle } from '../support/articles.ts'
import { browserSuite } from '../support/suite.ts'

const suite = browserSuite({
  documents: [
    { _id: 'cat-uk', _type: 'category', title: 'UK', slug: { _type: 'slug', current: 'uk' }, kind: 'section' },
    { ...testArticle('bridge', 30, { isLeadStory: true, title: 'Bridge reopens after a year of repairs' }), categories: [{ _type: 'reference', _ref: 'cat-uk', _key: 'a' }] },
    testArticle('market', 60, { isLatestUpdate: true, title: 'Market hall gets a new roof' }),
  ],
})

interface Raw {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** A request as a cache sends it: node:http, so the encoded bytes and every header are seen as sent. */
function get(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  const url = new URL(path, suite.service.url)
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })
}

const keysOf = (res: Raw) => String(res.headers.xkey ?? '').split(' ')

describe('reader pages', () => {
  it('are public for a minute at the edge, revalidated by browsers, and named by what they show', async () => {
    const home = await get('/', { 'accept-encoding': 'br, gzip' })
    expect(home.status).toBe(200)
    expect(home.headers['cache-control']).toBe('public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=60')
    expect(home.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(home.body).toString()).toContain('Bridge reopens after a year of repairs')
    // Once: the keys are not sent again as Surrogate-Key.
    expect(home.headers['surrogate-key']).toBeUndefined()
    expect(keysOf(home)).toEqual(expect.arrayContaining([siteKey, listsKey, documentKey('bridge'), documentKey('market')]))

    const article = await get('/article/bridge')
    expect(article.status).toBe(200)
    expect(keysOf(article)).toEqual(expect.arrayContaining([siteKey, documentKey('bridge')]))
    expect(keysOf(article)).not.toContain(listsKey)

    const missing = await get('/article/not-written-yet')
    expect(missing.status).toBe(404)
    expect(keysOf(missing)).toContain(missingKey)
  })

  it('answer a browser that has the page with a bodiless 304, until a publish changes it', async () => {
    const first = await get('/article/bridge', { 'accept-encoding': 'gzip' })
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^"[\w-]+-gz"$/)
    const again = await get('/article/bridge', { 'accept-encoding': 'gzip', 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    expect(again.headers['cache-control']).toBe(first.headers['cache-control'])

    const client = suite.service.client({ token: suite.token })
    await client.patch('bridge').set({ title: 'Bridge reopens to buses first' }).commit()
    const changed = await get('/article/bridge', { 'accept-encoding': 'gzip', 'if-none-match': etag })
    expect(changed.status).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
  })

  it('keep the admin, whose shell is the same for all, out of shared caches', async () => {
    const admin = await get('/admin/dashboard')
    expect(admin.status).toBe(200)
    expect(admin.headers['cache-control']).toBe('private, no-store')
    expect(admin.headers.xkey).toBeUndefined()
  })

  it('send the built files as Brotli to browsers that take it, cached for a year', async () => {
    const home = (await get('/')).body.toString()
    // The first of the module scripts the page's loader adds once it has loaded.
    const script = /<script data-modules="([^" ]+)/.exec(home)![1]!
    const res = await get(script, { 'accept-encoding': 'gzip, deflate, br' })
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const plain = await get(script)
    expect(brotliDecompressSync(res.body).equals(plain.body)).toBe(true)
  })
})

describe('the query API', () => {
  const params = new URLSearchParams({ query: '*[_type == "article"] | order(_id asc) { _id, title }' })
  const path = `/v2023-05-03/data/query/production?${params}`

  it('answers anonymous GETs publicly but revalidated every time, under the dataset key, with 304s', async () => {
    const first = await get(path)
    expect(first.status).toBe(200)
    expect(first.headers['cache-control']).toBe('public, no-cache')
    // An answer over a kilobyte is compressed as the client accepts.
    const large = `/v2023-05-03/data/query/production?${new URLSearchParams({ query: '{"words": $words, "ids": *[_type == "article"]._id}', $words: JSON.stringify('word '.repeat(500)) })}`
    const zipped = await get(large, { 'accept-encoding': 'gzip, br' })
    expect(zipped.headers['content-encoding']).toBe('br')
    expect(JSON.parse(brotliDecompressSync(zipped.body).toString()).result.ids).toHaveLength(2)
    expect(first.headers.xkey).toBe(queryKey('production'))
    // The second answer comes from the service's URL cache; its tag is the one a browser keeps.
    const second = await get(path)
    const again = await get(path, { 'if-none-match': String(second.headers.etag) })
    expect(again.status).toBe(304)
  })

  it('keeps a signed-in answer private', async () => {
    const res = await get(path, { authorization: `Bearer ${suite.token}` })
    expect(res.status).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.headers.xkey).toBeUndefined()
  })
})
