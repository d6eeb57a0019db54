// Feeds and sitemaps built once per content revision. Feed readers and crawlers ask for the same
// few documents every few minutes, and between two publishes the answer cannot change: each is kept
// here, with its gzip copy and validators, per site origin and path, for as long as the dataset's
// revision (and, for a document that depends on the clock, its minute) stays the same. The first
// request after a publish builds it again; readers asking at that moment wait for that one build.
// Like reader pages (server/pages/render.ts) the cache is bounded in bytes, and only documents that
// were built are kept: an unknown section or author is a 404 every time, never an entry.

import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import { ByteLru } from '../byteLru.ts'

const gzipAsync = promisify(gzip)

/** What a feed's build returns: a document, or a permanent redirect to the path of another. */
export type Built = { type: string; text: string; keys?: readonly string[] } | { redirect: string }

export interface CachedFeed {
  /** The revision (and period) it was built for: an entry for another is out of date. */
  version: string
  status: 200 | 301
  type: string
  body: Buffer
  /** The body gzipped, or null when it is too small to gain from it (or a redirect). */
  gzip: Buffer | null
  location: string | null
  /** A weak validator from the body's hash: the gzipped and plain copies are the same document. */
  etag: string
  /** When this body was first built (unchanged by rebuilds that give the same bytes), as an HTTP date. */
  lastModified: string
  /** The keys a shared cache files it under, space-separated (shared/cacheKeys.ts), or null when it is not purged by key. */
  keys: string | null
}

export interface FeedCacheOptions {
  limitBytes: number
  /** The revision of the dataset the feeds read (changes with every transaction). */
  revision: () => number
  now?: () => Date
}

export class FeedCache {
  private readonly entries: ByteLru<CachedFeed>
  private readonly building = new Map<string, Promise<CachedFeed>>()
  private readonly revision: () => number
  private readonly now: () => Date
  /** Requests answered from a kept document, and documents built: what tests and the benchmark read. */
  hits = 0
  builds = 0

  constructor(options: FeedCacheOptions) {
    this.entries = new ByteLru<CachedFeed>(options.limitBytes, (entry) => entry.body.length + (entry.gzip?.length ?? 0) + entry.version.length * 2 + 200)
    this.revision = options.revision
    this.now = options.now ?? (() => new Date())
  }

  /**
   * The document at `origin` + `path`, built by `build` unless one built for the current revision
   * is kept (and, with `byMinute`, for the current minute: for a document that depends on the
   * clock). A build that throws (a 404) keeps nothing.
   */
  async get(origin: string, path: string, build: (now: Date) => Promise<Built>, { byMinute = false } = {}): Promise<CachedFeed> {
    const key = `${origin}\u0000${path}`
    const now = this.now()
    const revision = this.revision()
    const version = `${revision}\u0000${byMinute ? Math.floor(now.getTime() / 60_000) : ''}`
    const kept = this.entries.get(key)
    if (kept && kept.version === version) {
      this.hits++
      return kept
    }
    const flight = `${version}\u0000${key}`
    let pending = this.building.get(flight)
    if (!pending) {
      pending = this.build(version, () => build(now), now, kept ?? null)
      this.building.set(flight, pending)
      const forget = () => this.building.delete(flight)
      pending.then(forget, forget)
    }
    const entry = await pending
    // A write may have landed during the build: then it answers this request but is not kept.
    if (this.revision() === revision) this.entries.set(key, entry)
    return entry
  }

  /** Bytes held; never more than the budget. */
  get size(): number {
    return this.entries.size
  }

  private async build(version: string, build: () => Promise<Built>, now: Date, previous: CachedFeed | null): Promise<CachedFeed> {
    const built = await build()
    this.builds++
    if ('redirect' in built) {
      const body = Buffer.alloc(0)
      return { version, status: 301, type: 'text/plain; charset=utf-8', body, gzip: null, location: built.redirect, etag: etagOf(body), lastModified: httpDate(now), keys: null }
    }
    const body = Buffer.from(built.text)
    // Compressed off the main thread: a month's sitemap may be megabytes.
    const zipped = body.length > 1024 ? await gzipAsync(body) : null
    const etag = etagOf(body)
    // A rebuild after a write elsewhere in the dataset usually gives the same bytes: then the
    // document has not been modified, and conditional requests by date still get a 304.
    const lastModified = previous && previous.etag === etag ? previous.lastModified : httpDate(now)
    return { version, status: 200, type: built.type, body, gzip: zipped, location: null, etag, lastModified, keys: built.keys?.length ? built.keys.join(' ') : null }
  }
}

function etagOf(body: Buffer): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
}

/** An HTTP date, to the second (what Last-Modified and If-Modified-Since carry). */
function httpDate(date: Date): string {
  return new Date(Math.floor(date.getTime() / 1000) * 1000).toUTCString()
}

/**
 * Whether a request's validators say it already holds `entry` (RFC 9110 13.1): If-None-Match when
 * it is sent (weakly compared, any of a list, or `*`), otherwise If-Modified-Since.
 */
export function notModified(headers: { 'if-none-match'?: string; 'if-modified-since'?: string }, entry: Pick<CachedFeed, 'etag' | 'lastModified'>): boolean {
  const match = headers['if-none-match']
  if (match !== undefined) {
    if (match.trim() === '*') return true
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
    return match.split(',').some((tag) => opaque(tag) === opaque(entry.etag))
  }
  const since = headers['if-modified-since']
  if (since === undefined) return false
  const sinceMs = Date.parse(since)
  return Number.isFinite(sinceMs) && Date.parse(entry.lastModified) <= sinceMs
}
