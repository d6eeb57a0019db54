// Error shapes, limits, routing and CORS (docs/content-api.md §1, §3, §8, §10), and that the
// process survives all of it.

import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClientError, type SanityClient } from '@sanity/client'
import { startTestService, type TestService } from '../support/service.ts'
import { expectErrorBody, noisyPng, raw, rejection } from './helpers.ts'

let service: TestService
let token: string
let admin: SanityClient
const allowedOrigin = 'http://localhost:5173'
const mutateUrl = () => `${service.url}/v2023-05-03/data/mutate/production`

const postMutate = (body: string, headers: Record<string, string> = {}) =>
  raw(mutateUrl(), { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers }, body })

beforeAll(async () => {
  service = await startTestService()
  token = await service.adminToken()
  admin = service.client({ token })
  await admin.createOrReplace({ _id: 'survivor', _type: 'note', title: 'still here' })
})

afterAll(async () => {
  await service?.stop()
})

describe('malformed requests', () => {
  it('malformed JSON to mutate is a 400 JSON error, not a 500', async () => {
    expectErrorBody(await postMutate('{"mutations": [ {"create": '), 400)
    expectErrorBody(await postMutate(''), 400)
  })

  it('a mutation body without a "mutations" array is a 400', async () => {
    for (const body of ['{}', '[]', '{"mutations": {}}', '{"mutations": "create"}', 'null']) {
      const res = await postMutate(body)
      expectErrorBody(res, 400)
    }
  })

  it('a mutation that is not exactly one known operation is a 400 mutationError', async () => {
    for (const body of ['{"mutations": [null]}', '{"mutations": [{"upsert": {"_id": "x", "_type": "t"}}]}', '{"mutations": [{"create": {"_type": "t"}, "delete": {"id": "x"}}]}']) {
      const res = await postMutate(body)
      expectErrorBody(res, 400)
      expect(res.json.error.type).toBe('mutationError')
    }
  })

  it('an invalid document id is a 400', async () => {
    for (const id of ['has space', 'bad/slash', '-leading-dash', 'a..b', 'x'.repeat(200)]) {
      const res = await postMutate(JSON.stringify({ mutations: [{ create: { _id: id, _type: 'note' } }] }))
      expectErrorBody(res, 400)
      expect(res.json.error.items[0].error.type).toBe('invalidMutationError')
    }
    const error = await rejection(admin.create({ _id: 'not valid!', _type: 'note' }))
    expect(error).toBeInstanceOf(ClientError)
    expect(error.statusCode).toBe(400)
  })

  it('a document without _type is a 400', async () => {
    expectErrorBody(await postMutate(JSON.stringify({ mutations: [{ create: { _id: 'typeless' } }] })), 400)
  })

  it('an invalid patch path or operation is a 400 that changes nothing', async () => {
    const bad = await postMutate(JSON.stringify({ mutations: [{ patch: { id: 'survivor', set: { 'title[': 'x' } } }] }))
    expectErrorBody(bad, 400)
    const inc = await postMutate(JSON.stringify({ mutations: [{ patch: { id: 'survivor', inc: { title: 1 } } }] }))
    expectErrorBody(inc, 400)
    expect((await admin.getDocument('survivor'))?.title).toBe('still here')
  })

  it('an invalid delete query is a 400', async () => {
    expectErrorBody(await postMutate(JSON.stringify({ mutations: [{ delete: { query: '*[' } }] })), 400)
  })

  it('a malformed percent-encoding in the path is a 4xx JSON error, not a 500', async () => {
    for (const path of ['/v2023-05-03/data/doc/production/%E0%A4%A', '/v2023-05-03/data/query/%E0%A4%A?query=1', `/images/${service.config.projectId}/production/%E0%A4%A`]) {
      const res = await raw(`${service.url}${path}`)
      expect(res.status, `${path}: ${res.text}`).toBeGreaterThanOrEqual(400)
      expect(res.status, `${path}: ${res.text}`).toBeLessThan(500)
      expectErrorBody(res, res.status)
    }
  })
})

