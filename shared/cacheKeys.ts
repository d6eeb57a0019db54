// Surrogate keys: the names a shared cache (Varnish's xkey, a CDN's Surrogate-Key) files a reader page
// or a public query answer under, so that a change purges exactly what shows it and nothing else.
// The pages are tagged by server/pages/render.ts with what src/entry-server.tsx found on them, and
// the edge purger (server/edge/purger.ts) asks the cache to drop the keys a change names.
// docs/decisions/019-edge-cache.md.

/** Every page, whatever it shows. */
export const siteKey = 'site'
/** Pages whose main content is a list of published stories (the homepage, sections, topics, authors, archive, search, videos, photo essays). */
export const listsKey = 'lists'
/** Pages answered "not found": a publish may fill one. */
export const missingKey = 'missing'

/** The pages that show a document (under its published id). */
export function documentKey(id: string): string {
  return `d:${id}`
}

/** Every public query answer of a dataset (which documents a query reads is not known before it runs). */
export function queryKey(dataset: string): string {
  return `q:${dataset}`
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
export function pageKeys(routeIds: readonly string[], results: unknown, status: number): string[] {
  const ids = new Set<string>()
  collectIds(results, ids, 0)
  const single = routeIds.some((id) => singleDocumentRoutes.has(id))
  const keys = [siteKey]
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

/**
 * What a change to a published document purges: the pages showing it, the dataset's query answers,
 * and for a story that appears, goes or changes (which may move it between lists) every list and
 * every 404 it may now fill. An author or a category shows on pages that name it without its id
 * (bylines, section names), so its change purges every page: rare, and always right. An uploaded
 * file changes no page until a document uses it. Drafts change nothing a reader sees.
 */
export function purgeKeys(change: { id: string; type: string; operation: Operation; dataset: string }): string[] {
  if (change.id.startsWith('drafts.') || change.id.startsWith('versions.')) return []
  if (change.type.startsWith('sanity.')) return [queryKey(change.dataset)]
  if (change.type !== 'article' && change.type !== 'imageGallery') return [siteKey, queryKey(change.dataset)]
  const keys = [documentKey(change.id), queryKey(change.dataset), listsKey]
  if (change.operation !== 'delete') keys.push(missingKey)
  return keys
}
