// Scheduled publishes through the real @sanity/client: a draft flagged Breaking News or Lead Story
// takes the slot from every other article in the schedule's own transaction, as the article form's
// publish does, so two breaking stories never stand together; and a live article's changes, saved as
// its draft and scheduled as the admin does, reach readers only when the schedule runs.

import type { SanityClient } from '@sanity/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadArticleForm } from '../../src/content/admin/articleForm/load.ts'
import { saveArticle, type SaveDeps } from '../../src/content/admin/articleForm/save.ts'
import { scheduledSaveInput } from '../../src/content/admin/articleForm/schedule.ts'
import { authorId, categoryId } from '../../src/content/admin/articleForm/validArticle.fixtures.ts'
import { pendingPublishes } from '../../src/content/admin/schedules.ts'
import { cancelSchedule, pendingSchedules, schedulePublish } from '../../src/content/clients/schedules.ts'
import { formArticle } from '../support/articles.ts'
import { startTestService, type TestService } from '../support/service.ts'
import { sleep } from './helpers.ts'


let service: TestService
let admin: SanityClient
let reader: SanityClient
let deps: SaveDeps

/** Runs a schedule now, as the Scheduling API's "publish" does when its time comes. */
async function runNow(scheduleId: string): Promise<void> {
  const { projectId, dataset } = admin.config()
  await admin.withConfig({ apiVersion: '2022-04-01' }).request({ uri: `/schedules/${projectId}/${dataset}/${scheduleId}/publish`, method: 'POST' })
}

const flagged = (client: SanityClient, flag: 'isBreakingNews' | 'isLeadStory') => client.fetch<string[]>(`*[_type == "article" && ${flag} == true] | order(_id asc)._id`)

beforeAll(async () => {
  service = await startTestService()
  admin = service.client({ token: await service.adminToken() })
  reader = service.client({ perspective: 'published' })
  deps = { fetch: (query, params) => admin.fetch(query, params ?? {}), mutate: (mutations) => admin.mutate(mutations as never) }
  await admin
    .transaction()
    .create({ _id: authorId, _type: 'author', name: 'Tom Whitcombe', slug: { _type: 'slug', current: 'tom' } })
    .create({ _id: categoryId, _type: 'category', title: 'UK', slug: { _type: 'slug', current: 'uk' }, kind: 'section' })
    .create(formArticle('storm', 'Storm surge closes the Thames Barrier', 20, { isBreakingNews: true, isFeatured: true }))
    .create(formArticle('drafts.storm', 'Storm surge closes the Thames Barrier, updated', 20, { isBreakingNews: true }))
    .create(formArticle('summit', 'Leaders agree energy package', 30, { isLeadStory: true }))
    .commit()
})

afterAll(async () => {
  await service?.stop()
})

describe('a scheduled publish of a flagged draft', () => {
  it('takes Breaking News from every other article in its own transaction', async () => {
    await admin.create(formArticle('drafts.bridge', 'Hammersmith Bridge reopens', 0, { isBreakingNews: true }))
    const schedule = await schedulePublish(admin, 'bridge', new Date(Date.now() + 60 * 60_000), 'Publish: Hammersmith Bridge reopens')
    // Until it runs, the live breaking story keeps the slot.
    expect(await flagged(reader, 'isBreakingNews')).toEqual(['storm'])

    await runNow(schedule.id)

    expect(await flagged(reader, 'isBreakingNews')).toEqual(['bridge'])
    // Drafts too: the old story's pending edits no longer bring the flag back when they are published.
    expect(await flagged(admin, 'isBreakingNews')).toEqual(['bridge'])
    // Only the flag changed: the old story is still published and featured, with its draft.
    expect(await admin.getDocument('storm')).toMatchObject({ isBreakingNews: false, isFeatured: true })
    expect(await admin.getDocument('drafts.storm')).toMatchObject({ title: 'Storm surge closes the Thames Barrier, updated', isBreakingNews: false })
    // One transaction: every document it wrote carries its id as the revision.
    const revisions = await admin.fetch<string[]>(`*[_id in ["bridge", "storm", "drafts.storm"]]._rev`)
    expect(new Set(revisions).size).toBe(1)
    // The lead was not asked for, and stays where it was.
    expect(await flagged(admin, 'isLeadStory')).toEqual(['summit'])
  })

  it('running by itself when its time comes, never leaves two breaking stories', async () => {
    await admin.create(formArticle('drafts.tube', 'Tube strike called off', 0, { isBreakingNews: true, isLeadStory: true }))
    await schedulePublish(admin, 'tube', new Date(Date.now() + 1500), 'Publish: Tube strike called off')
    let published = false
    for (let tries = 0; tries < 100 && !published; tries++) {
      published = (await reader.getDocument('tube')) !== undefined
      if (!published) await sleep(150)
    }
    expect(published).toBe(true)
    expect(await flagged(admin, 'isBreakingNews')).toEqual(['tube'])
    expect(await flagged(admin, 'isLeadStory')).toEqual(['tube'])
  })

  it('of an unflagged draft clears nobody', async () => {
    await admin.create(formArticle('drafts.weather', 'Frost tonight', 0))
    const schedule = await schedulePublish(admin, 'weather', new Date(Date.now() + 60 * 60_000), 'Publish: Frost tonight')
    await runNow(schedule.id)
    expect(await reader.getDocument('weather')).toMatchObject({ title: 'Frost tonight' })
    expect(await flagged(reader, 'isBreakingNews')).toEqual(['tube'])
  })
})

