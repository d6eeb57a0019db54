import { describe, expect, it } from 'vitest'
import { bylineAuthor, categoryLabel } from './byline.ts'

describe('bylineAuthor', () => {
  it('names the author with the slug of their page', () => {
    expect(bylineAuthor({ name: ' Priya Raman ', slug: 'priya-raman' })).toEqual({ name: 'Priya Raman', slug: 'priya-raman' })
  })

  it('is null, for Staff, when there is no author or the author has no name', () => {
    expect(bylineAuthor(null)).toBeNull()
    expect(bylineAuthor(undefined)).toBeNull()
    expect(bylineAuthor({ name: '  ', slug: 'someone' })).toBeNull()
  })

  it('names an author whose slug could not be an address without one', () => {
    for (const slug of [null, undefined, '', 'two words', '../admin', 'x'.repeat(201)]) expect(bylineAuthor({ name: 'Felix Armitage', slug })).toEqual({ name: 'Felix Armitage', slug: null })
  })
})

describe('categoryLabel', () => {
  it('uses the first category, or the default', () => {
    expect(categoryLabel([{ title: 'Sport' }, { title: 'UK' }], 'FEATURES')).toBe('Sport')
    expect(categoryLabel([], 'FEATURES')).toBe('FEATURES')
    expect(categoryLabel(null, 'News')).toBe('News')
  })
})
