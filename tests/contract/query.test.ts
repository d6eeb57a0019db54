// The query endpoint (docs/content-api.md §1) driven by the real @sanity/client.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClientError, type SanityClient } from '@sanity/client'
import { evaluate, parse } from 'groq-js'
import { startTestService, type TestService } from '../support/service.ts'
import { expectErrorBody, expectJson, raw, recordRequests, rejection, type LoggedRequest } from './helpers.ts'

let service: TestService
let anon: SanityClient
let admin: SanityClient
let requests: LoggedRequest[]
const queryPath = '/v2023-05-03/data/query/production'

beforeAll(async () => {
  service = await startTestService()
  requests = recordRequests(service.server)
  admin = service.client({ token: await service.adminToken() })
  anon = service.client()
  await admin
    .transaction()
    .createOrReplace({ _id: 'author-ada', _type: 'author', name: 'Ada Lovelace' })
    .createOrReplace({ _id: 'author-alan', _type: 'author', name: 'Alan Turing' })
    .createOrReplace({ _id: 'post-1', _type: 'post', title: 'First', slug: { _type: 'slug', current: 'first' }, rank: 3, author: { _type: 'reference', _ref: 'author-ada' } })
    .createOrReplace({ _id: 'post-2', _type: 'post', title: 'Second', slug: { _type: 'slug', current: 'second' }, rank: 1, author: { _type: 'reference', _ref: 'author-alan' } })
    .createOrReplace({ _id: 'post-3', _type: 'post', title: 'Third', slug: { _type: 'slug', current: 'third' }, rank: 2, author: { _type: 'reference', _ref: 'author-ada' } })
    .commit()
})

afterAll(async () => {
  await service?.stop()
})

const lastQueryRequest = () => [...requests].reverse().find((r) => r.url.startsWith(queryPath))

