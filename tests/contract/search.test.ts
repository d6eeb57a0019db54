// The /search page's search endpoint (server/http/search.ts) on a real service: what readers find
// and when, its filters and ranking, and bad input. docs/decisions/022-search-index.md.

import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { searchWords, type IndexSearchResult, type TextPart } from '../../shared/search.ts'
import type { Mutation } from '../../server/store/mutations.ts'
import { startTestService, type TestService } from '../support/service.ts'
import { parse } from 'groq-js'
import { groqAnswer, visibleInIdOrder } from '../../server/query/groqOracle.testing.ts'
import { searchRequest } from '../../src/content/search/search.ts'
import { articleListQuery } from '../../src/content/admin/articleList.ts'
import { expectErrorBody, raw, requestFrom, waitFor, type RawResponse } from './helpers.ts'

let service: TestService

function block(text: string) {
  return { _type: 'block', _key: text.slice(0, 6).replace(/\W/g, 'k') || 'k', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's', text, marks: [] }] }
}

function article(id: string, title: string, publishedAt: string, extra: Record<string, unknown> = {}) {
  return { _id: id, _type: 'article', title, slug: { _type: 'slug', current: id.replace(/^drafts\./, '') }, publishedAt, ...extra }
}

const inUk = { categories: [{ _type: 'reference', _ref: 'cat-news', _key: 'a' }, { _type: 'reference', _ref: 'cat-uk', _key: 'b' }] }
const inSport = { categories: [{ _type: 'reference', _ref: 'cat-sport', _key: 'a' }] }

beforeAll(async () => {
  // A long wait for a worker: on a busy machine a reader's search waits behind the flood below rather than being turned away.
  service = await startTestService({ QUERY_TIMEOUT_MS: '1000', QUERY_QUEUE: '16', QUERY_WORKERS: '2', QUERY_QUEUE_WAIT_MS: '30000' })
  await waitFor(() => service.pool.allReady, 'every query worker ready', 30_000)
  await commit([
    { createOrReplace: { _id: 'cat-uk', _type: 'category', title: 'UK', slug: { _type: 'slug', current: 'uk' }, kind: 'section' } },
    { createOrReplace: { _id: 'cat-sport', _type: 'category', title: 'Sport', slug: { _type: 'slug', current: 'sport' }, kind: 'section' } },
    { createOrReplace: { _id: 'cat-news', _type: 'category', title: 'News', slug: { _type: 'slug', current: 'news' }, kind: 'desk' } },
    { createOrReplace: article('barrier', 'Thames Barrier closed as surge tide threatens homes', '2026-11-20T10:00:00Z', { excerpt: '<p>The Environment Agency raised the <b>barrier</b> overnight.</p>', ...inUk }) },
    { createOrReplace: article('path', 'Walking the Thames Path from source to sea', '2026-11-25T10:00:00Z', { excerpt: 'Two weeks following the river.', body: [block('You reach the Thames Barrier and a river almost half a mile wide.')] }) },
    { createOrReplace: article('tube', 'Tube drivers to strike for two days', '2026-10-02T08:00:00Z', { excerpt: 'Talks have broken down.', ...inUk }) },
    { createOrReplace: article('derby', 'A London derby to remember', '2026-09-15T19:00:00Z', { body: [block('The cost of living was far from the fans\u2019 minds.')], ...inSport }) },
    { createOrReplace: article('filler', 'Markets close higher', '2026-08-01T09:00:00Z', { body: [block('Living costs of the city weigh on traders.')] }) },
    // Not for readers: a draft, and an article without an address.
    { createOrReplace: article('drafts.secret', 'Secret plans for the Thames', '2026-11-26T10:00:00Z') },
    { createOrReplace: { _id: 'no-slug', _type: 'article', title: 'Thames swimmers', publishedAt: '2026-11-21T09:00:00Z' } },
    ...Array.from({ length: 60 }, (_, n): Mutation => ({ createOrReplace: { _id: `h${n}`, _type: 'hostile', n, filler: 'x'.repeat(500) } })),
  ])
})

