// Surrogate keys: the names a shared cache (Varnish's xkey, a CDN's Surrogate-Key) files a reader page
// or a public query answer under, so that a change purges exactly what shows it and nothing else.
// The pages are tagged by server/pages/render.ts with what src/entry-server.tsx found on them, and
// the edge purger (server/edge/purger.ts) asks the cache to drop the keys a change names.
// docs/decisions/019-edge-cache.md.

/**
 * The one response header the keys travel in: Varnish's xkey (deploy/varnish/default.vcl). They were
 * sent twice, as `Surrogate-Key` too, for other CDNs; on a homepage that was about 0.7 KB more in the
 * document's first round trip. A CDN that reads `Surrogate-Key` copies this header into it at its edge.
 */
export const surrogateKeyHeader = 'xkey'

/** Every page, whatever it shows. */
export const siteKey = 'site'
/** Pages whose main content is a list of published stories (the homepage, sections, topics, authors, archive, search, videos, photo essays). */
export const listsKey = 'lists'
/** Pages answered "not found": a publish may fill one. */
export const missingKey = 'missing'

const keyAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/** FNV-1a over the id's UTF-16 code units, from `seed`: 32 bits. */
function fnv1a(text: string, seed: number): number {
  let hash = seed >>> 0
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0
  return hash
}

/**
 * A document's id in a key, as 8 characters (48 bits of two FNV-1a hashes): a homepage names about
 * twenty documents, and their ids whole (36 characters each) were half a kilobyte of the document's
 * first round trip. Two ids that share a key only purge each other's pages as well; among a million
 * documents that is unlikely to happen once. The purger names a changed document the same way.
 */
export function shortId(id: string): string {
  const high = fnv1a(id, 0x811c9dc5)
  const low = fnv1a(id, 0x050c5d1f) & 0xffff
  let out = ''
  for (let shift = 26; shift >= 0; shift -= 6) out += keyAlphabet[(high >>> shift) & 63]
  out += keyAlphabet[((high & 3) << 4) | (low >>> 12)]
  out += keyAlphabet[(low >>> 6) & 63]
  out += keyAlphabet[low & 63]
  return out
}

/** The pages that show a document (under its published id). */
export function documentKey(id: string): string {
  return `d:${shortId(id)}`
}

/** Every public query answer of a dataset (which documents a query reads is not known before it runs). */
export function queryKey(dataset: string): string {
  return `q:${dataset}`
}

/**
 * A live blog's newest updates: its first page, its RSS feed, the addresses of the blog that are not
 * found (an older page not yet older than the first page, an update not posted yet) and a front page
 * that shows its latest updates. An older page is not among them: no post changes it. Every post, edit or deletion of one of its updates changes them.
 */
export function liveBlogNewestKey(blog: string): string {
  return `live:${shortId(blog)}`
}

/**
 * Every page of a live blog, older pages too: each shows the pinned update and the key events, and
 * an older page's updates shift when one before them is deleted or moved in time
 * (docs/decisions/034-live-blog-purges.md).
 */
export function liveBlogPagesKey(blog: string): string {
  return `live:${shortId(blog)}:pages`
}

/** Routes whose page is one document; every other page with documents is a list. */
const singleDocumentRoutes = new Set(['/article/$slug', '/photo-essays/$slug'])

/** Beyond this many documents a page is filed under `lists` alone, to keep the header small. */
const maxDocumentKeys = 150

/**
 * The keys of a rendered page: `site`, each document it shows (the ids in its query results),
 * `lists` when it is a list, `missing` when it is a 404. A story's "More from" box on an article
 * page is not a list here: a publish would otherwise purge every article page (it catches up within
 * the page's s-maxage).
 */
export function pageKeys(routeIds: readonly string[], results: unknown, status: number, named: readonly string[] = []): string[] {
  const ids = new Set<string>()
  collectIds(results, ids, 0)
  const single = routeIds.some((id) => singleDocumentRoutes.has(id))
  // Keys the page's loaders named for what its documents' ids cannot say (a live blog's pages).
  const keys = [...new Set([siteKey, ...named])]
  if (status === 404) keys.push(missingKey)
  if (!single && ids.size > 0) keys.push(listsKey)
  if (ids.size <= maxDocumentKeys) for (const id of ids) keys.push(documentKey(id))
  else if (!keys.includes(listsKey)) keys.push(listsKey)
  return keys
}

