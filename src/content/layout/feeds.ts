// The `<link rel="alternate">` tags that tell browsers and feed readers where a page's RSS feed is:
// the paper's on every reader page, and a category's own on its listing. The feeds themselves are
// the service's (server/feeds/rss.ts serves /rss.xml, /{section}/rss.xml and /topic/{slug}/rss.xml).

import { categoryPath } from '../../../shared/paths.ts'

export interface FeedLink {
  rel: 'alternate'
  type: 'application/rss+xml'
  title: string
  href: string
}

export const paperFeedLink: FeedLink = { rel: 'alternate', type: 'application/rss+xml', title: 'Resonance', href: '/rss.xml' }

/** The feed of a category's articles, beside its listing page's address. */
export function categoryFeedLink(title: string, slug: string, kind?: string | null): FeedLink {
  return { rel: 'alternate', type: 'application/rss+xml', title: `${title} | Resonance`, href: `${categoryPath(slug, kind)}/rss.xml` }
}
