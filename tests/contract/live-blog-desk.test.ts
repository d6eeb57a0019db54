// The live blog desk's writes on a real service (src/content/admin/liveBlogDesk.ts): posts by two
// editors at once both kept, an edit or delete of an update someone changed since refused with the
// desk's conflict message and nothing written, the pin moved in one transaction (by the service, whatever the desk has loaded), a contributor's
// post a draft readers never see until a writer publishes it, and live coverage started and ended
// by a writer only, with a draft beside the live article still based on the version it was made from.

import type { SanityClient } from '@sanity/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  changeCoverage,
  deleteUpdate,
  deskMessages,
  deskUpdatesShown,
  DeskConflictError,
  editUpdate,
  loadDesk,
  refreshDesk,
  postUpdate,
  publishUpdate,
  type DeskDeps,
  type UpdateValues,
} from '../../src/content/admin/liveBlogDesk.ts'
import type { BodyNode } from '../../shared/schema.ts'
import { startTestService, type TestService } from '../support/service.ts'
import { raw, rejection } from './helpers.ts'

let service: TestService
let admin: SanityClient
let contributor: SanityClient
let editor: DeskDeps
let drafter: DeskDeps

const blogId = 'desk-blog'
const body = (text: string): BodyNode[] => [{ _type: 'block', _key: 'k1', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's1', text, marks: [] }] }]
const values = (text: string, fields: Partial<UpdateValues> = {}): UpdateValues => ({ headline: '', body: body(text), isKeyEvent: false, isPinned: false, authorId: 'desk-author', ...fields })
const readersSee = () =>
  service.client({ perspective: 'published' }).fetch<Array<{ _id: string; text: string; isPinned?: boolean }>>(
    '*[_type == "liveUpdate" && liveBlog._ref == $blog] | order(publishedAt desc){_id, "text": pt::text(body), isPinned}',
    { blog: blogId },
  )
const depsOf = (client: SanityClient): DeskDeps => ({
  fetch: (query, params) => client.fetch(query, params ?? {}),
  mutate: (mutations, options) => client.mutate(mutations as never, { ...options, returnDocuments: false }),
})

