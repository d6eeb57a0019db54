// Tokens, roles and sign-in (docs content-api.md §7 plus the service's /auth endpoints).

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClientError, type SanityClient } from '@sanity/client'
import { startTestService, testAdmin, type TestService } from '../support/service.ts'
import { expectErrorBody, expectJson, raw, rejection, sleep } from './helpers.ts'

let service: TestService
let admin: SanityClient

const login = (s: TestService, body: unknown) =>
  raw(`${s.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) })

beforeAll(async () => {
  service = await startTestService()
  admin = service.client({ token: await service.adminToken() })
  await admin
    .transaction()
    .createOrReplace({ _id: 'story', _type: 'story', title: 'Published' })
    .createOrReplace({ _id: 'drafts.story', _type: 'story', title: 'Draft' })
    .commit()
})

afterAll(async () => {
  await service?.stop()
})

describe('writes and tokens', () => {
  it('a write without a token is a 403 naming the "create" permission', async () => {
    const error = await rejection(service.client().create({ _type: 'story', title: 'anonymous' }))
    expect(error).toBeInstanceOf(ClientError)
    expect(error.statusCode).toBe(403)
    expect(error.message).toContain('Insufficient permissions; permission "create" required')
    expect(error.details.items[0].error.type).toBe('insufficientPermissionsError')
    expect(await admin.fetch('count(*[title == "anonymous"])')).toBe(0)
  })

  it('an unknown token is a 401 "Unauthorized - Session not found", for reads and writes', async () => {
    const stranger = service.client({ token: 'sk-not-a-real-token' })
    const write = await rejection(stranger.create({ _type: 'story' }))
    expect(write).toBeInstanceOf(ClientError)
    expect(write.statusCode).toBe(401)
    expect(write.message).toBe('Unauthorized - Session not found')
    const read = await rejection(stranger.fetch('*[0]'))
    expect(read.statusCode).toBe(401)
    expect(read.message).toBe('Unauthorized - Session not found')
  })

  it('an expired robot token (ttl 1 s) is refused with 401', async () => {
    const token = service.auth.createRobotToken('editor', 'short-lived', 1)
    const client = service.client({ token })
    expect(await client.fetch('*[_id == "drafts.story"][0].title')).toBe('Draft')
    await sleep(1100)
    const error = await rejection(client.fetch('*[_id == "story"][0].title'))
    expect(error).toBeInstanceOf(ClientError)
    expect(error.statusCode).toBe(401)
    expect(error.message).toMatch(/^Unauthorized - /)
    const write = await rejection(client.create({ _type: 'story' }))
    expect(write.statusCode).toBe(401)
  })

  it('a viewer robot token reads drafts but cannot create, patch or delete (403)', async () => {
    const viewer = service.client({ token: service.auth.createRobotToken('viewer', 'viewer', 3600) })
    expect(await viewer.fetch('*[_id == "drafts.story"][0].title')).toBe('Draft')
    expect(await viewer.getDocument('drafts.story')).toMatchObject({ title: 'Draft' })

    const create = await rejection(viewer.create({ _type: 'story' }))
    expect(create.statusCode).toBe(403)
    expect(create.message).toContain('permission "create" required')
    const patch = await rejection(viewer.patch('story').set({ title: 'viewer edit' }).commit())
    expect(patch.statusCode).toBe(403)
    expect(patch.message).toContain('permission "update" required')
    const del = await rejection(viewer.delete('story'))
    expect(del.statusCode).toBe(403)
    expect(del.message).toContain('permission "delete" required')
    expect(await admin.getDocument('story')).toMatchObject({ title: 'Published' })
  })

  it('an editor robot token can write', async () => {
    const editor = service.client({ token: service.auth.createRobotToken('editor', 'editor', 3600) })
    const doc = await editor.create({ _type: 'story', title: 'by editor' })
    expect(doc.title).toBe('by editor')
    const patched = await editor.patch(doc._id).set({ title: 'edited by editor' }).commit()
    expect(patched.title).toBe('edited by editor')
    await editor.delete(doc._id)
    expect(await admin.getDocument(doc._id)).toBeUndefined()
  })

  it('a malformed Authorization header is a 401 JSON error', async () => {
    const res = await raw(`${service.url}/v2023-05-03/data/query/production?query=1`, { headers: { authorization: 'Basic abc' } })
    expectErrorBody(res, 401)
  })
})

describe('sign-in sessions', () => {
  it('a wrong password is a 401 "Invalid credentials", as is an unknown email', async () => {
    const wrong = await login(service, { email: testAdmin.email, password: 'not the password' })
    expectErrorBody(wrong, 401)
    expect(wrong.text).toContain('Invalid credentials')
    const unknown = await login(service, { email: 'nobody@resonance.test', password: 'whatever password' })
    expectErrorBody(unknown, 401)
    expect(unknown.json.message).toBe(wrong.json.message)
  })

  it('signs in with {access_token, token_type: bearer, expires_in, user: {id, email, role}}', async () => {
    const res = await login(service, testAdmin)
    expect(res.status).toBe(200)
    expectJson(res)
    expect(res.json).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: expect.any(Number),
      user: { id: expect.any(String), email: testAdmin.email, role: 'admin' },
    })
    expect(res.json.expires_in).toBeGreaterThan(0)
    expect(res.json.access_token.length).toBeGreaterThanOrEqual(32)
  })

  it('GET /auth/me answers the user of a session; logout ends the session for /auth/me and for writes', async () => {
    const session = (await login(service, testAdmin)).json
    const auth = { authorization: `Bearer ${session.access_token}` }
    const me = await raw(`${service.url}/auth/me`, { headers: auth })
    expect(me.status).toBe(200)
    expect(me.json.user).toEqual(session.user)

    const client = service.client({ token: session.access_token })
    expect((await client.create({ _type: 'story', title: 'in session' })).title).toBe('in session')

    const out = await raw(`${service.url}/auth/logout`, { method: 'POST', headers: auth })
    expect(out.status).toBe(200)
    const after = await raw(`${service.url}/auth/me`, { headers: auth })
    expectErrorBody(after, 401)
    const write = await rejection(client.create({ _type: 'story', title: 'after logout' }))
    expect(write).toBeInstanceOf(ClientError)
    expect(write.statusCode).toBe(401)
    expect(write.message).toBe('Unauthorized - Session not found')
    expect(await admin.fetch('count(*[title == "after logout"])')).toBe(0)
  })

  it('GET /auth/me without a token is a 401 JSON error', async () => {
    expectErrorBody(await raw(`${service.url}/auth/me`), 401)
  })

  it('malformed JSON or missing fields to /auth/login are 400 JSON errors', async () => {
    expectErrorBody(await login(service, '{"email": '), 400)
    expectErrorBody(await login(service, { email: testAdmin.email }), 400)
    expectErrorBody(await login(service, { email: 42, password: ['x'] }), 400)
  })

  it('stores passwords as scrypt hashes and tokens only as hashes', async () => {
    const users = service.auth.db.prepare('SELECT email, password_hash FROM users').all() as Array<{ email: string; password_hash: string }>
    expect(users.length).toBeGreaterThan(0)
    const adminRow = users.find((u) => u.email === testAdmin.email)!
    expect(adminRow.password_hash.startsWith('scrypt$')).toBe(true)
    expect(adminRow.password_hash).not.toContain(testAdmin.password)
    for (const u of users) expect(u.password_hash.startsWith('scrypt$')).toBe(true)

    const token = (await login(service, testAdmin)).json.access_token as string
    const rows = service.auth.db.prepare('SELECT * FROM tokens').all() as Array<Record<string, unknown>>
    expect(rows.length).toBeGreaterThan(0)
    expect(JSON.stringify(rows)).not.toContain(token)
  })
})

describe('sign-in throttling (own service: it locks the admin out)', () => {
  let locked: TestService

  beforeAll(async () => {
    locked = await startTestService()
    await locked.auth.upsertUser('other@resonance.test', 'another good password', 'editor')
  })

  afterAll(async () => {
    await locked?.stop()
  })

  it('after 5 wrong passwords for one email answers 429 with Retry-After, even to the right password', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await login(locked, { email: testAdmin.email, password: `wrong ${i}` })).status)
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401])
    expect([401, 429]).toContain(statuses[4])

    const refused = await login(locked, testAdmin)
    expectErrorBody(refused, 429)
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(Number.isInteger(retryAfter)).toBe(true)
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(3600)
    expect(refused.json.message).toMatch(/\d+ seconds?/)
    expect(refused.json).not.toHaveProperty('access_token')

    // A different email from the same address is not locked.
    const other = await login(locked, { email: 'other@resonance.test', password: 'another good password' })
    expect(other.status).toBe(200)
    expect(other.json.user.role).toBe('editor')
  })
})
