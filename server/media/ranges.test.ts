import { describe, expect, it } from 'vitest'
import { ifRangeHolds, noneMatchHolds, rangeOf } from './ranges.ts'

describe('rangeOf', () => {
  it('without a Range header, or with one for no bytes at all, is the whole file', () => {
    expect(rangeOf(undefined, 100)).toEqual({ kind: 'whole' })
    expect(rangeOf('bytes=-', 100)).toEqual({ kind: 'whole' })
  })

  it('answers a first-last range, clamping the last byte to the file', () => {
    expect(rangeOf('bytes=0-9', 100)).toEqual({ kind: 'part', start: 0, end: 9 })
    expect(rangeOf('bytes=90-500', 100)).toEqual({ kind: 'part', start: 90, end: 99 })
    expect(rangeOf('Bytes=5-5', 100)).toEqual({ kind: 'part', start: 5, end: 5 })
  })

  it('answers an open range to the end, as players ask when they start or seek', () => {
    expect(rangeOf('bytes=0-', 100)).toEqual({ kind: 'part', start: 0, end: 99 })
    expect(rangeOf('bytes=42-', 100)).toEqual({ kind: 'part', start: 42, end: 99 })
  })

  it('answers a suffix with the last bytes, all of them when it is longer than the file', () => {
    expect(rangeOf('bytes=-10', 100)).toEqual({ kind: 'part', start: 90, end: 99 })
    expect(rangeOf('bytes=-1000', 100)).toEqual({ kind: 'part', start: 0, end: 99 })
  })

  it('is unsatisfiable from past the end, for an empty suffix, and for anything of an empty file', () => {
    expect(rangeOf('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' })
    expect(rangeOf('bytes=100-200', 100)).toEqual({ kind: 'unsatisfiable' })
    expect(rangeOf('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' })
    expect(rangeOf('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' })
  })

  it('serves the whole file for several ranges, other units and malformed headers', () => {
    expect(rangeOf('bytes=0-1,5-9', 100)).toEqual({ kind: 'whole' })
    expect(rangeOf('items=0-1', 100)).toEqual({ kind: 'whole' })
    expect(rangeOf('bytes=9-3', 100)).toEqual({ kind: 'whole' })
    expect(rangeOf('bytes=a-b', 100)).toEqual({ kind: 'whole' })
  })
})

describe('preconditions', () => {
  const etag = '"abc"'

  it('If-Range lets a range through only for the same ETag', () => {
    expect(ifRangeHolds(undefined, etag)).toBe(true)
    expect(ifRangeHolds('"abc"', etag)).toBe(true)
    expect(ifRangeHolds('"other"', etag)).toBe(false)
    expect(ifRangeHolds('Tue, 24 Nov 2026 01:00:00 GMT', etag)).toBe(false)
  })

  it('If-None-Match matches the ETag in a list, weakly, or as *', () => {
    expect(noneMatchHolds(undefined, etag)).toBe(false)
    expect(noneMatchHolds('"x", "abc"', etag)).toBe(true)
    expect(noneMatchHolds('W/"abc"', etag)).toBe(true)
    expect(noneMatchHolds('*', etag)).toBe(true)
    expect(noneMatchHolds('"x"', etag)).toBe(false)
  })
})
