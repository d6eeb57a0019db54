// The admin's client for the People page: the content service's /auth/users endpoints (admins
// only), with plain fetch and the signed-in admin's token. Answers are read field by field, and a
// refusal is a NewsroomError carrying the status, read by errors.ts like any other refusal.

import { roles, type Role } from '../../../shared/roles.ts'
import type { NewPerson, Person } from '../admin/people.ts'
import { NewsroomError } from './newsroom.ts'

export interface PeopleClient {
  list(): Promise<Person[]>
  add(person: NewPerson): Promise<void>
  changeRole(id: string, role: Role): Promise<void>
  resetPassword(id: string, password: string): Promise<void>
  /** Ends every session of the person but the caller's own; how many ended. */
  endSessions(id: string): Promise<number>
  remove(id: string): Promise<void>
}

const unreadable = 'The content service sent an answer the admin cannot read.'

async function refusal(res: Response): Promise<NewsroomError> {
  let message = `The content service answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}.`
  try {
    const body = (await res.json()) as { error?: { description?: unknown }; message?: unknown }
    if (typeof body.error?.description === 'string' && body.error.description !== '') message = body.error.description
    else if (typeof body.message === 'string' && body.message !== '') message = body.message
  } catch {
    // Not JSON: keep the status.
  }
  return new NewsroomError(message, res.status)
}

function readPerson(value: unknown): Person {
  const p = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>
  if (typeof p.id !== 'string' || typeof p.email !== 'string' || !roles.includes(p.role as Role)) throw new NewsroomError(unreadable, null)
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
  async function call(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
    let res: Response
    try {
      res = await fetcher(`${base}/auth/users${path}`, {
        method,
        headers: { accept: 'application/json', authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    } catch {
      throw new NewsroomError('Could not reach the content service.', null)
    }
    if (!res.ok) throw await refusal(res)
    try {
      const answer = (await res.json()) as { result?: unknown }
      if (typeof answer.result !== 'object' || answer.result === null) throw new Error('no result')
      return answer.result as Record<string, unknown>
    } catch {
      throw new NewsroomError(unreadable, res.status)
    }
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
