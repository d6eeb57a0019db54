import { evaluate, parse } from 'groq-js'
import { describe, expect, it } from 'vitest'
import type { Fetch } from '../article/article.ts'
import { keyEventTitle, loadLiveBlogPage, loadLiveFirstPage } from './liveBlog.ts'

const minute = 60_000
const start = Date.parse('2026-11-27T10:00:00.000Z')
const body = (text: string) => [{ _type: 'block', _key: 'k', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's', text, marks: [] }] }]

/** A blog of `count` updates a minute apart (u1 the oldest), plus another blog's and a draft. */
function dataset(count: number, extra: Record<string, Record<string, unknown>> = {}) {
  const updates = Array.from({ length: count }, (_, i) => ({
    _id: `u${i + 1}`,
    _type: 'liveUpdate',
    liveBlog: { _type: 'reference', _ref: 'blog' },
    publishedAt: new Date(start + i * minute).toISOString(),
    body: body(`Update number ${i + 1}`),
    ...extra[`u${i + 1}`],
  }))
  return [
    ...updates,
    { _id: 'other', _type: 'liveUpdate', liveBlog: { _type: 'reference', _ref: 'other-blog' }, publishedAt: new Date(start).toISOString(), body: body('Elsewhere') },
  ]
}

function fetcher(docs: unknown[]): Fetch {
  return async <R>(query: string, params: Record<string, unknown>) => (await (await evaluate(parse(query), { dataset: docs, params })).get()) as R
}

const ids = (page: { updates: Array<{ _id: string }> } | null) => page?.updates.map((update) => update._id)

describe('loadLiveBlogPage', () => {
  it('shows a short blog whole on its first page, newest first, with no other pages', async () => {
    const page = await loadLiveBlogPage(fetcher(dataset(3)), 'blog', '/article/storm', { kind: 'first' })
    expect(ids(page)).toEqual(['u3', 'u2', 'u1'])
    expect(page).toMatchObject({ total: 3, page: null, pinned: null, keyEvents: [], newerHref: null, olderHref: null, path: '/article/storm' })
  })

  it('pages a long blog from the oldest update, and an older page keeps its updates as more arrive', async () => {
    const first = await loadLiveBlogPage(fetcher(dataset(45)), 'blog', '/article/storm', { kind: 'first' })
    expect(ids(first)?.[0]).toBe('u45')
    expect(ids(first)?.at(-1)).toBe('u21')
    expect(first?.olderHref).toBe('/article/storm?page=1')
    const older = await loadLiveBlogPage(fetcher(dataset(45)), 'blog', '/article/storm', { kind: 'page', page: 1 })
    expect(ids(older)).toEqual(Array.from({ length: 20 }, (_, i) => `u${20 - i}`))
    // "Newer updates" leads to the page holding the update after the block: the first page now, page 2 later.
    expect(older).toMatchObject({ newerHref: '/article/storm?update=u21', olderHref: null, path: '/article/storm?page=1' })
    // Posting changes nothing on an older page, not even when a block fills: the edge keeps it.
    for (const total of [46, 59, 60, 61, 90]) {
      const later = await loadLiveBlogPage(fetcher(dataset(total)), 'blog', '/article/storm', { kind: 'page', page: 1 })
      expect({ ...later, total: 0 }, String(total)).toEqual({ ...older, total: 0 })
    }
    expect(await loadLiveBlogPage(fetcher(dataset(61)), 'blog', '/article/storm', { kind: 'update', id: 'u21' })).toMatchObject({ path: '/article/storm?page=2' })
  })

  it('gives the newest full block no address of its own while the first page shows it', async () => {
    expect(await loadLiveBlogPage(fetcher(dataset(40)), 'blog', '/article/storm', { kind: 'page', page: 2 })).toBeNull()
    expect(await loadLiveBlogPage(fetcher(dataset(59)), 'blog', '/article/storm', { kind: 'page', page: 2 })).toBeNull()
    expect(await loadLiveBlogPage(fetcher(dataset(60)), 'blog', '/article/storm', { kind: 'page', page: 2 })).toMatchObject({ page: 2, newerHref: '/article/storm?update=u41' })
  })

  it('is not found for a page the blog does not have, nor for an update of another blog', async () => {
    const fetch = fetcher(dataset(45))
    expect(await loadLiveBlogPage(fetch, 'blog', '/article/storm', { kind: 'page', page: 3 })).toBeNull()
    expect(await loadLiveBlogPage(fetch, 'blog', '/article/storm', { kind: 'update', id: 'other' })).toBeNull()
    expect(await loadLiveBlogPage(fetch, 'blog', '/article/storm', { kind: 'update', id: 'missing' })).toBeNull()
    expect(await loadLiveBlogPage(fetch, 'blog', '/article/storm', { kind: 'invalid' })).toBeNull()
  })

  it('finds the page holding an update from its address', async () => {
    const fetch = fetcher(dataset(45))
    expect((await loadLiveBlogPage(fetch, 'blog', '/article/storm', { kind: 'update', id: 'u7' }))?.path).toBe('/article/storm?page=1')
    expect((await loadLiveBlogPage(fetch, 'blog', '/article/storm', { kind: 'update', id: 'u30' }))?.path).toBe('/article/storm')
  })

  it('gives the pin and the key events, linking each to its update here or on the page that holds it', async () => {
    const docs = dataset(45, { u2: { isKeyEvent: true, headline: 'Barrier closes' }, u40: { isKeyEvent: true }, u41: { isPinned: true } })
    const page = await loadLiveBlogPage(fetcher(docs), 'blog', '/article/storm', { kind: 'first' })
    expect(page?.pinned?._id).toBe('u41')
    expect(page?.keyEvents).toEqual([
      { id: 'u40', title: 'Update number 40', publishedAt: new Date(start + 39 * minute).toISOString(), href: '#update-u40' },
      { id: 'u2', title: 'Barrier closes', publishedAt: new Date(start + minute).toISOString(), href: '/article/storm?update=u2#update-u2' },
    ])
  })
})

describe('keyEventTitle', () => {
  it('is the headline, or the start of the text cut at a word', () => {
    expect(keyEventTitle({ headline: '  Barrier <b>closes</b> ', text: 'x' })).toBe('Barrier closes')
    expect(keyEventTitle({ headline: null, text: 'Short text.' })).toBe('Short text.')
    const long = keyEventTitle({ text: 'The Environment Agency says the Thames Barrier will close ahead of this evening’s high tide, the first closure of the autumn.' })
    expect(long.endsWith('…')).toBe(true)
    expect(long.length).toBeLessThanOrEqual(90)
  })
})

describe('loadLiveFirstPage', () => {
  it('is the first page as a reader would load it, and says when the blog ended', async () => {
    const blog = (endedAt?: string) => ({ _id: 'blog', _type: 'article', isLiveBlog: true, ...(endedAt ? { liveBlogEndedAt: endedAt } : {}) })
    const running = await loadLiveFirstPage(fetcher([...dataset(45), blog()]), 'blog', '/article/storm')
    expect(running.endedAt).toBeNull()
    expect(running.page).toEqual(await loadLiveBlogPage(fetcher(dataset(45)), 'blog', '/article/storm', { kind: 'first' }))
    const ended = await loadLiveFirstPage(fetcher([...dataset(3), blog('2026-11-27T22:15:00.000Z')]), 'blog', '/article/storm')
    expect(ended.endedAt).toBe('2026-11-27T22:15:00.000Z')
    expect(ids(ended.page)).toEqual(['u3', 'u2', 'u1'])
  })
})
