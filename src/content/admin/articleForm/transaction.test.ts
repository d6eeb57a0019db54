import { describe, expect, it } from 'vitest'
import { validValues } from './validArticle.fixtures.ts'
import { saveMutations } from './transaction.ts'

describe('saveMutations', () => {
  const loaded = (published: string | null, draft: string | null) => ({ values: validValues(), base: {}, revisions: { published, draft } })
  const shape = (mutations: ReturnType<typeof saveMutations>) =>
    mutations.map((m) => ('create' in m ? `create ${m.create._id}` : 'createOrReplace' in m ? `replace ${m.createOrReplace._id}` : 'delete' in m ? `delete ${m.delete.id}` : `guard ${m.patch.id}@${m.patch.ifRevisionID}`))

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
})
