import { describe, expect, it } from 'vitest'
import { scheduledSaveInput } from './schedule.ts'
import { saveMutations } from './transaction.ts'
import { counter, validValues } from './validArticle.fixtures.ts'
import { toLocalInput } from './values.ts'

const executeAt = '2026-11-24T14:30:00.000Z'
const values = validValues({ published: true, is_breaking_news: true, published_at: toLocalInput(new Date('2026-11-20T08:00:00.000Z')) })

describe('the save before a schedule', () => {
  it('keeps a new article an undated draft, for the schedule to date when it fires', () => {
    const save = scheduledSaveInput({ mode: 'create', id: 'a1', values: { ...values, published_at: '' }, loaded: null, executeAt })
    expect(save.values).toMatchObject({ published: false, published_at: '' })
    const mutations = saveMutations(save, counter())
    expect(mutations).toHaveLength(1)
    const created = (mutations[0] as { create: Record<string, unknown> }).create
    expect(created._id).toBe('drafts.a1')
    expect('publishedAt' in created).toBe(false)
  })

  it('keeps a date the editor gave a new article', () => {
    const save = scheduledSaveInput({ mode: 'create', id: 'a1', values, loaded: null, executeAt })
    expect((saveMutations(save, counter())[0] as { create: Record<string, unknown> }).create.publishedAt).toBe('2026-11-20T08:00:00.000Z')
  })

  it('saves a live article’s changes as its draft only: the published version, its date and the homepage’s slots untouched', () => {
    const loaded = { values, base: { _id: 'a1', _type: 'article', publishedAt: '2026-11-20T08:00:00.000Z' }, revisions: { published: 'rev-p', draft: 'rev-d' } }
    const save = scheduledSaveInput({ mode: 'edit', id: 'a1', values, loaded, executeAt })
    expect(save.draftOnly).toBe(true)
    expect(save.values).toBe(values)
    const mutations = saveMutations(save, counter())
    expect(mutations[0]).toEqual({ patch: { id: 'drafts.a1', ifRevisionID: 'rev-d' } })
    expect(mutations).toHaveLength(2)
    const written = (mutations[1] as { createOrReplace: Record<string, unknown> }).createOrReplace
    expect(written).toMatchObject({ _id: 'drafts.a1', publishedAt: '2026-11-20T08:00:00.000Z', isBreakingNews: true })
    // Nothing touches the published article or another article's flags.
    expect(JSON.stringify(mutations)).not.toContain('"a1"')
    expect(mutations.some((m) => 'patch' in m && 'query' in m.patch)).toBe(false)
  })
})
