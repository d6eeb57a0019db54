// The People endpoints (server/http/people.ts, server/access/auth.ts): admins list, add, change,
// reset, sign out and remove users; everyone else is refused; the last admin and oneself are kept.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, testAdmin, type TestService } from '../support/service.ts'
import { expectErrorBody, expectJson, raw, type RawResponse } from './helpers.ts'

let service: TestService
let adminToken: string

beforeAll(async () => {
  service = await startTestService()
  adminToken = await service.adminToken()
})

afterAll(async () => {
  await service?.stop()
})

function call(method: string, path: string, token: string | null, body?: unknown): Promise<RawResponse> {
  const headers: Record<string, string> = {}
  if (token) headers.authorization = `Bearer ${token}`
  if (body !== undefined) headers['content-type'] = 'application/json'
  return raw(`${service.url}${path}`, { method, headers, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) })
}

async function signIn(email: string, password: string): Promise<string> {
  const res = await call('POST', '/auth/login', null, { email, password })
  expect(res.status, res.text).toBe(200)
  return res.json.access_token
}

const me = (token: string) => call('GET', '/auth/me', token)
interface Listed {
  email: string
  role: string
  lastSignInAt: string | null
  activeSessions: number
}
const person = (people: Listed[], email: string): Listed | undefined => people.find((p) => p.email === email)

