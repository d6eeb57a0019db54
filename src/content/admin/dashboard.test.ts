import { describe, expect, it } from 'vitest'
import { applyHomepageRules, type CardArticle } from '../homepage/rules.ts'
import { fetchDashboard, notShownBadge, type DashboardData } from './dashboard.ts'
import { dataset, ids, run } from './newsroom.fixtures.ts'

type Doc = { _id: string; [field: string]: unknown }

// The two perspectives over the same documents: readers see published documents only.
const isPublished = (doc: Doc) => !doc._id.startsWith('drafts.') && !doc._id.startsWith('versions.')
const deps = (docs: Doc[]) => ({
  fetch: <T,>(query: string, params?: Record<string, unknown>) => run<T>(query, params ?? {}, docs),
  fetchPublished: <R,>(query: string, params: Record<string, unknown>) => run<R>(query, params, docs.filter(isPublished)),
})
const shownIds = (data: DashboardData) => Object.fromEntries(Object.entries(data).map(([key, section]) => [key, ids(section.shown)]))

describe('the dashboard', () => {
  it('shows what the homepage shows, and the flagged articles readers do not see', async () => {
    const data = await fetchDashboard(deps(dataset as Doc[]))
    expect(shownIds(data)).toEqual({
      breaking: [],
      lead: ['bridge'],
      featured: [],
      latest: ['barrier', 'arsenal'],
      trending: ['arsenal', 'filler-26', 'filler-25', 'filler-24', 'filler-23'],
    })
    // A draft never published, and a published article whose unpublished changes feature it.
    expect(ids(data.featured.notShown)).toEqual(['results', 'barrier'])
    expect(data.featured.notShown[0]).toMatchObject({ title: 'Weekend sport results', category: 'Sport', hasPublished: false, hasDraft: true, shownIn: [] })
    expect(notShownBadge(data.featured.notShown[0]!)).toBe('Not on the homepage')
    // Shown as readers see it: the published title, marked where a draft beside it differs.
    expect(data.latest.shown[0]).toMatchObject({ id: 'barrier', title: 'Thames Barrier closes', category: 'UK', hasPublished: true, hasDraft: false, draftDiffers: true })
    expect(data.latest.shown[1]).toMatchObject({ id: 'arsenal', hasDraft: false, draftDiffers: false })
    // Flagged only in its draft, the published article is listed with the title readers see.
    expect(data.featured.notShown[1]).toMatchObject({ id: 'barrier', title: 'Thames Barrier closes', draftDiffers: true })
    // It is not among the featured, but readers see it on the homepage, among the latest: its mark says so.
    expect(data.featured.notShown[1]!.shownIn).toEqual(['latest'])
    expect(notShownBadge(data.featured.notShown[1]!)).toBe('On the homepage in Latest Updates')
    expect(data.latest.notShown).toEqual([])
    expect(data.trending.notShown).toEqual([])
  })

  it('agrees with the homepage’s rules when several stories hold a single slot and sections overflow', async () => {
    const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T08:00:00Z`
    const docs: Doc[] = [
      { _id: 'lead-old', _type: 'article', title: 'Old lead', publishedAt: at(1), isLeadStory: true, isFeatured: true },
      { _id: 'lead-new', _type: 'article', title: 'New lead', publishedAt: at(3), isLeadStory: true, isFeatured: true },
      { _id: 'drafts.lead-draft', _type: 'article', title: 'Draft lead', isLeadStory: true, _createdAt: at(4) },
      { _id: 'breaking-1', _type: 'article', title: 'Breaking one', publishedAt: at(2), isBreakingNews: true },
      { _id: 'breaking-2', _type: 'article', title: 'Breaking two', publishedAt: at(5), isBreakingNews: true },
      ...Array.from({ length: 5 }, (_, i) => ({ _id: `feature-${i}`, _type: 'article', title: `Feature ${i}`, publishedAt: at(10 + i), isFeatured: true })),
      ...Array.from({ length: 7 }, (_, i) => ({ _id: `update-${i}`, _type: 'article', title: `Update ${i}`, publishedAt: at(20 + i), isLatestUpdate: true, readsLastDay: 200 + i })),
    ]
    const data = await fetchDashboard(deps(docs))
    const homepage = applyHomepageRules(docs.filter(isPublished) as unknown as CardArticle[]).sections
    expect(shownIds(data)).toEqual({
      breaking: [homepage.breaking!._id],
      lead: [homepage.lead!._id],
      featured: homepage.featured.map((a) => a._id),
      latest: homepage.latest.map((a) => a._id),
      trending: homepage.trending.map((a) => a._id),
    })
    expect(ids(data.breaking.shown)).toEqual(['breaking-2'])
    expect(ids(data.breaking.notShown)).toEqual(['breaking-1'])
    expect(ids(data.lead.shown)).toEqual(['lead-new'])
    expect(ids(data.lead.notShown)).toEqual(['lead-draft', 'lead-old'])
    // The lead is featured too, and shown as the lead: it is on the homepage, so not listed as missing.
    expect(ids(data.featured.shown)).toEqual(['feature-4', 'feature-3', 'feature-2'])
    expect(ids(data.featured.notShown)).toEqual(['feature-1', 'feature-0', 'lead-old'])
    expect(ids(data.latest.notShown)).toEqual(['update-1', 'update-0'])
  })

  it('says where a flagged story readers do not see in its section is on the homepage instead', async () => {
    const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T08:00:00Z`
    // A live blog flagged breaking and lead whose coverage has ended: no banner, but still the lead.
    const docs: Doc[] = [
      { _id: 'blog', _type: 'article', title: 'Budget day, as it happened', publishedAt: at(3), isBreakingNews: true, isLeadStory: true, isLiveBlog: true, liveBlogEndedAt: at(4) },
      { _id: 'old-breaking', _type: 'article', title: 'Power cut', publishedAt: at(1), isBreakingNews: true },
    ]
    const data = await fetchDashboard(deps(docs))
    expect(ids(data.breaking.shown)).toEqual([])
    expect(ids(data.lead.shown)).toEqual(['blog'])
    expect(data.breaking.notShown.map((row) => [row.id, notShownBadge(row)])).toEqual([
      ['blog', 'On the homepage in Lead Story'],
      ['old-breaking', 'Not on the homepage'],
    ])
    expect(notShownBadge({ shownIn: ['lead', 'latest', 'trending'] })).toBe('On the homepage in Lead Story, Latest Updates and Trending Now')
  })
})
