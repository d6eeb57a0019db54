// Perspectives and draft visibility (docs/content-api.md §4, §7, §9) through @sanity/client.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SanityClient } from '@sanity/client'
import { startTestService, type TestService } from '../support/service.ts'
import { expectErrorBody, raw } from './helpers.ts'

let service: TestService
let token: string
let anon: SanityClient
let admin: SanityClient
const ids = '*[_type == "post"] | order(_id asc)._id'

beforeAll(async () => {
  service = await startTestService()
  token = await service.adminToken()
  admin = service.client({ token })
  anon = service.client()
  await admin
    .transaction()
    .createOrReplace({ _id: 'writer', _type: 'person', name: 'Published Writer' })
    .createOrReplace({ _id: 'drafts.writer', _type: 'person', name: 'Draft Writer' })
    .createOrReplace({ _id: 'post-a', _type: 'post', title: 'A published', author: { _type: 'reference', _ref: 'writer' } })
    .createOrReplace({ _id: 'drafts.post-a', _type: 'post', title: 'A draft', author: { _type: 'reference', _ref: 'writer' } })
    .createOrReplace({ _id: 'drafts.post-b', _type: 'post', title: 'B draft only' })
    .createOrReplace({ _id: 'post-c', _type: 'post', title: 'C published only' })
    .createOrReplace({ _id: 'private.post-d', _type: 'post', title: 'D private path' })
    .commit()
})

afterAll(async () => {
  await service?.stop()
})

describe('anonymous reads', () => {
  it('never see drafts.* or other dotted ids, whatever perspective is asked for', async () => {
    expect(await anon.fetch(ids)).toEqual(['post-a', 'post-c'])
    expect(await anon.fetch(ids, {}, { perspective: 'raw' })).toEqual(['post-a', 'post-c'])
    expect(await anon.fetch(ids, {}, { perspective: 'drafts' })).toEqual(['post-a', 'post-c'])
    expect(await anon.fetch(ids, {}, { perspective: 'published' })).toEqual(['post-a', 'post-c'])
    expect(await service.client({ perspective: 'raw' }).fetch('count(*[_id in path("drafts.**")])')).toBe(0)
  })

  it('in the drafts perspective get published values, not the draft overlay', async () => {
    const a = await anon.fetch('*[_id == "post-a"][0]{title, "author": author->name}', {}, { perspective: 'drafts' })
    expect(a).toEqual({ title: 'A published', author: 'Published Writer' })
  })

  it('cannot look a draft up by id or by reference', async () => {
    expect(await anon.fetch('*[_id == "drafts.post-a"][0]', {}, { perspective: 'raw' })).toBeNull()
    expect(await anon.fetch('{"r": {"_ref": "drafts.writer"}}.r->name', {}, { perspective: 'raw' })).toBeNull()
  })
})

