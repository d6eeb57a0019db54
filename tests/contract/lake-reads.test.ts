// The render tier's read counter for a hosted Sanity project (server/render/reads.ts), against the
// embedded service over HTTP as the stand-in: Most read's last 24 hours kept by several counters
// that never coordinate, summed again as hours leave the window, and hidden from anonymous readers.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countsIdOf, LakeReadCounter } from '../../server/render/reads.ts'
import { startTestService, type TestService } from '../support/service.ts'

const HOUR = 3_600_000
const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

let service: TestService
let clock = Date.UTC(2026, 10, 27, 9, 30)
const counters: LakeReadCounter[] = []

beforeAll(async () => {
  service = await startTestService()
  const admin = service.client({ token: await service.adminToken() })
  const article = (id: string) => ({ _id: id, _type: 'article', title: `Story ${id}`, slug: { _type: 'slug', current: id }, publishedAt: '2026-11-01T09:00:00Z' })
  await admin.transaction().createOrReplace(article('morning')).createOrReplace(article('evening')).commit()
  const token = service.auth.createRobotToken('editor', 'render tier reads', null)
  // Three render processes, each with its own readers and its own clock reading the same time.
  for (let i = 0; i < 3; i++) {
    counters.push(new LakeReadCounter(service.client({ token, perspective: 'published' }), { perAddressPerMinute: 0, maxReaders: 1_000, foldIntervalMs: 60_000, now: () => clock }))
  }
})

afterAll(async () => {
  for (const counter of counters) await counter.close()
  await service?.stop()
})

const countsOf = (id: string) => service.client().fetch<{ readCount: number | null; readsLastDay: number | null }>('*[_id == $id][0]{readCount, readsLastDay}', { id })

async function read(counter: LakeReadCounter, slug: string, readers: number, from: number): Promise<void> {
  for (let i = 0; i < readers; i++) await counter.countJudged({ type: 'article', slug, address: `10.0.${from}.${i}`, userAgent: browser })
}

describe('the render tier counting for a hosted project', () => {
  it('sets the last 24 hours from every process\'s reads, though they write at the same time', async () => {
    await read(counters[0]!, 'morning', 40, 1)
    await read(counters[1]!, 'morning', 35, 2)
    await read(counters[2]!, 'morning', 30, 3)
    await read(counters[2]!, 'evening', 7, 4)
    // The same reader again, on the same process: not another read.
    await read(counters[0]!, 'morning', 40, 1)
    await Promise.all(counters.map((counter) => counter.flush()))
    // A process whose sum missed another's increment was refused and summed again.
    await expect.poll(() => countsOf('morning')).toEqual({ readCount: 105, readsLastDay: 105 })
    expect(await countsOf('evening')).toEqual({ readCount: 7, readsLastDay: 7 })
  })

  it('lets yesterday\'s reads leave the window hour by hour while the total stays', async () => {
    clock += 5 * HOUR
    await read(counters[1]!, 'evening', 3, 5)
    await counters[1]!.flush()
    expect(await countsOf('evening')).toEqual({ readCount: 10, readsLastDay: 10 })

    // 24 hours after the first reads: those hours are out of the window, the later ones still in.
    clock += 19 * HOUR
    await counters[0]!.flush()
    expect(await countsOf('morning')).toEqual({ readCount: 105, readsLastDay: null })
    expect(await countsOf('evening')).toEqual({ readCount: 10, readsLastDay: 3 })
    // Hours out of the window are dropped from the counts document.
    const admin = service.client({ token: await service.adminToken() })
    const hours = await admin.fetch<Record<string, number>>('*[_id == $id][0].hours', { id: countsIdOf('evening') })
    expect(Object.values(hours)).toEqual([3])

    clock += 5 * HOUR
    await counters[2]!.flush()
    expect(await countsOf('evening')).toEqual({ readCount: 10, readsLastDay: null })
  })

  it('keeps the hour-by-hour counts from anonymous readers', async () => {
    expect(await service.client().fetch('*[_type == "readCounts"]')).toEqual([])
    expect(await service.client().fetch('*[_id == $id][0]', { id: countsIdOf('morning') })).toBeNull()
  })
})
