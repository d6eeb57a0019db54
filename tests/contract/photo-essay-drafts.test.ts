// A photo essay has the article's guarantees (docs/decisions/025-drafts-based-on-revisions.md,
// 016-publication-dates-and-corrections.md), through the photo essay form's own load and save on a
// real service: a draft beside the live essay records the published revision it was made from, a
// draft made from an older published version is refused (409) and nothing is written until the
// editor keeps editing it, and an essay is dated when it first goes live, with a later change
// readers see marked as an update.

import type { SanityClient } from '@sanity/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keptDraft } from '../../src/content/admin/drafts.ts'
import { loadPhotoEssayForm } from '../../src/content/admin/photoEssayForm/load.ts'
import { essayMessages } from '../../src/content/admin/photoEssayForm/messages.ts'
import { photographerId, validEssayValues } from '../../src/content/admin/photoEssayForm/photoEssay.fixtures.ts'
import { discardEssayDraft, EssayConflictError, savePhotoEssay, type EssaySaveDeps } from '../../src/content/admin/photoEssayForm/save.ts'
import { startTestService, type TestService } from '../support/service.ts'
import { rejection } from './helpers.ts'

let service: TestService
let admin: SanityClient
let deps: EssaySaveDeps

const time = (iso: unknown): number => new Date(String(iso)).getTime()

beforeAll(async () => {
  service = await startTestService()
  admin = service.client({ token: await service.adminToken() })
  deps = { fetch: (query, params) => admin.fetch(query, params ?? {}), mutate: (mutations) => admin.mutate(mutations as never) }
  await admin.create({ _id: photographerId, _type: 'author', name: 'Amara Okafor', slug: { _type: 'slug', current: 'amara' } })
})

afterAll(async () => {
  await service?.stop()
})

describe('the photo essay form on a real service', () => {
  it('dates an essay when it first goes live, not when its form was opened, and marks a later change as an update', async () => {
    const id = 'e1111111-1111-4111-8111-111111111111'
    await savePhotoEssay(deps, { mode: 'create', id, values: validEssayValues({ slug: 'river-at-night', published: false, published_at: '' }), loaded: null })
    const draft = await admin.getDocument(`drafts.${id}`)
    expect(draft?.publishedAt).toBeUndefined()

    let form = await loadPhotoEssayForm(deps.fetch, id)
    expect(form.essay?.values.published_at).toBe('')
    const beforePublish = Date.now()
    await savePhotoEssay(deps, { mode: 'edit', id, values: { ...form.essay!.values, published: true }, loaded: form.essay })
    const live = await service.client({ perspective: 'published' }).getDocument(id)
    expect(time(live?.publishedAt)).toBeGreaterThanOrEqual(beforePublish)
    expect(live?.updatedAt).toBeUndefined()

    // Saved again unchanged: no update. Then a new title readers see: updated, first date kept.
    form = await loadPhotoEssayForm(deps.fetch, id)
    await savePhotoEssay(deps, { mode: 'edit', id, values: form.essay!.values, loaded: form.essay })
    expect((await admin.getDocument(id))?.updatedAt).toBeUndefined()
    form = await loadPhotoEssayForm(deps.fetch, id)
    await savePhotoEssay(deps, { mode: 'edit', id, values: { ...form.essay!.values, title: 'The river at night' }, loaded: form.essay })
    const updated = await admin.getDocument(id)
    expect(updated?.publishedAt).toBe(live?.publishedAt)
    expect(time(updated?.updatedAt)).toBeGreaterThan(time(live?.publishedAt))
  })

  it('refuses to publish a draft made from an older published version, writes nothing, and publishes it once the editor keeps editing it', async () => {
    const id = 'e2222222-2222-4222-8222-222222222222'
    await savePhotoEssay(deps, { mode: 'create', id, values: validEssayValues({ slug: 'night-shift', title: 'Night shift on the river' }), loaded: null })
    const live = await admin.getDocument(id)
    // A draft made from that version (a script, a schedule's draft), then a newer title published.
    await admin.create({ ...live!, _id: `drafts.${id}`, description: 'The people who keep the Thames moving.', basedOnRevision: live!._rev })
    await admin.patch(id).set({ title: 'Night shift on the Thames' }).commit()

    const form = await loadPhotoEssayForm(deps.fetch, id)
    expect(form.essay).toMatchObject({ stale: true, revisions: { basedOn: live!._rev } })
    expect(form.essay?.live).toMatchObject({ title: 'Night shift on the Thames' })
    const refused = await rejection(savePhotoEssay(deps, { mode: 'edit', id, values: form.essay!.values, loaded: form.essay }))
    expect(refused).toBeInstanceOf(EssayConflictError)
    expect(refused.message).toBe(essayMessages.staleDraft)
    expect(await admin.getDocument(id)).toMatchObject({ title: 'Night shift on the Thames' })
    expect(await admin.getDocument(`drafts.${id}`)).toMatchObject({ description: 'The people who keep the Thames moving.' })

    // Compared and kept: the editor's choice to publish the draft over the newer version.
    await savePhotoEssay(deps, { mode: 'edit', id, values: form.essay!.values, loaded: keptDraft(form.essay) })
    const published = await admin.getDocument(id)
    expect(published).toMatchObject({ title: 'Night shift on the river', description: 'The people who keep the Thames moving.' })
    expect(published).not.toHaveProperty('basedOnRevision')
    expect(await admin.getDocument(`drafts.${id}`)).toBeUndefined()
  })

  it('discards a draft beside the live essay, guarded by the draft’s revision', async () => {
    const id = 'e3333333-3333-4333-8333-333333333333'
    await savePhotoEssay(deps, { mode: 'create', id, values: validEssayValues({ slug: 'barrier-at-dawn', title: 'The barrier at dawn' }), loaded: null })
    const live = await admin.getDocument(id)
    await admin.create({ ...live!, _id: `drafts.${id}`, title: 'The barrier at dusk', basedOnRevision: live!._rev })
    const form = await loadPhotoEssayForm(deps.fetch, id)
    expect(form.essay).toMatchObject({ stale: false, values: { title: 'The barrier at dusk' } })
    // Someone saves the draft after this form loaded it: the discard is refused.
    await admin.patch(`drafts.${id}`).set({ title: 'The barrier at night' }).commit()
    expect(await rejection(discardEssayDraft(deps.mutate, { id, draftRevision: form.essay!.revisions.draft! }))).toBeInstanceOf(EssayConflictError)
    const again = await loadPhotoEssayForm(deps.fetch, id)
    await discardEssayDraft(deps.mutate, { id, draftRevision: again.essay!.revisions.draft! })
    expect(await admin.getDocument(`drafts.${id}`)).toBeUndefined()
    expect(await admin.getDocument(id)).toMatchObject({ title: 'The barrier at dawn' })
  })
})
