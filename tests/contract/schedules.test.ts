// The Scheduling API (`/v2022-04-01/schedules/{projectId}/{dataset}`, Sanity's Scheduling HTTP
// reference) on a real service, through @sanity/client: drafts are scheduled, listed by state and
// document, read, moved, renamed, cancelled, deleted and run now; a due schedule publishes by itself
// and the anonymous listen stream sees it like any publish; one whose draft is gone ends cancelled
// with the reason, and so does one whose draft was made from an older published version than
// readers see (a published copy never carries the revision a draft was based on); one that fell
// due while the service was stopped runs when it starts again; until a schedule runs readers see
// nothing of the draft; bad input is a 4xx in the protocol's shape, and only writers may schedule.
/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies and listener events are arbitrary JSON that the tests index into freely */

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SanityClient } from '@sanity/client'
import { startTestService, type TestService } from '../support/service.ts'
import { expectErrorBody, ISO_TIMESTAMP, raw, rejection, sleep, waitFor } from './helpers.ts'

let service: TestService
let admin: SanityClient
let scheduler: SanityClient
let adminToken: string
let adminId: string
let viewerToken: string
let base: string
const open: Array<{ unsubscribe(): void }> = []

const soon = (ms = 60 * 60_000) => new Date(Date.now() + ms).toISOString()

/** A draft article readers must not see, with a title to look for. */
async function draft(id: string, title: string, slug = id): Promise<void> {
  await admin.create({ _id: `drafts.${id}`, _type: 'article', title, slug: { _type: 'slug', current: slug }, publishedAt: soon(), excerpt: title })
}

const schedules = (path = '', init: { method?: string; body?: unknown; query?: Record<string, string> } = {}) =>
  scheduler.request<any>({ uri: `/schedules/resonance/production${path}`, method: init.method ?? 'GET', body: init.body, query: init.query })

const create = (documentId: string, executeAt = soon(), extra: Record<string, unknown> = {}) =>
  schedules('', { method: 'POST', body: { documents: [{ documentId }], executeAt, ...extra } })

