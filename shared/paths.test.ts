import { describe, expect, it } from 'vitest'
import { authorPath, categoryPath, isReservedSlug, reservedSegments, reservedSlugMessage } from './paths.ts'

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

describe('isReservedSlug', () => {
  it('reserves the site’s own pages, the service’s areas and anything that looks like an API version', () => {
    for (const slug of ['search', 'about', 'contact', 'subscribe', 'trending', 'archive', 'videos', 'photo-essays', 'admin', 'article', 'author', 'topic', 'images', 'v1', 'v2025-02-19', 'vx']) {
      expect(isReservedSlug(slug), slug).toBe(true)
    }
    for (const slug of ['uk', 'world', 'video', 'vegan-food', 'search-and-rescue', 'about-us']) expect(isReservedSlug(slug), slug).toBe(false)
  })

  it('names the address in its message', () => {
    expect(reservedSlugMessage('search')).toBe('/search is already one of the site’s own addresses: choose another slug.')
  })

  it('lists each segment once', () => {
    expect(new Set(reservedSegments).size).toBe(reservedSegments.length)
  })
})
