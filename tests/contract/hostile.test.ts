// Queries sent as an attacker would: slow, enormous, long, many at once. None may stall the
// service, grow its memory or end the process; each gets the protocol's JSON error, and everyone
// else is answered meanwhile. Requests come from different loopback addresses where it matters,
// because the service gives each client its own turn.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../support/service.ts'
import { expectErrorBody, raw, requestFrom, waitFor, type RawResponse } from './helpers.ts'

let service: TestService
let token: string

const DOCS = 300

beforeAll(async () => {
  service = await startTestService({
    QUERY_TIMEOUT_MS: '1000',
    QUERY_MAX_RESULT_KB: '100',
    QUERY_MAX_KB: '8',
    QUERY_QUEUE: '16',
    QUERY_WORKERS: '3',
    EDITOR_QUERY_TIMEOUT_MS: '3000',
  })
  token = await service.adminToken()
  const filler = 'x'.repeat(1000)
  await service.store.commit(
    'production',
    Array.from({ length: DOCS }, (_, i) => ({ create: { _id: `h${i}`, _type: 'hostile', n: i, filler } })),
  )
})

afterAll(async () => {
  await service?.stop()
})

/**
 * Marks a request's promise as handled, so that when an assertion fails before it is awaited, the
 * service's shutdown ending it ("socket hang up") does not surface as an unhandled rejection; an
 * `await` of it still throws.
 */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {})
  return promise
}

const queryUrl = (query: string) => `/v2023-05-03/data/query/production?query=${encodeURIComponent(query)}`

/** Four nested scans: DOCS^4 steps, far past any time limit. */
const slowQuery = 'count(*[count(*[count(*[count(*) >= 0]) >= 0]) >= 0])'

/** A GET from a chosen loopback address, so the service sees a different client. */
function getFrom(address: string, path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return requestFrom(`${service.url}${path}`, { localAddress: address, headers })
}

describe('a query past the time limit', () => {
  it('is answered 400 queryTimeoutError, while the service answers others meanwhile', async () => {
    const cachedPath = queryUrl('*[_type == "hostile" && n < 3] | order(n).n')
    expect((await getFrom('127.0.0.2', cachedPath)).json.result).toEqual([0, 1, 2])

    let slowDone = false
    const slow = handled(
      getFrom('127.0.0.3', queryUrl(slowQuery)).finally(() => {
        slowDone = true
      }),
    )
    // Cached answers, the health check and a signed-in editor's query are all served while the
    // slow query runs: none of them waits for it.
    const health = await getFrom('127.0.0.2', '/health')
    const cached = await getFrom('127.0.0.2', cachedPath)
    const editor = await getFrom('127.0.0.4', queryUrl('count(*[_type == "hostile"])'), { authorization: `Bearer ${token}` })
    expect(slowDone).toBe(false)
    expect(health.status).toBe(200)
    expect(cached.json.result).toEqual([0, 1, 2])
    expect(editor.json.result).toBe(DOCS)

    const answer = await slow
    expectErrorBody(answer, 400)
    expect(answer.json.error.type).toBe('queryTimeoutError')
    expect(answer.json.error.description).toMatch(/longer than the limit of 1000 ms/)
  })

  it('leaves the service able to answer the next query (the worker is replaced)', async () => {
    for (let i = 0; i < 3; i++) expectErrorBody(await getFrom('127.0.0.5', queryUrl(slowQuery)), 400)
    const after = await raw(`${service.url}${queryUrl('count(*[_type == "hostile"])')}`)
    expect(after.status).toBe(200)
    expect(after.json.result).toBe(DOCS)
  })
})

describe('a query whose answer is too large', () => {
  it('is answered 413 for an anonymous reader, and answered in full for a signed-in editor', async () => {
    // About 300 KB: over the public limit of 100 KB set for this service, under the editors'.
    const path = queryUrl('*[_type == "hostile"]')
    const anonymous = await getFrom('127.0.0.6', path)
    expectErrorBody(anonymous, 413)
    expect(anonymous.json.error.type).toBe('queryResultTooLargeError')
    const editor = await getFrom('127.0.0.6', path, { authorization: `Bearer ${token}` })
    expect(editor.status).toBe(200)
    expect(editor.json.result).toHaveLength(DOCS)
  })

  it('refuses a short query that would build an enormous answer, and the service lives on', async () => {
    // 33 bytes asking for every document inside every document inside every document.
    const res = await getFrom('127.0.0.7', queryUrl('*{"a": *{"b": *}}'))
    expect([400, 413]).toContain(res.status)
    expectErrorBody(res, res.status)
    expect(['queryTimeoutError', 'queryResultTooLargeError']).toContain(res.json.error.type)
    expect((await raw(`${service.url}/health`)).status).toBe(200)
  })
})

describe('a query that is too long', () => {
  it('is answered 413 queryTooLargeError for an anonymous reader, and run for an editor', async () => {
    const long = `count(*[_type == "hostile" && (${Array.from({ length: 1000 }, (_, i) => `n == ${i}`).join(' || ')})])`
    expect(long.length).toBeGreaterThan(8 * 1024)
    const body = JSON.stringify({ query: long })
    const anonymous = await raw(`${service.url}/v2023-05-03/data/query/production`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    expectErrorBody(anonymous, 413)
    expect(anonymous.json.error.type).toBe('queryTooLargeError')
    const editor = await raw(`${service.url}/v2023-05-03/data/query/production`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body,
    })
    expect(editor.status).toBe(200)
    expect(editor.json.result).toBe(DOCS)
  })
})

