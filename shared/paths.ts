// The site's addresses that both the app (links, canonical and feed addresses) and the service
// (feeds and sitemaps) write, so a section, topic or author is found at one address everywhere.
// Slugs are URL-encoded: an editor's slug may hold any character, and the router reads an encoded
// path back to the slug it came from.

/** Where a category's listing lives: topics under /topic, sections and desks at the top level. */
export function categoryPath(slug: string, kind?: string | null): string {
  return kind === 'topic' ? `/topic/${encodeURIComponent(slug)}` : `/${encodeURIComponent(slug)}`
}

/** Where an author's page lives. */
export function authorPath(slug: string): string {
  return `/author/${encodeURIComponent(slug)}`
}
