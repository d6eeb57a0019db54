import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { boundMessages, isValidSlug, maxSlugLength, slugify, slugProblem } from './slug.ts'

const titles = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: fc.constantFrom(...'aZé-– &’\'!._09 \u0301ßæøİﬁ½Ａ'.split('')), maxLength: 200 }),
  fc.array(fc.constantFrom('night', 'buses', 'a', 'Café', '&', '-', '’s', 'x'.repeat(50)), { maxLength: 40 }).map((words) => words.join(' ')),
)
const lengths = fc.integer({ min: 1, max: 120 })

describe('slugify', () => {
  it('makes lowercase words joined by single hyphens, without accents or punctuation', () => {
    expect(slugify('Night buses return to the Northern line')).toBe('night-buses-return-to-the-northern-line')
    expect(slugify('  Café society: London’s best & brightest!  ')).toBe('cafe-society-londons-best-and-brightest')
    expect(slugify('2026 -- the year in review')).toBe('2026-the-year-in-review')
    expect(slugify('¡Ñandú! — Zoë’s “crème brûlée”')).toBe('nandu-zoes-creme-brulee')
    expect(slugify('!!!')).toBe('')
  })

  it('cuts at the last word boundary past half the length, or else at the length', () => {
    expect(slugify('word '.repeat(40), 96)).toBe(Array(19).fill('word').join('-'))
    expect(slugify('abcdefghij klm', 12)).toBe('abcdefghij')
    expect(slugify('abc defghijklmnop', 12)).toBe('abc-defghijk')
    expect(slugify('a'.repeat(100))).toBe('a'.repeat(80))
  })

  it('always gives a slug the admin form accepts the shape of, within the length', () => {
    fc.assert(
      fc.property(titles, lengths, (title, maxLength) => {
        const slug = slugify(title, maxLength)
        expect(slug).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/)
        expect(slug.length).toBeLessThanOrEqual(maxLength)
      }),
    )
  })

  it('cuts a long slug without changing what it keeps, and leaves a slug as it is', () => {
    fc.assert(
      fc.property(titles, lengths, (title, maxLength) => {
        const slug = slugify(title, maxLength)
        expect(slugify(title, Infinity).startsWith(slug)).toBe(true)
        expect(slugify(slug, maxLength)).toBe(slug)
      }),
    )
  })
})

describe('slugProblem', () => {
  it('accepts lowercase letters, digits and single hyphens, up to 96 characters', () => {
    for (const slug of ['uk', 'night-buses-return', '2026-in-review', 'a'.repeat(96), 'a-b-c']) expect(slugProblem(slug), slug).toBeNull()
  })

  it('says what is wrong with each kind of bad slug', () => {
    expect(slugProblem('Night Buses')).toBe(boundMessages.slugPattern)
    expect(slugProblem('café')).toBe(boundMessages.slugPattern)
    expect(slugProblem('a/b')).toBe(boundMessages.slugPattern)
    expect(slugProblem('-leading')).toBe(boundMessages.slugHyphens)
    expect(slugProblem('trailing-')).toBe(boundMessages.slugHyphens)
    expect(slugProblem('double--hyphen')).toBe(boundMessages.slugHyphens)
    expect(slugProblem('a'.repeat(97))).toBe('Slug must be at most 96 characters long.')
    expect(slugProblem('a'.repeat(300))).toBe(boundMessages.slugLong)
  })

  it('agrees with the one pattern the rule describes, on any text', () => {
    const described = /^[a-z0-9]+(-[a-z0-9]+)*$/
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 120 }), fc.string({ unit: fc.constantFrom('a', 'z', '0', '9', '-', 'A', ' '), maxLength: 120 })), (text) => {
        expect(isValidSlug(text)).toBe(described.test(text) && text.length <= maxSlugLength)
      }),
    )
  })

  it('holds every slug slugify makes at the service’s length', () => {
    fc.assert(
      fc.property(titles, (title) => {
        const slug = slugify(title, maxSlugLength)
        expect(slug === '' || isValidSlug(slug)).toBe(true)
      }),
    )
  })
})
