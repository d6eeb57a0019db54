// Which shared-cache keys a live blog's page is filed under besides its documents' ids, so a post
// purges its newest pages and an older page is purged only when it changes (shared/cacheKeys.ts,
// docs/decisions/034-live-blog-purges.md).

import { liveBlogNewestKey, liveBlogPagesKey } from '../../../shared/cacheKeys.ts'
import type { LiveBlogPage } from './liveBlog.ts'
import { neighbours } from './pages.ts'

/**
 * The keys of the page of blog `blog` that was rendered (null: an address of the blog that is not
 * found, which the next post may fill). Every page shows the pin and the key events; the first page,
 * and the older page whose "Newer updates" link is the first page (it changes when the next block
 * fills), also show what every post changes.
 */
export function liveBlogPageKeys(blog: string, page: LiveBlogPage | null): string[] {
  if (page === null) return [liveBlogNewestKey(blog)]
  const newest = page.page === null || neighbours(page.page, page.total).newer === null
  return newest ? [liveBlogNewestKey(blog), liveBlogPagesKey(blog)] : [liveBlogPagesKey(blog)]
}
