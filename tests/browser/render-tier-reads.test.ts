// The render tier counting reads with a write token, as it does in front of a hosted Sanity project,
// here against the embedded content service over HTTP as the stand-in: each tier judges beacons by
// the service's own rules and writes what counts as `inc` patches, so two tiers' counts add up, and
// sets the last 24 hours Most read ranks; `npm run serve:pages` in several processes counts a reader
// once, whichever process answers them.
// (In the browser project for the built app the tier renders with; no browser is started.)

import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadRenderTierConfig } from '../../server/render/config.ts'
import { startRenderTier, type RenderTier } from '../../server/render/tier.ts'
import { startRenderProcess, type RenderProcess } from '../support/renderTier.ts'
import { startTestService, type TestService } from '../support/service.ts'

const browser = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15'

let service: TestService
const tiers: RenderTier[] = []
let cluster: RenderProcess | null = null

beforeAll(async () => {
  service = await startTestService()
  const admin = service.client({ token: await service.adminToken() })
  await admin
    .transaction()
    .createOrReplace({ _id: 'counted', _type: 'article', title: 'Counted', slug: { _type: 'slug', current: 'counted' }, publishedAt: '2026-11-01T09:00:00Z' })
    .createOrReplace({ _id: 'clustered', _type: 'article', title: 'Clustered', slug: { _type: 'slug', current: 'clustered' }, publishedAt: '2026-11-01T09:00:00Z' })
    .createOrReplace({ _id: 'drafts.hidden', _type: 'article', title: 'Hidden', slug: { _type: 'slug', current: 'hidden' }, publishedAt: '2026-11-01T09:00:00Z' })
    .commit()
  const token = service.auth.createRobotToken('editor', 'render tier reads', null)
  cluster = await startRenderProcess(service.url, { READS_TOKEN: token, RENDER_PROCESSES: '2', READS_FOLD_INTERVAL_MS: '1000' })
  for (let i = 0; i < 2; i++) {
    tiers.push(await startRenderTier(loadRenderTierConfig({ PORT: '0', CONTENT_API_URL: service.url, READS_TOKEN: token, RENDER_PROCESSES: '1', READS_PER_ADDRESS_PER_MINUTE: '50' })))
  }
})

afterAll(async () => {
  for (const tier of tiers) await tier.close()
  await cluster?.stop()
  await service?.stop()
})

function beacon(tier: { url: string }, path: string, from: string, headers: Record<string, string> = {}, raw?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    // A connection of its own each time, so the processes of a cluster take turns to answer.
    const req = request(`${tier.url}/reads`, { method: 'POST', agent: false, localAddress: from, headers: { 'content-type': 'application/json', 'user-agent': browser, ...headers } }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end(raw ?? JSON.stringify({ path, referrer: '' }))
  })
}

const countsOf = (id: string) => service.client().fetch<{ readCount: number | null; readsLastDay: number | null }>('*[_id == $id][0]{readCount, readsLastDay}', { id })

describe('the render tier with a write token', () => {
  it('counts each reader once and writes the counts as increments that add up across tiers', async () => {
    const [first, second] = tiers as [RenderTier, RenderTier]
    for (const from of ['127.0.9.1', '127.0.9.2', '127.0.9.3']) {
      // A reload is the same reader.
      for (let visit = 0; visit < 3; visit++) expect((await beacon(first, '/article/counted', from)).status).toBe(204)
    }
    // Not reads: a bot, a prefetch, an editor's request, a draft, a page that does not exist.
    expect((await beacon(first, '/article/counted', '127.0.9.4', { 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' })).status).toBe(204)
    expect((await beacon(first, '/article/counted', '127.0.9.5', { 'sec-purpose': 'prefetch' })).status).toBe(204)
    expect((await beacon(first, '/article/counted', '127.0.9.6', { authorization: 'Bearer anything' })).status).toBe(204)
    expect((await beacon(first, '/article/hidden', '127.0.9.7')).status).toBe(204)
    expect((await beacon(first, '/article/nowhere', '127.0.9.8')).status).toBe(204)
    for (const from of ['127.0.9.9', '127.0.9.10']) expect((await beacon(second, '/article/counted', from)).status).toBe(204)

    // The beacon is answered before the page's document is looked up: flush until both tiers have written.
    await expect.poll(async () => {
      await Promise.all(tiers.map((tier) => tier.reads!.flush()))
      return countsOf('counted')
    }).toEqual({ readCount: 5, readsLastDay: 5 })
  })

  it('counts a reader once across the processes of one tier', async () => {
    for (let visit = 0; visit < 6; visit++) expect((await beacon(cluster!, '/article/clustered', '127.0.9.30')).status).toBe(204)
    expect((await beacon(cluster!, '/article/clustered', '127.0.9.31')).status).toBe(204)
    // The primary writes once a second here: wait for the counts, not for the clock.
    await expect.poll(() => countsOf('clustered'), { timeout: 30_000 }).toEqual({ readCount: 2, readsLastDay: 2 })
    // Stopped, the tier writes whatever it still holds: nothing, as no process counted the reader again.
    await cluster!.stop()
    expect(await countsOf('clustered')).toEqual({ readCount: 2, readsLastDay: 2 })
    expect(cluster!.output()).not.toMatch(/Could not/)
  })

  it('refuses a malformed beacon with the protocol\'s JSON error', async () => {
    const answer = await beacon(tiers[0]!, '', '127.0.9.20', {}, '{"path": ')
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.body)).toMatchObject({ error: expect.anything() })
  })
})
