import { describe, expect, it } from 'vitest'
import { homepagePlaces } from '../../homepage/rules.ts'
import { notOnHomepage, placementLines } from './placement.ts'
import { emptyArticleValues } from './values.ts'

const categories = [
  { id: 'c-uk', name: 'UK' },
  { id: 'c-biz', name: 'Business & Money' },
  { id: 'c-sport', name: 'Sport' },
]
const values = (overrides: Partial<ReturnType<typeof emptyArticleValues>> = {}) => ({ ...emptyArticleValues(), category_ids: ['c-uk'], ...overrides })

describe('homepagePlaces', () => {
  it('follows the homepage’s rules: a featured lead shows as the lead, not twice', () => {
    expect(homepagePlaces({ isLeadStory: true, isFeatured: true })).toEqual(['lead'])
    expect(homepagePlaces({ isBreakingNews: true, isLatestUpdate: true })).toEqual(['breaking', 'latest'])
    expect(homepagePlaces({ mediaType: 'video' })).toEqual(['videos'])
    expect(homepagePlaces({})).toEqual([])
    // A live blog whose coverage has ended is not breaking news (decision 042); a running one is.
    expect(homepagePlaces({ isBreakingNews: true, isLatestUpdate: true, isLiveBlog: true, liveBlogEndedAt: '2026-11-27T18:00:00Z' })).toEqual(['latest'])
    expect(homepagePlaces({ isBreakingNews: true, isLiveBlog: true, liveBlogEndedAt: null })).toEqual(['breaking'])
  })
})

describe('placementLines', () => {
  it('says an unflagged story is not on the homepage, and which listings it joins', () => {
    expect(placementLines(values(), categories)).toEqual({ homepage: notOnHomepage, listings: 'In the listings of UK, and in search.' })
    expect(notOnHomepage).toBe('Not on the homepage: it will appear in its sections’ listings and search.')
  })

  it('names each homepage section its flags give it, and every category in order', () => {
    expect(placementLines(values({ is_breaking_news: true, is_featured: true, is_latest_update: true, category_ids: ['c-sport', 'c-uk', 'c-biz'] }), categories)).toEqual({
      homepage: 'On the homepage in Breaking News, Featured Stories and Latest Updates.',
      listings: 'In the listings of Sport, UK and Business & Money, and in search.',
    })
    expect(placementLines(values({ is_lead_story: true, is_featured: true }), categories).homepage).toBe('On the homepage in the Lead Story.')
    expect(placementLines(values({ category_ids: [] }), categories).listings).toBe('In search; choose a category for its section’s listing.')
  })

  it('leaves Breaking News out for a live blog whose coverage has ended', () => {
    expect(placementLines(values({ is_breaking_news: true, is_lead_story: true }), categories, '2026-11-27T18:00:00Z').homepage).toBe('On the homepage in the Lead Story.')
    expect(placementLines(values({ is_breaking_news: true }), categories, '2026-11-27T18:00:00Z').homepage).toBe(notOnHomepage)
  })
})
