// GROQ over the in-memory dataset, through groq-js.
// groq-js scans the whole dataset for every `*[...]` and knows nothing of perspectives, so this
// module (1) builds each perspective's view once per dataset revision, (2) runs the filters it can
// in plain JavaScript before groq-js sees the query (filter.ts), (3) resolves `->` through an id map
// instead of a scan, and (4) caches serialised results per revision, and whole responses of anonymous
// GETs by URL: the homepage query is answered from memory until the next write.
// docs/decisions/002-query-cache.md explains why.

import { evaluate, parse, type ExprNode } from 'groq-js'
import { typedError } from './errors.ts'
import { planQuery } from './filter.ts'
import { isDraftId, isPathId, isVersionId, publishedIdOf } from './ids.ts'
import type { Doc } from './mutations.ts'
import type { Store } from './store.ts'

export type Perspective = 'published' | 'drafts' | 'raw'

export interface Reader {
  /** Anonymous readers never see drafts, versions or any other id with a `.` path. */
  anonymous: boolean
  identity?: string
  /** Release versions (`versions.*`) exist in the raw perspective from API version 2025-02-19 on. */
  versions?: boolean
}

interface View {
  docs: Doc[]
  byId: Map<string, Doc>
}

const parseCache = new Map<string, ExprNode>()
const PARSE_CACHE_LIMIT = 500

function parseError(error: unknown, query: string) {
  const e = error as Error & { position?: number }
  const start = typeof e.position === 'number' ? e.position : 0
  return typedError(400, 'queryParseError', e.message, { query, start, end: start + 1 })
}

/**
 * Parses GROQ once per distinct query text; throws the protocol's queryParseError on bad input.
 * Parameters are bound at evaluation, so one cached tree serves every value of them. A few
 * constructs need a parameter's value while parsing (a slice such as `[$start...$end]` must be
 * constant); those queries are parsed with their parameters and cached per value.
 */
export function parseGroq(query: string, params: Record<string, unknown> = {}): ExprNode {
  const cached = parseCache.get(query)
  if (cached) return cached
  let tree: ExprNode
  let key = query
  try {
    tree = parse(query)
  } catch (error) {
    if (Object.keys(params).length === 0) throw parseError(error, query)
    key = `${query}\u0000${JSON.stringify(params)}`
    const withParams = parseCache.get(key)
    if (withParams) return withParams
    try {
      tree = parse(query, { params })
    } catch (second) {
      throw parseError(second, query)
    }
  }
  if (parseCache.size >= PARSE_CACHE_LIMIT) parseCache.delete(parseCache.keys().next().value!)
  parseCache.set(key, tree)
  return tree
}

export function normalisePerspective(value: string | null, apiVersion: string): Perspective {
  if (value === null || value === '') {
    // The Content Lake switched its default to `published` with API version 2025-02-19.
    return apiVersion === 'X' || apiVersion >= '2025-02-19' ? 'published' : 'raw'
  }
  const parts = value.split(',').map((p) => p.trim())
  // A stack such as `rABC,drafts` is read as its strongest layer we know; releases are not modelled.
  if (parts.includes('drafts') || parts.includes('previewDrafts')) return 'drafts'
  if (parts.length === 1 && (parts[0] === 'published' || parts[0] === 'raw')) return parts[0]
  throw typedError(400, 'invalidPerspectiveError', `Invalid perspective "${value}": use published, drafts or raw`)
}

export interface QueryResult {
  /** The `result` value, serialised. */
  json: string
  ms: number
  cached: boolean
  /** The dataset revision the result holds for, or null when it may not be reused (it uses now() or identity()). */
  revision: number | null
}

/** A cached result string, or a whole ready-to-send response body, valid while its dataset stays at `revision`. */
interface CacheEntry {
  dataset: string
  revision: number
  value: string | Buffer
}

/** A least-recently-used map bounded by the total size of its entries. */
class ByteLru<V extends { value: string | Buffer }> {
  private readonly entries = new Map<string, V>()
  private bytes = 0
  private readonly limit: number

  constructor(limit: number) {
    this.limit = limit
  }

  get(key: string): V | undefined {
    const hit = this.entries.get(key)
    if (hit) {
      // Refresh its place in the LRU order.
      this.entries.delete(key)
      this.entries.set(key, hit)
    }
    return hit
  }

  set(key: string, entry: V): void {
    this.delete(key)
    this.entries.set(key, entry)
    this.bytes += key.length + entry.value.length
    while (this.bytes > this.limit && this.entries.size > 1) this.delete(this.entries.keys().next().value!)
  }

  delete(key: string): void {
    const old = this.entries.get(key)
    if (!old) return
    this.entries.delete(key)
    this.bytes -= key.length + old.value.length
  }

  clear(): void {
    this.entries.clear()
    this.bytes = 0
  }
}

export class QueryEngine {
  private readonly store: Store
  private readonly views = new Map<string, { revision: number; view: View }>()
  /** Result strings by query, and response bodies by URL, in one budget. */
  private readonly cache: ByteLru<CacheEntry>
  /** Identical queries arriving while one is evaluated share its result (a write makes every open homepage refetch at once). */
  private readonly inflight = new Map<string, Promise<string>>()