beforeAll(async () => {
  service = await startTestService()
  admin = service.client({ token: await service.adminToken() })
  const login = { email: 'desk-contributor@resonance.test', password: 'a contributor password' }
  await service.auth.upsertUser(login.email, login.password, 'contributor')
  const res = await raw(`${service.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(login) })
  contributor = service.client({ token: res.json.access_token })
  editor = depsOf(admin)
  drafter = depsOf(contributor)
  await admin.create({ _id: 'desk-author', _type: 'author', name: 'Nadia Rahman', slug: { _type: 'slug', current: 'nadia-rahman' } })
  await admin.create({ _id: blogId, _type: 'article', title: 'Storm over London', slug: { _type: 'slug', current: 'desk-storm' }, publishedAt: '2026-11-27T15:00:00.000Z', author: { _type: 'reference', _ref: 'desk-author' } })
})

afterAll(async () => {
  await service?.stop()
})

describe('the live blog desk on a real service', () => {
  it('starts live coverage for a writer only, keeping a draft beside the live article based on the version it was made from', async () => {
    const live = await admin.getDocument(blogId)
    await admin.create({ ...live!, _id: `drafts.${blogId}`, title: 'Storm over London: latest', basedOnRevision: live!._rev })
    let desk = await loadDesk(editor.fetch, blogId)
    expect(desk.blog).toMatchObject({ isLiveBlog: false, endedAt: null, title: 'Storm over London: latest', authorId: 'desk-author' })

    const refused = await rejection(changeCoverage(drafter, (await loadDesk(drafter.fetch, blogId)).blog, 'start'))
    expect(refused.message).toBe(deskMessages.forbidden)
    expect((await admin.getDocument(blogId))?.isLiveBlog).toBeUndefined()

    await changeCoverage(editor, desk.blog, 'start')
    const published = await admin.getDocument(blogId)
    const draft = await admin.getDocument(`drafts.${blogId}`)
    expect(published?.isLiveBlog).toBe(true)
    expect(draft).toMatchObject({ isLiveBlog: true, title: 'Storm over London: latest', basedOnRevision: published!._rev })
    desk = await loadDesk(editor.fetch, blogId)
    expect(desk.blog.isLiveBlog).toBe(true)

    // Someone saved the article after this desk loaded it: nothing is changed, and the desk says so.
    await admin.patch(blogId).set({ excerpt: 'Gusts of 70mph.' }).commit()
    const stale = await rejection(changeCoverage(editor, desk.blog, 'end'))
    expect(stale).toBeInstanceOf(DeskConflictError)
    expect(stale.message).toBe(deskMessages.coverageConflict)
    expect((await admin.getDocument(blogId))?.liveBlogEndedAt).toBeUndefined()
  })

  it('keeps both of two posts made at once, newest first, with their bylines', async () => {
    const other = depsOf(service.client({ token: await service.adminToken() }))
    await Promise.all([
      postUpdate(editor, { blog: blogId, values: values('Gusts of 68mph at Canary Wharf.', { headline: 'Strongest gust yet', isKeyEvent: true }), publish: true }),
      postUpdate(other, { blog: blogId, values: values('The Thames Barrier has closed.'), publish: true }),
    ])
    const after = await loadDesk(editor.fetch, blogId)
    expect(after.updates.map((u) => u.body[0] && 'children' in u.body[0] ? u.body[0].children[0]!.text : '').sort()).toEqual(['Gusts of 68mph at Canary Wharf.', 'The Thames Barrier has closed.'])
    expect(after.total).toBe(2)
    expect(after.updates.find((u) => u.headline === 'Strongest gust yet')).toMatchObject({ isKeyEvent: true, authorName: 'Nadia Rahman', draft: false })
    expect((await readersSee()).map((u) => u.text).sort()).toEqual(['Gusts of 68mph at Canary Wharf.', 'The Thames Barrier has closed.'])
  })

  it('refuses an edit or a delete of an update someone changed since it was shown, writing nothing', async () => {
    const desk = await loadDesk(editor.fetch, blogId)
    const shown = desk.updates.find((u) => u.headline === 'Strongest gust yet')!
    await editUpdate(editor, shown, values('Gusts of 70mph at Canary Wharf.', { headline: 'Strongest gust yet', isKeyEvent: true }))
    const edited = (await admin.getDocument(shown.id))!
    expect(edited).toMatchObject({ headline: 'Strongest gust yet', isKeyEvent: true })
    expect(typeof edited.updatedAt).toBe('string')

    // The same desk, still showing the old revision: its edit and its delete are refused.
    const conflict = await rejection(editUpdate(editor, shown, values('Gusts of 60mph.')))
    expect(conflict).toBeInstanceOf(DeskConflictError)
    expect(conflict.message).toBe(deskMessages.conflict)
    const deleteConflict = await rejection(deleteUpdate(editor, shown))
    expect(deleteConflict.message).toBe(deskMessages.deleteConflict)
    expect(await readersSee()).toContainEqual(expect.objectContaining({ _id: shown.id, text: 'Gusts of 70mph at Canary Wharf.' }))

    const fresh = (await loadDesk(editor.fetch, blogId)).updates.find((u) => u.id === shown.id)!
    await deleteUpdate(editor, fresh)
    expect(await admin.getDocument(shown.id)).toBeUndefined()
  })

  it('moves the pin: pinning one update unpins the other in the same transaction, even one the desk never loaded', async () => {
    await postUpdate(editor, { blog: blogId, values: values('Travel advice, kept up to date.', { isPinned: true }), publish: true })
    const written = await postUpdate(editor, { blog: blogId, values: values('Where to find shelter tonight.', { isPinned: true }), publish: true })
    expect((await readersSee()).filter((u) => u.isPinned).map((u) => u.text)).toEqual(['Where to find shelter tonight.'])
    // The ids the desk reads back include the update the service unpinned.
    const travelId = (await readersSee()).find((u) => u.text.startsWith('Travel'))!._id
    expect(written).toContain(travelId)

    const desk = await loadDesk(editor.fetch, blogId)
    const travel = desk.updates.find((u) => u.id === travelId)!
    await editUpdate(editor, travel, values('Travel advice, kept up to date.', { isPinned: true }))
    expect((await readersSee()).filter((u) => u.isPinned).map((u) => u.text)).toEqual(['Travel advice, kept up to date.'])

    // A long blog: its oldest update pinned, far below the newest the desk lists.
    const long = 'desk-long-blog'
    await admin.create({ _id: long, _type: 'article', title: 'A long night', slug: { _type: 'slug', current: 'desk-long-night' }, publishedAt: '2026-11-27T15:00:00.000Z', isLiveBlog: true })
    const start = Date.parse('2026-11-27T16:00:00Z')
    const old = Array.from({ length: deskUpdatesShown + 20 }, (_, n) => ({
      _id: `long-${n}`,
      _type: 'liveUpdate',
      liveBlog: { _type: 'reference', _ref: long },
      publishedAt: new Date(start + n * 60_000).toISOString(),
      isPinned: n === 0,
      body: body(`Update ${n}.`),
    }))
    await old.reduce((tx, doc) => tx.create(doc), admin.transaction()).commit()
    const longDesk = await loadDesk(editor.fetch, long)
    expect(longDesk.updates.some((u) => u.id === 'long-0')).toBe(false)
    const moved = await postUpdate(editor, { blog: long, values: values('The all-clear.', { isPinned: true }), publish: true })
    expect(moved).toContain('long-0')
    expect(await service.client({ perspective: 'published' }).fetch('*[_type == "liveUpdate" && liveBlog._ref == $blog && isPinned]{"text": pt::text(body)}', { blog: long })).toEqual([{ text: 'The all-clear.' }])

    // "Show older updates" adds the next ones after the list's end, as a whole read of more would list them.
    const shown = await loadDesk(editor.fetch, long)
    expect(shown).toMatchObject({ older: true, total: deskUpdatesShown + 21 })
    const more = await refreshDesk(editor.fetch, shown, [], true)
    expect(more.updates.map((u) => u.id)).toEqual((await loadDesk(editor.fetch, long, 2 * deskUpdatesShown)).updates.map((u) => u.id))
    expect(more).toMatchObject({ older: false, total: deskUpdatesShown + 21 })
    expect(more.updates.at(-1)?.id).toBe('long-0')
  })

  it("keeps a contributor's post a draft readers never see, which the contributor cannot publish and a writer does", async () => {
    await postUpdate(drafter, { blog: blogId, values: values('Trees down on the South Circular.'), publish: false })
    expect((await readersSee()).map((u) => u.text)).not.toContain('Trees down on the South Circular.')
    const desk = await loadDesk(drafter.fetch, blogId)
    const draft = desk.updates.find((u) => u.draft)!
    expect(draft).toMatchObject({ documentId: `drafts.${draft.id}` })

    // Tried through the API all the same: the service refuses it.
    const refused = await rejection(publishUpdate(drafter, blogId, draft))
    expect(refused.message).toBe(deskMessages.forbidden)
    expect((await readersSee()).map((u) => u.text)).not.toContain('Trees down on the South Circular.')

    const before = Date.now()
    await publishUpdate(editor, blogId, draft)
    const readers = await readersSee()
    expect(readers[0]).toMatchObject({ _id: draft.id, text: 'Trees down on the South Circular.' })
    expect(new Date(String((await admin.getDocument(draft.id))?.publishedAt)).getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(await admin.getDocument(draft.documentId)).toBeUndefined()
  })

  it("reads back only the updates a change names: another editor's post appears in its place, a deleted one goes, the rest stays", async () => {
    const desk = await loadDesk(editor.fetch, blogId)
    const other = depsOf(service.client({ token: await service.adminToken() }))
    const written = await postUpdate(other, { blog: blogId, values: values('Power is back in Greenwich.'), publish: true })
    const after = await refreshDesk(editor.fetch, desk, written)
    expect(after.updates[0]).toMatchObject({ id: written[0], draft: false })
    expect(after.updates.slice(1)).toEqual(desk.updates)
    expect(after.total).toBe(desk.total + 1)
    const gone = await deleteUpdate(editor, after.updates[0]!)
    const back = await refreshDesk(editor.fetch, after, gone)
    expect(back.updates).toEqual(desk.updates)
    expect(back.total).toBe(desk.total)
  })

  it('ends live coverage with the time it ended', async () => {
    const desk = await loadDesk(editor.fetch, blogId)
    await changeCoverage(editor, desk.blog, 'end')
    const after = await loadDesk(editor.fetch, blogId)
    expect(after.blog.isLiveBlog).toBe(true)
    expect(Number.isNaN(Date.parse(after.blog.endedAt ?? ''))).toBe(false)
  })
})
