import { describe, expect, it } from 'vitest'
import { authorPath, categoryPath } from './paths.ts'

describe('categoryPath', () => {
  it('puts topics under /topic and sections and desks at the top level', () => {
    expect(categoryPath('uk', 'section')).toBe('/uk')
    expect(categoryPath('puzzles', 'desk')).toBe('/puzzles')
    expect(categoryPath('pop-culture', 'topic')).toBe('/topic/pop-culture')
    expect(categoryPath('uk')).toBe('/uk')
    expect(categoryPath('uk', null)).toBe('/uk')
  })

  it('encodes a slug so it stays one path segment', () => {
    expect(categoryPath('arts & culture', 'section')).toBe('/arts%20%26%20culture')
    expect(categoryPath('a/b', 'topic')).toBe('/topic/a%2Fb')
    expect(categoryPath('café', 'topic')).toBe('/topic/caf%C3%A9')
  })
})

describe('authorPath', () => {
  it('is /author/{slug}, encoded', () => {
    expect(authorPath('priya-raman')).toBe('/author/priya-raman')
    expect(authorPath('o/brien?')).toBe('/author/o%2Fbrien%3F')
  })
})
