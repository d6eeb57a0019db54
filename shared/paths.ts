// The site's addresses that both the app (links, canonical and feed addresses) and the service
// (feeds and sitemaps) write, so a section, topic or author is found at one address everywhere.
// Slugs are URL-encoded: an editor's slug may hold any character, and the router reads an encoded
// path back to the slug it came from.

/** Where a category's listing lives: topics under /topic, sections and desks at the top level. */
export function categoryPath(slug: string, kind?: string | null): string {
  return kind === 'topic' ? `/topic/${encodeURIComponent(slug)}` : `/${encodeURIComponent(slug)}`
}

/** Where an article's page lives. */
export function articlePath(slug: string): string {
  return `/article/${encodeURIComponent(slug)}`
}

/** Where an author's page lives. */
export function authorPath(slug: string): string {
  return `/author/${encodeURIComponent(slug)}`
}

/**
 * The first path segments the site's own pages and the content service already answer: a category
 * (or author) given one of them as its slug could never be reached there, so the service refuses it.
 * The app's part is held to the router's route tree by src/reservedPaths.test.tsx (a new top-level
 * route that is missing here fails it), the service's part to its own paths by
 * server/http/servicePaths.test.ts.
 */
export const reservedSegments: readonly string[] = [
  // The app's fixed pages (src/routes).
  'about',
  'admin',
  'archive',
  'article',
  'author',
  'contact',
  'corrections',
  'newsletters',
  'photo-essays',
  'search',
  'subscribe',
  'topic',
  'trending',
  'unsubscribe',
  'video-journal',
  'videos',
  // The content service's areas (server/http/servicePaths.ts).
  'auth',
  'files',
  'health',
  'images',
  'newsroom',
  'sitemaps',
]

/** Whether a slug would put a category or author at an address the site already uses for something else. */
export function isReservedSlug(slug: string): boolean {
  // `v1`, `v2025-02-19`, ...: the API's versions, and anything that looks like one.
  return reservedSegments.includes(slug) || /^v(?:[\dx][^/]*)?$/i.test(slug)
}

/** "/search is one of the site’s own pages: choose another slug." */
export function reservedSlugMessage(slug: string): string {
  return `/${slug} is already one of the site’s own addresses: choose another slug.`
}
