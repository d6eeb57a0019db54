// POST /reads, the read beacon, against a real service: who counts and who does not, what the
// documents and the hourly aggregates say after a fold, and that the beacon is as hostile-proof as
// the API (bounded bodies, JSON errors, a limit per address, never a 5xx, nothing written per read).

import fc from 'fast-check'
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openAudienceDb } from '../../server/audience/store.ts'
import { startTestService, type TestService } from '../support/service.ts'
import { expectErrorBody, rawListen, requestFrom, type RawResponse } from './helpers.ts'

const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

let service: TestService
let token: string

beforeAll(async () => {
  service = await startTestService({ READS_PER_ADDRESS_PER_MINUTE: '60' })
  token = await service.adminToken()
  const article = (id: string, slug: string) => ({ _id: id, _type: 'article', title: `Story ${slug}`, slug: { _type: 'slug', current: slug }, publishedAt: '2026-11-01T09:00:00Z' })
  await service
    .client({ token })
    .transaction()
    .createOrReplace(article('crowd', 'crowd'))
    .createOrReplace(article('reloaded', 'reloaded'))
    .createOrReplace(article('ignored', 'ignored'))
    .createOrReplace(article('sources', 'sources'))
    .createOrReplace(article('kept', 'kept'))
    .createOrReplace({ ...article('drafts.unpublished', 'unpublished'), title: 'Not yet live' })
    .createOrReplace({ _id: 'essay', _type: 'imageGallery', title: 'Thames at dawn', slug: { _type: 'slug', current: 'thames-at-dawn' }, publishedAt: '2026-11-01T09:00:00Z', images: [] })
    .commit()
})

afterAll(async () => {
  await service?.stop()
})

/** A beacon from a chosen loopback address, so the service sees a different reader. */
function beacon(body: unknown, options: { from?: string; headers?: Record<string, string>; raw?: string | Buffer } = {}): Promise<RawResponse> {
  return requestFrom(`${service.url}/reads`, {
    method: 'POST',
    localAddress: options.from ?? '127.0.0.1',
    headers: { 'content-type': 'application/json', 'user-agent': browser, ...options.headers },
    body: options.raw ?? JSON.stringify(body),
  })
}

async function readsOf(id: string): Promise<{ readCount: number | null; readsLastDay: number | null }> {
  return service.client().fetch('*[_id == $id][0]{readCount, readsLastDay}', { id })
}

function aggregates(id: string): Record<string, number> {
  const db = openAudienceDb(service.dataDir)
  try {
    const rows = db.prepare('SELECT source, SUM(reads) AS reads FROM reads_hourly WHERE dataset = ? AND article_id = ? GROUP BY source').all('production', id) as Array<{ source: string; reads: number }>
    return Object.fromEntries(rows.map((row) => [row.source, row.reads]))
  } finally {
    db.close()
  }
}

const tableRows = (table: string) => service.store.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number

