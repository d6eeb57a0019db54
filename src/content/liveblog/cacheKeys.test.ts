import { describe, expect, it } from 'vitest'
import { liveBlogNewestKey, liveBlogPagesKey } from '../../../shared/cacheKeys.ts'
import { liveBlogPageKeys } from './cacheKeys.ts'
import type { LiveBlogPage } from './liveBlog.ts'

const page = (number: number | null, total: number): LiveBlogPage => ({ total, page: number, updates: [], pinned: null, keyEvents: [], newerHref: null, olderHref: null, path: '/article/storm' })

describe('liveBlogPageKeys', () => {
  const newest = liveBlogNewestKey('storm')
  const every = liveBlogPagesKey('storm')

  it('files the first page under what every post changes, and with every page of the blog', () => {
    expect(liveBlogPageKeys('storm', page(null, 45))).toEqual([newest, every])
  })

  it('files an older page only with every page of the blog, unless its newer link is the first page', () => {
    // 65 updates: the first page shows ranks 40 to 64; ?page=2 leads to it, ?page=1 to ?page=2.
    expect(liveBlogPageKeys('storm', page(1, 65))).toEqual([every])
    expect(liveBlogPageKeys('storm', page(2, 65))).toEqual([newest, every])
    expect(liveBlogPageKeys('storm', page(3, 65))).toEqual([newest, every])
  })

  it('files an address of the blog that is not found under what a post may fill', () => {
    expect(liveBlogPageKeys('storm', null)).toEqual([newest])
  })
})
