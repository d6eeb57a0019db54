// Where every feed and sitemap reads from: the query engine as an anonymous reader in the published
// perspective, exactly as the rendered pages do (server/pages/render.ts), so
// server/access/visibility.ts keeps drafts, release versions and private documents out of every
// feed. Also the site's absolute address, which feeds need and pages do not.

import { contentConfig, type ContentEnv } from '../../shared/contentConfig.ts'
import { renditionUrls } from '../../shared/images.ts'
import type { QueryEngine } from '../query/engine.ts'

export interface FeedSource {
  /** The site's absolute origin, without a trailing slash: every link in a feed starts with it. */
  origin: string
  now: Date
  fetch<T>(query: string, params?: Record<string, unknown>): Promise<T>
  /** An absolute URL of a bounded rendition of an image, or null when it has no usable asset. */
  imageUrl(image: unknown, width: number, height: number): string | null
}

export interface FeedSettings {
  /** PUBLIC_URL; without it, the origin the request came in on. */
  publicUrl: string | null
  /** The VITE_SANITY_* settings the app was built with: the feeds read the dataset the pages read. */
  appContent: ContentEnv
}

export function feedSource(queries: QueryEngine, settings: FeedSettings, requestOrigin: string, now = new Date()): FeedSource {
  const origin = settings.publicUrl ?? requestOrigin
  const content = contentConfig(settings.appContent, origin)
  // The embedded service serves renditions on the site's own origin (/images/...); a hosted
  // project's come from Sanity's CDN.
  const rendition = renditionUrls({ projectId: content.projectId, dataset: content.dataset, baseUrl: content.imageBaseUrl || origin })
  return {
    origin,
    now,
    async fetch<T>(query: string, params: Record<string, unknown> = {}): Promise<T> {
      const result = await queries.query(content.dataset, query, params, 'published', { anonymous: true }, { lane: 'trusted' })
      return JSON.parse(result.json) as T
    },
    // A JPEG: feed readers send no Accept header for the service to choose a format by.
    imageUrl: (image, width, height) => rendition(image, { width, height, format: 'jpg' }),
  }
}

// Shared by the feeds' queries. Unlike the app's queries they do not exclude drafts themselves: the
// source reads the published perspective as an anonymous reader, which holds no draft, release
// version or private document, and a `path()` condition is one the query planner (server/groq)
// leaves to groq-js, which would test it on every article (seconds at 100,000 articles).
export const articleFilter = `_type == "article" && defined(slug.current)`
export const newestFirst = `order(publishedAt desc, _id asc)`

/** An article's address on the site. */
export function articleUrl(origin: string, slug: string): string {
  return `${origin}/article/${encodeURIComponent(slug)}`
}
