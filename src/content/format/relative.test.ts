import { describe, expect, it } from 'vitest'
import { dateOf, relativeWords } from './relative.ts'

const now = new Date('2026-11-21T12:00:00Z')

describe('relativeWords', () => {
  it("dates a card's last seven days relatively and older articles in full", () => {
    expect(relativeWords('card', new Date('2026-11-21T10:00:00Z'), now)).toBe('about 2 hours ago')
    expect(relativeWords('card', new Date('2026-11-15T12:00:00Z'), now)).toBe('6 days ago')
    expect(relativeWords('card', new Date('2026-11-10T12:00:00Z'), now)).toBe('Tuesday 10 November 2026')
  })

  it('always counts by the ago rule', () => {
    expect(relativeWords('ago', new Date('2026-11-21T11:55:00Z'), now)).toBe('5 minutes ago')
    expect(relativeWords('ago', new Date('2026-11-10T12:00:00Z'), now)).toBe('11 days ago')
  })

  it('reads a time a little in the future as just now', () => {
    for (const rule of ['ago', 'card'] as const) expect(relativeWords(rule, new Date('2026-11-21T12:05:00Z'), now)).toBe('less than a minute ago')
  })
})

describe('dateOf', () => {
  it('reads a date, and nothing from a missing or unreadable one', () => {
    expect(dateOf('2026-11-21T10:00:00Z')?.toISOString()).toBe('2026-11-21T10:00:00.000Z')
    expect(dateOf(null)).toBeNull()
    expect(dateOf('not a date')).toBeNull()
  })
})
