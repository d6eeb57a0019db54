import { describe, expect, it } from 'vitest'
import { fromLondonInput, londonInputOf, londonTime, pendingPublishes, scheduleTimeProblem, type ScheduleSummary } from './schedules.ts'

describe('London time', () => {
  it('reads a winter time as GMT and a summer time as BST', () => {
    expect(fromLondonInput('2026-12-01T09:30')?.toISOString()).toBe('2026-12-01T09:30:00.000Z')
    expect(fromLondonInput('2026-07-01T09:30')?.toISOString()).toBe('2026-07-01T08:30:00.000Z')
  })

  it('writes a moment on London’s clock, whatever the computer’s zone', () => {
    expect(londonInputOf(new Date('2026-07-01T08:30:00Z'))).toBe('2026-07-01T09:30')
    expect(londonInputOf(new Date('2026-12-01T23:59:00Z'))).toBe('2026-12-01T23:59')
  })

  it('takes the first of the two 01:30s when the clocks go back, and the hour after a skipped one', () => {
    expect(fromLondonInput('2026-10-25T01:30')?.toISOString()).toBe('2026-10-25T00:30:00.000Z')
    expect(fromLondonInput('2026-03-29T01:30')?.toISOString()).toBe('2026-03-29T01:30:00.000Z')
  })

  it('refuses text that is not a time', () => {
    for (const text of ['', '2026-02-30T10:00', '2026-12-01', '2026-12-01T24:00', 'tomorrow']) expect(fromLondonInput(text)).toBeNull()
  })

  it('says a time with its weekday, date and 24-hour clock', () => {
    expect(londonTime('2026-11-24T14:30:00.000Z')).toBe('Tue 24 Nov 2026, 14:30')
    expect(londonTime('2026-07-01T08:30:00.000Z')).toBe('Wed 1 Jul 2026, 09:30')
  })
})

describe('a schedule time', () => {
  const now = new Date('2026-11-24T12:00:00Z')
  it('must be a time, and later than now', () => {
    expect(scheduleTimeProblem('', now)).toBe('Choose a date and time to publish.')
    expect(scheduleTimeProblem('2026-11-24T12:00', now)).toBe('Choose a time in the future.')
    expect(scheduleTimeProblem('2026-11-24T12:01', now)).toBeNull()
  })
})

describe('pending publishes', () => {
  it('keeps each article’s soonest scheduled publish and ignores the rest', () => {
    const schedules: ScheduleSummary[] = [
      { id: 'a', action: 'publish', state: 'scheduled', executeAt: '2026-12-02T10:00:00.000Z', documents: [{ documentId: 'one' }] },
      { id: 'b', action: 'publish', state: 'scheduled', executeAt: '2026-12-01T10:00:00.000Z', documents: [{ documentId: 'one' }, { documentId: 'two' }] },
      { id: 'c', action: 'unpublish', state: 'scheduled', executeAt: '2026-11-30T10:00:00.000Z', documents: [{ documentId: 'one' }] },
      { id: 'd', action: 'publish', state: 'cancelled', executeAt: '2026-11-29T10:00:00.000Z', documents: [{ documentId: 'three' }] },
    ]
    const pending = pendingPublishes(schedules)
    expect(Object.fromEntries(pending)).toEqual({
      one: { id: 'b', executeAt: '2026-12-01T10:00:00.000Z' },
      two: { id: 'b', executeAt: '2026-12-01T10:00:00.000Z' },
    })
  })
})
