// Property-based fuzzing of every endpoint of a real service: whatever arrives, the answer is never
// a 5xx, every refusal from the API is JSON in one of the protocol's two error shapes (docs
// content-api.md §1 "Other errors", §10.6), and every request finishes. fast-check prints the seed
// and the shrunk counterexample of a failure, so a failure found once can be replayed.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../support/service.ts'
import { expectJson, jsonOrUndefined, raw, readRaw, solidPng, type RawResponse } from './helpers.ts'

/** Hang detection only: a request that gets no complete answer in this time counts as a failure. */
const ANSWER_WITHIN_MS = 5000
/** Runs per endpoint; FUZZ_RUNS=2000 makes a longer hunt. */
const RUNS = Number(process.env.FUZZ_RUNS) || 200
/**
 * The longest URL a property sends: @sanity/client switches a query to POST above 11,264
 * characters and refuses listen URLs above 14,800, and Node answers anything near its 16 KB header
 * limit by itself, before the service sees it.
 */
const MAX_URL = 14_800

let service: TestService
let token: string
let staticDir: string
let imageFile: string
let fileFile: string
let png: Buffer
const fixtureIds = ['article-1', 'article-2', 'article-3', 'drafts.article-1', 'drafts.article-4', 'author-1']

beforeAll(async () => {
  // A built app in miniature, as under `npm start`: paths the API does not claim fall through to
  // the app's HTML, so a path the API should refuse and does not shows up as HTML, not as JSON.
  staticDir = mkdtempSync(join(tmpdir(), 'resonance-fuzz-static-'))
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Resonance</title><div id="root"></div>')
  mkdirSync(join(staticDir, 'assets'))
  writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log("app")')
  service = await startTestService({ STATIC_DIR: staticDir, RENDER_MODULE: '' })
  token = await service.adminToken()
  // Writes that are not dry runs go to their own dataset, so they cannot delete the fixtures the
  // other properties read.
  service.store.createDataset('scratch')
  const admin = service.client({ token })
  png = await solidPng(64, 48)
  const image = await admin.assets.upload('image', png, { filename: 'fixture.png' })
  const file = await admin.assets.upload('file', Buffer.from('%PDF-1.4 fuzz fixture'), { filename: 'fixture.pdf', contentType: 'application/pdf' })
  imageFile = image.url.split('/').pop()!
  fileFile = file.url.split('/').pop()!
  await admin
    .transaction()
    .createOrReplace({ _id: 'author-1', _type: 'author', name: 'Ada Reporter' })
    .createOrReplace({ _id: 'article-1', _type: 'article', title: 'Rain over Hackney', slug: { current: 'rain' }, author: { _type: 'reference', _ref: 'author-1' }, tags: ['weather'] })
    .createOrReplace({ _id: 'article-2', _type: 'article', title: 'Bridges', body: [{ _type: 'block', _key: 'k1', children: [{ _type: 'span', _key: 's1', text: 'Over the river' }] }] })
    .createOrReplace({ _id: 'article-3', _type: 'article', title: 'Markets', mainImage: { _type: 'image', asset: { _type: 'reference', _ref: image._id } } })
    .createOrReplace({ _id: 'drafts.article-1', _type: 'article', title: 'Rain over Hackney (draft)' })
    .createOrReplace({ _id: 'drafts.article-4', _type: 'article', title: 'Unpublished' })
    .commit()
})

afterAll(async () => {
  await service?.stop()
  if (staticDir) rmSync(staticDir, { recursive: true, force: true })
})

// --- Requests and the property every answer must have -------------------------------------------

/** A request with a deadline; the label says what was sent, for the failure message. */
async function send(path: string, init: RequestInit = {}): Promise<RawResponse & { label: string }> {
  const label = `${init.method ?? 'GET'} ${path.length > 300 ? `${path.slice(0, 300)}…` : path}`
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), ANSWER_WITHIN_MS)
  try {
    const res = await raw(`${service.url}${path}`, { redirect: 'manual', ...init, signal: controller.signal })
    return { ...res, label }
  } catch (error) {
    if (controller.signal.aborted) throw new Error(`${label}: no complete answer within ${ANSWER_WITHIN_MS} ms`, { cause: error })
    throw new Error(`${label}: ${(error as Error).message}`, { cause: error })
  } finally {
    clearTimeout(timer)
  }
}

