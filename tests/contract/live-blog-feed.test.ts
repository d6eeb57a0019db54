// A live blog's RSS feed (/article/{slug}/rss.xml, server/feeds/liveBlogRss.ts) as a feed reader
// gets it from the service: the published updates newest first, each with its own address; drafts
// never; an article that is not a live blog, or none, is the protocol's 404; and filed for the edge
// under the blog's newest-updates key (shared/cacheKeys.ts). Then the blog on the homepage: its
// newest updates in its slot, and off the breaking banner once its coverage ends (decision 042).

import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SanityClient } from '@sanity/client'
import { liveBlogNewestKey, purgeKeys } from '../../shared/cacheKeys.ts'
import { homepageListenQuery } from '../../shared/homepage/query.ts'
import { changeMayAlterHomepage, loadHomepage, type DocumentChange } from '../../shared/homepage/rules.ts'
import { changeCoverage, loadDesk, type DeskDeps } from '../../src/content/admin/liveBlogDesk.ts'
import { renderPage } from '../../src/entry-server.tsx'
import { startTestService, type TestService } from '../support/service.ts'
import { expectErrorBody, raw, rawListen, waitFor } from './helpers.ts'

const publicUrl = 'https://news.example'
let service: TestService
let admin: SanityClient

const body = (text: string) => [{ _type: 'block', _key: 'k1', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's1', text, marks: [] }] }]
const update = (id: string, minute: number, fields: Record<string, unknown> = {}) => ({
  _id: id,
  _type: 'liveUpdate',
  liveBlog: { _type: 'reference', _ref: 'storm-blog' },
  publishedAt: `2026-11-27T16:${String(minute).padStart(2, '0')}:00.000Z`,
  body: body(`Update ${id} text.`),
  ...fields,
})

beforeAll(async () => {
  service = await startTestService({ PUBLIC_URL: publicUrl })
  admin = service.client({ token: await service.adminToken() })
  await admin
    .transaction()
    .createOrReplace({ _id: 'storm-blog', _type: 'article', title: 'Storm live', slug: { _type: 'slug', current: 'storm-live' }, publishedAt: '2026-11-27T15:00:00.000Z', isLiveBlog: true })
    .createOrReplace({ _id: 'plain', _type: 'article', title: 'Not live', slug: { _type: 'slug', current: 'not-live' }, publishedAt: '2026-11-27T15:00:00.000Z' })
    .createOrReplace(update('u1', 1, { headline: 'Barrier closes' }))
    .createOrReplace(update('u2', 2))
    .createOrReplace(update('drafts.u3', 3, { headline: 'UNPUBLISHED-FEED-UPDATE' }))
    .commit()
})

afterAll(async () => {
  await service?.stop()
})

const get = (path: string) => raw(`${service.url}${path}`)
const items = (text: string) => {
  expect(XMLValidator.validate(text)).toBe(true)
  return new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => name === 'item' }).parse(text).rss.channel as { title: string; item?: Array<Record<string, string>> }
}

