// The response cache answers anonymous GETs by their raw URL, before anything is parsed. These tests
// pin down when it must not: after a write (by this service or by another process on the same
// database), for a signed-in reader, and for queries whose result depends on the moment or the reader.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../../tests/support/service.ts'
import { Store } from '../store/store.ts'

let service: TestService
let token: string
let evaluations = 0

const url = (query: string, extra = '') => `${service.url}/v2023-05-03/data/query/production?query=${encodeURIComponent(query)}&returnQuery=false${extra}`

async function get(address: string, headers: Record<string, string> = {}): Promise<{ body: string; result: unknown }> {
  const res = await fetch(address, { headers })
  const body = await res.text()
  expect(res.status, body).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/^application\/json/)
  // `ms` stays the last field, a whole number, on cached answers as on fresh ones.
  expect(body).toMatch(/,"ms":\d+\}$/)
  return { body, result: (JSON.parse(body) as { result: unknown }).result }
}

beforeAll(async () => {
  service = await startTestService()
  token = await service.adminToken()
  await service.store.commit('production', [
    { create: { _id: 'c1', _type: 'cached', title: 'One' } },
    { create: { _id: 'drafts.c2', _type: 'cached', title: 'Draft' } },
  ])
  // Counts the queries that were evaluated (or looked up by query) rather than answered by URL.
  const query = service.queries.query.bind(service.queries)
  service.queries.query = (...args) => {
    evaluations++
    return query(...args)
  }
})

afterAll(async () => {
  await service?.stop()
})

describe('the response cache', () => {
  it('answers a repeated anonymous GET by its URL, with the same body', async () => {
    const address = url('*[_type == "cached"] | order(_id)._id')
    const before = evaluations
    const first = await get(address)
    const second = await get(address)
    expect(evaluations - before).toBe(1)
    expect(second.body.replace(/"ms":\d+\}$/, '')).toBe(first.body.replace(/"ms":\d+\}$/, ''))
    expect(second.result).toEqual(['c1'])
  })

  it('does not answer from the cache once the dataset has changed', async () => {
    const address = url('*[_type == "cached"] | order(_id).title')
    expect((await get(address)).result).toEqual(['One'])
    await service.store.commit('production', [{ patch: { id: 'c1', set: { title: 'One, edited' } } }])
    expect((await get(address)).result).toEqual(['One, edited'])
  })

  it('sees writes another process makes to the same database, every time', async () => {
    const address = url('count(*[_type == "external"])')
    expect((await get(address)).result).toBe(0)
    const other = new Store(service.dataDir)
    try {
      await other.commit('production', [{ create: { _id: 'e1', _type: 'external' } }])
      expect((await get(address)).result).toBe(1)
      await other.commit('production', [{ create: { _id: 'e2', _type: 'external' } }])
      expect((await get(address)).result).toBe(2)
    } finally {
      other.close()
    }
  })

  it('never gives a signed-in reader the anonymous answer, nor keeps theirs for anyone else', async () => {
    const address = url('*[_type == "cached"] | order(_id)._id', '&perspective=raw')
    expect((await get(address)).result).toEqual(['c1'])
    expect((await get(address, { authorization: `Bearer ${token}` })).result).toEqual(['c1', 'drafts.c2'])
    expect((await get(address)).result).toEqual(['c1'])
  })

  it('evaluates queries that use now() or identity() every time', async () => {
    for (const query of ['{"t": now()}', '{"who": identity()}']) {
      const before = evaluations
      await get(url(query))
      await get(url(query))
      expect(evaluations - before).toBe(2)
    }
  })

  it("lets edge caches keep an answer asked after a committed transaction's event, for all who heard it, and no other", async () => {
    await service.store.commit('production', [{ create: { _id: 'posted', _type: 'cached', title: 'Posted' } }], { transactionId: 'tx-posted' })
    const cacheControl = async (address: string) => {
      const res = await fetch(address)
      expect(res.status, await res.text()).toBe(200)
      return res.headers.get('cache-control')
    }
    const query = '*[_type == "cached" && _id == "posted"][0].title'
    // Asked twice: evaluated, then answered from the service's own cache by URL; both say the same.
    for (let i = 0; i < 2; i++) {
      expect(await cacheControl(url(query, '&lastLiveEventId=tx-posted'))).toBe('public, max-age=60, s-maxage=60')
      expect(await cacheControl(url(query))).toBe('public, no-cache')
      // Not (yet) a transaction of this dataset: an early ask cannot plant an answer under a future event's address.
      expect(await cacheControl(url(query, '&lastLiveEventId=tx-not-yet'))).toBe('public, no-cache')
      expect(await cacheControl(url(query, '&lastLiveEventId=%E0%A4%A'))).toBe('public, no-cache')
      expect(await cacheControl(url(query, '&lastLiveEventId='))).toBe('public, no-cache')
    }
  })
})