/** The same request over plain HTTP, to read the status and body of a refusal. */
const http = (path: string, init: { method?: string; body?: unknown; token?: string | null } = {}) =>
  raw(`${service.url}/v2022-04-01/schedules/${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token === null ? {} : { authorization: `Bearer ${init.token ?? adminToken}` }),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  })

beforeAll(async () => {
  service = await startTestService()
  base = service.url
  adminToken = await service.adminToken()
  adminId = service.auth.authenticate(adminToken).id
  viewerToken = service.auth.createRobotToken('viewer', 'schedules-test', 3600)
  admin = service.client({ token: adminToken })
  scheduler = service.client({ token: adminToken, apiVersion: '2022-04-01' })
})

afterAll(async () => {
  for (const sub of open) sub.unsubscribe()
  await service?.stop()
})

describe('a schedule', () => {
  it('is created for a draft, scheduled, with its time, author and document', async () => {
    await draft('sched-create', 'Budget day, from the dispatch box')
    const executeAt = soon()
    const schedule = await create('sched-create', executeAt, { name: 'Budget day' })
    expect(schedule).toMatchObject({
      name: 'Budget day',
      projectId: 'resonance',
      dataset: 'production',
      action: 'publish',
      state: 'scheduled',
      stateReason: '',
      author: adminId,
      executeAt,
      documents: [{ documentId: 'sched-create', documentType: 'article' }],
    })
    expect(schedule.id).toMatch(/^sch-/)
    expect(schedule.createdAt).toMatch(ISO_TIMESTAMP)
    expect(await schedules(`/${schedule.id}`)).toEqual(schedule)
  })

  it('leaves readers nothing of the draft until it runs: queries, documents, feeds and listen', async () => {
    await draft('sched-hidden', 'Embargoed: the minister resigns', 'minister-resigns')
    await create('sched-hidden')
    const reader = service.client()
    const mutations: any[] = []
    open.push(reader.listen('*[_type == "article"]', {}, { events: ['mutation'] }).subscribe({ next: (event: any) => mutations.push(event) }))
    expect(await reader.fetch('*[_type == "article" && slug.current == "minister-resigns"]')).toEqual([])
    expect(await reader.fetch('count(*[_id in ["sched-hidden", "drafts.sched-hidden"]])')).toBe(0)
    expect(await reader.getDocument('sched-hidden')).toBeUndefined()
    const doc = await raw(`${base}/v2023-05-03/data/doc/production/drafts.sched-hidden`)
    expect(doc.json.documents).toEqual([])
    const rss = await raw(`${base}/rss.xml`)
    expect(rss.status).toBe(200)
    expect(rss.text).not.toContain('minister resigns')
    // A later write readers do see proves the stream was open while the schedule waited.
    await admin.create({ _id: 'sched-visible-marker', _type: 'article', title: 'Marker' })
    await waitFor(() => mutations.some((m) => m.documentId === 'sched-visible-marker'), 'the marker on the listen stream')
    expect(mutations.map((m) => m.documentId)).toEqual(['sched-visible-marker'])
  })

  it('is listed by state and by document, soonest first', async () => {
    await draft('sched-list-a', 'Later story')
    await draft('sched-list-b', 'Sooner story')
    const later = await create('sched-list-a', soon(3 * 60 * 60_000))
    const sooner = await create('sched-list-b', soon(2 * 60 * 60_000))
    const scheduled = (await schedules('', { query: { state: 'scheduled' } })).schedules as any[]
    const ids = scheduled.map((s) => s.id)
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id))
    expect(scheduled.every((s) => s.state === 'scheduled')).toBe(true)
    expect((await schedules('', { query: { documentIds: 'sched-list-a' } })).schedules.map((s: any) => s.id)).toEqual([later.id])
    expect((await schedules('', { query: { documentIds: 'sched-list-a,sched-list-b', state: 'succeeded' } })).schedules).toEqual([])
  })

  it('is moved and renamed with PATCH, and cancelled with state "cancelled", after which it cannot change or run', async () => {
    await draft('sched-move', 'A story that moves')
    const schedule = await create('sched-move')
    const executeAt = soon(5 * 60 * 60_000)
    const moved = await schedules(`/${schedule.id}`, { method: 'PATCH', body: { executeAt, name: 'Evening edition' } })
    expect(moved).toMatchObject({ id: schedule.id, executeAt, name: 'Evening edition', state: 'scheduled' })
    const cancelled = await schedules(`/${schedule.id}`, { method: 'PATCH', body: { state: 'cancelled' } })
    expect(cancelled).toMatchObject({ state: 'cancelled' })
    expect((await schedules('', { query: { state: 'cancelled' } })).schedules.map((s: any) => s.id)).toContain(schedule.id)
    expectErrorBody(await http(`resonance/production/${schedule.id}`, { method: 'PATCH', body: { executeAt: soon() } }), 400)
    expectErrorBody(await http(`resonance/production/${schedule.id}/publish`, { method: 'POST' }), 400)
    expect(await admin.getDocument('sched-move')).toBeUndefined()
    expect(await admin.getDocument('drafts.sched-move')).toMatchObject({ title: 'A story that moves' })
  })

  it('is deleted', async () => {
    await draft('sched-delete', 'Never mind')
    const schedule = await create('sched-delete')
    await schedules(`/${schedule.id}`, { method: 'DELETE' })
    expectErrorBody(await http(`resonance/production/${schedule.id}`), 404)
    expect((await schedules('', { query: { documentIds: 'sched-delete' } })).schedules).toEqual([])
  })

  it('runs now: the draft is published under its id in one transaction by the scheduler, and the schedule succeeded', async () => {
    await draft('sched-run', 'Published on demand')
    const schedule = await create('sched-run')
    const ran = await schedules(`/${schedule.id}/publish`, { method: 'POST' })
    expect(ran.transactionId).toEqual(expect.any(String))
    expect(ran.schedule).toMatchObject({ state: 'succeeded', transactionId: ran.transactionId })
    expect(ran.schedule.executedAt).toMatch(ISO_TIMESTAMP)
    expect(await service.client().getDocument('sched-run')).toMatchObject({ _type: 'article', title: 'Published on demand' })
    expect(await admin.getDocument('drafts.sched-run')).toBeUndefined()
    const history = await raw(`${base}/v2025-02-19/data/history/production/transactions/sched-run?excludeContent=true`, { headers: { authorization: `Bearer ${adminToken}` } })
    const last = history.text.trim().split('\n').map((line) => JSON.parse(line)).at(-1)
    expect(last).toMatchObject({ id: ran.transactionId, author: adminId, documentIDs: expect.arrayContaining(['sched-run', 'drafts.sched-run']) })
  })

  it('runs by itself when its time comes, and the anonymous listen stream sees the story arrive', async () => {
    await draft('sched-due', 'Arrives on time')
    const reader = service.client()
    const arrived: any[] = []
    open.push(
      reader.listen('*[_id == $id]', { id: 'sched-due' }, { events: ['welcome', 'mutation'], includeResult: true }).subscribe({ next: (event: any) => arrived.push(event) }),
    )
    await waitFor(() => arrived.some((e) => e.type === 'welcome'), 'the welcome event')
    const schedule = await create('sched-due', soon(1500))
    await waitFor(() => arrived.some((e) => e.type === 'mutation'), 'the scheduled publish on the listen stream', 15_000)
    expect(arrived.find((e) => e.type === 'mutation')).toMatchObject({ documentId: 'sched-due', transition: 'appear', result: { title: 'Arrives on time' } })
    expect(await schedules(`/${schedule.id}`)).toMatchObject({ state: 'succeeded' })
  })

  it('whose draft is gone ends cancelled with the reason, and publishes nothing', async () => {
    await draft('sched-gone', 'Spiked')
    const schedule = await create('sched-gone')
    await admin.delete('drafts.sched-gone')
    const res = await http(`resonance/production/${schedule.id}/publish`, { method: 'POST' })
    expectErrorBody(res, 409)
    expect(res.json.error.description).toMatch(/draft of "sched-gone" no longer exists/)
    const after = await schedules(`/${schedule.id}`)
    expect(after.state).toBe('cancelled')
    expect(after.stateReason).toMatch(/no longer exists/)
    expect(await admin.getDocument('sched-gone')).toBeUndefined()
  })

  it('publishes a draft made from the live version, without the revision it was based on', async () => {
    const live = await admin.create({ _id: 'sched-fresh', _type: 'article', title: 'Tower Bridge lifts for a tall ship' })
    await admin.create({ _id: 'drafts.sched-fresh', _type: 'article', title: 'Tower Bridge lifts twice for tall ships', basedOnRevision: live._rev })
    const schedule = await create('sched-fresh')
    const ran = await schedules(`/${schedule.id}/publish`, { method: 'POST' })
    expect(ran.schedule).toMatchObject({ state: 'succeeded' })
    const published = await service.client().getDocument('sched-fresh')
    expect(published).toMatchObject({ title: 'Tower Bridge lifts twice for tall ships' })
    expect(published).not.toHaveProperty('basedOnRevision')
  })

  it('whose draft was made from an older published version ends cancelled with the reason, and readers keep the newer one', async () => {
    const live = await admin.create({ _id: 'sched-stale', _type: 'article', title: 'Southwark Bridge closes for repairs' })
    await admin.create({ _id: 'drafts.sched-stale', _type: 'article', title: 'Southwark Bridge closes for repairs', excerpt: 'For a month.', basedOnRevision: live._rev })
    // The live article changes after the draft was made from it.
    await admin.patch('sched-stale').set({ title: 'Southwark Bridge reopens to traffic' }).commit()
    const schedule = await create('sched-stale')
    const res = await http(`resonance/production/${schedule.id}/publish`, { method: 'POST' })
    expectErrorBody(res, 409)
    expect(res.json.error.description).toMatch(/draft of "sched-stale" was made from an older published version/)
    const after = await schedules(`/${schedule.id}`)
    expect(after.state).toBe('cancelled')
    expect(after.stateReason).toMatch(/publishing the draft would undo that change/)
    expect(await service.client().getDocument('sched-stale')).toMatchObject({ title: 'Southwark Bridge reopens to traffic' })
    expect(await admin.getDocument('drafts.sched-stale')).toMatchObject({ excerpt: 'For a month.', basedOnRevision: live._rev })
  })

  it('treats a photo essay as an article: a stale draft is not published, a fresh one goes live dated when it fires', async () => {
    const live = await admin.create({ _id: 'sched-essay', _type: 'imageGallery', title: 'Night shift on the river', publishedAt: '2026-01-01T00:00:00.000Z' })
    await admin.create({ _id: 'drafts.sched-essay', _type: 'imageGallery', title: 'Night shift on the river', description: 'After dark.', publishedAt: live.publishedAt, basedOnRevision: live._rev })
    await admin.patch('sched-essay').set({ title: 'Night shift on the Thames' }).commit()
    const stale = await create('sched-essay')
    expectErrorBody(await http(`resonance/production/${stale.id}/publish`, { method: 'POST' }), 409)
    expect((await schedules(`/${stale.id}`)).stateReason).toMatch(/publishing the draft would undo that change/)
    expect(await service.client().getDocument('sched-essay')).toMatchObject({ title: 'Night shift on the Thames' })

    await admin.create({ _id: 'drafts.sched-new-essay', _type: 'imageGallery', title: 'The barrier at dawn' })
    const before = Date.now()
    const fresh = await create('sched-new-essay')
    expect((await schedules(`/${fresh.id}/publish`, { method: 'POST' })).schedule).toMatchObject({ state: 'succeeded' })
    const published = await service.client().getDocument('sched-new-essay')
    expect(new Date(String(published?.publishedAt)).getTime()).toBeGreaterThanOrEqual(before)
  })

  it('unpublishes: the published article becomes a draft again', async () => {
    await admin.create({ _id: 'sched-unpublish', _type: 'article', title: 'Withdrawn later' })
    const schedule = await create('sched-unpublish', soon(), { action: 'unpublish' })
    expect(schedule.action).toBe('unpublish')
    await schedules(`/${schedule.id}/publish`, { method: 'POST' })
    expect(await service.client().getDocument('sched-unpublish')).toBeUndefined()
    expect(await admin.getDocument('drafts.sched-unpublish')).toMatchObject({ title: 'Withdrawn later' })
  })
})

describe('bad input', () => {
  it('answers bad, past and zoneless dates with 400', async () => {
    await draft('sched-bad', 'Bad input')
    for (const executeAt of ['tomorrow', '2077-12-25T07:45:00', '2077-02-30T07:45:00Z', '2077-12-25T25:00:00Z', 1893456000000, null, new Date(Date.now() - 60_000).toISOString()]) {
      const res = await http('resonance/production', { method: 'POST', body: { documents: [{ documentId: 'sched-bad' }], executeAt } })
      expectErrorBody(res, 400)
      expect(res.json.message).toMatch(/executeAt/)
    }
  })

  it('answers missing or unknown documents, draft ids, a bad action and a body that is not JSON with 400', async () => {
    const bodies: unknown[] = [
      { executeAt: soon() },
      { documents: [], executeAt: soon() },
      { documents: [{ documentId: 'no-such-article' }], executeAt: soon() },
      { documents: [{ documentId: 'drafts.sched-bad' }], executeAt: soon() },
      { documents: [{ documentId: 'sched-bad' }, { documentId: 'sched-bad' }], executeAt: soon() },
      { documents: [{ documentId: 'sched-bad' }], executeAt: soon(), action: 'delete' },
      { documents: [{ documentId: 'sched-bad' }], executeAt: soon(), action: 'unpublish' },
      { documents: [{ documentId: 'sched-bad' }], executeAt: soon(), name: '' },
      '{"documents": [',
    ]
    for (const body of bodies) expectErrorBody(await http('resonance/production', { method: 'POST', body }), 400)
  })

  it('answers a bad state filter and bad updates with 400', async () => {
    expectErrorBody(await http('resonance/production?state=running'), 400)
    const schedule = await create('sched-bad')
    expectErrorBody(await http(`resonance/production/${schedule.id}`, { method: 'PATCH', body: { state: 'succeeded' } }), 400)
    expectErrorBody(await http(`resonance/production/${schedule.id}`, { method: 'PATCH', body: { author: 'someone' } }), 400)
    expectErrorBody(await http(`resonance/production/${schedule.id}`, { method: 'PATCH', body: { executeAt: '2001-01-01T00:00:00Z' } }), 400)
  })

  it('answers unknown schedules, another project and an unknown dataset with 404', async () => {
    expectErrorBody(await http('resonance/production/sch-nope'), 404)
    expectErrorBody(await http('resonance/production/sch-nope', { method: 'PATCH', body: { name: 'x' } }), 404)
    expectErrorBody(await http('resonance/production/sch-nope', { method: 'DELETE' }), 404)
    expectErrorBody(await http('resonance/production/sch-nope/publish', { method: 'POST' }), 404)
    expectErrorBody(await http('another-project/production'), 404)
    expectErrorBody(await http('another-project/production', { method: 'POST', body: { documents: [{ documentId: 'sched-bad' }], executeAt: soon() } }), 404)
    expectErrorBody(await http('resonance/no-such-dataset'), 404)
  })

  it('refuses anonymous callers and viewers, naming the publish permission for a write', async () => {
    const anonymous = await http('resonance/production', { method: 'POST', body: { documents: [{ documentId: 'sched-bad' }], executeAt: soon() }, token: null })
    expectErrorBody(anonymous, 403)
    expect(anonymous.json.error.items[0].error.permission).toBe('publish')
    expectErrorBody(await http('resonance/production', { token: null }), 403)
    const viewer = await http('resonance/production', { method: 'POST', body: { documents: [{ documentId: 'sched-bad' }], executeAt: soon() }, token: viewerToken })
    expectErrorBody(viewer, 403)
    expect(viewer.json.error.items[0].error.permission).toBe('publish')
    expectErrorBody(await http('resonance/production', { token: viewerToken }), 403)
    const viewerClient = service.client({ token: viewerToken, apiVersion: '2022-04-01' })
    const refused = await rejection(viewerClient.request({ uri: '/schedules/resonance/production' }))
    expect(refused.statusCode).toBe(403)
  })
})

describe('a restart', () => {
  it('runs the schedules that fell due while the service was stopped', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'resonance-schedules-'))
    try {
      const first = await startTestService({ DATA_DIR: dataDir })
      const token = await first.adminToken()
      await first.client({ token }).create({ _id: 'drafts.sched-restart', _type: 'article', title: 'Published while we slept' })
      const executeAt = new Date(Date.now() + 1500)
      const created = await first
        .client({ token, apiVersion: '2022-04-01' })
        .request<any>({ uri: '/schedules/resonance/production', method: 'POST', body: { documents: [{ documentId: 'sched-restart' }], executeAt: executeAt.toISOString() } })
      await first.stop()
      // The service stays stopped until the schedule's time has passed.
      while (Date.now() <= executeAt.getTime() + 100) await sleep(100)
      const second = await startTestService({ DATA_DIR: dataDir })
      try {
        const reader = second.client()
        let published: unknown
        const until = Date.now() + 10_000
        while (Date.now() < until && (published = await reader.getDocument('sched-restart')) === undefined) await sleep(50)
        expect(published).toMatchObject({ title: 'Published while we slept' })
        const secondToken = await second.adminToken()
        const after = await second.client({ token: secondToken, apiVersion: '2022-04-01' }).request<any>({ uri: `/schedules/resonance/production/${created.id}` })
        expect(after.state).toBe('succeeded')
      } finally {
        await second.stop()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
