import { describe, expect, it } from 'vitest'
import { boundProblem, checkBounds } from './bounds.ts'
import type { Change, Doc } from './mutations.ts'

const article = (fields: Record<string, unknown>): Doc => ({ _id: 'a1', _type: 'article', title: 'Night buses return', slug: { _type: 'slug', current: 'night-buses' }, ...fields })
const change = (after: Doc | null, before: Doc | null = null): Change => ({ id: after?._id ?? before?._id ?? 'x', before, after, mutations: [0] })

describe('boundProblem', () => {
  it('accepts a document within the bounds, and documents of other types whatever they hold', () => {
    expect(boundProblem(change(article({ excerpt: 'e'.repeat(300), title: 't'.repeat(200) })))).toBeNull()
    expect(boundProblem(change({ _id: 'n', _type: 'note', title: 't'.repeat(5000), slug: { current: '--' } }))).toBeNull()
    expect(boundProblem(change(null, article({})))).toBeNull()
  })

  it('refuses a bad slug, a long title or excerpt on articles and photo essays', () => {
    expect(boundProblem(change(article({ slug: { current: 's'.repeat(300) } })))).toEqual({ field: 'slug', message: 'Slug must be at most 96 characters long.' })
    expect(boundProblem(change(article({ slug: { current: '-dash' } })))?.message).toBe('Slug cannot start or end with a hyphen, or have two hyphens in a row.')
    expect(boundProblem(change(article({ slug: { current: 42 } })))?.field).toBe('slug')
    expect(boundProblem(change(article({ title: 't'.repeat(1000) })))).toEqual({ field: 'title', message: 'Title must be at most 200 characters long.' })
    expect(boundProblem(change(article({ excerpt: 'e'.repeat(5000) })))).toEqual({ field: 'excerpt', message: 'Excerpt must be at most 300 characters long.' })
    expect(boundProblem(change({ _id: 'g', _type: 'imageGallery', title: 'Photo essay', slug: { current: 'Photo Essay' } }))?.field).toBe('slug')
  })

  it('keeps the site’s own addresses from categories and authors, not from articles', () => {
    expect(boundProblem(change({ _id: 'c', _type: 'category', title: 'Search', slug: { current: 'search' } }))?.message).toBe('/search is already one of the site’s own addresses: choose another slug.')
    expect(boundProblem(change({ _id: 'p', _type: 'author', name: 'About', slug: { current: 'about' } }))?.field).toBe('slug')
    expect(boundProblem(change({ _id: 'p', _type: 'author', name: 'n'.repeat(201), slug: { current: 'n' } }))?.message).toBe('Name must be at most 200 characters long.')
    expect(boundProblem(change(article({ slug: { current: 'search' } })))).toBeNull()
  })

  it('judges only what a write changes, so a document stored before the bounds can still be edited', () => {
    const old = article({ slug: { current: 'Old_Slug' }, title: 't'.repeat(400) })
    expect(boundProblem(change({ ...old, isFeatured: true }, old))).toBeNull()
    expect(boundProblem(change({ ...old, title: 'u'.repeat(400) }, old))?.field).toBe('title')
  })
})

describe('checkBounds', () => {
  it('throws the protocol’s 400 mutation error naming the document and field', () => {
    let thrown: unknown
    try {
      checkBounds([change(article({})), { ...change(article({ _id: 'a2', title: 't'.repeat(201) })), mutations: [1, 3] }])
    } catch (error) {
      thrown = error
    }
    const error = thrown as { status: number; body: { error: { type: string; items: Array<{ index: number; error: Record<string, unknown> }> } } }
    expect(error.status).toBe(400)
    expect(error.body.error.type).toBe('mutationError')
    expect(error.body.error.items).toEqual([{ index: 3, error: { type: 'validationError', id: 'a2', field: 'title', description: 'Title must be at most 200 characters long.' } }])
  })
})
