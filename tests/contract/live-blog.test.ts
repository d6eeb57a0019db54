// A live blog's updates, as the service holds them (shared/liveBlog.ts, server/store/liveUpdates.ts):
// each its own document, within its bounds, at most one pinned per blog; a contributor drafts
// updates and a writer publishes them; an anonymous reader never sees a draft update by any path.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClientError, type SanityClient } from '@sanity/client'
import { startTestService, type TestService } from '../support/service.ts'
import { raw, rawListen, rejection, waitFor } from './helpers.ts'

let service: TestService
let admin: SanityClient
let contributor: SanityClient
const reader = () => service.client()

const SECRET = 'UNPUBLISHED-UPDATE-41d2'
const blog = { _id: 'storm-blog', _type: 'article', title: 'Storm live', slug: { _type: 'slug', current: 'storm-live' }, publishedAt: '2026-11-27T15:00:00.000Z', isLiveBlog: true }
const body = (text: string) => [{ _type: 'block', _key: 'k1', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's1', text, marks: [] }] }]
const update = (id: string, fields: Record<string, unknown> = {}) => ({
  _id: id,
  _type: 'liveUpdate',
  liveBlog: { _type: 'reference', _ref: 'storm-blog' },
  publishedAt: '2026-11-27T16:00:00.000Z',
  body: body(`Update ${id}`),
  ...fields,
})