describe('scheduling changes to a live article', () => {
  /** Edits the live article in the form and schedules them as the admin does: the draft saved, then its schedule. */
  async function scheduleChanges(id: string, title: string, executeAt: Date) {
    const form = await loadArticleForm(deps.fetch, id)
    const values = { ...form.article!.values, title }
    await saveArticle(deps, scheduledSaveInput({ mode: 'edit', id, values, loaded: form.article, executeAt: executeAt.toISOString() }))
    return schedulePublish(admin, id, executeAt, `Publish: ${title}`)
  }

  it('keeps the published version for readers until the schedule publishes the draft over it', async () => {
    await admin.create(formArticle('ulez', 'ULEZ expands to the whole of London', 90))
    const before = await reader.getDocument('ulez')
    const schedule = await scheduleChanges('ulez', 'ULEZ expands: what drivers need to know', new Date(Date.now() + 60 * 60_000))

    // Readers: the old version, by id and by query; the editor: the changes in the draft.
    expect(await reader.getDocument('ulez')).toEqual(before)
    expect(await reader.fetch('*[_type == "article" && slug.current == "ulez"][0].title')).toBe('ULEZ expands to the whole of London')
    expect(await service.client().fetch('*[_type == "article" && title match "drivers"]._id')).toEqual([])
    expect(await admin.getDocument('drafts.ulez')).toMatchObject({ title: 'ULEZ expands: what drivers need to know', publishedAt: before!.publishedAt })
    // The list marks the live article Scheduled with the time.
    expect(pendingPublishes(await pendingSchedules(admin, ['ulez'])).get('ulez')).toEqual({ id: schedule.id, executeAt: schedule.executeAt })

    await runNow(schedule.id)

    expect(await reader.getDocument('ulez')).toMatchObject({ title: 'ULEZ expands: what drivers need to know', publishedAt: before!.publishedAt })
    expect(await admin.getDocument('drafts.ulez')).toBeUndefined()
    expect(pendingPublishes(await pendingSchedules(admin, ['ulez'])).has('ulez')).toBe(false)
  })

  it('cancelled, leaves readers the published version and the changes in the draft', async () => {
    await admin.create(formArticle('congestion', 'Congestion charge rises', 120))
    const schedule = await scheduleChanges('congestion', 'Congestion charge rises to £18', new Date(Date.now() + 60 * 60_000))
    await cancelSchedule(admin, schedule.id)
    expect(await pendingSchedules(admin, ['congestion'])).toEqual([])
    expect(await reader.getDocument('congestion')).toMatchObject({ title: 'Congestion charge rises' })
    expect(await admin.getDocument('drafts.congestion')).toMatchObject({ title: 'Congestion charge rises to £18' })
  })

  it('flagged Breaking News, takes the slot only when the schedule runs', async () => {
    await admin.create(formArticle('rail', 'Rail fares frozen', 45))
    const form = await loadArticleForm(deps.fetch, 'rail')
    const executeAt = new Date(Date.now() + 60 * 60_000)
    await saveArticle(deps, scheduledSaveInput({ mode: 'edit', id: 'rail', values: { ...form.article!.values, is_breaking_news: true }, loaded: form.article, executeAt: executeAt.toISOString() }))
    const schedule = await schedulePublish(admin, 'rail', executeAt, 'Publish: Rail fares frozen')
    expect(await flagged(reader, 'isBreakingNews')).toEqual(['tube'])
    await runNow(schedule.id)
    expect(await flagged(admin, 'isBreakingNews')).toEqual(['rail'])
  })
})