afterAll(async () => {
  await service?.stop()
})

async function commit(mutations: Mutation[]): Promise<void> {
  await service.store.commit(service.config.dataset, mutations)
}

function searchPath(params: Record<string, string>): string {
  return `/v2023-05-03/search/${service.config.dataset}?${new URLSearchParams(params).toString()}`
}

async function search(q: string, filters: Record<string, string> = {}): Promise<IndexSearchResult> {
  const res = await raw(`${service.url}${searchPath({ q, ...filters })}`)
  expect(res.status, res.text.slice(0, 300)).toBe(200)
  return (res.json as { result: IndexSearchResult }).result
}

const ids = async (q: string, filters: Record<string, string> = {}) => (await search(q, filters)).hits.map((hit) => hit._id)
const marked = (parts: TextPart[]) => parts.filter((part) => part.match).map((part) => part.text)

describe('what readers find', () => {
  it('finds word forms, and puts the story with every word in its title first', async () => {
    expect(await ids('striking')).toEqual(['tube'])
    expect(await ids('strikes')).toEqual(['tube'])
    expect(await ids('Thames Barrier')).toEqual(['barrier', 'path'])
  })

  it('leaves common words out unless they are quoted, and says which', async () => {
    expect(await search('the')).toEqual({ total: 0, moreThanTotal: false, ranked: 0, hits: [], ignored: ['the'] })
    const withCommon = await search('the barrier')
    expect(withCommon.ignored).toEqual(['the'])
    expect(withCommon.hits.map((hit) => hit._id)).toEqual(['barrier', 'path'])
  })

  it('finds a quoted phrase only where its words stand together', async () => {
    expect(await ids('"cost of living"')).toEqual(['derby'])
    expect((await ids('cost living')).sort()).toEqual(['derby', 'filler'])
  })

  it('marks the matched words in the title and the text, as plain text', async () => {
    const [barrier, path] = (await search('barrier')).hits
    expect(marked(barrier!.title)).toEqual(['Barrier'])
    expect(barrier!.title.map((part) => part.text).join('')).toBe('Thames Barrier closed as surge tide threatens homes')
    // The excerpt's HTML is gone: what comes back is text to show, never markup.
    expect(barrier!.text.map((part) => part.text).join('')).toBe('The Environment Agency raised the barrier overnight.')
    expect(marked(barrier!.text)).toEqual(['barrier'])
    // Where the excerpt lacks the words, the passage of the body that has them.
    expect(marked(path!.text)).toEqual(['Barrier'])
    expect(path!.title.map((part) => part.text).join('')).toBe('Walking the Thames Path from source to sea')
    expect(barrier).toMatchObject({ slug: 'barrier', section: 'UK', publishedAt: '2026-11-20T10:00:00.000Z' })
  })

  it('filters by section and by publication date, inclusive', async () => {
    expect(await ids('thames', { section: 'uk' })).toEqual(['barrier'])
    expect(await ids('thames', { section: 'sport' })).toEqual([])
    expect(await ids('thames', { section: 'nowhere' })).toEqual([])
    expect(await ids('thames', { from: '2026-11-21' })).toEqual(['path'])
    expect(await ids('thames', { to: '2026-11-20' })).toEqual(['barrier'])
    expect(await ids('thames', { from: '2026-11-20', to: '2026-11-20' })).toEqual(['barrier'])
  })

  it('never finds a draft or an article without an address', async () => {
    expect(await ids('secret')).toEqual([])
    expect(await ids('swimmers')).toEqual([])
  })
})

