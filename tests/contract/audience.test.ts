// The Audience API (server/http/audience.ts): what the admin's Audience page and an article's edit
// page show. The aggregates are written straight into audience.db, as the counter folds them, so
// every number asserted here is known; who may see which article is the service's rule.

import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../support/service.ts'
import { expectErrorBody, raw, rejection, type RawResponse } from './helpers.ts'
import { createAudienceClient } from '../../src/content/clients/audience.ts'

let service: TestService
let tokens: Record<'admin' | 'editor' | 'contributor' | 'otherContributor' | 'viewer', string>

const hourMs = 3_600_000
const minuteMs = 60_000
const now = Date.now()
const hour = Math.floor(now / hourMs)
const minute = Math.floor(now / minuteMs)
const hourIso = (h: number) => new Date(h * hourMs).toISOString()

beforeAll(async () => {
  service = await startTestService()
  const admin = service.client({ token: await service.adminToken() })
  tokens = {
    admin: await service.adminToken(),
    editor: service.auth.createRobotToken('editor', 'audience test', null),
    contributor: service.auth.createRobotToken('contributor', 'audience test', null),
    otherContributor: service.auth.createRobotToken('contributor', 'audience test', null),
    viewer: service.auth.createRobotToken('viewer', 'audience test', null),
  }
  await admin
    .transaction()
    .createOrReplace({ _id: 'story-a', _type: 'article', title: 'Rivers rise in the north', slug: { _type: 'slug', current: 'rivers-rise' } })
    .createOrReplace({ _id: 'story-b', _type: 'article', title: 'Budget day', slug: { _type: 'slug', current: 'budget-day' } })
    .createOrReplace({ _id: 'essay-1', _type: 'imageGallery', title: 'The coast in winter', slug: { _type: 'slug', current: 'coast' }, images: [] })
    .commit()
  // The contributor's edits to story-a (a draft an editor has not published) and a draft of their own never published.
  const contributor = service.client({ token: tokens.contributor })
  await contributor.createOrReplace({ _id: 'drafts.story-a', _type: 'article', title: 'A draft title readers never saw' })
  await contributor.createOrReplace({ _id: 'drafts.fresh', _type: 'article', title: 'Not yet published' })

  const db = new Database(join(service.dataDir, 'audience.db'))
  db.exec(`
    CREATE TABLE IF NOT EXISTS reads_hourly (dataset TEXT NOT NULL, article_id TEXT NOT NULL, hour INTEGER NOT NULL, source TEXT NOT NULL, reads INTEGER NOT NULL, PRIMARY KEY (dataset, article_id, hour, source));
    CREATE TABLE IF NOT EXISTS reads_minutely (dataset TEXT NOT NULL, article_id TEXT NOT NULL, minute INTEGER NOT NULL, reads INTEGER NOT NULL, PRIMARY KEY (dataset, article_id, minute));
  `)
  const hourly = db.prepare('INSERT INTO reads_hourly (dataset, article_id, hour, source, reads) VALUES (?, ?, ?, ?, ?)')
  const minutely = db.prepare('INSERT INTO reads_minutely (dataset, article_id, minute, reads) VALUES (?, ?, ?, ?)')
  const rows: Array<[string, number, string, number]> = [
    ['story-a', hour, 'search', 30],
    ['story-a', hour, 'social', 10],
    ['story-a', hour - 2, 'direct', 5],
    ['story-a', hour - 30, 'direct', 100], // counted, but before the last 24 hours
    ['story-b', hour, 'direct', 50],
    ['story-b', hour - 5, 'newsletter', 20],
    ['essay-1', hour - 1, 'other', 7],
    ['gone-story', hour, 'direct', 3], // read, then unpublished: no title to show
  ]
  for (const [id, h, source, reads] of rows) hourly.run('production', id, h, source, reads)
  hourly.run('elsewhere', 'story-a', hour, 'direct', 999) // another dataset's reads never mix in
  for (const [id, m, reads] of [
    ['story-a', minute, 4],
    ['story-a', minute - 3, 2],
    ['story-a', minute - 30, 6],
    ['story-a', minute - 200, 50], // kept a little longer than an hour
    ['story-b', minute - 10, 9],
    ['story-b', minute - 70, 11],
  ] as Array<[string, number, number]>) {
    minutely.run('production', id, m, reads)
  }
  db.close()
})

