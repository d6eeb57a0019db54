// What the admin's History panel and Recently deleted list need of the service, on a real service
// through the real @sanity/client: who the identities are, which articles were deleted (an article
// and its draft as one, with its last revision, gone only while neither exists), a revision restored
// by the form's own guarded save as a new revision on top, and a deleted article recreated as a draft.

import type { Mutation, SanityClient } from '@sanity/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saveMutations } from '../../src/content/admin/articleForm/transaction.ts'
import { articleHistoryIds, parseTransactions, recreateMutations, restoreInput, shownArticle } from '../../src/content/admin/history.ts'
import type { StoredArticle } from '../../src/content/admin/articleForm/document.ts'
import { startTestService, testAdmin, type TestService } from '../support/service.ts'
import { expectErrorBody, raw, rejection } from './helpers.ts'

let service: TestService
let admin: SanityClient
let token: string
let robotToken: string

const article = (id: string, title: string, slug: string) => ({
  _id: id,
  _type: 'article',
  title,
  slug: { _type: 'slug', current: slug },
  body: [{ _type: 'block', _key: 'b1', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's1', text: `${title} body`, marks: [] }] }],
})

const get = (path: string, auth: string | null = token) => raw(`${service.url}${path}`, auth ? { headers: { authorization: `Bearer ${auth}` } } : undefined)
const deleted = async () => {
  const res = await get('/v2025-02-19/data/history/production/deleted?type=article')
  expect(res.status, res.text.slice(0, 300)).toBe(200)
  return res.json.documents as Array<{ id: string; deletedAt: string; deletedBy: string; deletedByEmail: string | null; document: StoredArticle }>
}
const revisions = async (id: string) =>
  parseTransactions(await admin.request<string>({ uri: `/data/history/production/transactions/${articleHistoryIds(id).join(',')}?excludeContent=true&reverse=true` }))
const current = (id: string) => admin.fetch<StoredArticle[]>(`*[_id in $ids]`, { ids: articleHistoryIds(id) })

beforeAll(async () => {
  service = await startTestService()
  token = await service.adminToken()
  robotToken = service.auth.createRobotToken('editor', 'restore-test', 3600)
  admin = service.client({ token, apiVersion: '2025-02-19' })
})

afterAll(async () => {
  await service?.stop()
})

describe('who the identities are', () => {
  it('names a user by email and leaves an API token without one, for signed-in callers only', async () => {
    const adminId = service.auth.authenticate(token).id
    const robotId = service.auth.authenticate(robotToken).id
    const res = await get(`/newsroom/identities/${adminId},${robotId}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.json.identities).toEqual([
      { id: adminId, email: testAdmin.email },
      { id: robotId, email: null },
    ])
    expectErrorBody(await get(`/newsroom/identities/${adminId}`, null), 401)
  })
})

describe('Recently deleted', () => {
  it('lists a deleted article once, with its last revision (the draft edited after publishing) and who deleted it', async () => {
    await admin.create(article('gone-1', 'Gone story', 'gone-story'))
    await admin.create(article('drafts.gone-1', 'Gone story, edited', 'gone-story'))
    await admin.create(article('kept-1', 'Kept story', 'kept-story'))
    await admin.transaction().delete('gone-1').delete('drafts.gone-1').commit()
    const list = await deleted()
    expect(list.map((d) => d.id)).toEqual(['gone-1'])
    expect(list[0]).toMatchObject({ deletedByEmail: testAdmin.email, document: { _id: 'drafts.gone-1', title: 'Gone story, edited' } })
    expect(Date.now() - Date.parse(list[0]!.deletedAt)).toBeLessThan(60_000)
  })

  it('leaves out a draft deleted by publishing, and documents of other types', async () => {
    await admin.create(article('drafts.pub-1', 'To publish', 'to-publish'))
    const draft = await admin.getDocument('drafts.pub-1')
    await admin.transaction().create({ ...draft!, _id: 'pub-1' }).delete('drafts.pub-1').commit()
    await admin.create({ _id: 'author-gone', _type: 'author', name: 'A. Writer' })
    await admin.delete('author-gone')
    expect((await deleted()).map((d) => d.id)).toEqual(['gone-1'])
    const all = await get('/v2025-02-19/data/history/production/deleted')
    expect((all.json.documents as Array<{ id: string }>).map((d) => d.id)).toEqual(['author-gone', 'gone-1'])
  })

  it('brings an article back as a draft, which readers do not see, and lists it no more', async () => {
    const entry = (await deleted()).find((d) => d.id === 'gone-1')!
    await admin.mutate(recreateMutations(entry.id, entry.document) as Mutation[])
    const restored = await admin.getDocument('drafts.gone-1')
    expect(restored).toMatchObject({ _type: 'article', title: 'Gone story, edited', slug: { current: 'gone-story' } })
    expect(await admin.getDocument('gone-1')).toBeUndefined()
    expect(await service.client().fetch(`*[_id match "*gone-1"]`)).toEqual([])
    expect((await deleted()).map((d) => d.id)).toEqual([])
    // Restoring twice is refused: the draft exists now.
    const error = await rejection(admin.mutate(recreateMutations(entry.id, entry.document) as Mutation[]))
    expect(error.statusCode).toBe(409)
  })

  it('is refused to anonymous readers and answers a bad type in the protocol’s shape', async () => {
    expectErrorBody(await get('/v2025-02-19/data/history/production/deleted', null), 401)
    expectErrorBody(await get('/v2025-02-19/data/history/production/deleted?type=a%20b'), 400)
  })
})

describe('restoring a revision', () => {
  it('writes the revision’s content as a new revision on top, keeping the article published', async () => {
    await admin.create(article('story-r', 'First title', 'story-r'))
    const first = (await revisions('story-r'))[0]!
    await admin.patch('story-r').set({ title: 'Second title', excerpt: 'Added later' }).commit()
    expect((await revisions('story-r')).length).toBe(2)

    const [atFirst] = await admin.request<{ documents: StoredArticle[] }>({ uri: `/data/history/production/documents/story-r?revision=${first.id}` }).then((b) => b.documents)
    const now = await current('story-r')
    await admin.mutate(saveMutations(restoreInput('story-r', atFirst!, now)) as Mutation[])

    const after = shownArticle(await current('story-r'), 'story-r')!
    expect(after).toMatchObject({ _id: 'story-r', title: 'First title' })
    expect(after.excerpt).toBeUndefined()
    expect((after.body as Array<{ children: Array<{ text: string }> }>)[0]!.children[0]!.text).toBe('First title body')
    const listed = await revisions('story-r')
    expect(listed).toHaveLength(3)
    expect(listed[0]!.id).toBe(after._rev)
    expect(listed[2]!.id).toBe(first.id)
  })

  it('changes nothing when someone saved the article after the panel compared it', async () => {
    const first = (await revisions('story-r')).at(-1)!
    const [atFirst] = await admin.request<{ documents: StoredArticle[] }>({ uri: `/data/history/production/documents/story-r?revision=${first.id}` }).then((b) => b.documents)
    const compared = await current('story-r')
    await admin.patch('story-r').set({ title: 'Saved meanwhile' }).commit()
    const error = await rejection(admin.mutate(saveMutations(restoreInput('story-r', atFirst!, compared)) as Mutation[]))
    expect(error.statusCode).toBe(409)
    expect((await admin.getDocument('story-r'))!.title).toBe('Saved meanwhile')
  })
})
