// The admin's client for the People page: the content service's /auth/users endpoints (admins
// only), with the signed-in admin's token through serviceCall.ts, like the other clients: answers
// are read field by field, and a refusal is a ServiceError carrying the status, read by errors.ts.

import { roles, type Role } from '../../../shared/roles.ts'
import type { NewPerson, Person } from '../admin/people.ts'
import { resultOf, serviceCall, ServiceError, unreadable, type Fields } from './serviceCall.ts'

export interface PeopleClient {
  list(): Promise<Person[]>
  add(person: NewPerson): Promise<void>
  changeRole(id: string, role: Role): Promise<void>
  resetPassword(id: string, password: string): Promise<void>
  /** Ends every session of the person but the caller's own; how many ended. */
  endSessions(id: string): Promise<number>
  remove(id: string): Promise<void>
}

function readPerson(value: unknown): Person {
  const p = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>
  if (typeof p.id !== 'string' || typeof p.email !== 'string' || !roles.includes(p.role as Role)) throw new ServiceError(unreadable, null)
  return {
    id: p.id,
    email: p.email,
    role: p.role as Role,
    lastSignInAt: typeof p.lastSignInAt === 'string' ? p.lastSignInAt : null,
    activeSessions: typeof p.activeSessions === 'number' && p.activeSessions >= 0 ? p.activeSessions : 0,
  }
}

/** The People endpoints with this admin's token. `base` is the service's origin, no trailing slash. */
export function createPeopleClient(token: string, base: string, fetcher: typeof fetch = (...args) => fetch(...args)): PeopleClient {
  async function call(method: string, path: string, body?: unknown): Promise<Fields> {
    const init: RequestInit = body === undefined ? { method } : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
    return resultOf(await serviceCall(fetcher, `${base}/auth/users${path}`, token, init))
  }
  const one = (id: string) => `/${encodeURIComponent(id)}`
  return {
    async list() {
      const result = await call('GET', '')
      return (Array.isArray(result.people) ? result.people : []).map(readPerson)
    },
    async add(person) {
      await call('POST', '', { email: person.email.trim(), role: person.role, password: person.password })
    },
    async changeRole(id, role) {
      await call('PATCH', one(id), { role })
    },
    async resetPassword(id, password) {
      await call('PUT', `${one(id)}/password`, { password })
    },
    async endSessions(id) {
      const result = await call('DELETE', `${one(id)}/sessions`)
      return typeof result.ended === 'number' ? result.ended : 0
    },
    async remove(id) {
      await call('DELETE', one(id))
    },
  }
}
