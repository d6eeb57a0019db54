import { formatDistance } from 'date-fns'
import fc from 'fast-check'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { londonDay, longDate, longDateTime, monthLabel, timeAgo } from './dates.ts'

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

describe('longDateTime', () => {
  it('gives the London time to the minute, with GMT in winter and BST in summer', () => {
    expect(longDateTime(new Date('2026-11-21T18:40:00Z'))).toBe('Saturday 21 November 2026 18.40 GMT')
    expect(longDateTime(new Date('2026-07-21T23:30:00Z'))).toBe('Wednesday 22 July 2026 00.30 BST')
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

describe('timeAgo against date-fns', () => {
  // The homepage writes these words without date-fns' formatDistance (its locale is too heavy for the
  // first download); they must stay exactly date-fns' words. Both time zones move their clocks.
  const zones = ['UTC', 'Europe/London', 'America/New_York']
  const saved = process.env.TZ
  afterAll(() => {
    process.env.TZ = saved
  })
  const moment = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-12-31T23:59:59Z'), noInvalidDate: true })

  for (const zone of zones) {
    // A thousand comparisons take a second on a quiet machine; the limit is for a busy one.
    it(`writes what formatDistance writes, with its suffix, for any two moments (${zone})`, { timeout: 30_000 }, () => {
      process.env.TZ = zone
      fc.assert(
        fc.property(moment, moment, (date, now) => {
          expect(timeAgo(date, now)).toBe(formatDistance(date, now, { addSuffix: true }))
        }),
        { numRuns: 1000 },
      )
    })

    it(`matches it at every threshold, seconds either side, before and after now (${zone})`, { timeout: 30_000 }, () => {
      process.env.TZ = zone
      const minute = 60_000
      const thresholds = [0, 1, 2, 45, 90, 1440, 2520, 43_200, 86_400, 525_600, 2 * 525_600].map((m) => m * minute)
      fc.assert(
        fc.property(moment, fc.constantFrom(...thresholds), fc.integer({ min: -90_000, max: 90_000 }), fc.boolean(), (now, threshold, jitter, future) => {
          const date = new Date(now.getTime() + (future ? 1 : -1) * (threshold + jitter))
          expect(timeAgo(date, now)).toBe(formatDistance(date, now, { addSuffix: true }))
        }),
        { numRuns: 1000 },
      )
    })
  }

  it('refuses an invalid date as date-fns does', () => {
    expect(() => timeAgo('not a date', new Date('2026-11-21T12:00:00Z'))).toThrow(RangeError)
  })
})

describe('the formatters', () => {
  it('are made at their first use, not when the module loads', async () => {
    // Every document's own script imports this module; a formatter with a time zone made at load was a
    // long task after every page's first paint (the browser's zone data loaded for words that need none).
    vi.resetModules()
    const Original = Intl.DateTimeFormat
    let made = 0
    Intl.DateTimeFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args)
        made++
      }
    } as typeof Original
    try {
      const dates = await import('./dates.ts')
      expect(dates.timeAgo(new Date('2026-11-21T09:25:00Z'), new Date('2026-11-21T09:30:00Z'))).toBe('5 minutes ago')
      expect(made).toBe(0)
      expect(dates.longDate(new Date('2026-11-21T09:30:00Z'))).toBe('Saturday 21 November 2026')
      expect(dates.longDate(new Date('2026-11-22T09:30:00Z'))).toBe('Sunday 22 November 2026')
      expect(made).toBe(1)
    } finally {
      Intl.DateTimeFormat = Original
    }
  })
})