function collectIds(value: unknown, into: Set<string>, depth: number): void {
  if (depth > 12 || value === null || typeof value !== 'object') return
  if (Array.isArray(value)) {
    for (const item of value) collectIds(item, into, depth + 1)
    return
  }
  const record = value as Record<string, unknown>
  // Query results are published documents; a draft id never reaches an anonymous reader's page.
  if (typeof record._id === 'string' && record._id.length <= 128 && !record._id.includes(' ')) into.add(record._id)
  for (const child of Object.values(record)) collectIds(child, into, depth + 1)
}

export type Operation = 'create' | 'update' | 'delete'

/** The fields of a live blog's update the purge rules read, as the edge hook's projection sends them (README, Deployment). */
export interface LiveUpdateFields {
  [field: string]: unknown
  liveBlog?: unknown
  publishedAt?: unknown
  isKeyEvent?: unknown
  isPinned?: unknown
  /** The same fields before the change: null for a create, absent when the hook does not send them. */
  before?: unknown
}

/**
 * What a change to a published document purges: the pages showing it, the dataset's query answers,
 * and for a story that appears, goes or changes (which may move it between lists) every list and
 * every 404 it may now fill. An author or a category shows on pages that name it without its id
 * (bylines, section names), so its change purges every page: rare, and always right. An uploaded
 * file changes no page until a document uses it. Drafts change nothing a reader sees. A live blog's
 * update purges its blog's newest pages, and older pages only when they change (liveUpdatePurgeKeys).
 */
export function purgeKeys(change: { id: string; type: string; operation: Operation; dataset: string; document?: LiveUpdateFields }): string[] {
  if (change.id.startsWith('drafts.') || change.id.startsWith('versions.')) return []
  if (change.type.startsWith('sanity.')) return [queryKey(change.dataset)]
  if (change.type === 'liveUpdate') {
    const keys = liveUpdatePurgeKeys(change.id, change.operation, change.document ?? {})
    if (keys) return [...keys, queryKey(change.dataset)]
  }
  if (change.type !== 'article' && change.type !== 'imageGallery') return [siteKey, queryKey(change.dataset)]
  const keys = [documentKey(change.id), queryKey(change.dataset), listsKey]
  if (change.operation !== 'delete') keys.push(missingKey)
  return keys
}

/**
 * The pages a live blog's update changes, or null when the hook did not say which blog it is in
 * (then every page is purged). Its blog's newest pages always; where it shows elsewhere (its own
 * older page, the pin, the key events) on an edit; and every page of the blog when the pin or the
 * key events change (each page lists them), or when an update is deleted or its time changed, since
 * every later block of twenty then shifts: the purger does not know the update's rank, and these
 * are rare. Posting an ordinary update never touches an older page.
 */
export function liveUpdatePurgeKeys(id: string, operation: Operation, fields: LiveUpdateFields): string[] | null {
  // `liveBlog._ref` as the hook's projection names it, or the reference itself in a whole document.
  const ref = typeof fields.liveBlog === 'object' && fields.liveBlog !== null ? (fields.liveBlog as { _ref?: unknown })._ref : fields.liveBlog
  const blog = typeof ref === 'string' && /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}$/.test(ref) ? ref : null
  if (blog === null) return null
  const keys = [liveBlogNewestKey(blog)]
  if (operation === 'update') keys.push(documentKey(id))
  const listed = (doc: { isKeyEvent?: unknown; isPinned?: unknown }) => doc.isKeyEvent === true || doc.isPinned === true
  let everyPage: boolean
  if (operation === 'delete') everyPage = true
  else if (operation === 'create') everyPage = listed(fields)
  else {
    const before = typeof fields.before === 'object' && fields.before !== null ? (fields.before as LiveUpdateFields) : null
    everyPage =
      !before ||
      (before.isKeyEvent === true) !== (fields.isKeyEvent === true) ||
      (before.isPinned === true) !== (fields.isPinned === true) ||
      before.publishedAt !== fields.publishedAt
  }
  if (everyPage) keys.push(liveBlogPagesKey(blog))
  return keys
}
