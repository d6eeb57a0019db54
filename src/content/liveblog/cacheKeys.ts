// Which shared-cache keys a live blog's page is filed under besides its documents' ids, so a post
// purges its newest pages and an older page is purged only when it changes (shared/cacheKeys.ts,
// docs/decisions/034-live-blog-purges.md).

import { liveBlogNewestKey, liveBlogPagesKey } from '../../../shared/cacheKeys.ts'
import type { LiveBlogPage } from './liveBlog.ts'

/**
 * The keys of the page of blog `blog` that was rendered (null: an address of the blog that is not
 * found, which the next post may fill). Every page shows the pin and the key events; the first page
 * also shows what every post changes. An older page does not change when an update is posted
 * (pages.ts): its block is fixed and its links name an older page and the update after it.
 */
export function liveBlogPageKeys(blog: string, page: LiveBlogPage | null): string[] {
  if (page === null) return [liveBlogNewestKey(blog)]
  return page.page === null ? [liveBlogNewestKey(blog), liveBlogPagesKey(blog)] : [liveBlogPagesKey(blog)]
}