describe('routing', () => {
  it('an unknown API path is a 404 JSON error', async () => {
    for (const path of ['/v2023-05-03/data/nope/production', '/v2023-05-03/nothing-here', '/v1/data', '/vX/data/query', '/no-such-page']) {
      expectErrorBody(await raw(`${service.url}${path}`), 404)
    }
  })

  it('a mutation or upload with the wrong method is a 405 JSON error', async () => {
    expectErrorBody(await raw(mutateUrl()), 405)
    expectErrorBody(await raw(`${service.url}/v2023-05-03/assets/images/production`), 405)
    expectErrorBody(await raw(`${service.url}/somewhere`, { method: 'POST', body: '{}' }), 405)
  })

  it('a mutation to an unknown dataset is a 404 JSON error', async () => {
    const error = await rejection(admin.withConfig({ dataset: 'no-such-dataset' }).create({ _type: 'note' }))
    expect(error).toBeInstanceOf(ClientError)
    expect(error.statusCode).toBe(404)
  })
})

describe('body limits (MAX_BODY_BYTES=1024, MAX_UPLOAD_BYTES=4096)', () => {
  let small: TestService
  let smallToken: string

  beforeAll(async () => {
    small = await startTestService({ MAX_BODY_BYTES: '1024', MAX_UPLOAD_BYTES: '4096' })
    smallToken = await small.adminToken()
  })

  afterAll(async () => {
    await small?.stop()
  })

  const headers = () => ({ 'content-type': 'application/json', authorization: `Bearer ${smallToken}` })
  const bigMutation = () => JSON.stringify({ mutations: [{ create: { _id: 'big', _type: 'note', pad: 'x'.repeat(5000) } }] })

  it('an oversize body with a Content-Length is a 413 JSON error', async () => {
    const res = await raw(`${small.url}/v2023-05-03/data/mutate/production`, { method: 'POST', headers: headers(), body: bigMutation() })
    expectErrorBody(res, 413)
  })

  it('an oversize chunked body (no Content-Length) is a 413 JSON error', async () => {
    const bytes = new TextEncoder().encode(bigMutation())
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 512) controller.enqueue(bytes.slice(i, i + 512))
        controller.close()
      },
    })
    const res = await raw(`${small.url}/v2023-05-03/data/mutate/production`, { method: 'POST', headers: headers(), body, duplex: 'half' } as RequestInit)
    expectErrorBody(res, 413)
  })

  it('the client sees a 413 ClientError for an oversize POSTed query and upload, and nothing is stored', async () => {
    const client = small.client({ token: smallToken })
    const query = await rejection(client.fetch('length($big)', { big: 'z'.repeat(12_000) }))
    expect(query).toBeInstanceOf(ClientError)
    expect(query.statusCode).toBe(413)
    const upload = await rejection(client.assets.upload('image', await noisyPng(200, 200)))
    expect(upload).toBeInstanceOf(ClientError)
    expect(upload.statusCode).toBe(413)
    const create = await rejection(client.create({ _id: 'big', _type: 'note', pad: 'x'.repeat(5000) }))
    expect(create.statusCode).toBe(413)
    expect(await client.getDocument('big')).toBeUndefined()
    expect(await client.fetch('count(*[_type == "sanity.imageAsset"])')).toBe(0)
  })

  it('still answers after the refusals', async () => {
    const client = small.client({ token: smallToken })
    const doc = await client.create({ _type: 'note', title: 'small is fine' })
    expect(await client.fetch('*[_id == $id][0].title', { id: doc._id })).toBe('small is fine')
  })
})

