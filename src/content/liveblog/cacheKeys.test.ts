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

  it('files an older page only with every page of the blog: no post changes it', () => {
    // 65 updates: the first page shows ranks 20 to 64; ?page=1 leads to the update after it, there.
    expect(liveBlogPageKeys('storm', page(1, 65))).toEqual([every])
    expect(liveBlogPageKeys('storm', page(2, 85))).toEqual([every])
  })

  it('files an address of the blog that is not found under what a post may fill', () => {
    expect(liveBlogPageKeys('storm', null)).toEqual([newest])
  })
})
