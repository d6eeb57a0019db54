import { describe, expect, it } from 'vitest'
import { correctionDay, correctionNotice, correctionsProblem, correctionsWithin, isCalendarDay, shownCorrections } from './corrections.ts'

const correction = { _key: 'c1', _type: 'correction', kind: 'correction', text: 'An earlier version gave the wrong route; it is the N29.', date: '2026-03-03' }

describe('correctionNotice', () => {
  it('words a correction as the Guardian does, dated by its London day', () => {
    expect(correctionNotice(correction)).toBe('This article was amended on 3 March 2026. An earlier version gave the wrong route; it is the N29.')
    expect(correctionDay('2026-11-24')).toBe('24 November 2026')
  })
})

describe('correctionsProblem', () => {
  it('accepts none, or corrections with a kind, words of at most 1,000 characters and a day', () => {
    expect(correctionsProblem(undefined)).toBeNull()
    expect(correctionsProblem([correction, { ...correction, _key: 'c2', kind: 'clarification', text: 'x'.repeat(1000) }])).toBeNull()
  })

  it('says what is wrong with one it refuses', () => {
    expect(correctionsProblem('a string')).toBe('"corrections" must be an array')
    expect(correctionsProblem([{ ...correction, text: 'x'.repeat(1001) }])).toBe('corrections[0].text is 1001 characters; a correction may have at most 1000')
    expect(correctionsProblem([{ ...correction, text: '  ' }])).toBe("corrections[0].text must be the correction's words")
    expect(correctionsProblem([{ ...correction, kind: 'retraction' }])).toBe('corrections[0].kind must be "correction" or "clarification"')
    expect(correctionsProblem([{ ...correction, date: '2026-02-30' }])).toBe('corrections[0].date must be a day written YYYY-MM-DD')
    expect(correctionsProblem([{ ...correction, _key: '' }])).toBe('corrections[0] needs a "_key"')
    expect(correctionsProblem(Array.from({ length: 51 }, (_, i) => ({ ...correction, _key: `c${i}` })))).toBe('An article may carry at most 50 corrections')
  })

  it('knows a calendar day', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true)
    expect(isCalendarDay('2026-02-29')).toBe(false)
    expect(isCalendarDay('3 March 2026')).toBe(false)
  })
})

describe('shownCorrections', () => {
  it('leaves out what cannot be read', () => {
    expect(shownCorrections([correction, { ...correction, date: 'soon' }, null, 'text'])).toEqual([correction])
    expect(shownCorrections(null)).toEqual([])
  })
})

describe('correctionsWithin', () => {
  it('lets a draft keep or drop what an editor wrote, never add or reword', () => {
    expect(correctionsWithin(undefined, [correction])).toBe(true)
    expect(correctionsWithin([], [correction])).toBe(true)
    expect(correctionsWithin([correction], undefined, [correction])).toBe(true)
    expect(correctionsWithin([{ ...correction, text: 'Softened.' }], [correction])).toBe(false)
    expect(correctionsWithin([correction, { ...correction, _key: 'c2' }], [correction])).toBe(false)
    expect(correctionsWithin([{ ...correction, extra: '<script>' }], [correction])).toBe(false)
    expect(correctionsWithin('not a list', [correction])).toBe(false)
  })
})
