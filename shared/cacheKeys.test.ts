import { describe, expect, it } from 'vitest'
import { documentKey, listsKey, liveBlogNewestKey, liveBlogPagesKey, missingKey, pageKeys, purgeKeys, queryKey, shortId, siteKey } from './cacheKeys.ts'

describe('pageKeys', () => {
  const results = {
    home: { lead: { _id: 'lead', author: { _id: 'author-1', name: 'Ada' } }, latest: [{ _id: 'a' }, { _id: 'b' }] },
    nav: [{ _id: 'cat-uk', title: 'UK' }],
  }

  it('files a list page under site, lists and every document it shows', () => {
    expect(pageKeys(['__root__', '/'], results, 200).sort()).toEqual([siteKey, listsKey, ...['lead', 'author-1', 'a', 'b', 'cat-uk'].map(documentKey)].sort())
  })

  it('files an article page under its documents but not lists, so a publish elsewhere leaves it cached', () => {
    const keys = pageKeys(['__root__', '/article/$slug'], { article: { _id: 'lead' }, more: [{ _id: 'a' }] }, 200)
    expect(keys).toContain(documentKey('lead'))
    expect(keys).not.toContain(listsKey)
  })

  it('files a 404 under missing, and a page with nothing from the dataset under site alone', () => {
    expect(pageKeys(['__root__', '/article/$slug'], { article: null }, 404)).toEqual([siteKey, missingKey])
    expect(pageKeys(['__root__', '/about'], {}, 200)).toEqual([siteKey])
  })

  it('files a page showing very many documents under lists instead of naming each', () => {
    const many = Array.from({ length: 400 }, (_, i) => ({ _id: `story-${i}` }))
    const keys = pageKeys(['__root__', '/article/$slug'], many, 200)
    expect(keys).toEqual([siteKey, listsKey])
  })
})

describe('purgeKeys', () => {
  it('purges the pages showing a published story, the lists, the 404s it may fill and the query answers', () => {
    expect(purgeKeys({ id: 'lead', type: 'article', operation: 'create', dataset: 'production' }).sort()).toEqual([documentKey('lead'), queryKey('production'), listsKey, missingKey].sort())
    expect(purgeKeys({ id: 'lead', type: 'article', operation: 'delete', dataset: 'production' })).not.toContain(missingKey)
  })

  it('purges every page for an author or a category, which pages name without their ids', () => {
    expect(purgeKeys({ id: 'author-1', type: 'author', operation: 'update', dataset: 'production' })).toEqual([siteKey, queryKey('production')])
  })

  it('purges only query answers for an uploaded file', () => {
    expect(purgeKeys({ id: 'image-abc-10x10-png', type: 'sanity.imageAsset', operation: 'create', dataset: 'production' })).toEqual([queryKey('production')])
  })

  it('purges nothing for a draft, which no reader sees', () => {
    expect(purgeKeys({ id: 'drafts.lead', type: 'article', operation: 'update', dataset: 'production' })).toEqual([])
  })

  describe("a live blog's update", () => {
    const newest = liveBlogNewestKey('storm')
    const pages = liveBlogPagesKey('storm')
    const change = (operation: 'create' | 'update' | 'delete', document: Record<string, unknown>) => purgeKeys({ id: 'u7', type: 'liveUpdate', operation, dataset: 'production', document })
    const plain = { _id: 'u7', _type: 'liveUpdate', liveBlog: 'storm', publishedAt: '2026-11-27T16:00:00Z', isKeyEvent: null, isPinned: null }

    it('posted, purges its blog\'s newest pages and feed, never an older page', () => {
      expect(change('create', { ...plain, before: null }).sort()).toEqual([newest, queryKey('production')].sort())
    })

    it('posted as a key event or pinned, purges every page of its blog, which all list them', () => {
      expect(change('create', { ...plain, isKeyEvent: true, before: null })).toContain(pages)
      expect(change('create', { ...plain, isPinned: true, before: null })).toContain(pages)
    })

    it('edited, purges the pages showing it and the newest ones; every page only when the pin, key events or its time change', () => {
      const before = { publishedAt: plain.publishedAt, isKeyEvent: null, isPinned: null }
      expect(change('update', { ...plain, before }).sort()).toEqual([newest, documentKey('u7'), queryKey('production')].sort())
      expect(change('update', { ...plain, isKeyEvent: true, before })).toContain(pages)
      expect(change('update', { ...plain, before: { ...before, isPinned: true } })).toContain(pages)
      expect(change('update', { ...plain, before: { ...before, publishedAt: '2026-11-27T15:00:00Z' } })).toContain(pages)
      // A hook that does not send the update as it was cannot say: every page of the blog.
      expect(change('update', plain)).toContain(pages)
    })

    it('deleted, purges every page of its blog: the blocks after it shift', () => {
      expect(change('delete', plain).sort()).toEqual([newest, pages, queryKey('production')].sort())
    })

    it('reads the blog from a whole document too, and purges every page when the hook does not name it', () => {
      expect(change('create', { ...plain, liveBlog: { _type: 'reference', _ref: 'storm' } })).toContain(newest)
      expect(purgeKeys({ id: 'u7', type: 'liveUpdate', operation: 'create', dataset: 'production', document: { _id: 'u7', _type: 'liveUpdate' } })).toEqual([siteKey, queryKey('production')])
      expect(change('create', { ...plain, liveBlog: 'a b' })).toEqual([siteKey, queryKey('production')])
    })
  })
})

describe('a document in a key', () => {
  it('is 8 characters a header carries as they are, the same for the same id, and different for a hundred thousand ids', () => {
    const id = '41180b30-407e-42d3-bffc-c26c85fbf71b'
    expect(documentKey(id)).toMatch(/^d:[A-Za-z0-9_-]{8}$/)
    expect(documentKey(id)).toBe(documentKey(`${id}`))
    expect(liveBlogNewestKey(id)).toBe(`live:${shortId(id)}`)
    expect(liveBlogPagesKey(id)).toBe(`live:${shortId(id)}:pages`)
    const keys = new Set(Array.from({ length: 100_000 }, (_, i) => shortId(`story-${i}`)))
    expect(keys.size).toBe(100_000)
    // Ids that differ in one character, anywhere, get keys that differ.
    expect(new Set(['a1', 'a2', 'b1', '1a', id, id.replace('4', '5')].map(shortId)).size).toBe(6)
  })
})