  constructor(store: Store, options: { cacheLimitBytes?: number } = {}) {
    this.store = store
    this.cache = new ByteLru(options.cacheLimitBytes ?? 64 * 1024 * 1024)
    store.useSelector(async (_dataset, docs, query, params) => {
      const tree = parseGroq(query, params)
      const all = [...docs.values()]
      const value = await evaluate(planQuery(tree, all, params), { dataset: all, params, dereference: ({ _ref }) => docs.get(_ref) ?? null })
      const result = (await value.get()) as unknown
      const list = Array.isArray(result) ? result : result === null || result === undefined ? [] : [result]
      return list.map((item) => (typeof item === 'string' ? item : (item as Doc | null)?._id)).filter((id): id is string => typeof id === 'string')
    })
  }

  /** The documents a reader sees in a perspective, rebuilt only after a write. */
  view(datasetName: string, perspective: Perspective, reader: Reader): View {
    const dataset = this.store.dataset(datasetName)
    const key = `${datasetName}\u0000${perspective}\u0000${readerKey(reader)}`
    const hit = this.views.get(key)
    if (hit && hit.revision === dataset.revision) return hit.view
    const view = buildView(dataset.docs, reader.anonymous ? 'published' : perspective, reader.anonymous, reader.versions ?? false)
    this.views.set(key, { revision: dataset.revision, view })
    return view
  }

  /**
   * Runs a query for a reader. The caller syncs external writes first (the HTTP layer does, once
   * per request), so this never checks the database itself.
   */
  async query(
    datasetName: string,
    query: string,
    params: Record<string, unknown>,
    perspective: Perspective,
    reader: Reader,
  ): Promise<QueryResult> {
    const started = performance.now()
    const dataset = this.store.dataset(datasetName)
    const tree = parseGroq(query, params)
    // Results that depend on the clock or on who asks cannot be shared between requests.
    const cacheable = !/\bnow\s*\(|\bidentity\s*\(/.test(query)
    const key = `q\u0000${datasetName}\u0000${perspective}\u0000${readerKey(reader)}\u0000${query}\u0000${JSON.stringify(params)}`
    const revision = dataset.revision
    if (cacheable) {
      const hit = this.cache.get(key)
      if (hit && hit.revision === revision) return { json: hit.value as string, ms: Math.round(performance.now() - started), cached: true, revision }
    }
    const flightKey = `${revision}\u0000${key}`
    let pending = cacheable ? this.inflight.get(flightKey) : undefined
    if (!pending) {
      pending = this.evaluate(datasetName, tree, query, params, perspective, reader)
      if (cacheable) {
        this.inflight.set(flightKey, pending)
        const forget = () => this.inflight.delete(flightKey)
        pending.then(forget, forget)
      }
    }
    const json = await pending
    // A write may have landed while the query ran; then the result is already out of date.
    const current = cacheable && revision === this.store.dataset(datasetName).revision
    if (current) this.cache.set(key, { dataset: datasetName, revision, value: json })
    return { json, ms: Math.round(performance.now() - started), cached: false, revision: current ? revision : null }
  }

  /**
   * The ready response body of an anonymous GET, by its raw URL, while its dataset has not changed.
   * The URL holds everything else the response depends on (dataset, API version, query, params,
   * perspective, returnQuery), so the lookup needs no parsing at all.
   */
  response(url: string): Buffer | undefined {
    const key = `r\u0000${url}`
    const hit = this.cache.get(key)
    if (!hit) return undefined
    if (this.store.revisionOf(hit.dataset) === hit.revision) return hit.value as Buffer
    this.cache.delete(key)
    return undefined
  }

  rememberResponse(url: string, dataset: string, revision: number, body: Buffer): void {
    this.cache.set(`r\u0000${url}`, { dataset, revision, value: body })
  }

  private async evaluate(datasetName: string, tree: ExprNode, query: string, params: Record<string, unknown>, perspective: Perspective, reader: Reader): Promise<string> {
    const view = this.view(datasetName, perspective, reader)
    try {
      const value = await evaluate(planQuery(tree, view.docs, params), {
        dataset: view.docs,
        params,
        identity: reader.identity ?? '',
        dereference: ({ _ref }) => view.byId.get(_ref) ?? null,
      })
      return JSON.stringify((await value.get()) ?? null)
    } catch (error) {
      throw typedError(400, 'queryExecutionError', error instanceof Error ? error.message : String(error), { query })
    }
  }

  /** Drops everything cached; used by the benchmark to measure cold queries. */
  clearCache(): void {
    this.cache.clear()
    this.views.clear()
  }
}

function readerKey(reader: Reader): string {
  return `${reader.anonymous ? 'anon' : 'auth'}${reader.versions ? '+versions' : ''}`
}

function buildView(docs: ReadonlyMap<string, Doc>, perspective: Perspective, anonymous: boolean, versions: boolean): View {
  const byId = new Map<string, Doc>()
  if (perspective === 'drafts') {
    // Each logical document shows its draft when one exists, under the published id, with
    // `_originalId` naming the stored document.
    for (const doc of docs.values()) {
      if (isVersionId(doc._id)) continue
      if (isDraftId(doc._id)) {
        const id = publishedIdOf(doc._id)
        byId.set(id, { ...doc, _id: id, _originalId: doc._id })
      } else if (!byId.has(doc._id)) {
        byId.set(doc._id, { ...doc, _originalId: doc._id })
      }
    }
  } else {
    for (const doc of docs.values()) {
      if (anonymous && isPathId(doc._id)) continue
      if (perspective === 'published' && (isDraftId(doc._id) || isVersionId(doc._id))) continue
      if (!versions && isVersionId(doc._id)) continue
      byId.set(doc._id, doc)
    }
  }
  return { docs: [...byId.values()], byId }
}
