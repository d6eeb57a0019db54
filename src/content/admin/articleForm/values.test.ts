import { describe, expect, it } from 'vitest'
import { fromLocalInput, publishedAtToSave, slugFromTitle, toLocalInput } from './values.ts'

describe('slugFromTitle', () => {
  it('makes lowercase words joined by single hyphens, without accents or punctuation', () => {
    expect(slugFromTitle('Night buses return to the Northern line')).toBe('night-buses-return-to-the-northern-line')
    expect(slugFromTitle('  Café society: London’s best & brightest!  ')).toBe('cafe-society-londons-best-and-brightest')
    expect(slugFromTitle('2026 -- the year in review')).toBe('2026-the-year-in-review')
  })

  it('cuts long titles at a word', () => {
    const slug = slugFromTitle('word '.repeat(40))
    expect(slug.length).toBeLessThanOrEqual(96)
    expect(slug.endsWith('word')).toBe(true)
  })
})

describe('publish dates', () => {
  it('turn a moment into datetime-local text and back, to the minute', () => {
    const moment = new Date('2026-11-21T08:30:45Z')
    const text = toLocalInput(moment)
    expect(text).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
    expect(fromLocalInput(text)).toBe(new Date(Math.floor(moment.getTime() / 60_000) * 60_000).toISOString())
    expect(fromLocalInput('')).toBeNull()
    expect(fromLocalInput('yesterday')).toBeNull()
  })
})

describe('publishedAtToSave', () => {
  const loaded = '2026-11-21T08:30:45.123Z'

  it('keeps the loaded time to the millisecond while the field shows it unchanged', () => {
    expect(publishedAtToSave(toLocalInput(new Date(loaded)), loaded)).toBe(loaded)
  })

  it('takes the field when the editor changed it, to the minute', () => {
    const field = toLocalInput(new Date('2026-11-22T09:15:00Z'))
    expect(publishedAtToSave(field, loaded)).toBe('2026-11-22T09:15:00.000Z')
  })

  it('gives no date when the field holds none, so that publishing sets it rather than the moment the form opened', () => {
    expect(publishedAtToSave('', loaded)).toBeNull()
    expect(publishedAtToSave('', undefined)).toBeNull()
    expect(publishedAtToSave('not a date', 'also not a date')).toBeNull()
  })
})
