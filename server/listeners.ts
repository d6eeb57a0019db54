// Fan-out of committed transactions to open listen streams.
// Listeners with the same query and params share one evaluation per changed document, so a write
// reaches a thousand open homepages at the cost of a handful of filter checks.

import { evaluate, type ExprNode } from 'groq-js'
import { isDraftId, isPathId, isVersionId } from './ids.ts'
import type { Doc } from './mutations.ts'
import type { Store, Transaction } from './store.ts'

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
}

interface Group {
  tree: ExprNode
  params: Record<string, unknown>
  listeners: Set<Listener>
}

export type Transition = 'appear' | 'update' | 'disappear'

export class ListenerHub {
  private readonly groups = new Map<string, Group>()

  constructor(store: Store) {
    store.onTransaction((tx) => {
      void this.publish(tx)
    })
  }

  get size(): number {
    let n = 0
    for (const g of this.groups.values()) n += g.listeners.size
    return n
  }

  add(listener: Listener, query: string, tree: ExprNode, params: Record<string, unknown>): () => void {
    const key = `${listener.dataset}\u0000${query}\u0000${JSON.stringify(params)}`
    let group = this.groups.get(key)
    if (!group) {
      group = { tree, params, listeners: new Set() }
      this.groups.set(key, group)
    }
    group.listeners.add(listener)
    return () => {
      group.listeners.delete(listener)
      if (group.listeners.size === 0) this.groups.delete(key)
    }
  }

  private async publish(tx: Transaction): Promise<void> {
    const groups = [...this.groups.values()].filter((g) => [...g.listeners].some((l) => l.dataset === tx.dataset))
    if (groups.length === 0 || tx.changes.length === 0) return
    const timestamp = tx.timestamp.toISOString()
    const total = tx.changes.length
    for (const group of groups) {
      for (const [index, change] of tx.changes.entries()) {
        const [was, is] = await Promise.all([matches(group, change.before), matches(group, change.after)])
        if (!was && !is) continue
        const transition: Transition = was && is ? 'update' : is ? 'appear' : 'disappear'
        const eventId = `${tx.id}#${change.id}`
        // The event (mostly the document) is serialised once per set of options that shape it, not
        // once per listener: a thousand open homepages share one string.
        const serialised = new Map<string, string>()
        for (const listener of group.listeners) {
          if (listener.dataset !== tx.dataset || !visibleTo(listener.options, change.id)) continue
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
            if (includeMutations) data.mutations = tx.mutations
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
}

function visibleTo(options: ListenOptions, id: string): boolean {
  if (options.anonymous && isPathId(id)) return false
  if (options.publishedOnly && (isDraftId(id) || isVersionId(id))) return false
  return true
}

/** Whether a document passes the listener's filter: the query run over a dataset of just that document. */
async function matches(group: Group, doc: Doc | null): Promise<boolean> {
  if (!doc) return false
  try {
    const value = await evaluate(group.tree, { dataset: [doc], params: group.params })
    const result = (await value.get()) as unknown
    if (Array.isArray(result)) return result.length > 0
    return result !== null && result !== undefined && result !== false
  } catch {
    return false
  }
}
