// Fan-out of committed transactions to open listen streams.
// Listeners with the same query and params share one evaluation per changed document, run in a
// query worker within a time limit, so a write reaches a thousand open homepages at the cost of a
// handful of filter checks, and no listener's filter can hold up the thread that serves readers.

import { ApiError, httpError } from '../errors.ts'
import { isDraftId, isVersionId } from '../store/ids.ts'
import type { Change, Doc, Mutation } from '../store/mutations.ts'
import type { QueryPool } from '../query/pool.ts'
import type { Store, Transaction } from '../store/store.ts'
import { mayRead } from '../access/visibility.ts'

export interface ListenOptions {
  includeResult: boolean
  includePreviousRevision: boolean
  includeMutations: boolean
  /** Only published documents unless asked (API version >= 2025-02-19 semantics). */
  publishedOnly: boolean
  anonymous: boolean
  visibility: 'query' | 'transaction'
}

export interface Listener {
  dataset: string
  options: ListenOptions
  /** Sends one event; `json` is its data, already serialised (one string is shared by many listeners). */
  send(event: string, id: string | null, json: string): void
  /** Ends the stream, after a last event saying why. */
  close(event: string, json: string): void
}

export interface ListenLimits {
  /** Open listeners at once, over every dataset and filter. */
  maxListeners: number
  /** Bytes of the distinct filters (query and params) listened to at once. */
  maxFilterBytes: number
  /** Time a filter may take to check one transaction's documents. */
  filterTimeoutMs: number
}

export const defaultListenLimits: ListenLimits = { maxListeners: 10_000, maxFilterBytes: 4 * 1024 * 1024, filterTimeoutMs: 1_000 }

interface Group {
  dataset: string
  query: string
  params: Record<string, unknown>
  bytes: number
  listeners: Set<Listener>
}

export type Transition = 'appear' | 'update' | 'disappear'

export class ListenerHub {
  private readonly groups = new Map<string, Group>()
  private readonly pool: QueryPool
  private readonly limits: ListenLimits
  private filterBytes = 0
  private count = 0
  /** Transactions are published one after another, so every listener receives them in commit order. */
  private publishing: Promise<void> = Promise.resolve()

  constructor(store: Store, pool: QueryPool, limits: ListenLimits = defaultListenLimits) {
    this.pool = pool
    this.limits = limits
    store.onTransaction((tx) => {
      this.publishing = this.publishing.then(() => this.publish(tx)).catch((error: unknown) => console.error('Could not publish a transaction to listeners:', error))
    })
  }

  get size(): number {
    return this.count
  }

  /** Whether listeners to this filter are open now: then it is known to be valid GROQ. */
  has(dataset: string, query: string, params: Record<string, unknown>): boolean {
    return this.groups.has(groupKey(dataset, query, params))
  }

  /** Adds a listener; throws the protocol's 503 when the service holds as many as it may. */
  add(listener: Listener, query: string, params: Record<string, unknown>): () => void {
    const key = groupKey(listener.dataset, query, params)
    let group = this.groups.get(key)
    if (this.count >= this.limits.maxListeners || (!group && this.filterBytes + key.length > this.limits.maxFilterBytes)) {
      const error = httpError(503, 'The service has as many open listeners as it may hold; try again later')
      throw new ApiError(503, error.body, { 'Retry-After': '30' })
    }
    if (!group) {
      group = { dataset: listener.dataset, query, params, bytes: key.length, listeners: new Set() }
      this.groups.set(key, group)
      this.filterBytes += group.bytes
    }
    group.listeners.add(listener)
    this.count++
    const joined = group
    let removed = false
    return () => {
      if (removed) return
      removed = true
      this.count--
      joined.listeners.delete(listener)
      if (joined.listeners.size === 0 && this.groups.get(key) === joined) {
        this.groups.delete(key)
        this.filterBytes -= joined.bytes
      }
    }
  }