function expectErrorShape(res: RawResponse & { label: string }): void {
  const context = `${res.label} -> ${res.status} ${res.text.slice(0, 300)}`
  expect(res.headers.get('content-type') ?? '', context).toMatch(/^application\/json\b/i)
  expect(res.json, context).toBeTypeOf('object')
  const body = (res.json ?? {}) as { error?: unknown; message?: unknown }
  const typed = typeof body.error === 'object' && body.error !== null && typeof (body.error as { description?: unknown }).description === 'string'
  const boom = typeof body.error === 'string' && typeof body.message === 'string'
  expect(typed || boom, `not an error body of the protocol: ${context}`).toBe(true)
}

/** The property: no 5xx, and every refusal of the API is a JSON error in the protocol's shape. */
function expectSound(res: RawResponse & { label: string }, fromApi = true): void {
  expect(res.status, `${res.label} -> ${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(500)
  if (fromApi && res.status >= 300) expectErrorShape(res)
}

/**
 * fc.assert, with the counterexample made readable: a value nested thousands of levels deep
 * prints as one enormous line, so long runs of a repeated piece are written as the piece and a count.
 */
async function check<T extends [unknown, ...unknown[]]>(property: fc.IAsyncPropertyWithHooks<T>, numRuns = RUNS): Promise<void> {
  try {
    await fc.assert(property, { numRuns })
  } catch (error) {
    if (error instanceof Error) error.message = error.message.replace(/([^]{1,12}?)\1{15,}/g, (run, piece: string) => `⟨${piece}⟩×${run.length / piece.length}`).slice(0, 6000)
    throw error
  }
}

// --- Arbitraries ----------------------------------------------------------------------------------

/**
 * JSON text nested exactly `depth` levels, in arrays, objects or both. Built as text: a value this
 * deep would overflow the stack of JSON.stringify in the test itself.
 */
function nested(depth: number, kind: 'array' | 'object' | 'mixed', leaf = '1'): string {
  let open = ''
  let close = ''
  for (let i = 0; i < depth; i++) {
    const array = kind === 'array' || (kind === 'mixed' && i % 2 === 0)
    open += array ? '[' : '{"a":'
    close = (array ? ']' : '}') + close
  }
  return open + leaf + close
}

/** An object's JSON text from the JSON texts of its members. */
const objectText = (members: Record<string, string>): string => `{${Object.entries(members).map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`

/** Depths either side of any sensible limit, and far beyond the stack. */
const depth = fc.oneof(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 90, max: 110 }), fc.integer({ min: 1000, max: 6000 }))
const deepText = fc
  .tuple(depth, fc.constantFrom('array' as const, 'object' as const, 'mixed' as const), fc.oneof(fc.integer(), fc.string({ maxLength: 4 }), fc.constant(null)))
  .map(([d, kind, leaf]) => nested(d, kind, JSON.stringify(leaf)))

/** Random JSON trees, of irregular shape. */
const { tree } = fc.letrec<{ tree: unknown }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null)),
    fc.array(tie('tree'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('_id', '_type', '_key', '_ref', '__proto__', 'constructor')), tie('tree'), { maxKeys: 4 }),
  ),
}))
const treeText = tree.map((v) => JSON.stringify(v))

/** The JSON text of any value: a random tree, a deep one, or a huge string. */
const anyJson = fc.oneof({ weight: 3, arbitrary: treeText }, { weight: 2, arbitrary: deepText }, { weight: 1, arbitrary: fc.string({ minLength: 10_000, maxLength: 200_000 }).map((s) => JSON.stringify(s)) })

/** JSON text of a string. */
const stringText = (arb: fc.Arbitrary<string>) => arb.map((v) => JSON.stringify(v))
/** JSON text of an object with some of the given members (each member's arbitrary gives JSON text). */
const recordText = (model: Record<string, fc.Arbitrary<string>>) => fc.record(model, { requiredKeys: [] }).map((m) => objectText(m as Record<string, string>))
const dictionaryText = (key: fc.Arbitrary<string>, value: fc.Arbitrary<string>, maxKeys = 2) => fc.dictionary(key, value, { maxKeys }).map(objectText)
const arrayText = (item: fc.Arbitrary<string>, maxLength = 3) => fc.array(item, { maxLength }).map((items) => `[${items.join(',')}]`)

/** Body text: JSON of every shape, truncated JSON, and text that is not JSON at all. */
const jsonText = fc.oneof(
  anyJson,
  fc.json({ maxDepth: 3 }),
  fc.json({ maxDepth: 3 }).chain((text) => fc.nat({ max: Math.max(0, text.length - 1) }).map((n) => text.slice(0, n))),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', 'null', '[]', '{}', '{"query":', '\u0000', '1e999', '"\\ud800"'),
)

const goodVersion = fc.constantFrom('1', 'X', '2021-03-25', '2023-05-03', '2025-02-19')
const dataset = fc.oneof({ weight: 5, arbitrary: fc.constant('production') }, fc.constantFrom('scratch', 'nope', '~x', '%E0%A4%A', '%00', 'a'.repeat(70)), fc.string({ maxLength: 10 }).map(encodeURIComponent))

/** Path segments: well encoded random text, raw reserved characters and broken percent-escapes. */
const segment = fc.oneof(
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
  fc.string({ unit: 'grapheme', maxLength: 10 }).map(encodeURIComponent),
  fc.stringMatching(/^[\w%.,~!$&'()*+;=:@-]{0,20}$/),
  fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '%2F', '..', '.', '', 'a,b', ',,,'),
)

const groq = fc.oneof(
  fc.constantFrom(
    '*',
    '*[_type == "article"]',
    '*[_type == $type]{title, "author": author->name}',
    '*[_id in $ids]',
    'count(*)',
    '*[_type == "article"] | order(title asc)[0...2]',
    '*[$start...$end]',
    '$p',
    '[$p, $q]',
    'identity()',
    '*[',
    '*[_type == "article"',
    '',
    '   ',
  ),
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  depth.map((d) => `${'('.repeat(d)}1${')'.repeat(d)}`),
  depth.map((d) => `${'['.repeat(d)}${']'.repeat(d)}`),
)

const paramName = fc.oneof(fc.constantFrom('p', 'q', 'type', 'ids', 'start', 'end'), fc.string({ maxLength: 8 }))
/** A `$param` value as sent in a URL: JSON (maybe deep) or anything else. */
const paramText = fc.oneof(treeText, deepText, fc.string({ maxLength: 30 }), fc.constantFrom('', '"unterminated', '[1,', 'undefined', 'NaN'))

/** Encodes for a query string but leaves brackets and braces raw: a deep `[[[…]]]` stays inside Node's header limit, as the client's own URLs do. */
const queryEncode = (s: string): string => encodeURIComponent(s).replace(/%5B/g, '[').replace(/%5D/g, ']').replace(/%7B/g, '{').replace(/%7D/g, '}').replace(/%2C/g, ',').replace(/%3A/g, ':')

const queryOptions = fc.record(
  {
    perspective: fc.oneof(fc.constantFrom('published', 'drafts', 'previewDrafts', 'raw', 'rABC,drafts', ''), fc.string({ maxLength: 10 })),
    returnQuery: fc.constantFrom('false', 'true', 'x'),
    resultSourceMap: fc.constantFrom('true', 'withKeyArraySelector'),
    tag: fc.string({ maxLength: 10 }),
  },
  { requiredKeys: [] },
)

const authHeader = fc.oneof(
  fc.constant(undefined),
  fc.constant('valid'),
  fc.constantFrom('Bearer', 'Bearer ', 'bearer x', 'Basic YWRtaW46YWRtaW4=', 'Bearer a b', 'Bearer \u00ff', 'Token abc'),
  // Header values must be bytes without CR, LF or NUL, or fetch refuses to send them.
  fc.string({ unit: 'binary-ascii', maxLength: 40 }).map((s) => `Bearer ${s.replace(/[^\x20-\x7e]/g, '')}`),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
)
const authorization = (value: string | undefined): Record<string, string> => (value === undefined ? {} : { authorization: value === 'valid' ? `Bearer ${token}` : value })

// --- The reproduced failures, checked by name -----------------------------------------------------

describe('reproduced failures', () => {
  const deepParam = nested(5000, 'array')

  it('query params nested 5,000 deep are a 400, in a GET and in a POST', async () => {
    const get = await send(`/v2023-05-03/data/query/production?query=${queryEncode('$p')}&$p=${deepParam}`)
    expect(get.status, get.text.slice(0, 300)).toBe(400)
    expectErrorShape(get)
    expect(get.text).toMatch(/nested deeper than \d+ levels/)
    const post = await send('/v2023-05-03/data/query/production', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"query":"*","params":{"p":${deepParam}}}`,
    })
    expect(post.status, post.text.slice(0, 300)).toBe(400)
    expectErrorShape(post)
    expect(post.text).toMatch(/nested deeper than \d+ levels/)
  })

  it('a document nested 5,000 deep is a 400 on a dry-run mutation', async () => {
    const res = await send('/v2023-05-03/data/mutate/production?dryRun=true', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: `{"mutations":[{"create":{"_id":"deep","_type":"note","body":${nested(5000, 'object')}}}]}`,
    })
    expect(res.status, res.text.slice(0, 300)).toBe(400)
    expectErrorShape(res)
    expect(res.text).toMatch(/nested deeper than \d+ levels/)
  })

  it('a patch path 5,000 deep cannot build a document deeper than the limit', async () => {
    const res = await send('/v2023-05-03/data/mutate/production?dryRun=true', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ mutations: [{ patch: { id: 'article-1', set: { [Array(5000).fill('a').join('.')]: 1 } } }] }),
    })
    expect(res.status, res.text.slice(0, 300)).toBe(400)
    expectErrorShape(res)
  })

  it('patches within the bounds of a body cannot stack a document past the limit', async () => {
    const path = Array(60).fill('a').join('.')
    const res = await send('/v2023-05-03/data/mutate/production?dryRun=true', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: `{"mutations":[{"patch":{"id":"article-1","set":{"${path}":${nested(90, 'array')}}}}]}`,
    })
    expect(res.status, res.text.slice(0, 300)).toBe(400)
    expectErrorShape(res)
    expect(res.text).toMatch(/nested deeper than \d+ levels/)
  })

  it('documents as deep as real content are accepted', async () => {
    const res = await send('/v2023-05-03/data/mutate/production?dryRun=true', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: `{"mutations":[{"create":{"_id":"nested","_type":"note","body":${nested(50, 'mixed')}}}]}`,
    })
    expect(res.status, res.text.slice(0, 300)).toBe(200)
  })

  it('a bad API version is the API JSON error, not the app', async () => {
    for (const path of ['/v0/data/query/production?query=*', '/vfoo/data/query/production?query=*', '/v/data/query/production?query=*', '/v2/ping', '/vX1/data/doc/production/a']) {
      const res = await send(path)
      expect(res.status, `${path}: ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400)
      expectSound(res)
    }
  })

  it('the app keeps its own paths that start with v', async () => {
    for (const path of ['/videos', '/video-journal', '/videos/']) {
      const res = await send(path)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/)
    }
  })
})

// --- The properties, one per endpoint --------------------------------------------------------------

describe('no input gets a 5xx or a non-JSON error', () => {
  it('GET query', async () => {
    await check(
      fc.asyncProperty(goodVersion, dataset, groq, fc.array(fc.tuple(paramName, paramText), { maxLength: 3 }), queryOptions, authHeader, async (version, ds, q, params, options, auth) => {
        const parts = [`query=${queryEncode(q)}`, ...params.map(([name, value]) => `${queryEncode(`$${name}`)}=${queryEncode(value)}`), ...Object.entries(options).map(([k, v]) => `${k}=${queryEncode(v)}`)]
        const path = `/v${version}/data/query/${ds}?${parts.join('&')}`
        fc.pre(path.length <= MAX_URL)
        expectSound(await send(path, { headers: authorization(auth) }))
      }),
    )
  })

  it('POST query', async () => {
    const body = fc.oneof(
      recordText({ query: fc.oneof(stringText(groq), anyJson), params: fc.oneof(dictionaryText(paramName, anyJson, 3), anyJson) }),
      jsonText,
    )
    await check(
      fc.asyncProperty(goodVersion, dataset, body, queryOptions, fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', ''), async (version, ds, text, options, contentType) => {
        const search = new URLSearchParams(options as Record<string, string>).toString()
        expectSound(await send(`/v${version}/data/query/${ds}?${search}`, { method: 'POST', headers: contentType ? { 'content-type': contentType } : {}, body: text }))
      }),
    )
  })

  it('mutate', async () => {
    const id = fc.oneof(stringText(fc.oneof(fc.constantFrom(...fixtureIds, 'drafts.', 'versions.r1.article-1', 'a..b', ''), fc.string({ maxLength: 12 }))), fc.json({ maxDepth: 1 }))
    const path = fc.oneof(
      fc.constantFrom('title', 'tags[-1]', 'tags[0:2]', 'body[0]', 'body[_key=="k1"].children[0].text', 'a.b.c', '_id', '_type', 'tags[', 'x[_key=="', '[0]'),
      fc.string({ maxLength: 20 }),
      depth.map((d) => Array(d).fill('a').join('.')),
      depth.map((d) => `tags${'[0]'.repeat(d)}`),
    )
    const doc = recordText({
      _id: id,
      _type: fc.oneof(fc.constant('"article"'), fc.json({ maxDepth: 1 })),
      title: stringText(fc.string()),
      tags: arrayText(stringText(fc.string({ maxLength: 5 }))),
      body: anyJson,
    })
    const patch = recordText({
      id,
      query: stringText(groq),
      params: fc.oneof(dictionaryText(paramName, treeText), anyJson),
      ifRevisionID: stringText(fc.string({ maxLength: 10 })),
      set: fc.oneof(dictionaryText(path, anyJson), anyJson),
      setIfMissing: dictionaryText(path, anyJson),
      unset: fc.oneof(arrayText(stringText(path), 2), anyJson),
      inc: dictionaryText(path, fc.oneof(fc.integer().map(String), fc.double({ noNaN: true, noDefaultInfinity: true }).map(String), treeText)),
      dec: dictionaryText(path, fc.oneof(fc.integer().map(String), treeText)),
      insert: fc.oneof(recordText({ before: stringText(path), after: stringText(path), replace: stringText(path), items: fc.oneof(arrayText(anyJson, 2), anyJson) }), anyJson),
      diffMatchPatch: dictionaryText(path, fc.oneof(stringText(fc.string({ maxLength: 30 })), fc.constant(JSON.stringify('@@ -1,4 +1,4 @@\n-Rain\n+Snow\n ')), treeText)),
    })
    const mutation = fc.oneof(
      recordText({ create: doc }),
      recordText({ createOrReplace: doc }),
      recordText({ createIfNotExists: doc }),
      recordText({ delete: recordText({ id, query: stringText(groq), params: treeText }) }),
      recordText({ patch }),
      treeText,
    )
    const body = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.tuple(arrayText(mutation), fc.option(fc.oneof(stringText(fc.string({ maxLength: 10 })), treeText), { nil: undefined })).map(([mutations, transactionId]) =>
          objectText(transactionId === undefined ? { mutations } : { mutations, transactionId }),
        ),
      },
      { weight: 1, arbitrary: jsonText },
    )
    await check(
      fc.asyncProperty(goodVersion, fc.constantFrom('production', 'scratch', 'nope'), body, fc.boolean(), fc.boolean(), fc.oneof({ weight: 4, arbitrary: fc.constant('valid') }, authHeader), async (version, ds, text, dryRun, returnDocuments, auth) => {
        // Only the scratch dataset is really written to; production keeps its fixtures.
        const query = `returnIds=true${dryRun || ds !== 'scratch' ? '&dryRun=true' : ''}${returnDocuments ? '&returnDocuments=true' : ''}`
        expectSound(await send(`/v${version}/data/mutate/${ds}?${query}`, { method: 'POST', headers: { 'content-type': 'application/json', ...authorization(auth) }, body: text }))
      }),
    )
  })

  it('doc', async () => {
    const ids = fc.array(fc.oneof(fc.constantFrom(...fixtureIds), segment), { minLength: 0, maxLength: 5 }).map((list) => list.join(','))
    await check(
      fc.asyncProperty(goodVersion, dataset, ids, fc.constantFrom('', '?excludeContent=true', '?tag=x'), authHeader, async (version, ds, list, search, auth) => {
        expectSound(await send(`/v${version}/data/doc/${ds}/${list}${search}`, { headers: authorization(auth) }))
      }),
    )
  })

  it('listen: a 200 event stream that opens with welcome or channelError, or a JSON error', async () => {
    const options = fc.record(
      {
        includeResult: fc.constantFrom('true', 'false', 'x'),
        includePreviousRevision: fc.constantFrom('true', 'false'),
        includeMutations: fc.constantFrom('false', 'true'),
        includeAllVersions: fc.constantFrom('true', ''),
        visibility: fc.oneof(fc.constantFrom('query', 'transaction'), fc.string({ maxLength: 5 })),
        effectFormat: fc.constantFrom('mendoza', 'x'),
        enableResume: fc.constantFrom('true'),
      },
      { requiredKeys: [] },
    )
    await check(
      fc.asyncProperty(goodVersion, dataset, fc.option(groq, { nil: undefined }), fc.array(fc.tuple(paramName, paramText), { maxLength: 3 }), options, authHeader, async (version, ds, q, params, opts, auth) => {
        const parts = [...(q === undefined ? [] : [`query=${queryEncode(q)}`]), ...params.map(([name, value]) => `${queryEncode(`$${name}`)}=${queryEncode(value)}`), ...Object.entries(opts).map(([k, v]) => `${k}=${queryEncode(v)}`)]
        const path = `/v${version}/data/listen/${ds}?${parts.join('&')}`
        fc.pre(path.length <= MAX_URL)
        await expectListenSound(path, { accept: 'text/event-stream', ...authorization(auth) })
      }),
    )
  })

  it('asset uploads', async () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 2048 }).map((b) => Buffer.from(b)),
      // A real PNG, cut short or with bytes overwritten: past the format sniffing, into the decoder.
      fc.nat().map((n) => png.subarray(0, n % (png.length + 1))),
      fc.tuple(fc.nat(), fc.uint8Array({ minLength: 1, maxLength: 16 })).map(([at, junk]) => {
        const copy = Buffer.from(png)
        copy.set(junk, Math.min(at % copy.length, copy.length - junk.length))
        return copy
      }),
      fc.constantFrom(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0"/>'), Buffer.from('<svg'), Buffer.from('GIF89a'), Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(0)),
    )
    const meta = fc.record({ filename: segment, label: segment, title: segment, description: segment, creditLine: segment, sourceId: segment, sourceName: segment, sourceUrl: segment }, { requiredKeys: [] })
    const contentType = fc.oneof(fc.constantFrom('image/png', 'application/pdf', 'application/octet-stream', 'text/html', '', 'image/svg+xml', 'x/y; charset=ü'), fc.string({ unit: 'binary-ascii', maxLength: 20 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')))
    await check(
      fc.asyncProperty(goodVersion, fc.constantFrom('images', 'files'), fc.constantFrom('production', 'scratch', 'nope'), bytes, meta, contentType, fc.oneof({ weight: 4, arbitrary: fc.constant('valid') }, authHeader), async (version, kind, ds, body, m, type, auth) => {
        const search = Object.entries(m).map(([k, v]) => `${k}=${v}`).join('&')
        const headers: Record<string, string> = { ...authorization(auth), ...(type ? { 'content-type': type } : {}) }
        expectSound(await send(`/v${version}/assets/${kind}/${ds}?${search}`, { method: 'POST', headers, body: new Uint8Array(body) }))
      }),
    )
  })

  it('images and files', async () => {
    const imageParam = fc.tuple(
      fc.oneof(fc.constantFrom('w', 'h', 'rect', 'fit', 'crop', 'fm', 'q', 'dpr', 'bg', 'blur', 'flip', 'or', 'sat', 'invert', 'auto', 'dl', 'fp-x', 'fp-y', 'min-w', 'max-h'), fc.string({ maxLength: 5 })),
      fc.oneof(
        fc.integer({ min: -10, max: 10_000 }).map(String),
        fc.double().map(String),
        fc.constantFrom('', 'NaN', 'Infinity', '-0', '1e308', '0,0,0,0', '10,10,5,5', '-1,0,5,5', '0,0,99999,99999', 'max', 'crop', 'top,left', 'focalpoint', 'format', 'webp', 'avif', 'hv', 'fff', 'zzz', '0.5'),
        fc.string({ maxLength: 10 }),
      ),
    )
    const file = fc.oneof(fc.constant('image'), fc.constant('file'), segment)
    await check(
      fc.asyncProperty(
        fc.constantFrom('images', 'files'),
        fc.oneof({ weight: 4, arbitrary: fc.constant(service.config.projectId) }, segment),
        dataset,
        file,
        fc.option(segment, { nil: undefined }),
        fc.array(imageParam, { maxLength: 5 }),
        fc.constantFrom('image/avif,image/webp,*/*', '*/*', 'text/html', ''),
        fc.constantFrom('GET', 'HEAD'),
        async (area, project, ds, name, vanity, params, accept, method) => {
          const target = name === 'image' ? imageFile : name === 'file' ? fileFile : name
          const search = params.map(([k, v]) => `${queryEncode(k)}=${queryEncode(v)}`).join('&')
          const res = await send(`/${area}/${project}/${ds}/${target}${vanity === undefined ? '' : `/${vanity}`}?${search}`, { method, headers: accept ? { accept } : {} })
          // A HEAD answer has no body to check the shape of.
          if (method === 'HEAD') expect(res.status, res.label).toBeLessThan(500)
          else expectSound(res)
        },
      ),
    )
  })

  it('auth: login with random bodies', async () => {
    const body = fc.oneof(
      recordText({ email: fc.oneof(stringText(fc.string({ maxLength: 20 })), fc.constant('"admin@resonance.test"'), anyJson), password: fc.oneof(stringText(fc.string({ maxLength: 20 })), anyJson) }),
      jsonText,
    )
    await check(
      fc.asyncProperty(body, fc.constantFrom('application/json', 'text/plain', ''), async (text, type) => {
        expectSound(await send('/auth/login', { method: 'POST', headers: type ? { 'content-type': type } : {}, body: text }))
      }),
      // Each sign-in costs a deliberate scrypt hash.
      Math.ceil(RUNS / 2),
    )
  })

  it('auth: me, logout, config and unknown actions with random Authorization headers', async () => {
    const action = fc.oneof(fc.constantFrom('me', 'logout', 'config', 'login', ''), segment)
    // The valid token is never sent to logout: that would sign the rest of the test out.
    const request = fc.tuple(action, fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'), authHeader).filter(([a, , auth]) => !(a === 'logout' && auth === 'valid'))
    await check(
      fc.asyncProperty(request, async ([name, method, auth]) => {
        expectSound(await send(`/auth/${name}`, { method, headers: authorization(auth) }))
      }),
    )
  })

  it("a newsletter preview's address with a random token: a 404 page under the sandboxed policy, never a preview", async () => {
    const token = fc.oneof(
      fc.string({ maxLength: 600 }),
      // Shaped like a signed link: a base64url body naming a preview, and a made-up signature.
      fc.tuple(fc.constantFrom('preview', 'unsubscribe', 'confirm'), fc.string({ maxLength: 40 }), fc.string({ maxLength: 60 })).map(
        ([purpose, id, signature]) => `${Buffer.from(`${purpose}.${id}.0`).toString('base64url')}.${Buffer.from(signature).toString('base64url')}`,
      ),
    )
    await check(
      fc.asyncProperty(token, async (value) => {
        const res = await send(`/newsletters/preview?token=${encodeURIComponent(value)}`)
        expect(res.status, res.label).toBe(404)
        expect(res.headers.get('content-security-policy'), res.label).toMatch(/^default-src 'none';.*; sandbox$/)
        expect(res.text, res.label).toContain("This preview's address has expired or is not valid.")
      }),
    )
  })

  it('random API versions and random paths under /v…', async () => {
    const version = fc.oneof(goodVersion, segment, fc.stringMatching(/^\d{0,4}(-\d{0,2}){0,3}$/), fc.constantFrom('', 'x', 'X1', '2023-13-45', '1.0', '0'))
    const rest = fc.oneof(
      fc.constantFrom('data/query/production?query=*', 'data/mutate/production', 'data/doc/production/article-1', 'data/listen/production?query=*', 'assets/images/production', 'ping', 'check/cors', 'data', 'data/query', 'users/me', ''),
      fc.array(segment, { maxLength: 4 }).map((s) => s.join('/')),
    )
    // A preflight from an origin not in CORS_ORIGINS is refused, in JSON like any refusal.
    const origin = fc.option(fc.constantFrom('http://localhost:5173', 'http://evil.example', 'null'), { nil: undefined })
    await check(
      fc.asyncProperty(version, rest, fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'), jsonText, authHeader, origin, async (v, r, method, body, auth, from) => {
        const path = `/v${v}/${r}`
        const pathname = new URL(path, 'http://x').pathname
        const headers = { 'content-type': 'application/json', accept: 'application/json', ...authorization(auth), ...(from ? { origin: from } : {}) }
        const init: RequestInit = { method, headers, ...(method === 'GET' || method === 'OPTIONS' ? {} : { body }) }
        if (/^\/v[^/]*\/data\/listen\//.test(pathname) && method === 'GET') return expectListenSound(path, { accept: 'text/event-stream', ...authorization(auth) })
        const res = await send(path, init)
        expectSound(res, ownedByApi(pathname))
        // The API answers every path it owns in JSON, success or not (an OPTIONS preflight has no body).
        if (ownedByApi(pathname) && method !== 'OPTIONS') expectJson(res)
      }),
      RUNS * 2,
    )
  })

  it('raw request targets, as fetch would never send them', async () => {
    const printable = fc.stringMatching(/^[!-~]{0,30}$/)
    const target = fc.oneof(
      fc.tuple(fc.constantFrom('/', '//', '///', '/v1/', '//v1/', '/v/', '/v1/data/query/production?query=', '/images/', '/auth/', '/./', '/../', '/%', 'http://x/', 'http://[', '*', ''), printable).map(([head, tail]) => head + tail),
      printable.map((tail) => `/${tail}`),
      fc.constantFrom('//', '//[', '//:99999/v1/ping', '//a@/v1/ping', '//%zz', '/\\\\', '//v1/data/query/production?query=*'),
    ).filter((t) => t !== '')
    await check(
      fc.asyncProperty(target, fc.constantFrom('GET', 'POST', 'OPTIONS'), async (t, method) => {
        const res = await rawRequest(`${method} ${t} HTTP/1.1\r\nHost: fuzz\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`, `${method} ${t}`)
        expect(res.status, `${res.label}: no HTTP answer`).toBeGreaterThanOrEqual(100)
        const path = t.startsWith('/') ? t.split('?')[0]! : '/'
        expectSound(res, ownedByApi(path) || /^\/(?:auth|images|files)\//.test(path))
      }),
    )
  })
})

/** One request written byte for byte to a socket, for targets no URL parser would produce. */
function rawRequest(request: string, label: string): Promise<RawResponse & { label: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(service.port, '127.0.0.1')
    const chunks: Buffer[] = []
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`${label}: no complete answer within ${ANSWER_WITHIN_MS} ms`))
    }, ANSWER_WITHIN_MS)
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('error', (error) => {
      clearTimeout(timer)
      reject(new Error(`${label}: ${error.message}`, { cause: error }))
    })
    socket.on('end', () => {
      clearTimeout(timer)
      const text = Buffer.concat(chunks).toString('utf8')
      const at = text.indexOf('\r\n\r\n')
      const lines = text.slice(0, at < 0 ? text.length : at).split('\r\n')
      const headers = new Headers()
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(':')
        if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim())
      }
      const body = at < 0 ? '' : text.slice(at + 4)
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(lines[0] ?? '')?.[1] ?? 0), headers, text: body, json: jsonOrUndefined(body), label })
    })
    // Written, not ended: Node drops a request whose client half-closes before the answer is ready.
    socket.write(request)
  })
}

/**
 * The paths the API owns, as the protocol's clients build them: a first segment that is or looks
 * like an API version (`v1`, `vX`, `v2023-05-03`, `v`, `v0`, `vx…`), or any `/v…/` path into
 * one of the API's areas. Other paths starting with v (`/videos`) are the app's.
 */
function ownedByApi(pathname: string): boolean {
  return /^\/v(?:[\dxX][^/]*)?(?:\/|$)/.test(pathname) || /^\/v[^/]*\/(?:data|assets|check|ping)(?:\/|$)/.test(pathname)
}

/** Opens a listen stream, reads up to its first event and closes it. */
async function expectListenSound(path: string, headers: Record<string, string>): Promise<void> {
  const label = `GET ${path.length > 300 ? `${path.slice(0, 300)}…` : path}`
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), ANSWER_WITHIN_MS)
  try {
    const res = await fetch(`${service.url}${path}`, { headers, signal: controller.signal })
    if (res.status !== 200) {
      expectSound({ ...(await readRaw(res)), label })
      return
    }
    expect(res.headers.get('content-type') ?? '', label).toMatch(/^\s*text\/event-stream\s*(;|$)/i)
    const reader = res.body!.getReader()
    const decoder = new TextDecoder()
    let text = ''
    for (;;) {
      const { value, done } = await reader.read()
      if (value) text += decoder.decode(value, { stream: true })
      // Only CR and LF end a line of an event stream: a query's U+2028 quoted in an error's data is
      // still on its line, where a regex's `.` would stop at it.
      const first = /^event: (\S+)\n(?:id: [^\r\n]*\n)?data: ([^\r\n]*)\n\n/m.exec(text)
      if (first) {
        expect(['welcome', 'channelError'], `${label}: first event ${first[1]}`).toContain(first[1])
        expect(() => JSON.parse(first[2]!), `${label}: event data is not JSON: ${first[2]!.slice(0, 200)}`).not.toThrow()
        return
      }
      if (done) throw new Error(`${label}: the stream ended without an event: ${JSON.stringify(text.slice(0, 300))}`)
    }
  } catch (error) {
    if (controller.signal.aborted) throw new Error(`${label}: no first event within ${ANSWER_WITHIN_MS} ms`, { cause: error })
    throw error
  } finally {
    clearTimeout(timer)
    controller.abort()
  }
}
