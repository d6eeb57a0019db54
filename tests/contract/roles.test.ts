// The contributor role, enforced by the service (server/http/data.ts assertMayWrite): drafts of
// articles and image uploads, never a published document, an author or a category, nor the
// newsroom's mail; anonymous readers and viewers still write nothing.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClientError, type SanityClient } from '@sanity/client'
import { taxonomyRefusal } from '../../src/content/admin/authorsAndCategories.ts'
import { startTestService, type TestService } from '../support/service.ts'
import { expectErrorBody, raw, rejection, solidPng } from './helpers.ts'

let service: TestService
let admin: SanityClient
let contributor: SanityClient
let contributorToken: string

const contributorLogin = { email: 'writer@resonance.test', password: 'a contributor password' }

beforeAll(async () => {
  service = await startTestService()
  admin = service.client({ token: await service.adminToken() })
  await service.auth.upsertUser(contributorLogin.email, contributorLogin.password, 'contributor')
  const res = await raw(`${service.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(contributorLogin) })
  expect(res.status).toBe(200)
  expect(res.json.user.role).toBe('contributor')
  contributorToken = res.json.access_token
  contributor = service.client({ token: contributorToken })
  await admin
    .transaction()
    .createOrReplace({ _id: 'story', _type: 'article', title: 'Published story' })
    .createOrReplace({ _id: 'author-1', _type: 'author', name: 'Priya Raman' })
    .createOrReplace({ _id: 'category-1', _type: 'category', title: 'UK' })
    .commit()
})

afterAll(async () => {
  await service?.stop()
})

/** Asserts the protocol's 403 insufficientPermissions error, naming the permission and the mutation refused. */
function expectRefused(error: unknown, permission: string, index = 0): void {
  expect(error).toBeInstanceOf(ClientError)
  const e = error as ClientError & { details: { items: Array<{ index: number; error: { type: string; permission: string } }> } }
  expect(e.statusCode).toBe(403)
  expect(e.message).toContain(`Insufficient permissions; permission "${permission}" required`)
  expect(e.details.items[0]).toMatchObject({ index, error: { type: 'insufficientPermissionsError', permission } })
}

describe('a contributor', () => {
  it('writes, changes and deletes drafts of articles', async () => {
    const created = await contributor.create({ _id: 'drafts.new-story', _type: 'article', title: 'A draft' })
    expect(created._id).toBe('drafts.new-story')
    await contributor.patch('drafts.new-story').set({ title: 'A better draft' }).commit()
    // A draft of a published article: changes waiting for an editor.
    await contributor.createOrReplace({ _id: 'drafts.story', _type: 'article', title: 'Published story, edited' })
    expect(await admin.fetch('*[_id in ["drafts.new-story", "drafts.story"]] | order(_id) .title')).toEqual(['A better draft', 'Published story, edited'])
    await contributor.delete('drafts.new-story')
    expect(await admin.getDocument('drafts.new-story')).toBeUndefined()
  })

  it('uploads images', async () => {
    const asset = await contributor.assets.upload('image', await solidPng(40, 30), { filename: 'photo.png' })
    expect(asset._type).toBe('sanity.imageAsset')
  })

  it('cannot publish: creating or replacing a published article is refused and changes nothing', async () => {
    expectRefused(await rejection(contributor.create({ _id: 'sneaky', _type: 'article', title: 'Published by a contributor' })), 'create')
    expectRefused(await rejection(contributor.createOrReplace({ _id: 'story', _type: 'article', title: 'Overwritten' })), 'create')
    // Without an id the service would choose a published one.
    expectRefused(await rejection(contributor.create({ _type: 'article', title: 'No id' })), 'create')
    expect(await admin.getDocument('sneaky')).toBeUndefined()
    expect((await admin.getDocument('story'))?.title).toBe('Published story')
  })

  it('cannot publish a draft in the same transaction that saves it: the whole transaction is refused', async () => {
    const error = await rejection(
      contributor
        .transaction()
        .createOrReplace({ _id: 'drafts.story', _type: 'article', title: 'Draft' })
        .createOrReplace({ _id: 'story', _type: 'article', title: 'Published at once' })
        .commit(),
    )
    expectRefused(error, 'create', 1)
    expect((await admin.getDocument('story'))?.title).toBe('Published story')
  })

  it('cannot unpublish or delete a published document, nor patch one', async () => {
    expectRefused(await rejection(contributor.delete('story')), 'delete')
    expectRefused(await rejection(contributor.patch('story').set({ title: 'Changed' }).commit()), 'update')
    expect((await admin.getDocument('story'))?.title).toBe('Published story')
  })

  it('cannot patch or delete by query, which could reach a published document', async () => {
    const byQuery = (mutation: unknown) =>
      raw(`${service.url}/v2023-05-03/data/mutate/${service.config.dataset}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${contributorToken}` },
        body: JSON.stringify({ mutations: [mutation] }),
      })
    const patch = await byQuery({ patch: { query: '*[_type == "article"]', set: { isLeadStory: false } } })
    expectErrorBody(patch, 403)
    expect(patch.json.error.items[0].error.permission).toBe('update')
    // Even a query that happens to select only drafts today.
    const remove = await byQuery({ delete: { query: '*[_id in path("drafts.**")]' } })
    expectErrorBody(remove, 403)
    expect(remove.json.error.items[0].error.permission).toBe('delete')
    expect(await admin.getDocument('story')).toBeDefined()
  })

  it('cannot touch authors or categories, drafts of them included', async () => {
    expectRefused(await rejection(contributor.patch('author-1').set({ name: 'Renamed' }).commit()), 'update')
    expectRefused(await rejection(contributor.create({ _id: 'drafts.author-2', _type: 'author', name: 'New author' })), 'create')
    expectRefused(await rejection(contributor.create({ _id: 'drafts.category-2', _type: 'category', title: 'New' })), 'create')
    expectRefused(await rejection(contributor.delete('category-1')), 'delete')
    // The Authors and Categories pages say the refusal in words, not the transaction's wrapper.
    expect(taxonomyRefusal('author', await rejection(contributor.patch('author-1').set({ name: 'Renamed' }).commit()))).toBe('Your role may not change authors.')
    expect(taxonomyRefusal('category', await rejection(contributor.delete('category-1')))).toBe('Your role may not change categories.')
    // A draft id that names an author already there is not an article's.
    await admin.createOrReplace({ _id: 'drafts.author-1', _type: 'author', name: 'Draft of an author' })
    expectRefused(await rejection(contributor.delete('drafts.author-1')), 'delete')
    expectRefused(await rejection(contributor.createOrReplace({ _id: 'drafts.author-1', _type: 'article', title: 'Hijack' })), 'create')
    expect(await admin.fetch('*[_type in ["author", "category"]] | order(_id) ._id')).toEqual(['author-1', 'category-1', 'drafts.author-1'])
  })

  it('cannot read what readers send the newsroom, nor manage people', async () => {
    const headers = { authorization: `Bearer ${contributorToken}` }
    expectErrorBody(await raw(`${service.url}/newsroom/inbox`, { headers }), 403)
    expectErrorBody(await raw(`${service.url}/newsroom/subscribers`, { headers }), 403)
    expectErrorBody(await raw(`${service.url}/auth/users`, { headers }), 403)
  })

  it('reads the schedules, but cannot make, change, run or cancel one', async () => {
    const headers = { authorization: `Bearer ${contributorToken}`, 'content-type': 'application/json' }
    const base = `${service.url}/v2022-04-01/schedules/${service.config.projectId}/${service.config.dataset}`
    const listed = await raw(base, { headers })
    expect(listed.status).toBe(200)
    expect(listed.json).toEqual({ schedules: [] })
    const executeAt = new Date(Date.now() + 3_600_000).toISOString()
    expectErrorBody(await raw(base, { method: 'POST', headers, body: JSON.stringify({ documents: [{ documentId: 'story' }], executeAt, name: 'Publish' }) }), 403)
  })

  it('reads drafts, as every signed-in principal does', async () => {
    expect(await contributor.fetch('*[_id == "drafts.story"][0].title')).toBe('Published story, edited')
  })
})

describe('others are refused as before', () => {
  it('an anonymous write, even of a draft, is refused', async () => {
    expectRefused(await rejection(service.client().create({ _id: 'drafts.anon', _type: 'article', title: 'x' })), 'create')
  })

  it('a viewer writes nothing, not even a draft', async () => {
    const viewer = service.client({ token: service.auth.createRobotToken('viewer', 'roles test', null) })
    expectRefused(await rejection(viewer.create({ _id: 'drafts.viewer', _type: 'article', title: 'x' })), 'create')
    expectRefused(await rejection(viewer.delete('drafts.story')), 'delete')
    expect(await admin.getDocument('drafts.viewer')).toBeUndefined()
  })

  it('an editor still publishes and deletes', async () => {
    const editor = service.client({ token: service.auth.createRobotToken('editor', 'roles test', null) })
    await editor.createOrReplace({ _id: 'edited', _type: 'article', title: 'By an editor' })
    await editor.delete('edited')
    expect(await admin.getDocument('edited')).toBeUndefined()
  })
})