describe('a flood of queries from one client', () => {
  it('is refused 503 with Retry-After past its share of the queue, while another client is still queued and answered', async () => {
    // QUERY_QUEUE=16 gives each client at most 2 waiting queries.
    // Each query differs, or the service would run one and share its answer.
    const flood = Array.from({ length: 12 }, (_, i) => getFrom('127.0.0.8', queryUrl(`${slowQuery} + ${i}`)))
    const other = handled(getFrom('127.0.0.9', queryUrl('count(*[_type == "hostile" && n < 10])')))
    const answers = await Promise.all(flood)
    const refused = answers.filter((a) => a.status === 503)
    // At most one runs and two wait at a time; however the twelve arrive, some find no room.
    expect(refused.length).toBeGreaterThanOrEqual(1)
    for (const r of refused) {
      expectErrorBody(r, 503)
      expect(r.headers.get('retry-after')).toBe('1')
    }
    for (const a of answers.filter((x) => x.status !== 503)) expect(a.json.error.type).toBe('queryTimeoutError')
    const otherAnswer = await other
    expect(otherAnswer.status).toBe(200)
    expect(otherAnswer.json.result).toBe(10)
  })
})

describe('a client whose queries run out of time', () => {
  it('is held to one shared worker, so another reader is answered before any of its queries', async () => {
    // Two attackers, each known for a query that ran out of time.
    for (const attacker of ['127.0.0.20', '127.0.0.21']) expectErrorBody(await getFrom(attacker, queryUrl(`${slowQuery} + 100`)), 400)
    // The workers ended by those two are replaced before the attack proper starts.
    await waitFor(() => service.pool.allReady, 'every query worker ready again', 30_000)
    let firstAttackDone = -1
    let order = 0
    const attacks = ['127.0.0.20', '127.0.0.21', '127.0.0.20', '127.0.0.21'].map((attacker, i) =>
      handled(
        getFrom(attacker, queryUrl(`${slowQuery} + ${200 + i}`)).finally(() => {
          if (firstAttackDone < 0) firstAttackDone = order++
        }),
      ),
    )
    const reader = await getFrom('127.0.0.22', queryUrl('count(*[_type == "hostile" && n < 5])'))
    const readerDone = order++
    expect(reader.json.result).toBe(5)
    await Promise.all(attacks)
    // Without the hold, both attackers' queries would take the two public workers and the reader
    // would wait for one of them to run out of time.
    expect(readerDone).toBe(0)
    expect(firstAttackDone).toBe(1)
  })
})

describe('a reader known for answered queries', () => {
  it('is answered at once while fresh addresses hold the workers anonymous queries may use', async () => {
    await waitFor(() => service.pool.allReady, 'every query worker ready', 30_000)
    const readerAddress = '127.0.0.32'
    expect((await getFrom(readerAddress, queryUrl('count(*[_type == "hostile" && n < 2])'))).json.result).toBe(2)
    let attacksDone = 0
    // Three fresh addresses: two take the public workers, the third waits, as no stranger may
    // borrow the worker kept for trusted work.
    const attacks = ['127.0.0.30', '127.0.0.31', '127.0.0.33'].map((attacker, i) =>
      handled(
        getFrom(attacker, queryUrl(`${slowQuery} + ${300 + i}`)).finally(() => {
          attacksDone++
        }),
      ),
    )
    // Waiting on the pool rather than on the clock: on a busy machine the requests take longer to arrive.
    await waitFor(() => service.pool.running('public') === 2, 'two strangers’ queries running', 10_000)
    const reader = await getFrom(readerAddress, queryUrl('count(*[_type == "hostile" && n < 7])'))
    expect(reader.json.result).toBe(7)
    expect(attacksDone).toBe(0)
    for (const answer of await Promise.all(attacks)) {
      expectErrorBody(answer, 400)
      expect(answer.json.error.type).toBe('queryTimeoutError')
    }
  })

  it('ends a stranger’s slow query at the contended limit when every worker is busy', async () => {
    await waitFor(() => service.pool.allReady, 'every query worker ready', 30_000)
    const readerAddress = '127.0.0.34'
    // A query no one has sent yet, so a worker answers it (an answer from the cache makes no one known).
    expect((await getFrom(readerAddress, queryUrl('count(*[_type == "hostile" && n < 3])'))).json.result).toBe(3)
    // An editor's long query takes the worker kept for trusted work, and two strangers the rest.
    const editor = handled(getFrom('127.0.0.35', queryUrl(`${slowQuery} + 400`), { authorization: `Bearer ${token}` }))
    await waitFor(() => service.pool.running('trusted') === 1, 'the editor’s query running', 10_000)
    const attacks = ['127.0.0.36', '127.0.0.37'].map((attacker, i) => handled(getFrom(attacker, queryUrl(`${slowQuery} + ${410 + i}`))))
    // Only once both strangers hold the public workers does the reader have to wait for one of them;
    // sent earlier, the reader would be answered first and nothing would be ended for it.
    await waitFor(() => service.pool.running('public') === 2, 'two strangers’ queries running', 10_000)
    const reader = await getFrom(readerAddress, queryUrl('count(*[_type == "hostile" && n < 9])'))
    expect(reader.json.result).toBe(9)
    const answers = await Promise.all(attacks)
    for (const answer of answers) {
      expectErrorBody(answer, 400)
      expect(answer.json.error.type).toBe('queryTimeoutError')
    }
    // One was ended early, for the reader, rather than at its own limit of 1000 ms.
    expect(answers.map((a) => a.json.error.description).join('\n')).toMatch(/longer than 500 ms while other readers waited/)
    // The editor's query is never ended for a reader: it runs to the editors' own limit.
    const editorAnswer = await editor
    expect(editorAnswer.json.error.description).toMatch(/limit of 3000 ms/)
  })
})
