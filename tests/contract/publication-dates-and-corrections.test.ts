// When a story went live and when it last changed, through the article form's own save and the
// Scheduling API on a real service (shared/publication.ts): a draft carries no publish date, the
// first publish sets it, a later published change sets the "Updated" time that the article page
// reads, a save that changes nothing a reader reads does not, and a schedule dates the story when it
// fires rather than when its draft was written. Corrections (shared/corrections.ts) go out with a
// publish, count as an update, are listed on /corrections once published and never from a draft, and
// the service refuses one over 1,000 characters and any a contributor writes.

import type { SanityClient } from '@sanity/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { articleBySlugQuery } from '../../src/content/article/query.ts'
import { loadArticleForm } from '../../src/content/admin/articleForm/load.ts'
import { saveArticle, type SaveDeps } from '../../src/content/admin/articleForm/save.ts'
import { scheduledSaveInput } from '../../src/content/admin/articleForm/schedule.ts'
import { authorId, categoryId, validValues } from '../../src/content/admin/articleForm/validArticle.fixtures.ts'
import { schedulePublish } from '../../src/content/clients/schedules.ts'
import { correctionsQuery, type CorrectionsPage } from '../../src/content/listings/listings.ts'
import { startTestService, type TestService } from '../support/service.ts'
import { expectErrorBody, raw } from './helpers.ts'

let service: TestService
let admin: SanityClient
let reader: SanityClient
let deps: SaveDeps

const time = (iso: unknown): number => new Date(String(iso)).getTime()
const page = (slug: string) => reader.fetch<{ publishedAt: string | null; updatedAt: string | null; title: string } | null>(articleBySlugQuery, { slug })

beforeAll(async () => {
  service = await startTestService()
  admin = service.client({ token: await service.adminToken() })
  reader = service.client({ perspective: 'published' })
  deps = { fetch: (query, params) => admin.fetch(query, params ?? {}), mutate: (mutations) => admin.mutate(mutations as never) }
  await admin
    .transaction()
    .create({ _id: authorId, _type: 'author', name: 'Tom Whitcombe', slug: { _type: 'slug', current: 'tom' } })
    .create({ _id: categoryId, _type: 'category', title: 'UK', slug: { _type: 'slug', current: 'uk' }, kind: 'section' })
    .commit()
})

afterAll(async () => {
  await service?.stop()
})

describe('publishing from the article form', () => {
  it('dates a story when it first goes live, not when its draft was written, and marks a later change as an update', async () => {
    const id = 'd1111111-1111-4111-8111-111111111111'
    await saveArticle(deps, { mode: 'create', id, values: validValues({ slug: 'bridge-reopens', title: 'Bridge reopens', published: false }), loaded: null })
    const draft = await admin.getDocument(`drafts.${id}`)
    expect(draft).toBeDefined()
    expect(draft!.publishedAt).toBeUndefined()

    let form = await loadArticleForm(deps.fetch, id)
    expect(form.article?.values.published_at).toBe('')
    const beforePublish = Date.now()
    await saveArticle(deps, { mode: 'edit', id, values: { ...form.article!.values, published: true }, loaded: form.article })
    const live = await page('bridge-reopens')
    expect(time(live?.publishedAt)).toBeGreaterThanOrEqual(beforePublish)
    expect(time(live?.publishedAt)).toBeGreaterThan(time(draft!._createdAt) - 1000)
    expect(live?.updatedAt).toBeNull()

    // Saved again with nothing a reader reads changed (a homepage flag is not the story): no update.
    form = await loadArticleForm(deps.fetch, id)
    await saveArticle(deps, { mode: 'edit', id, values: { ...form.article!.values, is_featured: true }, loaded: form.article })
    expect(await page('bridge-reopens')).toMatchObject({ publishedAt: live!.publishedAt, updatedAt: null })

    form = await loadArticleForm(deps.fetch, id)
    expect(form.article?.values.published_at).not.toBe('')
    const beforeEdit = Date.now()
    await saveArticle(deps, { mode: 'edit', id, values: { ...form.article!.values, title: 'Bridge reopens to traffic' }, loaded: form.article })
    const edited = await page('bridge-reopens')
    expect(edited).toMatchObject({ title: 'Bridge reopens to traffic', publishedAt: live!.publishedAt })
    expect(time(edited?.updatedAt)).toBeGreaterThanOrEqual(beforeEdit)
  })

  it('keeps a date the editor gave the story themselves', async () => {
    const id = 'd2222222-2222-4222-8222-222222222222'
    const given = new Date('2026-11-02T09:15:00')
    const values = validValues({ slug: 'given-date', published: true, published_at: '2026-11-02T09:15' })
    await saveArticle(deps, { mode: 'create', id, values, loaded: null })
    expect(time((await page('given-date'))?.publishedAt)).toBe(given.getTime())
  })
})

