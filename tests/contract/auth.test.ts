// Tokens, roles and sign-in (docs/content-api.md §7 plus the service's /auth endpoints).

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClientError, type SanityClient } from '@sanity/client'
import { Auth } from '../../server/access/auth.ts'
import { startTestService, testAdmin, type TestService } from '../support/service.ts'
import { expectErrorBody, expectJson, raw, rejection, sleep, type RawResponse } from './helpers.ts'

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

describe('sign-in throttling per address (own service: it locks its address out)', () => {
  // Its own data directory, so the lock-out can be seen to outlive a restart.
  const dataDir = mkdtempSync(join(tmpdir(), 'resonance-spray-'))
  let sprayed: TestService
  const statuses: number[] = []
  const responses: RawResponse[] = []
  // The "Try again in N seconds" and retryAfter figures move with the clock; the rest must not.
  const shape = (res: RawResponse) => res.text.replace(/\d+/g, 'N')

  beforeAll(async () => {
    sprayed = await startTestService({ DATA_DIR: dataDir })
  })

  afterAll(async () => {
    await sprayed?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('40 failed sign-ins for 40 different emails from one address end in 429 with Retry-After', async () => {
    for (let i = 0; i < 40; i++) {
      // The first is a known email with a wrong password; the rest are guesses at unknown ones.
      const email = i === 0 ? testAdmin.email : `reader${i}@resonance.test`
      const res = await login(sprayed, { email, password: 'Spring2025!' })
      statuses.push(res.status)
      responses.push(res)
    }
    expect(statuses[0]).toBe(401)
    expect(statuses[1]).toBe(401)
    const firstRefusal = statuses.indexOf(429)
    expect(firstRefusal, statuses.join(' ')).toBeGreaterThan(1)
    // Once locked out, the address stays locked for the rest of the run.
    expect(statuses.slice(firstRefusal).every((status) => status === 429), statuses.join(' ')).toBe(true)
    const last = responses.at(-1)!
    expectErrorBody(last, 429)
    expect(last.json).toMatchObject({ statusCode: 429, error: 'Too Many Requests' })
    expect(last.json.message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ seconds?\.$/)
    const retryAfter = Number(last.headers.get('retry-after'))
    expect(Number.isInteger(retryAfter)).toBe(true)
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(3600)
    expect(last.json.retryAfter).toBe(retryAfter)
  })

  it('known and unknown emails get the same status and body, before and after the lock-out', async () => {
    // Before: a wrong password for the admin and a guessed email.
    expect(responses[0]!.text).toBe(responses[1]!.text)
    // After: the right password, a wrong one and an unknown email are all refused alike.
    const right = await login(sprayed, testAdmin)
    const wrong = await login(sprayed, { email: testAdmin.email, password: 'not the password' })
    const unknown = await login(sprayed, { email: 'nobody@resonance.test', password: testAdmin.password })
    for (const res of [right, wrong, unknown]) {
      expectErrorBody(res, 429)
      expect(res.json).not.toHaveProperty('access_token')
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    expect(shape(wrong)).toEqual(shape(right))
    expect(shape(unknown)).toEqual(shape(right))
  })

  it('a correct sign-in from another address still works', async () => {
    // The route passes the socket's address to Auth.login; another client's address is another key.
    const session = await sprayed.auth.login(testAdmin.email, testAdmin.password, '192.0.2.10')
    expect(session.user).toMatchObject({ email: testAdmin.email, role: 'admin' })
    const me = await raw(`${sprayed.url}/auth/me`, { headers: { authorization: `Bearer ${session.access_token}` } })
    expect(me.status).toBe(200)
  })

  it('keeps the lock-out in auth.db, so a restart does not lift it', async () => {
    const row = sprayed.auth.db.prepare('SELECT failures, locked_until FROM login_address_failures WHERE address = ?').get('127.0.0.1') as
      | { failures: number; locked_until: number }
      | undefined
    expect(row?.failures).toBeGreaterThanOrEqual(20)
    expect(row!.locked_until).toBeGreaterThan(Date.now())
    await sprayed.stop()
    sprayed = await startTestService({ DATA_DIR: dataDir })
    expectErrorBody(await login(sprayed, testAdmin), 429)
  })
})

describe('per-address throttling of Auth', () => {
  const dir = mkdtempSync(join(tmpdir(), 'resonance-auth-'))
  const auth = new Auth(dir, { maxFailuresPerAddress: 3, addressLockoutSeconds: 60 })

  beforeAll(async () => {
    await auth.upsertUser('desk@resonance.test', 'a fine password', 'editor')
  })

  afterAll(() => {
    auth.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const attempt = async (address: string, email = 'guess@resonance.test', password = 'wrong password') => {
    try {
      await auth.login(email, password, address)
      return 200
    } catch (error) {
      return (error as { status: number }).status
    }
  }

  it('counts an IPv6 /64 as one address, and IPv4-mapped addresses as their IPv4 address', async () => {
    const v6 = []
    for (let i = 1; i <= 4; i++) v6.push(await attempt(`2001:db8:1:2::${i}`, `guess${i}@resonance.test`))
    expect(v6).toEqual([401, 401, 429, 429])
    expect(await attempt('2001:db8:1:2:ffff:1:2:3', 'desk@resonance.test', 'a fine password')).toBe(429)
    expect(await attempt('2001:db8:1:3::1', 'desk@resonance.test', 'a fine password')).toBe(200)

    for (let i = 1; i <= 3; i++) await attempt('::ffff:198.51.100.7', `v4guess${i}@resonance.test`)
    expect(await attempt('198.51.100.7', 'desk@resonance.test', 'a fine password')).toBe(429)
  })

  it('a burst sent at once gets no more passwords tried than the limit allows', async () => {
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => attempt('203.0.113.9', `burst${i}@resonance.test`)))
    expect(burst.filter((status) => status === 401).length).toBeLessThanOrEqual(2)
    expect(burst.filter((status) => status === 429).length).toBeGreaterThanOrEqual(8)
    const row = auth.db.prepare('SELECT failures FROM login_address_failures WHERE address = ?').get('203.0.113.9') as { failures: number }
    expect(row.failures).toBe(3)
  })
})