describe('query: params and transport', () => {
  it('fetches with a $slug param (sent as a JSON-encoded $slug in a GET query string)', async () => {
    const post = await anon.fetch('*[_type == "post" && slug.current == $slug][0]{_id, title}', { slug: 'second' })
    expect(post).toEqual({ _id: 'post-2', title: 'Second' })
    const req = lastQueryRequest()
    expect(req?.method).toBe('GET')
    expect(new URL(req!.url, service.url).searchParams.get('$slug')).toBe('"second"')
  })

  it('passes params of every JSON type through unchanged', async () => {
    const params = { n: 1.5, b: true, a: [1, 'x', null], o: { k: 'v', nested: { deep: [true] } }, s: 'he said "hi" & left + 100%' }
    const result = await anon.fetch('{"n": $n, "b": $b, "a": $a, "o": $o, "s": $s}', params)
    expect(result).toEqual(params)
  })

  it('POSTs a query whose params make the URL exceed 11264 characters, and the service answers it', async () => {
    const big = 'x'.repeat(12_000)
    const before = requests.length
    const result = await anon.fetch('{"len": length($big), "title": *[_id == $id][0].title}', { big, id: 'post-1' })
    expect(result).toEqual({ len: 12_000, title: 'First' })
    const sent = requests.slice(before).filter((r) => r.url.startsWith(queryPath))
    expect(sent.map((r) => r.method)).toEqual(['POST'])
    // Options still travel in the URL of a POSTed query.
    expect(new URL(sent[0]!.url, service.url).searchParams.get('returnQuery')).toBe('false')
  })

  it('echoes a POSTed query when filterResponse is false (returnQuery=false absent from the URL)', async () => {
    const big = 'y'.repeat(12_000)
    const res = await anon.fetch('*[_id == $id && length($big) > 0][0].title', { big, id: 'post-2' }, { filterResponse: false })
    expect(res.result).toBe('Second')
    expect(res.query).toBe('*[_id == $id && length($big) > 0][0].title')
  })

  it('answers a raw POST with {query, params} (param names without "$")', async () => {
    const res = await raw(`${service.url}${queryPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '*[slug.current == $slug][0]._id', params: { slug: 'third' } }),
    })
    expect(res.status).toBe(200)
    expectJson(res)
    expect(res.json.result).toBe('post-3')
  })

  it('routes API versions 1 and X as well as dated ones', async () => {
    for (const apiVersion of ['1', 'X', '2021-10-21', '2025-02-19']) {
      const title = await service.client({ apiVersion }).fetch('*[_id == "post-1"][0].title')
      expect(title, `apiVersion ${apiVersion}`).toBe('First')
    }
  })
})

describe('query: response shapes', () => {
  it('filterResponse: false returns {query, result, ms}; the query is echoed unless returnQuery is false', async () => {
    const query = '*[_type == "post"] | order(rank asc)[0].title'
    const full = await anon.fetch(query, {}, { filterResponse: false })
    expect(full.result).toBe('Second')
    expect(full.query).toBe(query)
    expect(typeof full.ms).toBe('number')
    expect(full.ms).toBeGreaterThanOrEqual(0)

    const noEcho = await anon.fetch(query, {}, { filterResponse: false, returnQuery: false })
    expect(noEcho.result).toBe('Second')
    expect(noEcho).not.toHaveProperty('query')
    expect(typeof noEcho.ms).toBe('number')
  })

  it('the service echoes the query exactly when returnQuery=false is absent (raw HTTP)', async () => {
    const q = '*[_id == "post-1"][0].title'
    const withEcho = await raw(`${service.url}${queryPath}?query=${encodeURIComponent(q)}`)
    expect(withEcho.json).toMatchObject({ query: q, result: 'First' })
    const without = await raw(`${service.url}${queryPath}?query=${encodeURIComponent(q)}&returnQuery=false`)
    expect(without.json.result).toBe('First')
    expect(without.json).not.toHaveProperty('query')
  })

  it('returns null (not undefined, not an error) when nothing matches', async () => {
    expect(await anon.fetch('*[_id == "does-not-exist"][0]')).toBeNull()
    const full = await anon.fetch('*[_id == "does-not-exist"][0]', {}, { filterResponse: false })
    expect(full).toHaveProperty('result', null)
    expect(await anon.fetch('*[_type == "no-such-type"]')).toEqual([])
  })

  it('evaluates projections and -> dereferences', async () => {
    const rows = await anon.fetch('*[_type == "post"] | order(rank asc){title, "author": author->name, "authorDoc": author->{_id, name}}')
    expect(rows).toEqual([
      { title: 'Second', author: 'Alan Turing', authorDoc: { _id: 'author-alan', name: 'Alan Turing' } },
      { title: 'Third', author: 'Ada Lovelace', authorDoc: { _id: 'author-ada', name: 'Ada Lovelace' } },
      { title: 'First', author: 'Ada Lovelace', authorDoc: { _id: 'author-ada', name: 'Ada Lovelace' } },
    ])
  })

  it('orders and slices', async () => {
    expect(await anon.fetch('*[_type == "post"] | order(rank desc)[0..1].title')).toEqual(['First', 'Third'])
    expect(await anon.fetch('*[_type == "post"] | order(rank desc)[1...3].title')).toEqual(['Third', 'Second'])
    expect(await anon.fetch('*[_type == "post"] | order(title asc)[0].title')).toBe('First')
    expect(await anon.fetch('count(*[_type == "post"])')).toBe(3)
  })

  it('supports references() and sub-queries over the dataset', async () => {
    const names = await anon.fetch('*[_type == "author" && count(*[_type == "post" && references(^._id)]) > 1].name')
    expect(names).toEqual(['Ada Lovelace'])
  })

  it('sees a write in the very next query (no stale cached result)', async () => {
    const q = '*[_id == "post-3"][0].title'
    expect(await anon.fetch(q)).toBe('Third')
    await admin.patch('post-3').set({ title: 'Third (edited)' }).commit()
    expect(await anon.fetch(q)).toBe('Third (edited)')
    await admin.patch('post-3').set({ title: 'Third' }).commit()
    expect(await anon.fetch(q)).toBe('Third')
  })
})

describe('query: errors', () => {
  it('a GROQ parse error is a ClientError 400 with details.type queryParseError and numeric start/end', async () => {
    const query = '*[_type == "post"'
    const error = await rejection(anon.fetch(query))
    expect(error).toBeInstanceOf(ClientError)
    expect(error.statusCode).toBe(400)
    expect(error.details.type).toBe('queryParseError')
    expect(typeof error.details.start).toBe('number')
    expect(typeof error.details.end).toBe('number')
    expect(error.details.end).toBeGreaterThan(error.details.start)
    expect(error.details.start).toBeLessThanOrEqual(query.length)
    expect(error.details.query).toBe(query)
    expect(typeof error.details.description).toBe('string')
    // The client renders a code frame from the details.
    expect(error.message).toMatch(/GROQ query parse error/)
    expect(error.response.headers['content-type']).toMatch(/^application\/json/)
  })

  it('a $param that is not JSON is a 400 JSON error (raw HTTP)', async () => {
    const res = await raw(`${service.url}${queryPath}?query=${encodeURIComponent('*[_id == $id]')}&%24id=not-json`)
    expectErrorBody(res, 400)
    expect(res.text).toMatch(/\$id/)
  })

  it('a missing query is a 400 JSON error', async () => {
    expectErrorBody(await raw(`${service.url}${queryPath}`), 400)
    expectErrorBody(await raw(`${service.url}${queryPath}?query=%20%20`), 400)
  })

  it('a malformed POST body is a 400 JSON error', async () => {
    const res = await raw(`${service.url}${queryPath}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query": ' })
    expectErrorBody(res, 400)
    const notObject = await raw(`${service.url}${queryPath}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '["*"]' })
    expectErrorBody(notObject, 400)
  })

  it('an unknown dataset is a 404 with a JSON error body', async () => {
    const res = await raw(`${service.url}/v2023-05-03/data/query/no-such-dataset?query=${encodeURIComponent('*[0]')}`)
    expectErrorBody(res, 404)
    expect(res.json.error.type).toBe('datasetNotFoundError')

    const error = await rejection(anon.withConfig({ dataset: 'no-such-dataset' }).fetch('*[0]'))
    expect(error).toBeInstanceOf(ClientError)
    expect(error.statusCode).toBe(404)
    expect(error.message).toMatch(/no-such-dataset/)
  })

  it('every query response, success or failure, is application/json', async () => {
    const q = encodeURIComponent('*[_type == "post"][0]._id')
    const cases: Array<[string, RequestInit | undefined]> = [
      [`${service.url}${queryPath}?query=${q}`, undefined],
      [`${service.url}${queryPath}?query=${q}&returnQuery=false`, undefined],
      [`${service.url}${queryPath}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '1 + 1' }) }],
      [`${service.url}${queryPath}?query=${encodeURIComponent('*[')}`, undefined],
      [`${service.url}${queryPath}?query=${q}&%24x=%7B`, undefined],
      [`${service.url}${queryPath}`, undefined],
      [`${service.url}/v2023-05-03/data/query/nope?query=${q}`, undefined],
      [`${service.url}${queryPath}?query=${q}&perspective=bogus`, undefined],
      [`${service.url}/v2023-05-03/data/doc/production/post-1`, undefined],
    ]
    for (const [url, init] of cases) {
      const res = await raw(url, init)
      expect(res.headers.get('content-type') ?? '', `${init?.method ?? 'GET'} ${url}`).toMatch(/^application\/json\b/)
      expect(res.json, url).toBeTypeOf('object')
    }
  })
})

