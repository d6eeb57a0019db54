// The route table is where a write is authorised: a route that changes content must ask for a
// writer, and only the reads that the protocol sends with POST (a long query) and sign-in itself
// may take a POST from anyone.

import { describe, expect, it } from 'vitest'
import type { ApiDeps } from './route.ts'
import { routeTable } from './routes.ts'

const deps = { config: { corsOrigins: [], projectId: 'p' }, store: {} } as unknown as ApiDeps

describe('the route table', () => {
  const routes = routeTable(deps)
  const named = (path: string) => routes.filter((r) => r.path.test(path))

  it('asks for a role that may at least write drafts on every route that writes content (mutate decides which documents)', () => {
    expect(named('/v2023-05-03/data/mutate/production').map((r) => r.access)).toEqual(['drafter'])
    expect(named('/v2023-05-03/assets/images/production').map((r) => r.access)).toEqual(['drafter'])
    expect(named('/v2023-05-03/assets/files/production').map((r) => r.access)).toEqual(['drafter'])
  })

  it('lets only admins manage people', () => {
    for (const path of ['/auth/users', '/auth/users/u1', '/auth/users/u1/password', '/auth/users/u1/sessions']) {
      expect(named(path).map((r) => r.access)).toEqual(named(path).map(() => 'admin'))
      expect(named(path).length).toBeGreaterThan(0)
    }
  })

  it('lets anyone POST only a query, the sign-in endpoints, the reader forms and a signed newsletter preferences link', () => {
    const open = routes.filter((r) => r.access === 'anyone' && r.methods.includes('POST')).map((r) => r.path.source)
    expect(open).toHaveLength(8)
    expect(named('/newsletters/preferences').filter((r) => r.methods.includes('POST')).map((r) => r.access)).toEqual(['anyone'])
    expect(named('/v2023-05-03/data/query/production')[0]!.access).toBe('anyone')
    expect(named('/auth/login')[0]!.access).toBe('anyone')
    expect(named('/auth/logout')[0]!.access).toBe('anyone')
    for (const form of ['/contact', '/subscribe', '/subscribe/confirm', '/unsubscribe']) {
      expect(named(form).map((r) => [r.access, r.methods, r.page])).toEqual([['anyone', ['POST'], true]])
    }
  })

  it('lets only writers read or change what readers sent', () => {
    for (const path of ['/newsroom/inbox', '/newsroom/inbox/abc', '/newsroom/subscribers', '/newsroom/subscribers.csv', '/newsroom/outbox']) {
      expect(named(path).map((r) => r.access)).toEqual(['writer'])
    }
  })

  it('asks a signed-in principal for what readers read (the handler refuses viewers)', () => {
    for (const path of ['/v2023-05-03/audience/production', '/v1/audience/production/story-1']) expect(named(path).map((r) => [r.access, r.methods])).toEqual([['signedIn', ['GET', 'HEAD']]])
  })

  it('keeps who a session belongs to for the signed in', () => {
    expect(named('/auth/me').map((r) => r.access)).toEqual(['signedIn'])
  })

  it('accepts only the API versions the Content Lake has', () => {
    for (const version of ['v1', 'vX', 'v2021-06-07']) expect(named(`/${version}/data/query/production`)).toHaveLength(1)
    for (const version of ['v0', 'vfoo', 'v', 'v2021-6-7']) expect(named(`/${version}/data/query/production`)).toHaveLength(0)
  })
})
