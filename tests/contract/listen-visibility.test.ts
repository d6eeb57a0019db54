// Drafts and release versions never reach an anonymous listener, in any field of any event,
// whatever the filter, the options, the perspective or the API version. Every kind of transaction
// an editor can send that touches a draft is tried while anonymous listeners of every shape are
// open; their raw streams are then searched for the draft's secret text and ids.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../support/service.ts'
import { rawListen, sleep, waitFor } from './helpers.ts'

let service: TestService
let token: string

const SECRET = 'EMBARGOED-7f3c'

beforeAll(async () => {
  service = await startTestService()
  token = await service.adminToken()
})

afterAll(async () => {
  await service?.stop()
})

interface Stream {
  name: string
  text: () => string
  close: () => void
}

/** An anonymous listen stream read as raw text, exactly as it arrives. */
async function listen(name: string, version: string, search: Record<string, string>): Promise<Stream> {
  return { name, ...(await rawListen(`${service.url}/v${version}/data/listen/production?${new URLSearchParams(search)}`, name)) }
}

const filters = ['*', '*[_type == "story"]', '*[_id in path("drafts.**")]', '*[_id in path("**")]', '*[title match "EMBARGOED*"]', '*[defined(_id)]']
const optionSets: Array<Record<string, string>> = [
  { includeResult: 'true' },
  { includeResult: 'true', includePreviousRevision: 'true' },
  { includeResult: 'true', includePreviousRevision: 'true', visibility: 'transaction' },
  { includeMutations: 'false', includePreviousRevision: 'true' },
  { includeResult: 'true', includeAllVersions: 'true' },
  { includeResult: 'true', perspective: 'drafts' },
  { includeResult: 'true', perspective: 'raw', includeAllVersions: 'true', includePreviousRevision: 'true' },
]
const versions = ['2021-06-07', '2023-05-03', '2025-02-19', 'X', '1']

describe('an anonymous listener', () => {
  it('never receives a draft or a version, in any event field, for any transaction an editor sends', async () => {
    const streams: Stream[] = []
    for (const version of versions) {
      for (const [f, query] of filters.entries()) {
        for (const [o, options] of optionSets.entries()) {
          streams.push(await listen(`v${version} filter ${f} options ${o}`, version, { query, ...options }))
        }
      }
    }
    const mutate = async (mutations: unknown[]) => {
      const res = await fetch(`${service.url}/v2025-02-19/data/mutate/production`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ mutations }),
      })
      expect(res.status, await res.clone().text()).toBe(200)
    }
    const secret = (n: number) => ({ title: `${SECRET} draft ${n}`, body: `${SECRET} body` })

    // Published stories the listeners may see change, beside every draft operation.
    await mutate([{ create: { _id: 's1', _type: 'story', title: 'Public one' } }, { create: { _id: 's2', _type: 'story', title: 'Public two' } }])
    // A draft created alone, then edited.
    await mutate([{ create: { _id: 'drafts.s1', _type: 'story', ...secret(1) } }])
    await mutate([{ patch: { id: 'drafts.s1', set: { title: `${SECRET} edited` } } }])
    // Unpublish and edit in one save: the published story goes, its draft arrives.
    await mutate([{ delete: { id: 's2' } }, { createOrReplace: { _id: 'drafts.s2', _type: 'story', ...secret(2) } }])
    // One transaction writing a published story and a draft.
    await mutate([{ patch: { id: 's1', set: { title: 'Public one, edited' } } }, { createOrReplace: { _id: 'drafts.s3', _type: 'story', ...secret(3) } }])
    // Patches and deletes by query whose query names drafts, across published and draft documents.
    await mutate([{ patch: { query: '*[_id in ["s1", "drafts.s1", "drafts.s3"]]', set: { tag: 'tagged' } } }])
    await mutate([{ patch: { query: '*[_id in $ids]', params: { ids: ['s1', 'drafts.s3'] }, setIfMissing: { note: 'n' }, unset: ['tag'] } }])
    // A release version and a private path.
    await mutate([{ createOrReplace: { _id: `versions.r${SECRET.slice(-4)}.s1`, _type: 'story', ...secret(4) } }, { createOrReplace: { _id: 'private.s5', _type: 'story', ...secret(5) } }])
    // Publishing a draft (the published text is public from then on) and deleting drafts by query.
    await mutate([{ delete: { id: 'drafts.s3' } }, { createOrReplace: { _id: 's3', _type: 'story', title: 'Now public' } }])
    await mutate([{ delete: { query: '*[_id in path("drafts.**")]' } }])
    await mutate([{ create: { _id: 's4', _type: 'story', title: 'Last' } }])

    // Each filter that matches published stories has heard of the last one, so every event before it has arrived too.
    for (const stream of streams) {
      if (/filter (0|1|3|5) /.test(stream.name)) await waitFor(() => stream.text().includes('"documentId":"s4"'), `${stream.name}: the last event`)
    }
    await sleep(200)
    for (const stream of streams) {
      const text = stream.text()
      expect(text, stream.name).not.toContain(SECRET)
      expect(text, stream.name).not.toContain('drafts.')
      expect(text, stream.name).not.toContain('versions.')
      expect(text, stream.name).not.toContain('private.')
      stream.close()
    }
    // The published events did arrive, with their own mutations (so the search above searched something).
    const all = streams.find((s) => s.name === 'v2023-05-03 filter 0 options 0')!.text()
    expect(all).toContain('"documentId":"s1"')
    expect(all).toContain('"documentId":"s2","transactionId"')
    expect(all).toContain('Public one, edited')
  })

  it('still gets the draft events a signed-in listener asked for', async () => {
    const controller = new AbortController()
    const res = await fetch(`${service.url}/v2023-05-03/data/listen/production?${new URLSearchParams({ query: '*[_type == "memo"]', includeResult: 'true' })}`, {
      signal: controller.signal,
      headers: { authorization: `Bearer ${token}` },
    })
    let text = ''
    const reader = res.body!.getReader()
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read()
          if (done) return
          text += new TextDecoder().decode(value)
        }
      } catch {
        // Aborted below.
      }
    })()
    await waitFor(() => text.includes('welcome'), 'welcome')
    await service.store.commit('production', [{ create: { _id: 'drafts.m1', _type: 'memo', title: `${SECRET} memo` } }])
    await waitFor(() => text.includes(`${SECRET} memo`), 'the draft event')
    controller.abort()
  })
})
