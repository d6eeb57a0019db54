import { describe, expect, it } from 'vitest'
import { firstPageRange, fullPages, olderNeighbour, olderPageRange, pageHolding, pageHref, pageOfRank, parseLiveBlogRequest, updateHref } from './pages.ts'

describe('a live blog’s pages', () => {
  it('shows every update on the first page up to 39, then the newest 20 to 39', () => {
    expect(firstPageRange(0)).toEqual({ start: 0, end: 0 })
    expect(firstPageRange(12)).toEqual({ start: 0, end: 12 })
    expect(firstPageRange(39)).toEqual({ start: 0, end: 39 })
    expect(firstPageRange(40)).toEqual({ start: 20, end: 40 })
    expect(firstPageRange(59)).toEqual({ start: 20, end: 59 })
    expect(firstPageRange(2000)).toEqual({ start: 1980, end: 2000 })
    expect(firstPageRange(2019)).toEqual({ start: 1980, end: 2019 })
  })

  it('counts older pages from the oldest update, so a page keeps its updates as new ones arrive', () => {
    // Page 1 is the oldest twenty at 40 updates and still at 2,000.
    for (const total of [40, 41, 79, 80, 2000]) expect(olderPageRange(1, total)).toEqual({ start: 0, end: 20 })
    expect(olderPageRange(99, 2000)).toEqual({ start: 1960, end: 1980 })
    expect(olderPageRange(2, 60)).toEqual({ start: 20, end: 40 })
    expect(fullPages(59)).toBe(2)
  })

  it('has no page for the blocks the first page shows, nor a page 0, negative or fractional', () => {
    expect(olderPageRange(1, 19)).toBeNull()
    expect(olderPageRange(1, 39)).toBeNull()
    expect(olderPageRange(2, 59)).toBeNull()
    expect(olderPageRange(3, 59)).toBeNull()
    expect(olderPageRange(100, 2000)).toBeNull()
    expect(olderPageRange(0, 100)).toBeNull()
    expect(olderPageRange(-1, 100)).toBeNull()
    expect(olderPageRange(1.5, 100)).toBeNull()
  })

  it('finds the page an update is on from its rank', () => {
    expect(pageOfRank(0, 12)).toBeNull()
    expect(pageOfRank(0, 45)).toBe(1)
    expect(pageOfRank(19, 45)).toBe(1)
    expect(pageOfRank(20, 45)).toBeNull()
    expect(pageOfRank(1500, 2000)).toBe(76)
  })

  it('links each page to the page of older updates', () => {
    expect(olderNeighbour(null, 12)).toBeUndefined()
    expect(olderNeighbour(null, 45)).toBe(1)
    expect(olderNeighbour(1, 45)).toBeUndefined()
    // 100 updates: the first page holds ranks 80 to 99; pages 1 to 4 are older.
    expect(olderNeighbour(null, 100)).toBe(4)
    expect(olderNeighbour(3, 100)).toBe(2)
    expect(pageHolding('/article/storm', 'u-1')).toBe('/article/storm?update=u-1')
    expect(pageHref('/article/storm', 2)).toBe('/article/storm?page=2')
    expect(pageHref('/article/storm', null)).toBe('/article/storm')
    expect(updateHref('/article/storm', 'u-1')).toBe('/article/storm?update=u-1#update-u-1')
  })
})

describe('parseLiveBlogRequest', () => {
  it('reads a page number or an update id, as typed or as the router read them', () => {
    expect(parseLiveBlogRequest({})).toEqual({ kind: 'first' })
    expect(parseLiveBlogRequest({ page: 3 })).toEqual({ kind: 'page', page: 3 })
    expect(parseLiveBlogRequest({ page: '12' })).toEqual({ kind: 'page', page: 12 })
    expect(parseLiveBlogRequest({ update: 'a1b2-c3' })).toEqual({ kind: 'update', id: 'a1b2-c3' })
    expect(parseLiveBlogRequest({ update: 123 })).toEqual({ kind: 'update', id: '123' })
  })

  it('calls anything else invalid: the not-found page, never a query', () => {
    for (const page of [0, -1, 1.5, '01', 'abc', '', '1e3', 1234567, '9'.repeat(400), {}, [], true, null]) {
      expect(parseLiveBlogRequest({ page }), JSON.stringify(page)).toEqual({ kind: 'invalid' })
    }
    for (const update of ['drafts.x', 'a.b', '', 'x'.repeat(129), '../x', 'x y', {}, null]) {
      expect(parseLiveBlogRequest({ update }), JSON.stringify(update)).toEqual({ kind: 'invalid' })
    }
    expect(parseLiveBlogRequest({ page: 1, update: 'x' })).toEqual({ kind: 'invalid' })
  })
})
