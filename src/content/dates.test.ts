import { describe, expect, it } from 'vitest'
import { longDate } from './dates.ts'

describe('longDate', () => {
  it('writes the day, date, month and year the British way', () => {
    expect(longDate(new Date(2026, 10, 21, 9, 30))).toBe('Saturday 21 November 2026')
    expect(longDate(new Date(2025, 0, 1))).toBe('Wednesday 1 January 2025')
  })
})
