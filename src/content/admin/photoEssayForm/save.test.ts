import { describe, expect, it, vi } from 'vitest'
import { valuesFromDocument } from './document.ts'
import { essayMessages } from './messages.ts'
import { essayId, storedEssay, validEssayValues } from './photoEssay.fixtures.ts'
import { EssayConflictError, essaySaveError, essaySaveMutations, EssaySlugTakenError, savePhotoEssay, type EssayMutation } from './save.ts'

const loaded = (published: string | null, draft: string | null) => ({ values: valuesFromDocument(storedEssay, published !== null), base: storedEssay, revisions: { published, draft } })
const shape = (mutations: EssayMutation[]) => mutations.map((m) => ('create' in m ? `create ${m.create._id}` : 'createOrReplace' in m ? `replace ${m.createOrReplace._id}` : 'delete' in m ? `delete ${m.delete.id}` : `guard ${m.patch.id}@${m.patch.ifRevisionID}`))

describe('the photo essay save transaction', () => {
  it('creates a new published essay under its id, and a new draft under drafts.{id}', () => {
    expect(shape(essaySaveMutations({ mode: 'create', id: essayId, values: validEssayValues(), loaded: null }))).toEqual([`create ${essayId}`])
    expect(shape(essaySaveMutations({ mode: 'create', id: essayId, values: validEssayValues({ published: false }), loaded: null }))).toEqual([`create drafts.${essayId}`])
  })

  it('publishes over the loaded revisions and removes the draft, each guarded', () => {
    expect(shape(essaySaveMutations({ mode: 'edit', id: essayId, values: validEssayValues(), loaded: loaded('rev-1', 'rev-d') }))).toEqual([
      `guard ${essayId}@rev-1`,
      `replace ${essayId}`,
      `guard drafts.${essayId}@rev-d`,
      `delete drafts.${essayId}`,
    ])
  })

  it('unpublishing keeps the essay as a draft readers never see', () => {
    const mutations = essaySaveMutations({ mode: 'edit', id: essayId, values: validEssayValues({ published: false }), loaded: loaded('rev-1', null) })
    expect(shape(mutations)).toEqual([`create drafts.${essayId}`, `guard ${essayId}@rev-1`, `delete ${essayId}`])
    expect(mutations[0]).toMatchObject({ create: { _type: 'imageGallery', title: 'Night shift on the river' } })
  })
})

