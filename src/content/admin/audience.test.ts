import { describe, expect, it } from 'vitest'
import { audienceEditPath, hourLabel, hourRangeLabel, hoursSummary, readsPhrase, sourceShares, updatedAtLabel } from './audience.ts'

const hour = (iso: string, reads: number) => ({ hour: iso, reads })

describe('the Audience page’s words', () => {
  it('shows hours on London’s clock, in summer time too', () => {
    expect(hourLabel('2026-11-27T15:00:00.000Z')).toBe('15:00')
    expect(hourRangeLabel('2026-07-01T23:00:00.000Z')).toBe('00:00–01:00')
    expect(updatedAtLabel('2026-07-01T08:05:09.000Z')).toBe('Updated at 09:05:09')
    expect(hourLabel('not a date')).toBe('')
  })

  it('sums up a chart by its total and its most read hour (the earliest of equals)', () => {
    expect(hoursSummary([hour('2026-11-27T13:00:00.000Z', 5), hour('2026-11-27T14:00:00.000Z', 9), hour('2026-11-27T15:00:00.000Z', 9)])).toBe(
      '23 reads in the last 24 hours; the most, 9, from 14:00 to 15:00.',
    )
    expect(hoursSummary([hour('2026-11-27T13:00:00.000Z', 0)])).toBe('No reads counted in the last 24 hours.')
    expect(readsPhrase(1)).toBe('1 read')
    expect(readsPhrase(12040)).toBe('12,040 reads')
  })

  it('gives each source its share in whole per cent, and 0 when nothing was read', () => {
    const shares = sourceShares([
      { source: 'search', reads: 1 },
      { source: 'direct', reads: 2 },
    ])
    expect(shares.map((s) => [s.label, s.percent])).toEqual([
      ['Search engines', 33],
      ['Direct or unknown', 67],
    ])
    expect(sourceShares([{ source: 'other', reads: 0 }])[0]!.percent).toBe(0)
  })

  it('edits an article in the article form and a photo essay in its own; nothing for one no longer published', () => {
    expect(audienceEditPath('article', 'a1')).toEqual({ to: '/admin/edit/articles/$id', params: { id: 'a1' } })
    expect(audienceEditPath('imageGallery', 'g1')).toEqual({ to: '/admin/photo-essays/$id', params: { id: 'g1' } })
    expect(audienceEditPath(null, 'x')).toBeNull()
  })
})
