// GROQ for the service: each query runs in a query worker (pool.ts), never on the thread
// that answers HTTP, within the limits of who asks; answers are cached here per dataset revision,
// and whole responses of anonymous GETs by URL, so the homepage query is answered from memory
// until the next write. docs/decisions/002-query-cache.md and 006-query-workers.md explain why.

import { typedError } from '../errors.ts'
import { ByteLru } from '../byteLru.ts'
import type { Lane, QueryPool } from './pool.ts'
import type { Store } from '../store/store.ts'
import { readerKey, type Perspective, type Reader } from './views.ts'
import type { SearchRequest } from '../search/index.ts'

export type { Perspective, Reader } from './views.ts'

/** What one query may cost. Anonymous readers get the public limits, signed-in principals their own. */
export interface QueryLimits {
  /** Time a query may run in its worker. */
  timeoutMs: number
  /** Size of the serialised result. */
  maxResultBytes: number
  /** Size of the query text and its parameters. */
  maxQueryBytes: number
}

export interface QueryEngineOptions {
  /** Budget of the result and response caches together. */
  cacheLimitBytes?: number
  limits?: { anonymous: QueryLimits; signedIn: QueryLimits }
}

export const defaultQueryLimits: { anonymous: QueryLimits; signedIn: QueryLimits } = {
  anonymous: { timeoutMs: 2_000, maxResultBytes: 4 * 1024 * 1024, maxQueryBytes: 32 * 1024 },
  signedIn: { timeoutMs: 30_000, maxResultBytes: 64 * 1024 * 1024, maxQueryBytes: 1024 * 1024 },
}

/**
 * API versions from 2025-02-19 on (and X) see release versions, default to the published
 * perspective and listen to published documents only: the Content Lake changed all three then.
 */
export function modernVersion(apiVersion: string): boolean {
  return apiVersion === 'X' || apiVersion >= '2025-02-19'
}

export function normalisePerspective(value: string | null, apiVersion: string): Perspective {
  if (value === null || value === '') return modernVersion(apiVersion) ? 'published' : 'raw'
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

export class QueryEngine {
  private readonly store: Store
  private readonly pool: QueryPool
  private readonly limits: { anonymous: QueryLimits; signedIn: QueryLimits }
  /** Result strings by query, and response bodies by URL, in one budget. */
  private readonly cache: ByteLru<CacheEntry>
  /** Listen filters found to be GROQ, by text and params (the keys are what is weighed). */
  private readonly validFilters = new ByteLru<{ value: string }>(4 * 1024 * 1024)
  private readonly checking = new Map<string, Promise<void>>()
  /** Identical queries arriving while one is evaluated share its result (a write makes every open homepage refetch at once). */
  private readonly inflight = new Map<string, Promise<string>>()

  constructor(store: Store, pool: QueryPool, options: QueryEngineOptions = {}) {
    this.store = store
    this.pool = pool
    this.limits = options.limits ?? defaultQueryLimits
    this.cache = new ByteLru(options.cacheLimitBytes ?? 64 * 1024 * 1024)
  }

  limitsFor(reader: Reader): QueryLimits {
    return reader.anonymous ? this.limits.anonymous : this.limits.signedIn
  }

  /**
   * Runs a query for a reader. The caller syncs external writes first (the HTTP layer does, once
   * per request), so this never checks the database itself. `lane` says whose work it is: an
   * anonymous API query is `public`; the pages' own queries are `trusted`. `client` is who asked
   * (their address), so anonymous clients take turns.
   */
  async query(
    datasetName: string,
    query: string,
    params: Record<string, unknown>,
    perspective: Perspective,
    reader: Reader,
    { lane = reader.anonymous ? 'public' : 'trusted', client = '' }: { lane?: Lane; client?: string } = {},
  ): Promise<QueryResult> {
    const started = performance.now()
    const dataset = this.store.dataset(datasetName)
    const limits = this.limitsFor(reader)
    const paramsJson = JSON.stringify(params)
    assertQuerySize(query, paramsJson, limits)
    // Results that depend on the clock or on who asks cannot be shared between requests.
    const cacheable = !/\bnow\s*\(|\bidentity\s*\(/.test(query)
    const key = `q\u0000${datasetName}\u0000${perspective}\u0000${readerKey(reader)}\u0000${query}\u0000${paramsJson}`
    const revision = dataset.revision
    if (cacheable) {
      const hit = this.cache.get(key)
      if (hit && hit.revision === revision) return { json: hit.value as string, ms: Math.round(performance.now() - started), cached: true, revision }
    }
    const flightKey = `${revision}\u0000${key}`
    let pending = cacheable ? this.inflight.get(flightKey) : undefined
    if (!pending) {
      pending = this.pool
        .run({ type: 'query', dataset: datasetName, query, params, perspective, reader, maxResultBytes: limits.maxResultBytes }, lane, limits.timeoutMs, client)
        .then((reply) => reply.json!)
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
   * Checks a listen filter in a worker: the protocol's queryParseError when it is not GROQ. A filter
   * found valid is remembered, and readers asking at the same moment share one check: after a
   * publish or a deploy, every open homepage reconnects with the same filter at once.
   */
  async checkFilter(query: string, params: Record<string, unknown>, reader: Reader, client = ''): Promise<void> {
    const limits = this.limitsFor(reader)
    const paramsJson = JSON.stringify(params)
    assertQuerySize(query, paramsJson, limits)
    const key = `f\u0000${query}\u0000${paramsJson}`
    if (this.validFilters.get(key)) return
    let pending = this.checking.get(key)
    if (!pending) {
      pending = this.pool.run({ type: 'parse', query, params }, reader.anonymous ? 'public' : 'trusted', limits.timeoutMs, client).then(() => {
        this.validFilters.set(key, { value: '' })
      })
      this.checking.set(key, pending)
      const forget = () => this.checking.delete(key)
      pending.then(forget, forget)
    }
    await pending
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

  /**
   * The /search page's search (server/search) for an anonymous reader: in a worker, on the public
   * lane, within the anonymous time limit, cached per dataset revision like a query's result.
   */
  async search(datasetName: string, request: SearchRequest, client = ''): Promise<string> {
    const revision = this.store.dataset(datasetName).revision
    const key = `s\u0000${datasetName}\u0000${JSON.stringify(request)}`
    const hit = this.cache.get(key)
    if (hit && hit.revision === revision) return hit.value as string
    const reply = await this.pool.run({ type: 'search', dataset: datasetName, request }, 'public', this.limits.anonymous.timeoutMs, client)
    const json = reply.json!
    if (revision === this.store.dataset(datasetName).revision) this.cache.set(key, { dataset: datasetName, revision, value: json })
    return json
  }

  /** Bytes held by the result and response caches. */
  get cachedBytes(): number {
    return this.cache.size
  }
}


function assertQuerySize(query: string, paramsJson: string, limits: QueryLimits): void {
  if (Buffer.byteLength(query) + Buffer.byteLength(paramsJson) > limits.maxQueryBytes) {
    throw typedError(413, 'queryTooLargeError', `The query and its parameters are larger than the limit of ${limits.maxQueryBytes} bytes`)
  }
}