describe('parameters that must be known while parsing', () => {
  it('slices with $start...$end, as the Content Lake allows', async () => {
    const service = await startTestService()
    try {
      const client = service.client({ token: await service.adminToken() })
      const tx = client.transaction()
      for (let i = 0; i < 6; i++) tx.create({ _id: `slice-${i}`, _type: 'slice', n: i })
      await tx.commit()
      const anon = service.client()
      expect(await anon.fetch('*[_type == "slice"] | order(n asc)[$start...$end].n', { start: 1, end: 4 })).toEqual([1, 2, 3])
      expect(await anon.fetch('*[_type == "slice"] | order(n asc)[$start...$end].n', { start: 4, end: 6 })).toEqual([4, 5])
    } finally {
      await service.stop()
    }
  })

  it('binds parameters inside brackets exactly as groq-js does when it is given them at parse time', async () => {
    await admin
      .transaction()
      .createOrReplace({ _id: 'loc-1', _type: 'loc', title: { en: 'Hello', fr: 'Bonjour' }, n: 1 })
      .createOrReplace({ _id: 'loc-2', _type: 'loc', title: { en: 'Goodbye', fr: 'Au revoir' }, n: 2 })
      .commit()
    // What an anonymous reader's `*` holds, in the service's order: the dataset groq-js is given.
    const dataset = await anon.fetch('*')
    const cases: Array<[string, Record<string, unknown>]> = [
      ['*[_type == "loc"] | order(n) { "title": title[$lang] }', { lang: 'fr' }],
      ['*[_type == "loc"] | order(n)[$i].title.en', { i: 1 }],
      ['*[_type == "loc"] | order(n)[$i]._id', { i: -1 }],
      ['*[$i]._id', { i: 2 }],
      ['*[_type == "loc"] | order(n)[$a...$b]._id', { a: 0, b: 1 }],
    ]
    for (const [query, params] of cases) {
      const expected = await (await evaluate(parse(query, { params }), { dataset, params })).get()
      expect(expected, query).not.toBeNull()
      expect(await anon.fetch(query, params), query).toEqual(expected)
    }
  })
})