describe('the index follows every write at once', () => {
  it('finds a published story once its publish is acknowledged, and not its draft\u2019s words', async () => {
    await commit([{ createOrReplace: article('drafts.ferry', 'Ferry fares frozen', '2026-11-27T08:00:00Z') }])
    expect(await ids('ferry')).toEqual([])
    await commit([{ createOrReplace: article('ferry', 'Ferry fares frozen', '2026-11-27T08:00:00Z') }, { delete: { id: 'drafts.ferry' } }])
    expect(await ids('ferry')).toEqual(['ferry'])
    await commit([{ createOrReplace: article('drafts.ferry', 'Ferry fares frozen until spring', '2026-11-27T08:00:00Z') }])
    expect(await ids('spring')).toEqual([])
  })

  it('finds a corrected title by its new words, and no longer by the old ones', async () => {
    await commit([{ createOrReplace: article('council', 'Council budget vote delayed', '2026-11-27T09:00:00Z') }])
    expect(await ids('delayed')).toEqual(['council'])
    await commit([{ patch: { id: 'council', set: { title: 'Council budget vote postponed' } } }])
    expect(await ids('postponed')).toEqual(['council'])
    expect(await ids('delayed')).toEqual([])
  })

  it('drops an unpublished story and a deleted one at once', async () => {
    await commit([
      { createOrReplace: article('pier', 'Pier reopens', '2026-11-27T10:00:00Z') },
      { createOrReplace: article('lido', 'Lido reopens', '2026-11-27T11:00:00Z') },
    ])
    expect((await ids('reopens')).sort()).toEqual(['lido', 'pier'])
    // Unpublished: the published document goes, its text stays as a draft.
    await commit([{ createOrReplace: article('drafts.pier', 'Pier reopens', '2026-11-27T10:00:00Z') }, { delete: { id: 'pier' } }])
    expect(await ids('reopens')).toEqual(['lido'])
    await commit([{ delete: { id: 'lido' } }])
    expect(await ids('reopens')).toEqual([])
  })
})

describe('bad input', () => {
  it('refuses what cannot be searched for with a JSON error saying why', async () => {
    const refusals: Array<[Record<string, string>, RegExp]> = [
      [{ q: 'x'.repeat(10_000) }, /longer than 1,000 characters/],
      [{ q: Array.from({ length: 17 }, (_, n) => `word${n}`).join(' ') }, /at most 16 words/],
      [{ q: 'thames', section: '../uk' }, /section's slug/],
      [{ q: 'thames', from: '2026-02-30' }, /YYYY-MM-DD/],
      [{ q: 'thames', from: '2026-11-21', to: '2026-11-20' }, /on or before/],
      [{ q: 'thames', page: '0' }, /whole number from 1 to 50/],
      [{ q: 'thames', page: 'two' }, /whole number/],
    ]
    for (const [params, message] of refusals) {
      const res = await raw(`${service.url}${searchPath(params)}`)
      expectErrorBody(res, 400)
      expect((res.json as { error: { type: string; description: string } }).error).toMatchObject({ type: 'searchError', description: expect.stringMatching(message) })
    }
    expectErrorBody(await raw(`${service.url}/v2023-05-03/search/nowhere?q=thames`), 404)
  })

  it('searches for index syntax as words: the answer is that of the words alone', async () => {
    // FTS5 operators, column filters, prefixes, brackets, control characters and the marks' own characters.
    const syntax = fc.constantFrom('AND', 'OR', 'NOT', 'NEAR', 'NEAR(', 'title:', '{title}:', 'body :', '*', '-', '^', '(', ')', '+', ':', '\u0000', '\u0007', '\n', '\uE000', '\uE001', '\\', "'", ';', 'thames', 'barrier', 'strike', 'of', 'living')
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(syntax, fc.string({ maxLength: 6 })), { maxLength: 12 }), async (pieces) => {
        // Quotes are the one syntax a reader has (phrases); every other character is a word or a space.
        const text = pieces.join(' ').replace(/["“”„‟«»]/g, ' ')
        const res = await raw(`${service.url}${searchPath({ q: text })}`)
        if (res.status === 400) {
          expectErrorBody(res, 400)
          return
        }
        expect(res.status, res.text.slice(0, 300)).toBe(200)
        const plain = await search(searchWords(text).join(' '))
        expect((res.json as { result: IndexSearchResult }).result).toEqual(plain)
      }),
      { numRuns: 60 },
    )
  })

  it('answers any text, quotes included, with results or a JSON error, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ unit: fc.constantFrom('"', '“', ' ', 'a', '*', '(', 'NEAR'), maxLength: 40 })), async (text) => {
        const res = await raw(`${service.url}${searchPath({ q: text })}`)
        if (res.status === 200) expect((res.json as { result: IndexSearchResult }).result.hits).toBeInstanceOf(Array)
        else expectErrorBody(res, 400)
      }),
      { numRuns: 80 },
    )
  })
})