describe('token reads', () => {
  it('with perspective raw see every stored document, drafts included', async () => {
    expect(await admin.fetch(ids, {}, { perspective: 'raw' })).toEqual(['drafts.post-a', 'drafts.post-b', 'post-a', 'post-c', 'private.post-d'])
    const draft = await admin.fetch('*[_id == "drafts.post-a"][0]', {}, { perspective: 'raw' })
    expect(draft).toMatchObject({ _id: 'drafts.post-a', title: 'A draft' })
    expect(draft).not.toHaveProperty('_originalId')
  })

  it('with perspective drafts overlay each draft over its published document and set _originalId', async () => {
    const rows = await admin.fetch('*[_type == "post"] | order(_id asc){_id, _originalId, title}', {}, { perspective: 'drafts' })
    expect(rows).toEqual([
      { _id: 'post-a', _originalId: 'drafts.post-a', title: 'A draft' },
      { _id: 'post-b', _originalId: 'drafts.post-b', title: 'B draft only' },
      { _id: 'post-c', _originalId: 'post-c', title: 'C published only' },
      { _id: 'private.post-d', _originalId: 'private.post-d', title: 'D private path' },
    ])
  })

  it('with perspective drafts resolve -> through the same overlay', async () => {
    const a = await admin.fetch('*[_id == "post-a"][0]{"author": author->name}', {}, { perspective: 'drafts' })
    expect(a).toEqual({ author: 'Draft Writer' })
  })

  it('accept the deprecated previewDrafts alias and perspective stacks ending in drafts', async () => {
    const q = encodeURIComponent('*[_id == "post-a"][0].title')
    for (const perspective of ['previewDrafts', 'drafts', 'rSpring,drafts']) {
      const res = await raw(`${service.url}/v2023-05-03/data/query/production?query=${q}&perspective=${encodeURIComponent(perspective)}`, { headers: { authorization: `Bearer ${token}` } })
      expect(res.status, perspective).toBe(200)
      expect(res.json.result, perspective).toBe('A draft')
    }
  })

  it('with perspective published hide drafts and carry no _originalId', async () => {
    expect(await admin.fetch(ids, {}, { perspective: 'published' })).toEqual(['post-a', 'post-c', 'private.post-d'])
    const a = await admin.fetch('*[_id == "post-a"][0]{title, _originalId, "author": author->name}', {}, { perspective: 'published' })
    expect(a).toEqual({ title: 'A published', _originalId: null, author: 'Published Writer' })
  })

  it('default to published for apiVersion 2025-02-19 and to raw for older versions', async () => {
    const modern = service.client({ token, apiVersion: '2025-02-19' })
    expect(await modern.fetch(ids)).toEqual(['post-a', 'post-c', 'private.post-d'])
    const older = service.client({ token, apiVersion: '2023-05-03' })
    expect(await older.fetch(ids)).toEqual(['drafts.post-a', 'drafts.post-b', 'post-a', 'post-c', 'private.post-d'])
    // A perspective set in the client config is sent with every query.
    expect(await service.client({ token, apiVersion: '2025-02-19', perspective: 'drafts' }).fetch('*[_id == "post-b"][0].title')).toBe('B draft only')
  })

  it('pick up a draft written after an earlier read of the same perspective', async () => {
    const q = '*[_id == "post-c"][0].title'
    expect(await admin.fetch(q, {}, { perspective: 'drafts' })).toBe('C published only')
    await admin.createOrReplace({ _id: 'drafts.post-c', _type: 'post', title: 'C now drafted' })
    expect(await admin.fetch(q, {}, { perspective: 'drafts' })).toBe('C now drafted')
    expect(await admin.fetch(q, {}, { perspective: 'published' })).toBe('C published only')
    expect(await anon.fetch(q, {}, { perspective: 'drafts' })).toBe('C published only')
    await admin.delete('drafts.post-c')
    expect(await admin.fetch(q, {}, { perspective: 'drafts' })).toBe('C published only')
  })

  it('apply the perspective to a POSTed query too (perspective travels in the URL)', async () => {
    const big = 'p'.repeat(12_000)
    const q = '*[_id == "post-a" && length($big) > 0][0]{title, _originalId}'
    expect(await admin.fetch(q, { big }, { perspective: 'drafts' })).toEqual({ title: 'A draft', _originalId: 'drafts.post-a' })
    expect(await admin.fetch(q, { big }, { perspective: 'published' })).toEqual({ title: 'A published', _originalId: null })
    expect(await anon.fetch(q, { big }, { perspective: 'drafts' })).toEqual({ title: 'A published', _originalId: null })
  })

  it('show versions.* in raw only from apiVersion 2025-02-19 on, and never in published or drafts', async () => {
    await admin.createOrReplace({ _id: 'versions.rSpring.post-v', _type: 'post', title: 'V release version' })
    try {
      const versions = 'count(*[_id in path("versions.**")])'
      expect(await service.client({ token, apiVersion: '2025-02-19' }).fetch(versions, {}, { perspective: 'raw' })).toBe(1)
      expect(await service.client({ token, apiVersion: '2025-02-19' }).fetch(versions, {}, { perspective: 'published' })).toBe(0)
      expect(await service.client({ token, apiVersion: '2025-02-19' }).fetch('count(*[_id == "post-v"])', {}, { perspective: 'drafts' })).toBe(0)
      expect(await anon.fetch(versions, {}, { perspective: 'raw' })).toBe(0)
      expect(await service.client({ token, apiVersion: '2023-05-03' }).fetch(versions, {}, { perspective: 'raw' })).toBe(0)
    } finally {
      await admin.delete('versions.rSpring.post-v')
    }
  })

  it('an unknown perspective is a 400 JSON error', async () => {
    const res = await raw(`${service.url}/v2023-05-03/data/query/production?query=${encodeURIComponent('1')}&perspective=bogus`)
    expectErrorBody(res, 400)
  })
})

describe('the doc endpoint (getDocument / getDocuments)', () => {
  it('getDocument of a draft is undefined anonymously and the draft with a token', async () => {
    expect(await anon.getDocument('drafts.post-a')).toBeUndefined()
    const draft = await admin.getDocument('drafts.post-a')
    expect(draft).toMatchObject({ _id: 'drafts.post-a', _type: 'post', title: 'A draft' })
    expect(typeof draft!._rev).toBe('string')
  })

  it('getDocument of a published document works anonymously; of a missing id is undefined', async () => {
    expect(await anon.getDocument('post-a')).toMatchObject({ _id: 'post-a', title: 'A published' })
    expect(await anon.getDocument('no-such-document')).toBeUndefined()
  })

  it('getDocuments returns the documents in order with null for missing (or hidden) ids', async () => {
    const docs = await anon.getDocuments(['post-c', 'missing', 'post-a', 'drafts.post-a'])
    expect(docs.map((d) => d?._id ?? null)).toEqual(['post-c', null, 'post-a', null])
    const withToken = await admin.getDocuments(['drafts.post-b', 'missing'])
    expect(withToken.map((d) => d?._id ?? null)).toEqual(['drafts.post-b', null])
  })

  it('lists only found documents and gives reasons for the omitted ones (raw HTTP)', async () => {
    const res = await raw(`${service.url}/v2023-05-03/data/doc/production/post-a,missing,drafts.post-a`)
    expect(res.status).toBe(200)
    expect(res.json.documents.map((d: { _id: string }) => d._id)).toEqual(['post-a'])
    expect(res.json.omitted).toEqual(
      expect.arrayContaining([
        { id: 'missing', reason: 'existence' },
        { id: 'drafts.post-a', reason: 'permission' },
      ]),
    )
  })
})
