import { describe, expect, it } from 'vitest'
import { bylineText, categoryLabel } from './byline.ts'

describe('bylineText', () => {
  it('names the author, or says Staff', () => {
    expect(bylineText({ name: 'Priya Raman' })).toBe('By Priya Raman')
    expect(bylineText(null)).toBe('Staff')
    expect(bylineText({ name: '  ' })).toBe('Staff')
  })
})

describe('categoryLabel', () => {
  it('uses the first category, or the default', () => {
    expect(categoryLabel([{ title: 'Sport' }, { title: 'UK' }], 'FEATURES')).toBe('Sport')
    expect(categoryLabel([], 'FEATURES')).toBe('FEATURES')
    expect(categoryLabel(null, 'News')).toBe('News')
  })
})