beforeAll(async () => {
  service = await startTestService()
  admin = service.client({ token: await service.adminToken() })
  const login = { email: 'live-writer@resonance.test', password: 'a contributor password' }
  await service.auth.upsertUser(login.email, login.password, 'contributor')
  const res = await raw(`${service.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(login) })
  contributor = service.client({ token: res.json.access_token })
  await admin.createOrReplace(blog)
})

afterAll(async () => {
  await service?.stop()
})

function expectStatus(error: unknown, status: number): ClientError {
  expect(error).toBeInstanceOf(ClientError)
  expect((error as ClientError).statusCode).toBe(status)
  return error as ClientError
}

describe('updates of a live blog', () => {
  it('are posted, edited and deleted by a writer as documents of their own', async () => {
    await admin.create(update('u1', { headline: 'Barrier closes', isKeyEvent: true }))
    await admin.patch('u1').set({ body: body('The Thames Barrier has closed.'), updatedAt: '2026-11-27T16:05:00.000Z' }).commit()
    expect(await reader().fetch('*[_type == "liveUpdate" && liveBlog._ref == $blog]{_id, headline, isKeyEvent, updatedAt}', { blog: 'storm-blog' })).toEqual([
      { _id: 'u1', headline: 'Barrier closes', isKeyEvent: true, updatedAt: '2026-11-27T16:05:00.000Z' },
    ])
    await admin.create(update('u-gone'))
    await admin.delete('u-gone')
    expect(await reader().getDocument('u-gone')).toBeUndefined()
  })

  it('are refused with a 400 naming the field when they break a bound, and nothing is written', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ liveBlog: undefined }, 'liveBlog', 'An update must name its live blog, as a reference in liveBlog.'],
      [{ publishedAt: 'soon' }, 'publishedAt', 'An update needs publishedAt, a date and time.'],
      [{ headline: 'h'.repeat(201) }, 'headline', 'Headline must be at most 200 characters long.'],
      [{ body: [] }, 'body', 'An update needs a body, as Portable Text.'],
    ]
    for (const [fields, field, message] of cases) {
      const error = expectStatus(await rejection(admin.create(update('bad', fields))), 400)
      expect((error.details as { items: Array<{ error: { field: string; description: string } }> }).items[0]?.error).toMatchObject({ field, description: message })
    }
    expect(await admin.getDocument('bad')).toBeUndefined()
  })

  it('have at most one pinned per blog: a new pin unpins the other in the same transaction, two pins in one are refused', async () => {
    await admin.create(update('pin-1', { isPinned: true }))
    const moved = await admin.transaction().create(update('pin-2', { isPinned: true })).commit()
    expect(moved.results).toEqual(expect.arrayContaining([{ id: 'pin-2', operation: 'create' }, { id: 'pin-1', operation: 'update' }]))
    expect(await reader().fetch('*[_type == "liveUpdate" && isPinned]._id')).toEqual(['pin-2'])
    expect((await admin.getDocument('pin-1'))?._rev).toBe(moved.transactionId)
    const error = expectStatus(await rejection(admin.transaction().create(update('pin-3', { isPinned: true })).create(update('pin-4', { isPinned: true })).commit()), 400)
    expect(error.message).toContain('A live blog has at most one pinned update')
    expect(await admin.getDocument('pin-3')).toBeUndefined()
    // Moving the pin by hand in one transaction still works.
    await admin.transaction().patch('pin-2', (p) => p.set({ isPinned: false })).patch('pin-1', (p) => p.set({ isPinned: true })).commit()
    expect(await reader().fetch('*[_type == "liveUpdate" && isPinned]._id')).toEqual(['pin-1'])
    // Another blog has a pin of its own.
    await admin.create(update('other-pin', { liveBlog: { _type: 'reference', _ref: 'other-blog' }, isPinned: true }))
  })
})

describe('a contributor', () => {
  it('drafts updates, and cannot publish one', async () => {
    await contributor.create(update('drafts.from-contributor', { headline: 'Waiting for an editor' }))
    await contributor.patch('drafts.from-contributor').set({ headline: 'Still waiting' }).commit()
    const refused = expectStatus(await rejection(contributor.create(update('published-by-contributor'))), 403)
    expect(refused.message).toContain('Insufficient permissions; permission "create" required')
    expectStatus(await rejection(contributor.patch('u1').set({ headline: 'Changed' }).commit()), 403)
    expectStatus(await rejection(contributor.delete('u1')), 403)
    expect(await admin.getDocument('published-by-contributor')).toBeUndefined()
    expect((await admin.getDocument('u1'))?.headline).toBe('Barrier closes')
    // A writer publishes it.
    const draft = await admin.getDocument('drafts.from-contributor')
    await admin.transaction().create({ ...draft!, _id: 'from-contributor' }).delete('drafts.from-contributor').commit()
    expect((await reader().getDocument('from-contributor'))?.headline).toBe('Still waiting')
  })
})

describe('an anonymous reader', () => {
  it('never sees a draft update: not by query, the doc endpoint, any perspective, nor a listen stream', async () => {
    const stream = await rawListen(`${service.url}/v2025-02-19/data/listen/production?${new URLSearchParams({ query: '*[_type == "liveUpdate"]', includeResult: 'true' })}`, 'listener')
    const published = await rawListen(`${service.url}/v2025-02-19/data/listen/production?${new URLSearchParams({ query: '*', includeResult: 'true', includePreviousRevision: 'true' })}`, 'all')
    await admin.create(update('drafts.secret', { headline: SECRET, body: body(SECRET) }))
    await admin.patch('drafts.secret').set({ isKeyEvent: true }).commit()
    await admin.create(update('visible', { headline: 'Seen by readers' }))
    await waitFor(() => stream.text().includes('Seen by readers') && published.text().includes('Seen by readers'), 'the published update on both streams')
    for (const text of [stream.text(), published.text()]) {
      expect(text).not.toContain(SECRET)
      expect(text).not.toContain('drafts.secret')
    }
    stream.close()
    published.close()

    for (const perspective of ['published', 'drafts', 'raw'] as const) {
      const found = await service.client({ perspective }).fetch('*[_type == "liveUpdate"]{_id, headline}')
      expect(JSON.stringify(found)).not.toContain(SECRET)
    }
    const doc = await raw(`${service.url}/v2025-02-19/data/doc/production/drafts.secret`)
    expect(doc.text).not.toContain(SECRET)
    // A signed-in writer sees it.
    expect((await admin.getDocument('drafts.secret'))?.headline).toBe(SECRET)
  })
})
