import { describe, expect, it } from 'vitest'
import { dashboardQuery, type DashboardData } from './dashboard.ts'
import { ids, run } from './newsroom.fixtures.ts'

describe('the dashboard query', () => {
  it('lists lead, featured and latest articles, drafts included', async () => {
    const data = await run<DashboardData>(dashboardQuery)
    expect(ids(data.lead)).toEqual(['bridge'])
    // A draft with no publication date counts from its creation.
    expect(ids(data.featured)).toEqual(['results', 'barrier'])
    expect(data.featured.find((a) => a.id === 'results')).toMatchObject({ title: 'Weekend sport results', category: 'Sport', hasPublished: false, hasDraft: true })
    expect(data.featured.find((a) => a.id === 'barrier')).toMatchObject({ hasPublished: true, hasDraft: true })
    expect(ids(data.latest)).toEqual(['barrier', 'arsenal'])
  })

  it('stops Latest Updates at five', async () => {
    const many = Array.from({ length: 8 }, (_, i) => ({ _id: `u${i}`, _type: 'article', title: `Update ${i}`, isLatestUpdate: true, publishedAt: `2024-01-0${i + 1}T00:00:00Z` }))
    const data = await run<DashboardData>(dashboardQuery, {}, many)
    expect(ids(data.latest)).toEqual(['u7', 'u6', 'u5', 'u4', 'u3'])
  })
})