afterAll(async () => {
  await service?.stop()
})

const get = (path: string, token?: string): Promise<RawResponse> => raw(`${service.url}/v2023-05-03/audience/${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })

const readsAt = (hours: Array<{ hour: string; reads: number }>, h: number) => hours.find((e) => e.hour === hourIso(h))?.reads

describe('the Audience overview', () => {
  it('gives admins and editors every article: reads in the last 5 minutes, hour and day, hour by hour, by source, and the top articles', async () => {
    for (const token of [tokens.admin, tokens.editor]) {
      const res = await get('production', token)
      expect(res.status, res.text).toBe(200)
      expect(res.headers.get('cache-control')).toContain('no-store')
      const r = res.json.result
      expect(r.scope).toBe('all')
      expect(r.counted).toBe(true)
      expect(r.window).toBe('hour')
      expect(r.totals).toEqual({ last5Minutes: 6, lastHour: 21, lastDay: 125 })
      expect(r.hours).toHaveLength(24)
      expect(readsAt(r.hours, hour)).toBe(93)
      expect(readsAt(r.hours, hour - 1)).toBe(7)
      expect(readsAt(r.hours, hour - 2)).toBe(5)
      expect(readsAt(r.hours, hour - 5)).toBe(20)
      expect(r.hours.reduce((sum: number, h: { reads: number }) => sum + h.reads, 0)).toBe(125)
      expect(r.sources).toEqual([
        { source: 'search', reads: 30 },
        { source: 'social', reads: 10 },
        { source: 'newsletter', reads: 20 },
        { source: 'other', reads: 7 },
        { source: 'internal', reads: 0 },
        { source: 'direct', reads: 58 },
      ])
      // The last hour's top: the articles read in the last 60 minutes, most read first.
      expect(r.top.map((t: { id: string; lastHour: number; lastDay: number }) => [t.id, t.lastHour, t.lastDay])).toEqual([
        ['story-a', 12, 45],
        ['story-b', 9, 70],
      ])
    }
  })

  it('ranks the last 24 hours on asking, with published titles and each article hour by hour', async () => {
    const res = await get('production?window=day', tokens.editor)
    expect(res.status, res.text).toBe(200)
    const top = res.json.result.top as Array<Record<string, unknown> & { hours: number[] }>
    expect(top.map((t) => [t.id, t.type, t.title, t.slug, t.lastDay])).toEqual([
      ['story-b', 'article', 'Budget day', 'budget-day', 70],
      ['story-a', 'article', 'Rivers rise in the north', 'rivers-rise', 45],
      ['essay-1', 'imageGallery', 'The coast in winter', 'coast', 7],
      ['gone-story', null, null, null, 3],
    ])
    const storyA = top[1]!
    expect(storyA.hours).toHaveLength(24)
    expect(storyA.hours.reduce((a, b) => a + b, 0)).toBe(45)
    expect(storyA.hours.filter((n) => n > 0).sort((a, b) => a - b)).toEqual([5, 40])
  })

  it('gives a contributor the reads of the articles they wrote, and nobody else’s', async () => {
    const mine = await get('production?window=day', tokens.contributor)
    expect(mine.status, mine.text).toBe(200)
    expect(mine.json.result.scope).toBe('own')
    expect(mine.json.result.totals).toEqual({ last5Minutes: 6, lastHour: 12, lastDay: 45 })
    expect(mine.json.result.top.map((t: { id: string; title: string }) => [t.id, t.title])).toEqual([['story-a', 'Rivers rise in the north']])
    expect(mine.json.result.sources.find((s: { source: string }) => s.source === 'direct').reads).toBe(5)

    const none = await get('production', tokens.otherContributor)
    expect(none.status).toBe(200)
    expect(none.json.result.counted).toBe(false)
    expect(none.json.result.totals).toEqual({ last5Minutes: 0, lastHour: 0, lastDay: 0 })
    expect(none.json.result.top).toEqual([])
    expect(none.json.result.hours.every((h: { reads: number }) => h.reads === 0)).toBe(true)
  })

  it('refuses viewers and anonymous requests, an unknown window and an unknown dataset with JSON errors', async () => {
    expectErrorBody(await get('production', tokens.viewer), 403)
    expectErrorBody(await get('production'), 401)
    expectErrorBody(await get('production?window=week', tokens.editor), 400)
    expectErrorBody(await get('nowhere', tokens.editor), 404)
  })
})

describe('one article’s reads', () => {
  it('gives its totals, every counted read by source and the last 24 hours hour by hour, under its published title', async () => {
    for (const id of ['story-a', 'drafts.story-a']) {
      const res = await get(`production/${id}`, tokens.editor)
      expect(res.status, res.text).toBe(200)
      const r = res.json.result
      expect([r.id, r.type, r.title, r.slug, r.published]).toEqual(['story-a', 'article', 'Rivers rise in the north', 'rivers-rise', true])
      expect(r.totals).toEqual({ last5Minutes: 6, lastHour: 12, lastDay: 45, allTime: 145 })
      expect(readsAt(r.hours, hour)).toBe(40)
      expect(readsAt(r.hours, hour - 2)).toBe(5)
      expect(r.sources).toEqual([
        { source: 'search', reads: 30 },
        { source: 'social', reads: 10 },
        { source: 'newsletter', reads: 0 },
        { source: 'other', reads: 0 },
        { source: 'internal', reads: 0 },
        { source: 'direct', reads: 105 },
      ])
    }
  })

  it('shows a draft never published with no title and no reads', async () => {
    const res = await get('production/fresh', tokens.contributor)
    expect(res.status, res.text).toBe(200)
    expect(res.json.result).toMatchObject({ id: 'fresh', title: null, published: false, totals: { last5Minutes: 0, lastHour: 0, lastDay: 0, allTime: 0 } })
    expect(res.text).not.toContain('Not yet published')
  })

  it('lets a contributor see their own article only, and refuses viewers, anonymous requests and unknown articles', async () => {
    expect((await get('production/story-a', tokens.contributor)).status).toBe(200)
    expectErrorBody(await get('production/story-b', tokens.contributor), 403)
    expectErrorBody(await get('production/story-a', tokens.otherContributor), 403)
    expectErrorBody(await get('production/story-a', tokens.viewer), 403)
    expectErrorBody(await get('production/story-a'), 401)
    expectErrorBody(await get('production/no-such-article', tokens.editor), 404)
    expectErrorBody(await get(`production/${'x'.repeat(300)}`, tokens.editor), 400)
  })
})

describe('the admin’s Audience client', () => {
  it('reads the overview and an article as the service sends them, and a refusal with its status and words', async () => {
    const options = { apiVersion: '2023-05-03', dataset: 'production' }
    const editor = createAudienceClient(tokens.editor, service.url, options)
    const overview = await editor.overview('day')
    expect(overview.totals).toEqual({ last5Minutes: 6, lastHour: 21, lastDay: 125 })
    expect(overview.top.map((t) => t.title)).toEqual(['Budget day', 'Rivers rise in the north', 'The coast in winter', null])
    expect((await editor.article('story-a')).totals.allTime).toBe(145)
    const refused = await rejection(createAudienceClient(tokens.contributor, service.url, options).article('story-b'))
    expect([refused.statusCode, refused.message]).toEqual([403, 'A contributor sees the reads of their own articles only'])
  })
})

describe('reads counted by the beacon', () => {
  it('show in the last 5 minutes and the last hour once folded in', async () => {
    const before = (await get('production/story-b', tokens.editor)).json.result.totals
    for (const version of ['120', '121']) {
      const res = await raw(`${service.url}/reads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0.0.0 Safari/537.36` },
        body: JSON.stringify({ path: '/article/budget-day', referrer: 'https://www.google.com/' }),
      })
      expect(res.status, res.text).toBe(204)
    }
    await service.reads.fold()
    const after = (await get('production/story-b', tokens.editor)).json.result
    expect(after.totals).toEqual({ last5Minutes: before.last5Minutes + 2, lastHour: before.lastHour + 2, lastDay: before.lastDay + 2, allTime: before.allTime + 2 })
    expect(after.sources.find((s: { source: string }) => s.source === 'search').reads).toBe(2)
  })
})