describe('the people endpoints', () => {
  it('lists users with their role, when they last signed in and their open sessions', async () => {
    const res = await call('GET', '/auth/users', adminToken)
    expect(res.status).toBe(200)
    expectJson(res)
    const admin = person(res.json.result.people, testAdmin.email)
    expect(admin).toMatchObject({ email: testAdmin.email, role: 'admin', activeSessions: 1 })
    expect(new Date(admin!.lastSignInAt!).getTime()).toBeGreaterThan(Date.now() - 60_000)
    expect(admin).not.toHaveProperty('password_hash')
  })

  it('adds a user who can then sign in with the role given', async () => {
    const res = await call('POST', '/auth/users', adminToken, { email: 'new.writer@resonance.test', role: 'contributor', password: 'twelve chars ok' })
    expect(res.status, res.text).toBe(201)
    expect(res.json.result).toMatchObject({ email: 'new.writer@resonance.test', role: 'contributor' })
    const token = await signIn('new.writer@resonance.test', 'twelve chars ok')
    expect((await me(token)).json.user.role).toBe('contributor')
    const listed = person((await call('GET', '/auth/users', adminToken)).json.result.people, 'new.writer@resonance.test')
    expect(listed).toMatchObject({ role: 'contributor', activeSessions: 1 })
  })

  it('refuses a short password, a bad email, an unknown role, a taken email and a body that is not an object', async () => {
    const add = (body: unknown) => call('POST', '/auth/users', adminToken, body)
    const short = await add({ email: 'short@resonance.test', role: 'editor', password: 'elevenchars' })
    expectErrorBody(short, 400)
    expect(short.json.message).toBe('A password needs at least 12 characters')
    expectErrorBody(await add({ email: 'not an email', role: 'editor', password: 'long enough password' }), 400)
    expectErrorBody(await add({ email: 'role@resonance.test', role: 'owner', password: 'long enough password' }), 400)
    expectErrorBody(await add({ email: testAdmin.email.toUpperCase(), role: 'editor', password: 'long enough password' }), 409)
    expectErrorBody(await add(['not', 'an', 'object']), 400)
    expectErrorBody(await add({ email: 'long@resonance.test', role: 'editor', password: 'x'.repeat(20_000) }), 413)
    expect((await call('GET', '/auth/users', adminToken)).json.result.people.map((p: { email: string }) => p.email)).not.toContain('short@resonance.test')
  })

  it('changes a role, which applies to the user’s open session at once', async () => {
    const { id } = (await call('POST', '/auth/users', adminToken, { email: 'promoted@resonance.test', role: 'contributor', password: 'promoted password' })).json.result
    const token = await signIn('promoted@resonance.test', 'promoted password')
    const res = await call('PATCH', `/auth/users/${id}`, adminToken, { role: 'editor' })
    expect(res.status, res.text).toBe(200)
    expect((await me(token)).json.user.role).toBe('editor')
    expectErrorBody(await call('PATCH', `/auth/users/${id}`, adminToken, { role: 'superuser' }), 400)
    expectErrorBody(await call('PATCH', '/auth/users/no-such-user', adminToken, { role: 'editor' }), 404)
  })

  it('resets a password: the old one no longer works and the user’s sessions end', async () => {
    const { id } = (await call('POST', '/auth/users', adminToken, { email: 'forgetful@resonance.test', role: 'editor', password: 'first password!' })).json.result
    const token = await signIn('forgetful@resonance.test', 'first password!')
    expectErrorBody(await call('PUT', `/auth/users/${id}/password`, adminToken, { password: 'short' }), 400)
    expect((await me(token)).status).toBe(200)
    const res = await call('PUT', `/auth/users/${id}/password`, adminToken, { password: 'second password!' })
    expect(res.status, res.text).toBe(200)
    expectErrorBody(await me(token), 401)
    expect((await call('POST', '/auth/login', null, { email: 'forgetful@resonance.test', password: 'first password!' })).status).toBe(401)
    await signIn('forgetful@resonance.test', 'second password!')
  })

  it('ends all of a user’s sessions at once', async () => {
    const { id } = (await call('POST', '/auth/users', adminToken, { email: 'two.devices@resonance.test', role: 'editor', password: 'two devices pass' })).json.result
    const phone = await signIn('two.devices@resonance.test', 'two devices pass')
    const laptop = await signIn('two.devices@resonance.test', 'two devices pass')
    const res = await call('DELETE', `/auth/users/${id}/sessions`, adminToken)
    expect(res.json.result.ended).toBe(2)
    expectErrorBody(await me(phone), 401)
    expectErrorBody(await me(laptop), 401)
    const write = await call('POST', `/v2023-05-03/data/mutate/${service.config.dataset}`, laptop, { mutations: [{ create: { _id: 'drafts.x', _type: 'article' } }] })
    expectErrorBody(write, 401)
  })

  it('ending one’s own sessions keeps the one asking signed in', async () => {
    const other = await signIn(testAdmin.email, testAdmin.password)
    const adminId = (await me(adminToken)).json.user.id
    await call('DELETE', `/auth/users/${adminId}/sessions`, adminToken)
    expect((await me(adminToken)).status).toBe(200)
    expectErrorBody(await me(other), 401)
  })

  it('removes a user, whose session ends at once', async () => {
    const { id } = (await call('POST', '/auth/users', adminToken, { email: 'leaving@resonance.test', role: 'editor', password: 'leaving password' })).json.result
    const token = await signIn('leaving@resonance.test', 'leaving password')
    const res = await call('DELETE', `/auth/users/${id}`, adminToken)
    expect(res.status, res.text).toBe(200)
    expectErrorBody(await me(token), 401)
    expect((await call('POST', '/auth/login', null, { email: 'leaving@resonance.test', password: 'leaving password' })).status).toBe(401)
    expectErrorBody(await call('DELETE', `/auth/users/${id}`, adminToken), 404)
  })

  it('never removes the one asking, nor leaves the newsroom without an admin', async () => {
    const adminId = (await me(adminToken)).json.user.id
    const self = await call('DELETE', `/auth/users/${adminId}`, adminToken)
    expectErrorBody(self, 409)
    expect(self.json.message).toMatch(/cannot remove yourself/)
    const demote = await call('PATCH', `/auth/users/${adminId}`, adminToken, { role: 'editor' })
    expectErrorBody(demote, 409)
    expect(demote.json.message).toMatch(/last admin/)
    // With a second admin the first may step down; the second, then the last admin, may not.
    const second = (await call('POST', '/auth/users', adminToken, { email: 'second.admin@resonance.test', role: 'admin', password: 'second admin pw' })).json.result
    const secondToken = await signIn('second.admin@resonance.test', 'second admin pw')
    expect((await call('PATCH', `/auth/users/${adminId}`, secondToken, { role: 'editor' })).status).toBe(200)
    expectErrorBody(await call('PATCH', `/auth/users/${second.id}`, secondToken, { role: 'editor' }), 409)
    // The first, now an editor, is refused the People endpoints; the second restores them.
    expectErrorBody(await call('GET', '/auth/users', adminToken), 403)
    expect((await call('PATCH', `/auth/users/${adminId}`, secondToken, { role: 'admin' })).status).toBe(200)
    expect((await call('GET', '/auth/users', adminToken)).status).toBe(200)
  })

  it('refuses anonymous callers with 401 and every role but admin with 403, as JSON', async () => {
    expectErrorBody(await call('GET', '/auth/users', null), 401)
    expectErrorBody(await call('POST', '/auth/users', null, { email: 'x@resonance.test', role: 'admin', password: 'long enough password' }), 401)
    for (const role of ['editor', 'contributor', 'viewer'] as const) {
      const token = service.auth.createRobotToken(role, 'people test', null)
      expectErrorBody(await call('GET', '/auth/users', token), 403)
      expectErrorBody(await call('POST', '/auth/users', token, { email: `${role}.made@resonance.test`, role: 'admin', password: 'long enough password' }), 403)
    }
    expect((await call('GET', '/auth/users', adminToken)).json.result.people.map((p: { email: string }) => p.email)).not.toContain('editor.made@resonance.test')
  })
})
