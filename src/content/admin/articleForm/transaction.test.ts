import { evaluate, parse } from 'groq-js'
import { describe, expect, it } from 'vitest'
import { validValues } from './validArticle.fixtures.ts'
import { saveMutations, type ArticleMutation } from './transaction.ts'

describe('saveMutations', () => {
  const loaded = (published: string | null, draft: string | null) => ({ values: validValues(), base: {}, revisions: { published, draft } })
  const shape = (mutations: ArticleMutation[]) =>
    mutations.map((m) =>
      'create' in m
        ? `create ${m.create._id}`
        : 'createOrReplace' in m
          ? `replace ${m.createOrReplace._id}`
          : 'delete' in m
            ? `delete ${m.delete.id}`
            : 'query' in m.patch
              ? `clear ${Object.keys(m.patch.set).join(',')}`
              : `guard ${m.patch.id}@${m.patch.ifRevisionID}`,
    )

  it('creates a new published article under its id, and a new unpublished one as a draft only', () => {
    expect(shape(saveMutations({ mode: 'create', id: 'a1', values: validValues({ published: true }), loaded: null }))).toEqual(['create a1'])
    expect(shape(saveMutations({ mode: 'create', id: 'a1', values: validValues({ published: false }), loaded: null }))).toEqual(['create drafts.a1'])
  })

  it('publishes over the loaded revision and removes the draft it loaded', () => {
    expect(shape(saveMutations({ mode: 'edit', id: 'a1', values: validValues({ published: true }), loaded: loaded('r1', 'd1') }))).toEqual(['guard a1@r1', 'replace a1', 'guard drafts.a1@d1', 'delete drafts.a1'])
    expect(shape(saveMutations({ mode: 'edit', id: 'a1', values: validValues({ published: true }), loaded: loaded(null, 'd1') }))).toEqual(['create a1', 'guard drafts.a1@d1', 'delete drafts.a1'])
  })

  it('unpublishes: the draft holds the article and the published version goes', () => {
    expect(shape(saveMutations({ mode: 'edit', id: 'a1', values: validValues({ published: false }), loaded: loaded('r1', null) }))).toEqual(['create drafts.a1', 'guard a1@r1', 'delete a1'])
    expect(shape(saveMutations({ mode: 'edit', id: 'a1', values: validValues({ published: false }), loaded: loaded(null, 'd1') }))).toEqual(['guard drafts.a1@d1', 'replace drafts.a1'])
  })

  it('saves a contributor’s article as a draft only: the published one, its flags and the homepage stay as they are', () => {
    const values = validValues({ published: true, is_lead_story: true, is_breaking_news: true })
    expect(shape(saveMutations({ mode: 'create', id: 'a1', values, loaded: null, draftOnly: true }))).toEqual(['create drafts.a1'])
    expect(shape(saveMutations({ mode: 'edit', id: 'a1', values, loaded: loaded('r1', null), draftOnly: true }))).toEqual(['create drafts.a1'])
    expect(shape(saveMutations({ mode: 'edit', id: 'a1', values: validValues({ published: false }), loaded: loaded('r1', 'd1'), draftOnly: true }))).toEqual(['guard drafts.a1@d1', 'replace drafts.a1'])
  })

  it('clears Breaking News and the Lead Story on the other articles when a published article takes them', () => {
    const values = validValues({ published: true, is_lead_story: true, is_breaking_news: true })
    expect(shape(saveMutations({ mode: 'edit', id: 'a1', values, loaded: loaded('r1', 'd1') }))).toEqual([
      'guard a1@r1', 'replace a1', 'guard drafts.a1@d1', 'delete drafts.a1', 'clear isLeadStory', 'clear isBreakingNews',
    ])
    expect(shape(saveMutations({ mode: 'create', id: 'a1', values: validValues({ published: true, is_breaking_news: true }), loaded: null }))).toEqual(['create a1', 'clear isBreakingNews'])
  })

  it('clears nothing for an article that takes no slot, or is saved as a draft', () => {
    const flags = { is_lead_story: true, is_breaking_news: true, is_featured: true, is_latest_update: true }
    expect(shape(saveMutations({ mode: 'edit', id: 'a1', values: validValues({ published: false, ...flags }), loaded: loaded('r1', null) }))).toEqual(['create drafts.a1', 'guard a1@r1', 'delete a1'])
    expect(shape(saveMutations({ mode: 'edit', id: 'a1', values: validValues({ published: true, is_featured: true, is_latest_update: true }), loaded: loaded('r1', null) }))).toEqual(['guard a1@r1', 'replace a1'])
  })
})

describe('the patches that clear a slot', () => {
  const docs = [
    { _id: 'a1', _type: 'article', isLeadStory: true },
    { _id: 'drafts.a1', _type: 'article', isLeadStory: true },
    { _id: 'old-lead', _type: 'article', isLeadStory: true, isBreakingNews: true },
    { _id: 'drafts.old-lead', _type: 'article', isLeadStory: true },
    { _id: 'drafts.never-published', _type: 'article', isLeadStory: true },
    { _id: 'versions.r1.planned', _type: 'article', isLeadStory: true },
    { _id: 'not-lead', _type: 'article', isLeadStory: false, isBreakingNews: true },
    { _id: 'gallery', _type: 'imageGallery', isLeadStory: true },
  ]
  const selected = async (mutation: ArticleMutation) => {
    if (!('patch' in mutation) || !('query' in mutation.patch)) throw new Error('not a patch by query')
    const { query, params } = mutation.patch
    return (await (await evaluate(parse(query, { params }), { dataset: docs, params })).get()) as Array<{ _id: string }>
  }

  it('select every other article with the flag, published and draft, never this one or a release version', async () => {
    const [lead, breaking] = saveMutations({ mode: 'create', id: 'a1', values: validValues({ published: true, is_lead_story: true, is_breaking_news: true }), loaded: null }).slice(1)
    expect((await selected(lead!)).map((d) => d._id)).toEqual(['old-lead', 'drafts.old-lead', 'drafts.never-published'])
    expect((await selected(breaking!)).map((d) => d._id)).toEqual(['old-lead', 'not-lead'])
    expect(lead).toMatchObject({ patch: { set: { isLeadStory: false } } })
    expect(breaking).toMatchObject({ patch: { set: { isBreakingNews: false } } })
  })
})