describe("GROQ's match, answered from the match index (decision 037)", () => {
  // Index syntax of every kind, a 10,000-character word, control characters and this paper's words.
  const hostile = fc.constantFrom('"', "'", '*', '-', '+', '^', ':', 'title:', '{title}:', 'AND', 'OR', 'NOT', 'NEAR', 'NEAR(', '(', ')', '[', ']', '\u0000', '\u0007', '\n', 'x'.repeat(10_000), 'thames', 'Barrier', 'thame*', 'liv*', 'secret', '3.5')
  const text = fc.oneof(fc.array(fc.oneof(hostile, fc.string({ maxLength: 6 })), { maxLength: 8 }).map((parts) => parts.join(' ')), fc.string({ unit: 'binary', maxLength: 100 }))

  it("answers any pattern, for a reader and in the admin's title search, as groq-js does over the same documents, never with a 5xx", async () => {
    const token = await service.adminToken()
    const reader = service.client({ perspective: 'published' })
    const editor = service.client({ token, perspective: 'raw' })
    const docs = [...service.store.dataset(service.config.dataset).docs.values()]
    const published = visibleInIdOrder(docs, 'anonymous')
    const raw = visibleInIdOrder(docs, 'raw')
    await fc.assert(
      fc.asyncProperty(text, async (q) => {
        // The /search page's GROQ query (match and score()), as a reader's browser sends it on a hosted project.
        const { query, params } = searchRequest({ q, page: 1 })
        expect(await reader.fetch(query, params)).toEqual(await groqAnswer(parse(query, { params }), published, params))
        // The admin's title search: each word the editor typed as the start of a title word.
        const list = articleListQuery({ q })
        const byId = new Map(raw.map((d) => [d._id, d]))
        expect(await editor.fetch(list.query, list.params)).toEqual(await groqAnswer(parse(list.query, { params: list.params }), raw, list.params, byId))
      }),
      { numRuns: 40 },
    )
  }, 120_000)
})

/** A GET from a chosen loopback address, so the service sees a different client. */
function getFrom(address: string, path: string): Promise<RawResponse> {
  return requestFrom(`${service.url}${path}`, { localAddress: address })
}

describe('a client over its share of the queue', () => {
  it('gets its JSON error for a search, while another reader\u2019s search is answered', async () => {
    const slow = (n: number) => `/v2023-05-03/data/query/${service.config.dataset}?query=${encodeURIComponent(`count(*[count(*[count(*[count(*) >= 0]) >= 0]) >= 0]) + ${n}`)}`
    // QUERY_QUEUE=16 lets each client keep two waiting; these slow queries fill the workers and that share.
    const flood = Array.from({ length: 8 }, (_, n) => getFrom('127.0.0.8', slow(n)))
    flood.forEach((p) => p.catch(() => {}))
    // A refusal of the flood says its share of the queue is full; its queries hold it for a second each.
    await new Promise<void>((resolve) => flood.forEach((p) => p.then((res) => res.status === 503 && resolve(), () => {})))
    // Searches no one has made yet, so no answer is kept from before.
    const own = await getFrom('127.0.0.8', searchPath({ q: 'surge tide' }))
    expectErrorBody(own, 503)
    const other = await getFrom('127.0.0.9', searchPath({ q: 'overnight' }))
    expect(other.status).toBe(200)
    expect((other.json as { result: IndexSearchResult }).result.hits.map((hit) => hit._id)).toEqual(['barrier'])
    await Promise.all(flood)
  })
})
