import { describe, expect, it } from 'vitest'
import type { LiveBlogPage, LiveUpdateData } from './liveBlog.ts'
import { heldAnnouncement, holdingNew, insertedAnnouncement, newUpdates, titleWithCount } from './live.ts'

const update = (n: number, extra: Partial<LiveUpdateData> = {}): LiveUpdateData => ({ _id: `u${n}`, publishedAt: new Date(Date.UTC(2026, 10, 27, 10, n)).toISOString(), ...extra })
/** A first page of the given updates (numbers), newest first. */
const page = (numbers: number[], extra: Partial<LiveBlogPage> = {}): LiveBlogPage => ({
  total: numbers.length,
  page: null,
  updates: numbers.map((n) => update(n)),
  pinned: null,
  keyEvents: [],
  newerHref: null,
  olderHref: null,
  path: '/article/storm',
  ...extra,
})
const ids = (p: LiveBlogPage) => p.updates.map((u) => u._id)

describe('newUpdates', () => {
  it('is the fetched updates the reader has not been shown, newest first', () => {
    expect(newUpdates(page([2, 1]), page([4, 3, 2, 1])).map((u) => u._id)).toEqual(['u4', 'u3'])
    expect(newUpdates(page([2, 1]), page([1]))).toEqual([])
  })
})

describe('holdingNew', () => {
  it('holds new updates back and shows edits and deletions of the others at once', () => {
    const shown = page([3, 2, 1])
    const fresh = { ...page([4, 3, 1]), updates: [update(4), update(3, { headline: 'Barrier closed' }), update(1)] }
    const held = holdingNew(shown, fresh)
    expect(ids(held)).toEqual(['u3', 'u1'])
    expect(held.updates[0]?.headline).toBe('Barrier closed')
    // The whole blog is on the fresh page: an older update missing from it was deleted.
    expect(ids(holdingNew(shown, page([4, 3])))).toEqual(['u3'])
  })

  it('keeps a new key event and a new pin back with their update, and links key events on the page to it', () => {
    const fresh = page([3, 2, 1], {
      pinned: update(3),
      keyEvents: [
        { id: 'u3', title: 'New', publishedAt: null, href: '#update-u3' },
        { id: 'u1', title: 'Old', publishedAt: null, href: '#update-u1' },
        { id: 'u0', title: 'Older page', publishedAt: null, href: '/article/storm?update=u0#update-u0' },
      ],
    })
    const held = holdingNew(page([2, 1]), fresh)
    expect(held.pinned).toBeNull()
    expect(held.keyEvents.map((e) => [e.id, e.href])).toEqual([
      ['u1', '#update-u1'],
      ['u0', '/article/storm?update=u0#update-u0'],
    ])
  })

  it('keeps the older updates a reader may be reading when the first page shrinks to its newest block', () => {
    // 39 shown; the 40th arrives and the first page becomes the newest 20 (pages.ts).
    const shown = page(Array.from({ length: 39 }, (_, i) => 39 - i))
    const fresh = page(Array.from({ length: 20 }, (_, i) => 40 - i), { total: 40 })
    const held = holdingNew(shown, fresh)
    expect(ids(held)).toEqual(ids(shown))
    expect(newUpdates(held, fresh).map((u) => u._id)).toEqual(['u40'])
  })
})

describe('what the page says', () => {
  it('announces one update by its headline, several by their number, and held ones as above', () => {
    expect(insertedAnnouncement([update(1, { headline: 'Gusts of 68mph' })])).toBe('New update: Gusts of 68mph')
    expect(insertedAnnouncement([update(1)])).toBe('New update.')
    expect(insertedAnnouncement([update(1), update(2)])).toBe('2 new updates.')
    expect(insertedAnnouncement([])).toBe('')
    expect(heldAnnouncement(1)).toBe('1 new update above.')
    expect(heldAnnouncement(3)).toBe('3 new updates above.')
  })

  it('counts waiting updates in the tab title, once', () => {
    expect(titleWithCount('Storm live | Resonance', 2)).toBe('(2) Storm live | Resonance')
    expect(titleWithCount('(2) Storm live | Resonance', 3)).toBe('(3) Storm live | Resonance')
    expect(titleWithCount('(3) Storm live | Resonance', 0)).toBe('Storm live | Resonance')
  })
})