describe('a scheduled publish', () => {
  async function runNow(scheduleId: string): Promise<void> {
    const { projectId, dataset } = admin.config()
    await admin.withConfig({ apiVersion: '2022-04-01' }).request({ uri: `/schedules/${projectId}/${dataset}/${scheduleId}/publish`, method: 'POST' })
  }

  it('dates a new story when the schedule fires', async () => {
    const id = 'd3333333-3333-4333-8333-333333333333'
    const executeAt = new Date(Date.now() + 60 * 60_000).toISOString()
    const input = { mode: 'create' as const, id, values: validValues({ slug: 'scheduled-story', published: true }), loaded: null, executeAt }
    await saveArticle(deps, scheduledSaveInput(input))
    expect((await admin.getDocument(`drafts.${id}`))?.publishedAt).toBeUndefined()
    const schedule = await schedulePublish(admin, id, new Date(executeAt), 'Publish: scheduled story')
    const beforeRun = Date.now()
    await runNow(schedule.id)
    const live = await page('scheduled-story')
    expect(time(live?.publishedAt)).toBeGreaterThanOrEqual(beforeRun)
    expect(live?.updatedAt).toBeNull()
  })

  it('keeps a live story’s date and marks its scheduled changes as an update', async () => {
    const id = 'd4444444-4444-4444-8444-444444444444'
    await saveArticle(deps, { mode: 'create', id, values: validValues({ slug: 'scheduled-change', published: true }), loaded: null })
    const first = await page('scheduled-change')
    const form = await loadArticleForm(deps.fetch, id)
    const executeAt = new Date(Date.now() + 60 * 60_000).toISOString()
    await saveArticle(deps, scheduledSaveInput({ mode: 'edit', id, values: { ...form.article!.values, excerpt: 'Now with the mayor’s comments.' }, loaded: form.article, executeAt }))
    const schedule = await schedulePublish(admin, id, new Date(executeAt), 'Publish: scheduled change')
    const beforeRun = Date.now()
    await runNow(schedule.id)
    const changed = await page('scheduled-change')
    expect(changed?.publishedAt).toBe(first?.publishedAt)
    expect(time(changed?.updatedAt)).toBeGreaterThanOrEqual(beforeRun)
  })
})

