import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../../../tests/support/service.ts'
import type { SectionType } from './addresses.ts'
import type { StoredArticle } from './articleForm/document.ts'
import { draftBasis } from './articleForm/draftVersusLive.ts'
import { messages } from './articleForm/messages.ts'
import { ConflictError, saveError } from './articleForm/save.ts'
import type { AdminListItem } from './listItem.ts'
import { ids, run, statusLabel } from './newsroom.fixtures.ts'
import { fetchSection, removeFromSectionMutations, sectionLimit, sectionQuery, type SectionContent } from './sections.ts'

describe('the section manager’s queries', () => {
  it('lists each section’s articles with the first category’s name', async () => {
    const lead = await run<SectionContent>(sectionQuery('lead'))
    expect(lead).toMatchObject({ total: 1, items: [{ id: 'bridge', title: 'London Bridge reopens after repairs', category: 'UK', publishedAt: '2024-01-02T09:00:00Z', hasPublished: true, hasDraft: false, draftDiffers: false }] })
    // What readers see, with the draft beside it marked: the published title, not the draft's.
    const latest = await run<SectionContent>(sectionQuery('latest'))
    expect(latest.items[0]).toMatchObject({ id: 'barrier', title: 'Thames Barrier closes', hasDraft: false, draftDiffers: true })
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

// A service of its own, started for these three: its first queries wait for it on a busy machine.
describe('Remove from this section, against the content service', { timeout: 20_000 }, () => {
  let service: TestService
  let editor: ReturnType<TestService['client']>
  const reader = () => service.client({ perspective: 'published' })

  beforeAll(async () => {
    service = await startTestService()
    editor = service.client({ token: await service.adminToken() })
  })

  afterAll(async () => {
    await service?.stop()
  })

  const remove = (type: SectionType, item: AdminListItem) => {
    const transactionId = crypto.randomUUID()
    return editor.mutate(removeFromSectionMutations(type, item, transactionId), { transactionId })
  }

  it('clears the flag on the published article and its draft, leaving the article and the draft’s basis as they were', async () => {
    await editor.create({ _id: 'ferry', _type: 'article', title: 'Ferry returns', isFeatured: true, publishedAt: '2026-11-20T08:00:00Z' })
    const published = await editor.getDocument('ferry')
    await editor.create({ _id: 'drafts.ferry', _type: 'article', title: 'Ferry returns on Monday', isFeatured: true, basedOnRevision: published!._rev })
    const [item] = (await fetchSection(editor, 'featured')).items
    expect(item).toMatchObject({ id: 'ferry', title: 'Ferry returns', draftDiffers: true })
    await remove('featured', item!)
    expect(await reader().fetch('*[_id == "ferry"][0]{title, isFeatured}')).toEqual({ title: 'Ferry returns', isFeatured: false })
    const [live, draft] = await Promise.all([editor.getDocument('ferry'), editor.getDocument('drafts.ferry')])
    expect(draft).toMatchObject({ title: 'Ferry returns on Monday', isFeatured: false })
    // The draft was made from what readers saw, and still is: the form will not call it stale.
    expect(draftBasis(draft as StoredArticle, live as StoredArticle)).toEqual({ basedOn: live!._rev, stale: false })
    expect((await fetchSection(editor, 'featured')).items).toEqual([])
  })

  it('changes nothing when the article changed since the list was loaded', async () => {
    await editor.create({ _id: 'tram', _type: 'article', title: 'Trams run late', isLatestUpdate: true })
    const [item] = (await fetchSection(editor, 'latest')).items
    await editor.patch('tram').set({ title: 'Trams run late tonight' }).commit()
    const refused = await remove('latest', item!).catch((e: unknown) => e)
    expect(saveError(refused, 'edit')).toBeInstanceOf(ConflictError)
    expect(await reader().fetch('*[_id == "tram"][0]{title, isLatestUpdate}')).toEqual({ title: 'Trams run late tonight', isLatestUpdate: true })
  })

  it('is refused to a contributor, who does not publish', async () => {
    await editor.create({ _id: 'bus', _type: 'article', title: 'Buses divert', isLeadStory: true })
    const [item] = (await fetchSection(editor, 'lead')).items
    const contributor = service.client({ token: service.auth.createRobotToken('contributor', 'section test', 600) })
    const refused = await contributor.mutate(removeFromSectionMutations('lead', item!, 'tx-contributor'), { transactionId: 'tx-contributor' }).catch((e: unknown) => e)
    expect(saveError(refused, 'edit').message).toBe(messages.updateDisabled)
    expect(await reader().fetch('*[_id == "bus"][0].isLeadStory')).toBe(true)
  })
})
