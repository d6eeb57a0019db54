// Breaking News and the Lead Story change hands in one transaction: the real @sanity/client loads
// the article form as the admin does (the homepage's slots read through the published perspective)
// and saves it, and the service applies the article and the cleared flags of every other article,
// published and draft, together, or none of them when the save is refused.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadArticleFormScreen } from '../../src/content/admin/articleForm/load.ts'
import { ConflictError, saveArticle, type SaveDeps } from '../../src/content/admin/articleForm/save.ts'
import { authorId, categoryId } from '../../src/content/admin/articleForm/validArticle.fixtures.ts'
import { replacedStory, type PublishedFetch } from '../../src/content/admin/frontPage.ts'
import { formArticle } from '../support/articles.ts'
import { startTestService, type TestService } from '../support/service.ts'


describe('taking the homepage’s single slots', () => {
  let service: TestService
  let client: ReturnType<TestService['client']>
  let deps: SaveDeps
  let fetchPublished: PublishedFetch

  beforeAll(async () => {
    service = await startTestService()
    client = service.client({ token: await service.adminToken() })
    deps = { fetch: (query, params) => client.fetch(query, params ?? {}), mutate: (mutations) => client.mutate(mutations as never) }
    fetchPublished = (query, params, options) => client.fetch(query, params, { ...options, perspective: 'published' })
    await client
      .transaction()
      .create({ _id: authorId, _type: 'author', name: 'Tom Whitcombe', slug: { _type: 'slug', current: 'tom' } })
      .create({ _id: categoryId, _type: 'category', title: 'UK', slug: { _type: 'slug', current: 'uk' }, kind: 'section' })
      // Today's lead, with an editor's unpublished changes that keep the flag.
      .create(formArticle('summit', 'Leaders agree energy package', 30, { isLeadStory: true, isFeatured: true }))
      .create(formArticle('drafts.summit', 'Leaders agree energy package, updated', 30, { isLeadStory: true, isFeatured: true }))
      // An old test story still flagged, a draft flagged lead, and today's breaking story.
      .create(formArticle('test-lead', 'Test lead story', 600, { isLeadStory: true }))
      .create(formArticle('drafts.unpublished-lead', 'Unpublished lead', 5, { isLeadStory: true }))
      .create(formArticle('storm', 'Storm surge closes the Thames Barrier', 20, { isBreakingNews: true }))
      .create(formArticle('buses', 'Night buses return', 60))
      .commit()
  })

  afterAll(async () => {
    await service?.stop()
  })

  it('names the story the homepage leads with, then clears every other flag in the save’s own transaction', async () => {
    const form = await loadArticleFormScreen(deps.fetch, fetchPublished, 'buses')
    expect(form.frontPage.lead).toEqual({ id: 'summit', title: 'Leaders agree energy package' })
    expect(form.frontPage.breaking).toEqual({ id: 'storm', title: 'Storm surge closes the Thames Barrier' })
    const values = { ...form.article!.values, is_lead_story: true, is_breaking_news: true }
    expect(replacedStory(form.frontPage, 'lead', 'buses', values)?.title).toBe('Leaders agree energy package')

    await saveArticle(deps, { mode: 'edit', id: 'buses', values, loaded: form.article })

    const docs = await client.fetch<Array<{ _id: string; _rev: string; isLeadStory?: boolean; isBreakingNews?: boolean; isFeatured?: boolean }>>(
      `*[_type == "article"] | order(_id asc){_id, _rev, isLeadStory, isBreakingNews, isFeatured}`,
    )
    const byId = new Map(docs.map((doc) => [doc._id, doc]))
    expect(byId.get('buses')).toMatchObject({ isLeadStory: true, isBreakingNews: true })
    for (const id of ['summit', 'drafts.summit', 'test-lead', 'drafts.unpublished-lead']) expect(byId.get(id)?.isLeadStory, id).toBe(false)
    expect(byId.get('storm')?.isBreakingNews).toBe(false)
    // Only the flag changed: the old lead is still published, featured and has its draft.
    expect(byId.get('summit')?.isFeatured).toBe(true)
    expect(byId.has('summit') && byId.has('drafts.summit')).toBe(true)
    // One transaction: every document it wrote carries its id as the revision.
    const revisions = new Set(['buses', 'summit', 'drafts.summit', 'test-lead', 'drafts.unpublished-lead', 'storm'].map((id) => byId.get(id)?._rev))
    expect(revisions.size).toBe(1)

    // Readers now see the new lead and breaking story, and only them.
    const reader = service.client({ perspective: 'published' })
    expect(await reader.fetch('*[_type == "article" && isLeadStory]._id')).toEqual(['buses'])
    expect(await reader.fetch('*[_type == "article" && isBreakingNews]._id')).toEqual(['buses'])
    expect((await loadArticleFormScreen(deps.fetch, fetchPublished, 'storm')).frontPage).toEqual({
      lead: { id: 'buses', title: 'Night buses return' },
      breaking: { id: 'buses', title: 'Night buses return' },
    })
  })

  it('clears nothing when the save is refused', async () => {
    await client.createOrReplace(formArticle('summit', 'Leaders agree energy package', 30, { isLeadStory: true }))
    const stale = await loadArticleFormScreen(deps.fetch, fetchPublished, 'storm')
    // Someone else saves the story meanwhile: this form's save conflicts, and the whole transaction with it.
    await client.patch('storm').set({ title: 'Storm surge: Thames Barrier closed' }).commit()
    const values = { ...stale.article!.values, is_lead_story: true }
    await expect(saveArticle(deps, { mode: 'edit', id: 'storm', values, loaded: stale.article })).rejects.toBeInstanceOf(ConflictError)
    expect(await client.fetch('*[_type == "article" && isLeadStory == true] | order(_id asc)._id')).toEqual(['buses', 'summit'])
  })

  it('leaves the slot alone when the article is saved as a draft', async () => {
    const form = await loadArticleFormScreen(deps.fetch, fetchPublished, 'storm')
    await saveArticle(deps, { mode: 'edit', id: 'storm', values: { ...form.article!.values, published: false, is_lead_story: true }, loaded: form.article })
    expect(await client.fetch('*[_type == "article" && isLeadStory == true] | order(_id asc)._id')).toEqual(['buses', 'drafts.storm', 'summit'])
  })
})
