import { describe, expect, it } from 'vitest'
import { slotClearingPatches } from './frontPageSlots.ts'

describe('clearing the single slots', () => {
  it('patches every other article by query for each slot the article takes', () => {
    expect(slotClearingPatches('a1', { isBreakingNews: true, isLeadStory: true })).toEqual([
      {
        patch: {
          query: '*[_type == "article" && isLeadStory == true && !(_id in [$id, $draftId]) && !(_id in path("versions.**"))]',
          params: { id: 'a1', draftId: 'drafts.a1' },
          set: { isLeadStory: false },
        },
      },
      {
        patch: {
          query: '*[_type == "article" && isBreakingNews == true && !(_id in [$id, $draftId]) && !(_id in path("versions.**"))]',
          params: { id: 'a1', draftId: 'drafts.a1' },
          set: { isBreakingNews: false },
        },
      },
    ])
  })

  it('spares the article itself whether named by its id or its draft’s', () => {
    expect(slotClearingPatches('drafts.a1', { isBreakingNews: true })[0]?.patch.params).toEqual({ id: 'a1', draftId: 'drafts.a1' })
  })

  it('clears nothing for flags that are off, missing or not true', () => {
    expect(slotClearingPatches('a1', { isBreakingNews: false })).toEqual([])
    expect(slotClearingPatches('a1', {})).toEqual([])
    expect(slotClearingPatches('a1', { isLeadStory: 'yes' })).toEqual([])
  })
})