  private async publish(tx: Transaction): Promise<void> {
    if (tx.changes.length === 0) return
    const groups = [...this.groups.values()].filter((g) => g.dataset === tx.dataset)
    if (groups.length === 0) return
    const docs = tx.changes.flatMap((c) => [c.before, c.after])
    const checked = await Promise.all(groups.map((group) => this.matches(group, docs)))
    for (const [g, group] of groups.entries()) {
      const matched = checked[g]
      if (matched) this.send(tx, group, matched)
    }
  }

  /** Before and after of each change, matched against the group's filter; null when the filter failed (its listeners are closed). */
  private async matches(group: Group, docs: Array<Doc | null>): Promise<boolean[] | null> {
    try {
      const reply = await this.pool.run({ type: 'match', query: group.query, params: group.params, docs }, 'trusted', this.limits.filterTimeoutMs)
      return reply.matches!
    } catch (error) {
      const description = error instanceof ApiError ? error.message : 'The listener filter could not be checked'
      const json = JSON.stringify({ message: description, error: error instanceof ApiError ? error.body : { description } })
      for (const listener of [...group.listeners]) listener.close('channelError', json)
      return null
    }
  }

  private send(tx: Transaction, group: Group, matched: boolean[]): void {
    const timestamp = tx.timestamp.toISOString()
    const total = tx.changes.length
    for (const [index, change] of tx.changes.entries()) {
      const was = matched[2 * index]!
      const is = matched[2 * index + 1]!
      if (!was && !is) continue
      const transition: Transition = was && is ? 'update' : is ? 'appear' : 'disappear'
      const eventId = `${tx.id}#${change.id}`
      // The event (mostly the document) is serialised once per set of options that shape it, not
      // once per listener: a thousand open homepages share one string.
      const serialised = new Map<string, string>()
      for (const listener of group.listeners) {
        if (!visibleTo(listener.options, change.id)) continue
        const { includeResult, includePreviousRevision, includeMutations, visibility } = listener.options
        const shape = `${includeResult}/${includePreviousRevision}/${includeMutations}/${visibility}`
        let json = serialised.get(shape)
        if (json === undefined) {
          const data: Record<string, unknown> = {
            eventId,
            documentId: change.id,
            transactionId: tx.id,
            transition,
            identity: tx.identity,
            resultRev: tx.id,
            timestamp,
            visibility,
            transactionTotalEvents: total,
            transactionCurrentEvent: index,
          }
          if (change.before) data.previousRev = change.before._rev
          if (includeMutations) data.mutations = mutationsOf(tx, change)
          if (includeResult && change.after) data.result = change.after
          if (includePreviousRevision) data.previous = change.before
          json = JSON.stringify(data)
          serialised.set(shape, json)
        }
        listener.send('mutation', eventId, json)
      }
    }
  }
}

function groupKey(dataset: string, query: string, params: Record<string, unknown>): string {
  return `${dataset}\u0000${query}\u0000${JSON.stringify(params)}`
}

function visibleTo(options: ListenOptions, id: string): boolean {
  if (!mayRead({ anonymous: options.anonymous }, id)) return false
  if (options.publishedOnly && (isDraftId(id) || isVersionId(id))) return false
  return true
}

/**
 * The mutations of an event: those of the transaction that wrote its document, and only those. A
 * transaction that unpublishes an article and saves its draft in one go must not hand the draft to
 * readers in the published article's event. A delete or patch by query is given as what it did to
 * this document (by id), so its query, which may name other documents, stays with the writer.
 */
export function mutationsOf(tx: Transaction, change: Change): Mutation[] {
  return change.mutations.map((index) => {
    const mutation = tx.mutations[index]!
    if ('delete' in mutation) return { delete: { id: change.id } }
    if ('patch' in mutation && mutation.patch.id === undefined) {
      const { query: _q, params: _p, ...operations } = mutation.patch
      return { patch: { ...operations, id: change.id } }
    }
    return mutation
  })
}