describe('corrections', () => {
  const correction = { _key: 'c1', _type: 'correction' as const, kind: 'correction' as const, text: 'An earlier version said the bridge reopened on Monday; it reopened on Tuesday.', date: '2026-11-24' }
  const listed = () => reader.fetch<CorrectionsPage>(correctionsQuery({ start: 0, end: 20 }))

  it('go out with the publish that adds them, mark the story updated, and are listed once published, never from a draft', async () => {
    const id = 'd5555555-5555-4555-8555-555555555555'
    await saveArticle(deps, { mode: 'create', id, values: validValues({ slug: 'corrected-story', title: 'Bridge reopens on Tuesday', published: true }), loaded: null })
    let form = await loadArticleForm(deps.fetch, id)
    // Kept in the live story's draft first (as an autosave keeps it): readers and the list see nothing of it.
    await saveArticle(deps, { mode: 'edit', id, values: { ...form.article!.values, corrections: [correction] }, loaded: form.article, draftOnly: true })
    expect((await reader.fetch<{ corrections: unknown }>(articleBySlugQuery, { slug: 'corrected-story' })).corrections).toBeNull()
    expect((await listed()).corrections.map((c) => c.slug)).not.toContain('corrected-story')

    form = await loadArticleForm(deps.fetch, id)
    expect(form.article?.values.corrections).toEqual([correction])
    const beforePublish = Date.now()
    await saveArticle(deps, { mode: 'edit', id, values: { ...form.article!.values, published: true }, loaded: form.article })
    const page = await reader.fetch<{ updatedAt: string; corrections: unknown[] }>(articleBySlugQuery, { slug: 'corrected-story' })
    expect(page.corrections).toEqual([{ _key: 'c1', kind: 'correction', text: correction.text, date: '2026-11-24' }])
    const list = await listed()
    expect(list.corrections).toContainEqual({ _key: 'c1', kind: 'correction', text: correction.text, date: '2026-11-24', title: 'Bridge reopens on Tuesday', slug: 'corrected-story' })
    expect(list.total).toBeGreaterThanOrEqual(1)
    // First published without one, the story is now updated: its correction is a change readers read.
    expect(new Date(page.updatedAt).getTime()).toBeGreaterThanOrEqual(beforePublish - 1)
  })

  it('are refused by the service over 1,000 characters, or without words, with the protocol’s JSON error', async () => {
    const token = await service.adminToken()
    const write = (text: string) =>
      raw(`${service.url}/v2025-02-19/data/mutate/production`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ mutations: [{ createOrReplace: { _id: 'too-long', _type: 'article', title: 'Too long', corrections: [{ ...correction, text }] } }] }),
      })
    const over = await write('x'.repeat(1001))
    expectErrorBody(over, 400)
    expect(over.text).toContain('at most 1000')
    expectErrorBody(await write('  '), 400)
    expect((await write('x'.repeat(1000))).status).toBe(200)
    // A patch that would make one too long is refused the same way.
    const patch = await raw(`${service.url}/v2025-02-19/data/mutate/production`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ mutations: [{ patch: { id: 'too-long', set: { 'corrections[0].text': 'y'.repeat(1001) } } }] }),
    })
    expectErrorBody(patch, 400)
  })

  it('are the word of those who publish: a contributor may keep a story’s corrections in a draft, never add or reword one', async () => {
    const login = { email: 'writer@resonance.test', password: 'a contributor password' }
    await service.auth.upsertUser(login.email, login.password, 'contributor')
    const res = await raw(`${service.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(login) })
    const contributor = service.client({ token: res.json.access_token })
    await admin.createOrReplace({ _id: 'amended', _type: 'article', title: 'Amended', slug: { _type: 'slug', current: 'amended' }, corrections: [correction] })
    // Keeping what an editor wrote is fine.
    await contributor.createOrReplace({ _id: 'drafts.amended', _type: 'article', title: 'Amended, with more', corrections: [correction] })
    const added = contributor.createOrReplace({ _id: 'drafts.amended', _type: 'article', title: 'Amended', corrections: [correction, { ...correction, _key: 'c2', text: 'Made up.' }] })
    await expect(added).rejects.toMatchObject({ statusCode: 403 })
    const reworded = contributor.createOrReplace({ _id: 'drafts.amended', _type: 'article', title: 'Amended', corrections: [{ ...correction, text: 'Softened.' }] })
    await expect(reworded).rejects.toMatchObject({ statusCode: 403 })
    const patched = contributor.patch('drafts.amended').set({ 'corrections[0].text': 'Softened.' }).commit()
    await expect(patched).rejects.toMatchObject({ statusCode: 403 })
    expect((await admin.getDocument('drafts.amended'))?.corrections).toEqual([correction])
  })
})
