import { describe, expect, it } from 'vitest'
import { authorErrors, authorFields, authorMessages, authorRows } from './authors.ts'
import { deleteTaxonomyMutations, imageFieldOf, inUseMessage, saveTaxonomyMutations, usageOf } from './authorsAndCategories.ts'
import { categoryErrors, categoryFields, categoryMessages, categoryRows } from './categories.ts'

describe('saving and deleting an author or category', () => {
  it('creates a new one under the id given', () => {
    expect(saveTaxonomyMutations('category', { id: 'c1', rev: null }, { title: 'UK', description: '' })).toEqual([{ create: { _id: 'c1', _type: 'category', title: 'UK' } }])
  })

  it('patches a loaded one guarded by its revision, removing what was emptied and leaving other fields alone', () => {
    expect(saveTaxonomyMutations('author', { id: 'a1', rev: 'r1' }, { name: 'Priya', bio: '', image: undefined })).toEqual([
      { patch: { id: 'a1', ifRevisionID: 'r1', set: { name: 'Priya' }, unset: ['bio', 'image'] } },
    ])
  })

  it('deletes only the revision that was loaded', () => {
    expect(deleteTaxonomyMutations({ id: 'a1', rev: 'r1' })).toEqual([{ patch: { id: 'a1', ifRevisionID: 'r1' } }, { delete: { id: 'a1' } }])
  })

  it('counts an article and its draft once, and says what uses it', async () => {
    const fetch = (async () => [
      { _id: 'x1', _type: 'article' },
      { _id: 'drafts.x1', _type: 'article' },
      { _id: 'drafts.x2', _type: 'article' },
      { _id: 'g1', _type: 'imageGallery' },
    ]) as never
    const usage = await usageOf(fetch, 'c1')
    expect(usage).toEqual({ articles: 2, others: 1 })
    expect(inUseMessage('UK', usage)).toBe('“UK” is used by 2 articles and 1 other document. Take it off them first, then delete it.')
    expect(inUseMessage('UK', { articles: 1, others: 0 })).toBe('“UK” is used by 1 article. Take it off it first, then delete it.')
    expect(inUseMessage('UK', { articles: 0, others: 2 })).toBe('“UK” is used by 2 documents. Take it off them first, then delete it.')
  })

  it('keeps a picture’s crop when the same image is saved again, and drops it for a new one', () => {
    const before = { _type: 'image', asset: { _type: 'reference', _ref: 'image-a' }, alt: 'Old', crop: { top: 0.1 } }
    expect(imageFieldOf({ assetRef: 'image-a', alt: ' New ' }, before)).toEqual({ ...before, alt: 'New' })
    expect(imageFieldOf({ assetRef: 'image-b', alt: 'B' }, before)).toEqual({ _type: 'image', asset: { _type: 'reference', _ref: 'image-b' }, alt: 'B' })
    expect(imageFieldOf(null, before)).toBeUndefined()
  })
})

describe('authors', () => {
  it('reads the list, skipping what is not a stored author', () => {
    expect(authorRows([{ _id: 'a1', _rev: 'r', name: 'Priya', slug: { current: 'priya' }, image: { asset: { _ref: 'image-a' }, alt: 'P' } }, { name: 'no id' }])).toEqual([
      { id: 'a1', rev: 'r', name: 'Priya', slug: 'priya', bio: '', image: { assetRef: 'image-a', alt: 'P' }, storedImage: { asset: { _ref: 'image-a' }, alt: 'P' } },
    ])
  })

  it('wants a name, a slug of lowercase words, a described picture and a short bio', () => {
    expect(authorErrors({ name: ' ', slug: 'Priya Raman', bio: 'x'.repeat(601), image: { assetRef: 'image-a', alt: '' } })).toEqual({
      name: authorMessages.name,
      slug: authorMessages.slug,
      bio: authorMessages.bioLong,
      image: authorMessages.imageAlt,
    })
    expect(authorErrors({ name: 'Priya Raman', slug: 'priya-raman', bio: '', image: null })).toEqual({})
    expect(authorErrors({ name: 'Priya', slug: 'priya--raman', bio: '', image: null }).slug).toBe(authorMessages.slug)
  })

  it('writes trimmed fields with the slug as a slug', () => {
    expect(authorFields({ name: ' Priya ', slug: 'priya', bio: ' Writes. ', image: null })).toEqual({ name: 'Priya', slug: { _type: 'slug', current: 'priya' }, bio: 'Writes.', image: undefined })
  })
})

describe('categories', () => {
  it('reads the list, taking an unknown kind as a topic', () => {
    expect(categoryRows([{ _id: 'c1', _rev: 'r', title: 'UK', slug: { current: 'uk' }, kind: 'odd' }])).toEqual([{ id: 'c1', rev: 'r', title: 'UK', slug: 'uk', kind: 'topic', description: '' }])
  })

  it('wants a title, a slug and a short description', () => {
    expect(categoryErrors({ title: '', slug: '', kind: 'section', description: 'x'.repeat(301) })).toEqual({
      title: categoryMessages.title,
      slug: categoryMessages.slug,
      description: categoryMessages.descriptionLong,
    })
    expect(categoryErrors({ title: 'Search', slug: 'search', kind: 'section', description: '' }).slug).toBe('/search is already one of the site’s own addresses: choose another slug.')
    expect(categoryErrors({ title: 'About', slug: 'about', kind: 'topic', description: '' }).slug).toMatch(/site’s own addresses/)
    expect(categoryErrors({ title: 'Dash', slug: '-dash', kind: 'topic', description: '' }).slug).toBe(categoryMessages.slug)
    expect(authorErrors({ name: 'Admin', slug: 'admin', bio: '', image: null }).slug).toMatch(/^\/admin is already one of the site’s own addresses/)
    expect(categoryFields({ title: ' UK ', slug: 'uk', kind: 'section', description: '' })).toEqual({ title: 'UK', slug: { _type: 'slug', current: 'uk' }, kind: 'section', description: '' })
  })
})
