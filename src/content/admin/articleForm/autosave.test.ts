import { describe, expect, it, vi } from 'vitest'
import { autosaveDraft, draftSavedLabel, worthAutosaving } from './autosave.ts'
import { ConflictError } from './save.ts'
import type { ArticleMutation } from './transaction.ts'
import { emptyArticleValues } from './values.ts'

const values = { ...emptyArticleValues(), title: 'Night buses return', slug: 'night-buses-return', published: true, is_lead_story: true, is_breaking_news: true }
const loaded = { values, base: { _id: 'night-buses', _type: 'article' }, revisions: { published: 'rev-p', draft: 'rev-d' } }
let key = 0
const keys = () => `k${key++}`

describe('autosaveDraft', () => {
  it('writes the draft alone, guarded by its revision, even for a published lead story, and returns the new revision', async () => {
    const mutate = vi.fn(async (_mutations: ArticleMutation[]) => ({ transactionId: 'tx-2' }))
    const output = await autosaveDraft(mutate, { mode: 'edit', id: 'night-buses', values, loaded }, () => new Date('2026-11-24T14:05:00Z'), keys)
    expect(output).toEqual({ draftRevision: 'tx-2', savedAt: '2026-11-24T14:05:00.000Z' })
    const mutations = mutate.mock.calls[0]![0]
    expect(mutations[0]).toEqual({ patch: { id: 'drafts.night-buses', ifRevisionID: 'rev-d' } })
    expect(mutations).toHaveLength(2)
    // Nothing touches the published article or another article's flags.
    expect(JSON.stringify(mutations)).not.toContain('"night-buses"')
    expect(mutations.some((m) => 'patch' in m && 'query' in (m.patch as object))).toBe(false)
  })

  it('creates the draft of an article that has none', async () => {
    const mutate = vi.fn(async (_mutations: ArticleMutation[]) => ({ transactionId: 'tx-1' }))
    await autosaveDraft(mutate, { mode: 'create', id: 'new-one', values, loaded: null }, undefined, keys)
    const mutations = mutate.mock.calls[0]![0]
    expect(mutations).toHaveLength(1)
    expect((mutations[0] as { create: { _id: string } }).create._id).toBe('drafts.new-one')
  })

  it('reports a revision that moved on as a conflict', async () => {
    const mutate = vi.fn(async () => {
      throw Object.assign(new Error('Conflict'), { statusCode: 409 })
    })
    await expect(autosaveDraft(mutate, { mode: 'edit', id: 'night-buses', values, loaded }, undefined, keys)).rejects.toBeInstanceOf(ConflictError)
  })
})

describe('draftSavedLabel', () => {
  it('says the time on London’s clock, in summer time too', () => {
    expect(draftSavedLabel('2026-11-24T14:05:00Z')).toBe('Draft saved at 14:05')
    expect(draftSavedLabel('2026-07-01T08:30:00Z')).toBe('Draft saved at 09:30')
  })
})

describe('worthAutosaving', () => {
  it('waits for a title', () => {
    expect(worthAutosaving(emptyArticleValues())).toBe(false)
    expect(worthAutosaving({ ...emptyArticleValues(), title: '  ' })).toBe(false)
    expect(worthAutosaving({ ...emptyArticleValues(), title: 'N' })).toBe(true)
  })
})