describe('CORS', () => {
  const queryUrl = () => `${service.url}/v2023-05-03/data/query/production?query=${encodeURIComponent('*[_id == "survivor"][0].title')}`

  it('answers a preflight from an allowed origin with 204 and the CORS headers', async () => {
    const res = await fetch(queryUrl(), {
      method: 'OPTIONS',
      headers: {
        origin: allowedOrigin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,x-sanity-project-id',
      },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe(allowedOrigin)
    expect(res.headers.get('access-control-allow-credentials')).toBe('true')
    const allowHeaders = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase()
    for (const h of ['authorization', 'content-type', 'x-sanity-project-id']) expect(allowHeaders).toContain(h)
    expect(allowHeaders).not.toBe('*')
    const methods = (res.headers.get('access-control-allow-methods') ?? '').toUpperCase()
    for (const m of ['GET', 'POST']) expect(methods).toContain(m)
    expect(res.headers.get('access-control-max-age')).toBe('600')
    expect(res.headers.get('vary') ?? '').toMatch(/origin/i)
  })

  it('answers the preflight of an event stream (Authorization, Last-Event-ID) from an allowed origin', async () => {
    const res = await fetch(`${service.url}/v2023-05-03/data/listen/production?query=*`, {
      method: 'OPTIONS',
      headers: { origin: allowedOrigin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,last-event-id' },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe(allowedOrigin)
    expect((res.headers.get('access-control-allow-headers') ?? '').toLowerCase()).toContain('last-event-id')
  })

  it('adds Allow-Origin and Allow-Credentials to actual responses for an allowed origin, errors included', async () => {
    const ok = await raw(queryUrl(), { headers: { origin: allowedOrigin } })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('access-control-allow-origin')).toBe(allowedOrigin)
    expect(ok.headers.get('access-control-allow-credentials')).toBe('true')
    const failed = await raw(`${service.url}/v2023-05-03/data/query/production?query=*%5B`, { headers: { origin: allowedOrigin } })
    expect(failed.status).toBe(400)
    expect(failed.headers.get('access-control-allow-origin')).toBe(allowedOrigin)
  })

  it('gives a disallowed origin no Allow-Origin on GET and a 403 on preflight', async () => {
    const evil = 'http://evil.example'
    const get = await raw(queryUrl(), { headers: { origin: evil } })
    expect(get.status).toBe(200)
    expect(get.headers.get('access-control-allow-origin')).toBeNull()
    const preflight = await raw(queryUrl(), { method: 'OPTIONS', headers: { origin: evil, 'access-control-request-method': 'GET' } })
    expect(preflight.status).toBe(403)
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
    expectErrorBody(preflight, 403)
  })

  it('GET /v2023-05-03/check/cors says allowed for an allowed origin and not for another', async () => {
    const allowed = await raw(`${service.url}/v2023-05-03/check/cors`, { headers: { origin: allowedOrigin } })
    expect(allowed.status).toBe(200)
    expect(allowed.json).toEqual({ result: expect.objectContaining({ allowed: true }) })
    expect(allowed.json.result.withCredentials).toBe(true)
    const other = await raw(`${service.url}/v2023-05-03/check/cors`, { headers: { origin: 'http://evil.example' } })
    expect(other.json.result.allowed).toBe(false)
  })
})

describe('requests Node refuses before the handler', () => {
  /** Sends raw bytes and reads the whole answer: fetch will not send these requests. */
  function rawRequest(text: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(service.port, '127.0.0.1', () => socket.end(text))
      let answer = ''
      socket.on('data', (chunk) => (answer += chunk.toString('utf8')))
      socket.on('end', () => resolve(answer))
      socket.on('error', reject)
    })
  }

  it('a target over the 16 KB header limit is a JSON 431', async () => {
    const answer = await rawRequest(`GET /v2023-05-03/data/query/production?query=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`)
    expect(answer).toMatch(/^HTTP\/1\.1 431 /)
    expect(answer).toContain('application/json')
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ statusCode: 431, error: 'Request Header Fields Too Large' })
  })

  it('a control character in the target is a JSON 400', async () => {
    const answer = await rawRequest('GET /v2023-05-03/data/query/production?query=\u0001 HTTP/1.1\r\nHost: x\r\n\r\n')
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ statusCode: 400, message: 'Malformed HTTP request' })
  })
})

describe('survival', () => {
  it('the process still answers queries, writes and health checks after all of the above', async () => {
    expect(await service.client().fetch('*[_id == "survivor"][0].title')).toBe('still here')
    const doc = await admin.create({ _type: 'note', title: 'after the storm' })
    expect((await admin.getDocument(doc._id))?.title).toBe('after the storm')
    const health = await raw(`${service.url}/health`)
    expect(health.status).toBe(200)
    expect(health.json.ok).toBe(true)
  })
})
