import { describe, expect, it } from 'vitest'
import { hasFilters, parseSectionType, validateArticleListSearch } from './addresses.ts'

describe('the article list’s URL', () => {
  it('keeps what it understands and drops the rest', () => {
    expect(validateArticleListSearch({ q: '  London   bridge ', status: 'draft', category: 'cat-uk', author: 'au-tom', sort: 'title', page: '3' })).toEqual({
      q: 'London bridge', status: 'draft', category: 'cat-uk', author: 'au-tom', sort: 'title', page: 3,
    })
    expect(validateArticleListSearch({ q: '', status: 'archived', category: 'no spaces allowed', author: '../x', sort: 'random', page: 'banana' })).toEqual({
      q: undefined, status: undefined, category: undefined, author: undefined, sort: undefined, page: undefined,
    })
  })

  it('leaves defaults out, so each view has one address', () => {
    expect(validateArticleListSearch({ sort: 'newest', page: 1 })).toEqual({ q: undefined, status: undefined, category: undefined, author: undefined, sort: undefined, page: undefined })
    expect(validateArticleListSearch({ page: 0 }).page).toBeUndefined()
    expect(validateArticleListSearch({ q: 2024 }).q).toBe('2024')
  })

  it('knows when the list is filtered', () => {
    expect(hasFilters({ sort: 'title', page: 2 })).toBe(false)
    expect(hasFilters({ author: 'au-tom' })).toBe(true)
  })
})

describe('the section manager’s sections', () => {
  it('knows the six sections and nothing else', () => {
    expect(parseSectionType('lead')).toBe('lead')
    expect(parseSectionType('images')).toBe('images')
    expect(parseSectionType('opinion')).toBeNull()
    expect(parseSectionType('constructor')).toBeNull()
  })
})