describe('a draft beside the live essay, and the dates a publish gives', () => {
  const now = new Date('2026-11-27T12:00:00.000Z')
  const live = { ...storedEssay, _rev: 'rev-live' }
  const withLive = (draft: string | null, extra: { basedOn?: string; stale?: boolean } = {}) => ({
    values: valuesFromDocument(storedEssay, true),
    base: storedEssay,
    revisions: { published: 'rev-live', draft, basedOn: extra.basedOn },
    live,
    stale: extra.stale ?? false,
  })

  it('records on a draft of a live essay the published revision it was made from, never on the published copy', () => {
    const [draft] = essaySaveMutations({ mode: 'edit', id: essayId, values: validEssayValues({ published: false }), loaded: withLive(null) }, now)
    expect(draft).toMatchObject({ create: { _id: `drafts.${essayId}`, basedOnRevision: 'rev-live' } })
    const published = essaySaveMutations({ mode: 'edit', id: essayId, values: validEssayValues(), loaded: { ...withLive('rev-d', { basedOn: 'rev-live' }), base: { ...storedEssay, basedOnRevision: 'rev-live' } } }, now)
    expect(published[1]).toMatchObject({ createOrReplace: { _id: essayId } })
    expect(published[1]).not.toHaveProperty('createOrReplace.basedOnRevision')
  })

  it('guards publishing a draft by the revision the draft was made from, so a stale draft is refused', () => {
    expect(shape(essaySaveMutations({ mode: 'edit', id: essayId, values: validEssayValues(), loaded: withLive('rev-d', { basedOn: 'rev-older', stale: true }) }, now))).toEqual([
      `guard ${essayId}@rev-older`,
      `replace ${essayId}`,
      `guard drafts.${essayId}@rev-d`,
      `delete drafts.${essayId}`,
    ])
  })

  it('says a stale draft’s refused publish is about the draft, not someone else’s save', async () => {
    const fetch = vi.fn(async () => 0) as never
    const refused = Object.assign(new Error('HTTP 409'), { statusCode: 409 })
    const input = { mode: 'edit' as const, id: essayId, values: validEssayValues(), loaded: withLive('rev-d', { basedOn: 'rev-older', stale: true }) }
    await expect(savePhotoEssay({ fetch, mutate: async () => Promise.reject(refused) }, input)).rejects.toThrow(essayMessages.staleDraft)
  })

  it('dates an essay when it first goes live, not when its form was opened, unless the editor chose a date', () => {
    const first = essaySaveMutations({ mode: 'create', id: essayId, values: validEssayValues({ published_at: '' }), loaded: null }, now)
    expect(first[0]).toMatchObject({ create: { publishedAt: now.toISOString() } })
    const draft = essaySaveMutations({ mode: 'create', id: essayId, values: validEssayValues({ published: false, published_at: '' }), loaded: null }, now)
    expect(draft[0]).not.toHaveProperty('create.publishedAt')
  })

  it('marks a later change readers see as an update, and leaves a save that changes nothing alone', () => {
    const changed = essaySaveMutations({ mode: 'edit', id: essayId, values: { ...valuesFromDocument(storedEssay, true), title: 'Night shift on the Thames' }, loaded: withLive(null) }, now)
    expect(changed[1]).toMatchObject({ createOrReplace: { publishedAt: storedEssay.publishedAt, updatedAt: now.toISOString() } })
    const same = essaySaveMutations({ mode: 'edit', id: essayId, values: valuesFromDocument(storedEssay, true), loaded: withLive(null) }, now)
    expect(same[1]).toMatchObject({ createOrReplace: { publishedAt: storedEssay.publishedAt } })
    expect(same[1]).not.toHaveProperty('createOrReplace.updatedAt')
  })
})

describe('saving a photo essay', () => {
  const failure = (statusCode: number) => Object.assign(new Error(`HTTP ${statusCode}`), { statusCode })

  it('refuses a slug another essay has before writing anything', async () => {
    const mutate = vi.fn(async () => ({}))
    const fetch = vi.fn(async () => 1) as never
    await expect(savePhotoEssay({ fetch, mutate }, { mode: 'create', id: essayId, values: validEssayValues(), loaded: null })).rejects.toBeInstanceOf(EssaySlugTakenError)
    expect(mutate).not.toHaveBeenCalled()
  })

  it('sends one transaction when the slug is free', async () => {
    const mutate = vi.fn(async (_mutations: EssayMutation[]) => ({}))
    const fetch = vi.fn(async () => 0) as never
    await savePhotoEssay({ fetch, mutate }, { mode: 'create', id: essayId, values: validEssayValues(), loaded: null })
    expect(mutate).toHaveBeenCalledTimes(1)
    expect(shape(mutate.mock.calls[0]![0])).toEqual([`create ${essayId}`])
  })

  it('calls a changed revision a conflict, and a refused write the spec’s "disabled" words', async () => {
    const fetch = vi.fn(async () => 0) as never
    await expect(savePhotoEssay({ fetch, mutate: async () => Promise.reject(failure(409)) }, { mode: 'edit', id: essayId, values: validEssayValues(), loaded: loaded('rev-1', null) })).rejects.toBeInstanceOf(EssayConflictError)
    expect(new EssayConflictError().message).toBe(essayMessages.conflict)
    expect(essaySaveError(failure(403), 'create').message).toBe('Insert disabled - using a hosted content service as backend')
    expect(essaySaveError(failure(403), 'edit').message).toBe('Update disabled - using a hosted content service as backend')
    expect(essaySaveError('strange', 'edit').message).toBe('The photo essay could not be saved.')
  })
})
