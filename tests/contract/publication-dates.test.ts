// When a story went live and when it last changed, through the article form's own save and the
// Scheduling API on a real service (shared/publication.ts): a draft carries no publish date, the
// first publish sets it, a later published change sets the "Updated" time that the article page
// reads, a save that changes nothing a reader reads does not, and a schedule dates the story when it
// fires rather than when its draft was written.

import type { SanityClient } from '@sanity/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { articleBySlugQuery } from '../../src/content/article/query.ts'
import { loadArticleForm } from '../../src/content/admin/articleForm/load.ts'
import { saveArticle, type SaveDeps } from '../../src/content/admin/articleForm/save.ts'
import { scheduledSaveInput } from '../../src/content/admin/articleForm/schedule.ts'
import { authorId, categoryId, validValues } from '../../src/content/admin/articleForm/validArticle.fixtures.ts'
import { schedulePublish } from '../../src/content/clients/schedules.ts'
import { startTestService, type TestService } from '../support/service.ts'

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