describe('counting reads', () => {
  it('counts 150 distinct readers once each, with no listen event, revision or transaction per read, and folds them in with one event per article', async () => {
    const stream = await rawListen(`${service.url}/v2023-05-03/data/listen/production?query=${encodeURIComponent('*[_type == "article"]')}&includeResult=true`, 'article listener')
    const revisions = tableRows('revisions')
    const transactions = tableRows('transactions')
    for (let i = 0; i < 150; i++) {
      const from = `127.0.1.${i + 1}`
      // Each reader reloads once: still one read.
      for (let visit = 0; visit < 2; visit++) expect((await beacon({ path: '/article/crowd', referrer: '' }, { from })).status).toBe(204)
    }
    // Nothing is written while reads are buffered: not a revision, not a transaction, not an event.
    expect(tableRows('revisions')).toBe(revisions)
    expect(tableRows('transactions')).toBe(transactions)
    expect(stream.text()).not.toContain('event: mutation')
    expect(await readsOf('crowd')).toEqual({ readCount: null, readsLastDay: null })

    await service.reads.fold()
    expect(await readsOf('crowd')).toEqual({ readCount: 150, readsLastDay: 150 })
    expect(aggregates('crowd')).toEqual({ direct: 150 })
    // The fold is not an edit: still no revision and no transaction, and one listen event for the article.
    expect(tableRows('revisions')).toBe(revisions)
    expect(tableRows('transactions')).toBe(transactions)
    await expect.poll(() => stream.text().split('event: mutation').length - 1).toBe(1)
    expect(stream.text()).toContain('"readCount":150')
    stream.close()
  })

  it('counts fifty reloads of one page by one reader once', async () => {
    for (let i = 0; i < 50; i++) expect((await beacon({ path: '/article/reloaded', referrer: '' }, { from: '127.0.2.1' })).status).toBe(204)
    // The same reader's photo essay is another page: one read of it too.
    expect((await beacon({ path: '/photo-essays/thames-at-dawn', referrer: '' }, { from: '127.0.2.1' })).status).toBe(204)
    await service.reads.fold()
    expect(await readsOf('reloaded')).toEqual({ readCount: 1, readsLastDay: 1 })
    expect(await readsOf('essay')).toEqual({ readCount: 1, readsLastDay: 1 })
  })

  it('does not count a bot, a prefetch, a prerender, a signed-in editor, a preview, a draft or an unknown page, and answers each 204', async () => {
    const refused: Array<[unknown, { from: string; headers?: Record<string, string> }]> = [
      [{ path: '/article/ignored' }, { from: '127.0.3.1', headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' } }],
      [{ path: '/article/ignored' }, { from: '127.0.3.2', headers: { 'user-agent': 'curl/8.5.0' } }],
      [{ path: '/article/ignored' }, { from: '127.0.3.3', headers: { 'sec-purpose': 'prefetch' } }],
      [{ path: '/article/ignored' }, { from: '127.0.3.4', headers: { 'sec-purpose': 'prefetch;prerender' } }],
      [{ path: '/article/ignored' }, { from: '127.0.3.5', headers: { purpose: 'prefetch' } }],
      [{ path: '/article/ignored' }, { from: '127.0.3.6', headers: { authorization: `Bearer ${token}` } }],
      [{ path: '/article/ignored?preview' }, { from: '127.0.3.7' }],
      [{ path: '/article/unpublished' }, { from: '127.0.3.8' }],
      [{ path: '/article/no-such-story' }, { from: '127.0.3.9' }],
      [{ path: '/author/ignored' }, { from: '127.0.3.10' }],
      [{ path: '//elsewhere.example/article/ignored' }, { from: '127.0.3.11' }],
    ]
    for (const [body, options] of refused) {
      const answer = await beacon(body, options)
      expect(answer.status, JSON.stringify(options)).toBe(204)
      expect(answer.text).toBe('')
    }
    await service.reads.fold()
    expect(await readsOf('ignored')).toEqual({ readCount: null, readsLastDay: null })
    expect(aggregates('ignored')).toEqual({})
    expect(aggregates('unpublished')).toEqual({})
    expect(aggregates('drafts.unpublished')).toEqual({})
  })

  it('counts a page from the moment it is published and not after it is unpublished, though it was asked for before', async () => {
    const editor = service.client({ token })
    expect((await beacon({ path: '/article/later' }, { from: '127.0.3.20' })).status).toBe(204)
    await editor.createOrReplace({ _id: 'later', _type: 'article', title: 'Story later', slug: { _type: 'slug', current: 'later' }, publishedAt: '2026-11-01T09:00:00Z' })
    expect((await beacon({ path: '/article/later' }, { from: '127.0.3.21' })).status).toBe(204)
    await service.reads.fold()
    expect(await readsOf('later')).toEqual({ readCount: 1, readsLastDay: 1 })
    await editor.delete('later')
    expect((await beacon({ path: '/article/later' }, { from: '127.0.3.22' })).status).toBe(204)
    await service.reads.fold()
    expect(aggregates('later')).toEqual({ direct: 1 })
  })

  it('keeps where readers came from by the referrer\'s domain alone', async () => {
    const visits: Array<[string, string]> = [
      ['https://www.google.co.uk/search?q=secret+words', '/article/sources'],
      ['https://duckduckgo.com/', '/article/sources'],
      ['https://t.co/abc', '/article/sources'],
      ['https://www.facebook.com/', '/article/sources'],
      ['', '/article/sources?ref=newsletter'],
      ['https://mail.google.com/mail/u/0/', '/article/sources'],
      ['https://blog.example.org/a-post', '/article/sources'],
      ['', '/article/sources'],
      [`${service.url}/`, '/article/sources'], // from the paper's own homepage
    ]
    for (const [i, [referrer, path]] of visits.entries()) expect((await beacon({ path, referrer }, { from: `127.0.4.${i + 1}` })).status).toBe(204)
    await service.reads.fold()
    expect(aggregates('sources')).toEqual({ search: 2, social: 2, newsletter: 2, other: 1, internal: 1, direct: 1 })
    // Nothing but those six words is kept of a referrer.
    const db = openAudienceDb(service.dataDir)
    expect(db.prepare('SELECT DISTINCT source FROM reads_hourly').pluck().all().sort()).toEqual(['direct', 'internal', 'newsletter', 'other', 'search', 'social'])
    expect(db.prepare('SELECT name FROM sqlite_master WHERE type = \'table\'').pluck().all()).toEqual(['reads_hourly', 'reads_minutely'])
    // The last two hours' reads per minute, for the Audience page: an article and a count, no source.
    expect(db.prepare('SELECT name FROM pragma_table_info(\'reads_minutely\')').pluck().all()).toEqual(['dataset', 'article_id', 'minute', 'reads'])
    db.close()
  })

  it('keeps an article\'s counts when an editor publishes over it, without making their loaded revision stale', async () => {
    const editor = service.client({ token })
    expect((await beacon({ path: '/article/kept', referrer: '' }, { from: '127.0.5.1' })).status).toBe(204)
    const loaded = await editor.getDocument('kept')
    await service.reads.fold()
    expect(await readsOf('kept')).toEqual({ readCount: 1, readsLastDay: 1 })
    // The form saves what it loaded, with no count (or a stale one): the count stays, and the save is not refused.
    await editor.transaction().patch('kept', (p) => p.ifRevisionId(loaded!._rev)).createOrReplace({ ...loaded!, title: 'Story kept, revised', readCount: 99_999 }).commit()
    expect(await readsOf('kept')).toEqual({ readCount: 1, readsLastDay: 1 })
    // A draft never carries counts.
    await editor.createOrReplace({ ...loaded!, _id: 'drafts.kept', readCount: 5 })
    expect(await service.client({ token, perspective: 'raw' }).fetch('*[_id == "drafts.kept"][0].readCount')).toBeNull()
  })
})

describe('the beacon under hostile input', () => {
  it('refuses malformed and huge bodies with the protocol\'s JSON errors', async () => {
    const from = '127.0.6.1'
    expectErrorBody(await beacon(null, { from, raw: '{"path": "/article/crowd"' }), 400)
    expectErrorBody(await beacon(null, { from, raw: '' }), 400)
    expectErrorBody(await beacon(['/article/crowd'], { from }), 400)
    expectErrorBody(await beacon({ referrer: 'https://example.org' }, { from }), 400)
    expectErrorBody(await beacon({ path: 'article/crowd' }, { from }), 400)
    expectErrorBody(await beacon({ path: '/article/crowd', referrer: 42 }, { from }), 400)
    expectErrorBody(await beacon({ path: `/article/${'x'.repeat(1500)}` }, { from }), 400)
    expectErrorBody(await beacon(null, { from, raw: JSON.stringify({ path: '/article/crowd', referrer: 'y'.repeat(1_000_000) }) }), 413)
    expectErrorBody(await beacon(null, { from, raw: Buffer.alloc(3000, 0xff) }), 413)
  })

  it('reads a body sent in pieces, and refuses one once its pieces pass the limit', async () => {
    const inPieces = (pieces: string[], from: string) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        // No Content-Length: the body comes chunked, and only its size so far says it is too big.
        const req = request(`${service.url}/reads`, { method: 'POST', localAddress: from, headers: { 'content-type': 'application/json', 'user-agent': browser } }, (res) => {
          let text = ''
          res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
        })
        req.on('error', reject)
        for (const piece of pieces) req.write(piece)
        req.end()
      })
    const before = (await readsOf('kept')).readCount ?? 0
    expect((await inPieces(['{"path": "/article/', 'kept", ', '"referrer": ""}'], '127.0.6.2')).status).toBe(204)
    const huge = await inPieces(['{"path": "/article/kept", "referrer": "', ...Array.from({ length: 8 }, () => 'y'.repeat(1000)), '"}'], '127.0.6.3')
    expect(huge.status).toBe(413)
    expect(JSON.parse(huge.text)).toMatchObject({ statusCode: 413, message: expect.stringContaining('2048 bytes') })
    await service.reads.fold()
    expect((await readsOf('kept')).readCount).toBe(before + 1)
  })

  it('limits the beacons of one address, with Retry-After', async () => {
    const from = '127.0.7.1'
    for (let i = 0; i < 60; i++) expect((await beacon({ path: '/article/no-such-story' }, { from })).status).toBe(204)
    const over = await beacon({ path: '/article/crowd' }, { from })
    expectErrorBody(over, 429)
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another reader is not held back.
    expect((await beacon({ path: '/article/no-such-story' }, { from: '127.0.7.2' })).status).toBe(204)
  })

  it('answers whatever arrives with 204 or a JSON error, never a 5xx', async () => {
    let n = 0
    const bodies = fc.oneof(
      fc.record({ path: fc.oneof(fc.string(), fc.constantFrom('/article/crowd', '/photo-essays/thames-at-dawn', '/article/%E0%A4%A', '/article/crowd?ref=newsletter')), referrer: fc.oneof(fc.string(), fc.webUrl(), fc.integer()) }, { requiredKeys: [] }),
      fc.jsonValue(),
      fc.string(),
    )
    await fc.assert(
      fc.asyncProperty(bodies, fc.boolean(), async (body, asText) => {
        // Many addresses, so the property meets the beacon rather than the limit.
        const from = `127.0.${8 + Math.floor(n / 250)}.${(n++ % 250) + 1}`
        const answer = await beacon(body, { from, raw: asText && typeof body === 'string' ? body : JSON.stringify(body) })
        expect([204, 400, 413]).toContain(answer.status)
        if (answer.status !== 204) expectErrorBody(answer, answer.status)
      }),
      { numRuns: 200 },
    )
  })
})