describe("a live blog's RSS feed", () => {
  it('lists the published updates newest first, each at the address that finds it, and never a draft', async () => {
    const res = await get('/article/storm-live/rss.xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8')
    const channel = items(res.text)
    expect(channel.title).toBe('Storm live | Resonance live')
    expect(channel.item!.map((item) => [item.title, item.link])).toEqual([
      ['Update u2 text.', `${publicUrl}/article/storm-live?update=u2#update-u2`],
      ['Barrier closes', `${publicUrl}/article/storm-live?update=u1#update-u1`],
    ])
    expect(res.text).not.toContain('UNPUBLISHED-FEED-UPDATE')
    // The edge keeps it until an update of this blog changes.
    expect(res.headers.get('xkey')!.split(' ')).toContain(liveBlogNewestKey('storm-blog'))
    expect(res.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=600')
  })

  it('shows a post, an edit and a deletion at the next request', async () => {
    await admin.create(update('u4', 4, { headline: 'Trains stop at Reading' }))
    await admin.patch('u1').set({ headline: 'Barrier closes early' }).commit()
    await admin.delete('u2')
    const channel = items((await get('/article/storm-live/rss.xml')).text)
    expect(channel.item!.map((item) => item.title)).toEqual(['Trains stop at Reading', 'Barrier closes early'])
  })

  it('is not found for an article that is not a live blog, an unknown slug or a hostile one', async () => {
    expectErrorBody(await get('/article/not-live/rss.xml'), 404)
    expectErrorBody(await get('/article/no-such-blog/rss.xml'), 404)
    expectErrorBody(await get(`/article/${'x'.repeat(5000)}/rss.xml`), 404)
    expectErrorBody(await get('/article/%22%5D%7B%7D/rss.xml'), 404)
  })
})

describe('a live blog on the homepage', () => {
  const reader = () => service.client()
  const homepage = () => loadHomepage((query, params, options) => reader().fetch(query, params, options))

  it('shows its three newest published updates when it is the lead, and none for a story that is not a live blog', async () => {
    await admin.transaction().patch('storm-blog', (p) => p.set({ isLeadStory: true })).patch('plain', (p) => p.set({ isFeatured: true })).create(update('u5', 5)).create(update('u6', 6)).commit()
    const { sections } = await homepage()
    expect(sections.lead?._id).toBe('storm-blog')
    expect(sections.lead?.isLiveBlog).toBe(true)
    expect(sections.lead?.liveUpdates?.map((u) => u._id)).toEqual(['u6', 'u5', 'u4'])
    expect(sections.lead?.liveUpdates?.[0]?.text).toBe('Update u6 text.')
    expect(JSON.stringify(sections)).not.toContain('UNPUBLISHED-FEED-UPDATE')
    expect(sections.featured.find((card) => card._id === 'plain')?.liveUpdates).toBeUndefined()
  })

  it("reaches an open homepage's listen stream when an update is posted", async () => {
    const stream = await rawListen(`${service.url}/v2023-05-03/data/listen/production?query=${encodeURIComponent(homepageListenQuery)}&includeResult=true&visibility=query`, 'homepage')
    try {
      await admin.create(update('u7', 7))
      await waitFor(() => stream.text().includes('event: mutation') && stream.text().includes('"documentId":"u7"'), 'the mutation event for u7', 15_000)
    } finally {
      stream.close()
    }
    expect((await homepage()).sections.lead?.liveUpdates?.[0]?._id).toBe('u7')
  })

  it('leaves the breaking banner once an editor ends its coverage, on the rendered page, an open homepage and the edge alike', async () => {
    await admin.patch('storm-blog').set({ isBreakingNews: true }).commit()
    // The homepage as the service renders it for a reader, with the keys the edge files it under.
    const render = () => renderPage('/', (query, params) => reader().fetch(query, params), { origin: publicUrl, dataset: service.config.dataset })
    const banner = 'id="breaking-news-title"'
    const before = await render()
    expect(before.html).toContain(banner)
    const shown = await homepage()
    expect(shown.sections.breaking?._id).toBe('storm-blog')

    const stream = await rawListen(`${service.url}/v2023-05-03/data/listen/production?query=${encodeURIComponent(homepageListenQuery)}&includeResult=true&visibility=query`, 'homepage')
    let change: DocumentChange | undefined
    try {
      // The desk's own End: `liveBlogEndedAt` set on the article, guarded by its revision.
      const editor: DeskDeps = { fetch: (query, params) => admin.fetch(query, params ?? {}), mutate: (mutations, options) => admin.mutate(mutations as never, { ...options, returnDocuments: false }) }
      await changeCoverage(editor, (await loadDesk(editor.fetch, 'storm-blog')).blog, 'end')
      const blogEvent = () =>
        stream
          .text()
          .split('\n\n')
          // Whole events only: the last part is what has arrived of the next.
          .slice(0, -1)
          .filter((event) => event.startsWith('event: mutation'))
          .map((event) => JSON.parse(event.slice(event.indexOf('data: ') + 6)) as DocumentChange)
          .find((event) => event.documentId === 'storm-blog')
      await waitFor(() => (change = blogEvent()) !== undefined, 'the mutation event for the blog', 15_000)
    } finally {
      stream.close()
    }
    // An open homepage's feed hears the change as one that may alter it, and fetches the homepage again.
    expect(changeMayAlterHomepage(shown, change!)).toBe(true)
    const fetched = await homepage()
    expect(fetched.sections.breaking).toBeNull()
    // Still the lead story, which says it has ended.
    expect(fetched.sections.lead?._id).toBe('storm-blog')
    // The edge purges the page it kept: the change names a key it is filed under.
    expect(purgeKeys({ id: 'storm-blog', type: 'article', operation: 'update', dataset: service.config.dataset }).filter((key) => before.keys.includes(key))).not.toEqual([])
    const after = await render()
    expect(after.html).not.toContain(banner)
    expect(after.html).toContain('This live blog has ended.')
  })
})
