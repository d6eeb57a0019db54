import { describe, expect, it } from 'vitest'
import { longDate, timeAgo } from './dates.ts'

describe('longDate', () => {
  it('writes the day, date, month and year the British way', () => {
    expect(longDate(new Date(2026, 10, 21, 9, 30))).toBe('Saturday 21 November 2026')
    expect(longDate(new Date(2025, 0, 1))).toBe('Wednesday 1 January 2025')
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
