import { describe, expect, it } from 'vitest'
import { monthsBetween, nextMonth, w3cDate } from './sitemaps.ts'

describe('months of the article sitemaps', () => {
  it('counts months across a year end', () => {
    expect(nextMonth('2026-11')).toBe('2026-12')
    expect(nextMonth('2026-12')).toBe('2027-01')
    expect(monthsBetween('2026-11', '2027-02')).toEqual(['2027-02', '2027-01', '2026-12', '2026-11'])
    expect(monthsBetween('2026-05', '2026-05')).toEqual(['2026-05'])
  })

  it('keeps the newest months only when the range is absurdly long', () => {
    const months = monthsBetween('0001-01', '2026-11')
    expect(months).toHaveLength(1_200)
    expect(months[0]).toBe('2026-11')
  })
})

describe('w3cDate', () => {
  it('writes a W3C datetime in UTC to the second, or nothing for a bad date', () => {
    expect(w3cDate('2026-11-23T20:40:59.123Z')).toBe('2026-11-23T20:40:59Z')
    expect(w3cDate('2026-11-23T21:40:59+01:00')).toBe('2026-11-23T20:40:59Z')
    expect(w3cDate('not a date')).toBeNull()
    expect(w3cDate(null)).toBeNull()
  })
})
