import { describe, expect, it } from 'vitest'
import { londonDay, longDate, monthLabel, timeAgo } from './dates.ts'

describe('longDate', () => {
  it('writes the day, date, month and year the British way', () => {
    expect(longDate(new Date('2026-11-21T09:30:00Z'))).toBe('Saturday 21 November 2026')
    expect(longDate(new Date('2025-01-01T12:00:00Z'))).toBe('Wednesday 1 January 2025')
  })

  it('follows London’s clock, summer time included, wherever it runs', () => {
    // 23:30 UTC on 21 July is 00:30 on the 22nd in London (BST); in November London is on UTC.
    expect(longDate(new Date('2026-07-21T23:30:00Z'))).toBe('Wednesday 22 July 2026')
    expect(londonDay(new Date('2026-07-21T23:30:00Z'))).toBe('2026-07-22')
    expect(londonDay(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-21')
    expect(monthLabel(new Date('2026-06-30T23:30:00Z'))).toBe('July 2026')
  })
})

describe('timeAgo', () => {
  const now = new Date('2026-11-21T12:00:00Z')
  it('uses the standard wording and thresholds', () => {
    expect(timeAgo('2026-11-21T11:59:40Z', now)).toBe('less than a minute ago')
    expect(timeAgo('2026-11-21T11:55:00Z', now)).toBe('5 minutes ago')
    expect(timeAgo('2026-11-21T10:00:00Z', now)).toBe('about 2 hours ago')
    expect(timeAgo('2026-11-18T12:00:00Z', now)).toBe('3 days ago')
  })
})
