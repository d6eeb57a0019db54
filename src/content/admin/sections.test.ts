import { describe, expect, it } from 'vitest'
import { ids, run, statusLabel } from './newsroom.fixtures.ts'
import { sectionLimit, sectionQuery, type SectionContent } from './sections.ts'

describe('the section manager’s queries', () => {
  it('lists each section’s articles with the first category’s name', async () => {
    const lead = await run<SectionContent>(sectionQuery('lead'))
    expect(lead).toEqual({ total: 1, items: [{ id: 'bridge', title: 'London Bridge reopens after repairs', category: 'UK', publishedAt: '2024-01-02T09:00:00Z', hasPublished: true, hasDraft: false }] })
    const videos = await run<SectionContent>(sectionQuery('videos'))
    expect(videos.items.map((i) => [i.id, i.category])).toEqual([['arsenal', 'Sport']])
    expect(ids((await run<SectionContent>(sectionQuery('featured'))).items)).toEqual(['results', 'barrier'])
    expect(ids((await run<SectionContent>(sectionQuery('latest'))).items)).toEqual(['barrier', 'arsenal'])
  })

  it('orders trending by reads, over 100 only', async () => {
    const trending = await run<SectionContent>(sectionQuery('trending'))
    expect(trending.total).toBe(2 + 26)
    expect(ids(trending.items).slice(0, 3)).toEqual(['results', 'arsenal', 'filler-26'])
    expect(ids(trending.items)).not.toContain('bridge')
  })

  it('lists image galleries, drafts included', async () => {
    const images = await run<SectionContent>(sectionQuery('images'))
    expect(images.items.map((i): [string, string | null, string] => [i.id, i.category, statusLabel(i)])).toEqual([
      ['gallery-dusk', null, 'Draft'],
      ['gallery-dawn', 'UK', 'Published'],
    ])
  })

  it(`stops at ${sectionLimit} items but counts them all`, async () => {
    const many = Array.from({ length: sectionLimit + 20 }, (_, i) => ({ _id: `v${i}`, _type: 'article', title: `Video ${i}`, mediaType: 'video', publishedAt: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString() }))
    const videos = await run<SectionContent>(sectionQuery('videos'), {}, many)
    expect(videos.total).toBe(sectionLimit + 20)
    expect(videos.items).toHaveLength(sectionLimit)
    expect(videos.items[0]!.id).toBe(`v${sectionLimit + 19}`)
  })
})
