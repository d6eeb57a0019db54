import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encode, etagOf, matchesTag, negotiate, sendEncoded } from './encoding.ts'

describe('negotiate', () => {
  const both = { gzip: true, br: true }
  it('prefers Brotli, then gzip, as browsers list them', () => {
    expect(negotiate('gzip, deflate, br, zstd', both)).toBe('br')
    expect(negotiate('gzip, deflate', both)).toBe('gzip')
    expect(negotiate(undefined, both)).toBe('identity')
    expect(negotiate('', both)).toBe('identity')
  })

  it('honours q=0 as a refusal, and * for the rest', () => {
    expect(negotiate('br;q=0, gzip', both)).toBe('gzip')
    expect(negotiate('br;q=0, gzip;q=0', both)).toBe('identity')
    expect(negotiate('*', both)).toBe('br')
    expect(negotiate('*;q=0, gzip', both)).toBe('gzip')
    expect(negotiate('BR ; Q=0.5', both)).toBe('br')
  })

  it('offers only the copies there are', () => {
    expect(negotiate('br, gzip', { gzip: true, br: false })).toBe('gzip')
    expect(negotiate('br, gzip', { gzip: false, br: false })).toBe('identity')
  })
})

describe('matchesTag', () => {
  it('matches any encoding of the same body, weak or strong, in a list', () => {
    expect(matchesTag('"abc"', 'abc')).toBe(true)
    expect(matchesTag('W/"abc-gz"', 'abc')).toBe(true)
    expect(matchesTag('"x", "abc-br"', 'abc')).toBe(true)
    expect(matchesTag('*', 'abc')).toBe(true)
    expect(matchesTag('"abcd"', 'abc')).toBe(false)
    expect(matchesTag(undefined, 'abc')).toBe(false)
  })
})

describe('sendEncoded', () => {
  let server: Server
  let port = 0
  const page = Buffer.from(`<p>${'The bridge reopens on Monday. '.repeat(200)}</p>`)
  const tag = etagOf(page)

  beforeAll(async () => {
    server = createServer((req, res) => sendEncoded(req, res, 200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=0' }, encode(page), tag))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  // node:http, not fetch: fetch decodes bodies itself and hides what was on the wire.
  const get = (headers: Record<string, string>, method = 'GET') =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      const req = request({ port, method, headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
      })
      req.on('error', reject)
      req.end()
    })

  it('sends Brotli to a browser that takes it, gzip to one that takes only gzip, and the plain page otherwise, each with its own tag', async () => {
    const br = await get({ 'accept-encoding': 'gzip, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.body).equals(page)).toBe(true)
    expect(br.body.length).toBeLessThan(page.length / 5)
    const gzip = await get({ 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.body).equals(page)).toBe(true)
    const plain = await get({})
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.equals(page)).toBe(true)
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3)
    for (const res of [br, gzip, plain]) {
      expect(res.headers.vary).toBe('Accept-Encoding')
      expect(Number(res.headers['content-length'])).toBe(res.body.length)
    }
  })

  it('answers a matching If-None-Match with a bodiless 304 carrying the validators and caching headers', async () => {
    const first = await get({ 'accept-encoding': 'br' })
    const again = await get({ 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    expect(again.headers.etag).toBe(first.headers.etag)
    expect(again.headers['cache-control']).toBe('public, max-age=0')
    const stale = await get({ 'accept-encoding': 'br', 'if-none-match': '"something-else"' })
    expect(stale.status).toBe(200)
  })

  it('sends the headers of a HEAD without the body', async () => {
    const head = await get({ 'accept-encoding': 'gzip' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0)
  })
})
