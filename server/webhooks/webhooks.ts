// The service's webhooks: after each committed transaction, every enabled hook of its dataset is
// checked against each changed document (rules.ts), and each match is queued as one delivery
// (store.ts) that the queue sends (queue.ts). Hooks are read from the database for each
// transaction, so one created by `npm run content -- webhook create` counts at once.

import type { Store, Transaction } from '../store/store.ts'
import { DeliveryQueue, type QueueOptions } from './queue.ts'
import { payloadFor, type EvaluationContext } from './rules.ts'
import type { WebhookSettings } from './settings.ts'
import { WebhookStore, type NewDelivery } from './store.ts'

export interface WebhookOptions extends QueueOptions {
  dataDir: string
  settings: WebhookSettings
  /** The dataset a hook watches when none is named (DATASET). */
  defaultDataset: string
  /** The most documents a hook's filter or projection may read with `*` (allDocumentsLimit). */
  allDocumentsLimit?: number
}

/**
 * A filter or projection that reads `*` is given every document of the dataset, parsed, on the
 * thread that answers HTTP, for every change: past this many that is more memory and time than one
 * change may take (a million articles are gigabytes), so such a hook's delivery fails and says why.
 * Sanity's own webhooks read no other document at all.
 */
export const allDocumentsLimit = 10_000

export class Webhooks {
  readonly store: WebhookStore
  readonly queue: DeliveryQueue
  readonly defaultDataset: string
  private unsubscribe: (() => void) | null = null
  /** Transactions are matched one after the other, so deliveries are queued in commit order. */
  private matching: Promise<void> = Promise.resolve()

  constructor(
    private readonly content: Store,
    private readonly options: WebhookOptions,
  ) {
    this.store = new WebhookStore(options.dataDir, options.now)
    this.defaultDataset = options.defaultDataset
    this.queue = new DeliveryQueue(this.store, options.settings, options)
  }

  /** Listens to the content's commits and sends what is due, including what waited over a restart. */
  start(): void {
    this.unsubscribe ??= this.content.onTransaction((tx) => {
      this.matching = this.matching.then(() => this.match(tx))
    })
    this.queue.pump()
  }

  /** Resolves once every committed transaction so far has been matched and queued. */
  matched(): Promise<void> {
    return this.matching
  }

  private async match(tx: Transaction): Promise<void> {
    try {
      const hooks = this.store.activeHooks(tx.dataset)
      // Counted reads are not edits: they never notify anyone (nor purge an edge cache).
      if (hooks.length === 0 || tx.changes.length === 0 || tx.reads) return
      const dataset = this.content.hasDataset(tx.dataset) ? this.content.dataset(tx.dataset) : null
      const context: EvaluationContext = {
        projectId: this.options.projectId,
        dataset: tx.dataset,
        lookup: (id) => dataset?.docs.get(id),
        all: () => {
          if (!dataset) return []
          const limit = this.options.allDocumentsLimit ?? allDocumentsLimit
          const size = dataset.docs.size
          if (size > limit) throw new Error(`it reads every document (*), which a hook may do in a dataset of at most ${limit.toLocaleString('en-GB')} documents; "${tx.dataset}" holds ${size.toLocaleString('en-GB')}`)
          return [...dataset.docs.values()]
        },
        timestamp: tx.timestamp,
        identity: tx.identity,
      }
      const deliveries: NewDelivery[] = []
      for (const hook of hooks) {
        for (const change of tx.changes) {
          const base = { hookId: hook.id, dataset: tx.dataset, documentId: change.id, transactionId: tx.id, transactionTime: tx.timestamp.toISOString() }
          try {
            const payload = await payloadFor(hook, change, context)
            if (payload) deliveries.push({ ...base, operation: payload.operation, body: JSON.stringify(payload.body) })
          } catch (error) {
            // The hook's query failed on this document: the log says so, and nothing is sent.
            const why = `The hook's filter or projection failed on this document: ${error instanceof Error ? error.message : String(error)}`
            const operation = !change.before ? 'create' : change.after ? 'update' : 'delete'
            if (hook.triggers.includes(operation)) deliveries.push({ ...base, operation, body: '', failure: why })
          }
        }
      }
      this.store.enqueue(deliveries)
      this.queue.pump()
    } catch (error) {
      this.options.log?.(`Webhooks could not be matched against transaction ${tx.id}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  async close(): Promise<void> {
    this.unsubscribe?.()
    this.unsubscribe = null
    await this.matching
    await this.queue.close()
    this.store.close()
  }
}
