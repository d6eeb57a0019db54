import { describe, expect, it } from 'vitest'
import { validValues } from './articleForm/validArticle.fixtures.ts'
import { clearSlotPatches, loadFrontPageHolders, noHolders, replacedStory, type FrontPageHolders } from './frontPage.ts'
import { run } from './newsroom.fixtures.ts'

const holders: FrontPageHolders = { breaking: { id: 'storm', title: 'Storm closes the Thames Barrier' }, lead: { id: 'summit', title: 'Leaders agree energy package' } }

describe('which story a save replaces', () => {
  it('names the story holding the slot when the form asks for it', () => {
    const values = validValues({ is_lead_story: true, is_breaking_news: true })
    expect(replacedStory(holders, 'lead', 'mine', values)).toEqual(holders.lead)
    expect(replacedStory(holders, 'breaking', 'mine', values)).toEqual(holders.breaking)
  })

  it('names nobody when the form does not ask for the slot, nobody holds it, or this article already does', () => {
    expect(replacedStory(holders, 'lead', 'mine', validValues({ is_lead_story: false, is_breaking_news: true }))).toBeNull()
    expect(replacedStory(noHolders, 'lead', 'mine', validValues({ is_lead_story: true }))).toBeNull()
    expect(replacedStory(holders, 'lead', 'summit', validValues({ is_lead_story: true }))).toBeNull()
  })
})

describe('the slots the homepage shows', () => {
  // The published perspective holds no drafts: groq-js over published documents answers as the service would.
  const fetchOver = (docs: unknown[]) => <R,>(query: string, params: Record<string, unknown>) => run<R>(query, params, docs)

  it('are the homepage’s own picks: the newest flagged published story of each', async () => {
    const docs = [
      { _id: 'old-lead', _type: 'article', title: 'Older lead', publishedAt: '2026-11-20T08:00:00Z', isLeadStory: true },
      { _id: 'new-lead', _type: 'article', title: 'Newer lead', publishedAt: '2026-11-21T08:00:00Z', isLeadStory: true },
      { _id: 'breaking', _type: 'article', title: 'Bridge closed', publishedAt: '2026-11-19T08:00:00Z', isBreakingNews: true },
    ]
    expect(await loadFrontPageHolders(fetchOver(docs))).toEqual({ lead: { id: 'new-lead', title: 'Newer lead' }, breaking: { id: 'breaking', title: 'Bridge closed' } })
    expect(await loadFrontPageHolders(fetchOver([]))).toEqual(noHolders)
  })
})

describe('clearing a slot', () => {
  it('patches by query in the save, for each slot a published article takes', () => {
    expect(clearSlotPatches('a1', validValues({ published: true, is_lead_story: true }))).toEqual([
      {
        patch: {
          query: '*[_type == "article" && isLeadStory == true && !(_id in [$id, $draftId]) && !(_id in path("versions.**"))]',
          params: { id: 'a1', draftId: 'drafts.a1' },
          set: { isLeadStory: false },
        },
      },
    ])
    expect(clearSlotPatches('a1', validValues({ published: false, is_lead_story: true }))).toEqual([])
  })
})
