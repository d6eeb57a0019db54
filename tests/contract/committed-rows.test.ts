// Query workers read every query's documents from the committed rows in SQLite (decision 038), so a write is answered at once with nothing to keep current, drafts reach editors only,
// and a stranger's query over every document is still ended at its time and memory limits while
// other readers are answered (docs/decisions/028-documents-read-from-sqlite.md).

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../support/service.ts'
import { expectErrorBody, requestFrom, type RawResponse } from './helpers.ts'

let service: TestService
let token: string

/** Documents of about 200 KB each: 80 MB together, far past a worker's heap of 48 MB. */
const LARGE = 400
/** Small documents: a query comparing each with every other, and those with every other again, is billions of steps. */
const SMALL = 3_000

beforeAll(async () => {
  service = await startTestService({
    QUERY_WORKER_HEAP_MB: '48',
    // Long enough that reading the large documents on a busy machine meets the heap first.
    QUERY_TIMEOUT_MS: '5000',
    QUERY_WORKERS: '3',
  })
  token = await service.adminToken()
  const filler = 'x'.repeat(200_000)
  for (let i = 0; i < LARGE; i += 50) {
    await service.store.commit('production', Array.from({ length: 50 }, (_, j) => ({ create: { _id: `big${i + j}`, _type: 'bulk', n: i + j, filler } })))
  }
  await service.store.commit('production', Array.from({ length: SMALL }, (_, i) => ({ create: { _id: `t${i}`, _type: 'tiny', n: i } })))
}, 120_000)

afterAll(async () => {
  await service?.stop()
})

const queryUrl = (query: string, perspective?: string) =>
  `/v2025-02-19/data/query/production?query=${encodeURIComponent(query)}${perspective ? `&perspective=${perspective}` : ''}`

function getFrom(address: string, path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return requestFrom(`${service.url}${path}`, { localAddress: address, headers })
}

describe('queries read from the committed rows', () => {
  it('answer a listing with a story the moment its write is acknowledged, and drafts to editors only', async () => {
    const listing = queryUrl('*[_type == "story"] | order(n desc)[0...2]{_id, title}')
    expect((await getFrom('127.0.0.2', listing)).json.result).toEqual([])
    await service.store.commit('production', [
      { create: { _id: 'one', _type: 'story', n: 1, title: 'First' } },
      { create: { _id: 'two', _type: 'story', n: 2, title: 'Second' } },
    ])
    expect((await getFrom('127.0.0.2', listing)).json.result).toEqual([
      { _id: 'two', title: 'Second' },
      { _id: 'one', title: 'First' },
    ])
    await service.store.commit('production', [{ create: { _id: 'drafts.one', _type: 'story', n: 3, title: 'First, rewritten' } }])
    // An anonymous reader asking for drafts gets the published documents.
    expect((await getFrom('127.0.0.2', listing.replace('[0...2]', '[0...3]'), {})).json.result).toHaveLength(2)
    const asDrafts = await getFrom('127.0.0.2', queryUrl('*[_type == "story"] | order(n desc){_id, _originalId, title}', 'drafts'), { authorization: `Bearer ${token}` })
    expect(asDrafts.json.result, asDrafts.text.slice(0, 300)).toEqual([
      { _id: 'one', _originalId: 'drafts.one', title: 'First, rewritten' },
      { _id: 'two', _originalId: 'two', title: 'Second' },
    ])
    const anonymousDrafts = await getFrom('127.0.0.2', queryUrl('*[_type == "story"]._id', 'drafts'))
    expect(anonymousDrafts.json.result).toEqual(['one', 'two'])
  })

  it('end a stranger’s query that needs more memory than a worker has, with its JSON error, and answer others', async () => {
    const stranger = getFrom('127.0.0.3', queryUrl('count(*[n >= 0 && defined(filler)])'))
    const other = await getFrom('127.0.0.4', queryUrl('*[_id == "big7"][0].n'))
    expect(other.status).toBe(200)
    expect(other.json.result).toBe(7)
    const answer = await stranger
    expectErrorBody(answer, 413)
    expect(answer.json.error.type).toBe('queryResultTooLargeError')
    // The worker it ended is replaced: the next reader is answered.
    const after = await getFrom('127.0.0.5', queryUrl('count(*[_type == "story"])'))
    expect(after.json.result).toBe(2)
  })

  it('end a stranger’s query past the time limit, and answer others meanwhile', async () => {
    const stranger = getFrom('127.0.0.6', queryUrl('count(*[_type == "tiny" && count(*[_type == "tiny" && count(*[_type == "tiny" && n > ^.n]) > ^.n]) >= 0])'))
    const other = await getFrom('127.0.0.7', queryUrl('*[_type == "story" && n == 2][0].title'))
    expect(other.json.result).toBe('Second')
    const answer = await stranger
    expectErrorBody(answer, 400)
    expect(answer.json.error.type).toBe('queryTimeoutError')
  })
})
