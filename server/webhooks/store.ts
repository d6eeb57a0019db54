// Webhooks and their deliveries, durably: hooks, a queue of deliveries and every attempt, in
// `webhooks.db` in DATA_DIR, apart from the content (docs/decisions/012-webhooks.md). A delivery is
// written before anything is sent, so one waiting when the service stops is sent after it starts.

import Database from 'better-sqlite3'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import type { DeliveryStatus, DeliveryView, WebhookTrigger, WebhookView } from '../../shared/webhooks.ts'

/** A hook with its secret: for the service's own use, never sent to the admin. */
export interface Hook extends Omit<WebhookView, 'pending' | 'failed'> {
  secret: string
}

export interface NewHook {
  name: string
  url: string
  dataset: string
  filter: string
  projection: string | null
  triggers: WebhookTrigger[]
  includeDrafts: boolean
  secret: string
}

/** A delivery with what is needed to send it. */
export interface Delivery extends DeliveryView {
  hookId: string
  dataset: string
  transactionTime: string
  body: string
}

export interface Attempt {
  number: number
  startedAt: string
  durationMs: number
  status: number | null
  error: string | null
}

export interface NewDelivery {
  hookId: string
  dataset: string
  documentId: string
  operation: WebhookTrigger
  transactionId: string
  transactionTime: string
  body: string
  /** Set when the hook could not make this delivery: it is logged as failed and never sent. */
  failure?: string
}

interface HookRow {
  id: string
  name: string
  url: string
  dataset: string
  filter: string
  projection: string | null
  triggers: string
  include_drafts: number
  secret: string
  enabled: number
  created_at: string
}

interface DeliveryRow {
  id: string
  hook_id: string
  created_at: string
  dataset: string
  document_id: string
  operation: WebhookTrigger
  transaction_id: string
  transaction_time: string
  body: string
  status: DeliveryStatus
  attempts: number
  last_status: number | null
  last_error: string | null
  next_attempt_at: number | null
}

const toHook = (row: HookRow): Hook => ({
  id: row.id,
  name: row.name,
  url: row.url,
  dataset: row.dataset,
  filter: row.filter,
  projection: row.projection,
  triggers: row.triggers.split(',').filter(Boolean) as WebhookTrigger[],
  includeDrafts: row.include_drafts === 1,
  secret: row.secret,
  enabled: row.enabled === 1,
  createdAt: row.created_at,
})

const toDelivery = (row: DeliveryRow): Delivery => ({
  id: row.id,
  hookId: row.hook_id,
  createdAt: row.created_at,
  dataset: row.dataset,
  documentId: row.document_id,
  operation: row.operation,
  transactionId: row.transaction_id,
  transactionTime: row.transaction_time,
  body: row.body,
  status: row.status,
  attempts: row.attempts,
  lastStatus: row.last_status,
  lastError: row.last_error,
  nextAttemptAt: row.status === 'pending' && row.next_attempt_at !== null ? new Date(row.next_attempt_at).toISOString() : null,
})

export function deliveryView(delivery: Delivery): DeliveryView {
  const { id, createdAt, documentId, operation, transactionId, status, attempts, lastStatus, lastError, nextAttemptAt } = delivery
  return { id, createdAt, documentId, operation, transactionId, status, attempts, lastStatus, lastError, nextAttemptAt }
}

/** Finished deliveries kept per hook for its log; older ones are let go as new ones finish. */
export const keptPerHook = 500

export class WebhookStore {
  readonly db: Database.Database
  private readonly now: () => number

  constructor(dataDir: string, now: () => number = Date.now) {
    this.now = now
    this.db = new Database(join(dataDir, 'webhooks.db'))
    this.db.pragma('journal_mode = WAL')
    this.db.pragma('synchronous = FULL')
    this.db.pragma('busy_timeout = 5000')
    this.db.pragma('foreign_keys = ON')
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS hooks (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, url TEXT NOT NULL, dataset TEXT NOT NULL,
        filter TEXT NOT NULL, projection TEXT, triggers TEXT NOT NULL, include_drafts INTEGER NOT NULL,
        secret TEXT NOT NULL, enabled INTEGER NOT NULL, created_at TEXT NOT NULL
      );
      CREATE TABLE IF NOT EXISTS deliveries (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE,
        hook_id TEXT NOT NULL REFERENCES hooks (id) ON DELETE CASCADE,
        created_at TEXT NOT NULL, dataset TEXT NOT NULL, document_id TEXT NOT NULL, operation TEXT NOT NULL,
        transaction_id TEXT NOT NULL, transaction_time TEXT NOT NULL, body TEXT NOT NULL,
        status TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, last_status INTEGER, last_error TEXT,
        next_attempt_at INTEGER
      );
      CREATE INDEX IF NOT EXISTS deliveries_due ON deliveries (status, next_attempt_at);
      CREATE INDEX IF NOT EXISTS deliveries_by_hook ON deliveries (hook_id, seq DESC);
      CREATE TABLE IF NOT EXISTS attempts (
        delivery_id TEXT NOT NULL REFERENCES deliveries (id) ON DELETE CASCADE, number INTEGER NOT NULL,
        started_at TEXT NOT NULL, duration_ms INTEGER NOT NULL, status INTEGER, error TEXT,
        PRIMARY KEY (delivery_id, number)
      ) WITHOUT ROWID;
    `)
  }

  close(): void {
    this.db.close()
  }

  // --- Hooks ----------------------------------------------------------------------------------

  createHook(hook: NewHook): Hook {
    const row: HookRow = {
      id: randomUUID(),
      name: hook.name.trim(),
      url: hook.url.trim(),
      dataset: hook.dataset,
      filter: hook.filter.trim(),
      projection: hook.projection?.trim() ? hook.projection.trim() : null,
      triggers: hook.triggers.join(','),
      include_drafts: hook.includeDrafts ? 1 : 0,
      secret: hook.secret,
      enabled: 1,
      created_at: new Date(this.now()).toISOString(),
    }
    this.db
      .prepare(`INSERT INTO hooks VALUES (@id, @name, @url, @dataset, @filter, @projection, @triggers, @include_drafts, @secret, @enabled, @created_at)`)
      .run(row)
    return toHook(row)
  }

  hooks(): Hook[] {
    return (this.db.prepare(`SELECT * FROM hooks ORDER BY created_at, id`).all() as HookRow[]).map(toHook)
  }

  hook(id: string): Hook | null {
    const row = this.db.prepare(`SELECT * FROM hooks WHERE id = ?`).get(id) as HookRow | undefined
    return row ? toHook(row) : null
  }

  /** Enabled hooks of one dataset: the ones a transaction there is checked against. */
  activeHooks(dataset: string): Hook[] {
    return (this.db.prepare(`SELECT * FROM hooks WHERE dataset = ? AND enabled = 1 ORDER BY created_at, id`).all(dataset) as HookRow[]).map(toHook)
  }

  /** Hooks as the admin sees them: no secret, with counts of deliveries waiting and failed. */
  views(): WebhookView[] {
    const counts = new Map<string, { pending: number; failed: number }>()
    const rows = this.db.prepare(`SELECT hook_id, status, count(*) AS n FROM deliveries WHERE status != 'delivered' GROUP BY hook_id, status`).all() as Array<{ hook_id: string; status: DeliveryStatus; n: number }>
    for (const row of rows) {
      const entry = counts.get(row.hook_id) ?? { pending: 0, failed: 0 }
      if (row.status === 'pending') entry.pending = row.n
      if (row.status === 'failed') entry.failed = row.n
      counts.set(row.hook_id, entry)
    }
    return this.hooks().map(({ secret: _secret, ...hook }) => ({ ...hook, pending: 0, failed: 0, ...counts.get(hook.id) }))
  }

  /** Deletes a hook with its log; its waiting deliveries are never sent. False when there is none. */
  deleteHook(id: string): boolean {
    return this.db.prepare(`DELETE FROM hooks WHERE id = ?`).run(id).changes > 0
  }

  setEnabled(id: string, enabled: boolean): boolean {
    return this.db.prepare(`UPDATE hooks SET enabled = ? WHERE id = ?`).run(enabled ? 1 : 0, id).changes > 0
  }

  // --- Deliveries -----------------------------------------------------------------------------

  /** Queues deliveries, all in one SQL transaction, due at once. */
  enqueue(deliveries: NewDelivery[]): Delivery[] {
    if (deliveries.length === 0) return []
    const now = this.now()
    const insert = this.db.prepare(
      `INSERT INTO deliveries (id, hook_id, created_at, dataset, document_id, operation, transaction_id, transaction_time, body, status, next_attempt_at)
       VALUES (@id, @hookId, @createdAt, @dataset, @documentId, @operation, @transactionId, @transactionTime, @body, @status, @due)`,
    )
    const failed = this.db.prepare(
      `INSERT INTO deliveries (id, hook_id, created_at, dataset, document_id, operation, transaction_id, transaction_time, body, status, last_error)
       VALUES (@id, @hookId, @createdAt, @dataset, @documentId, @operation, @transactionId, @transactionTime, @body, 'failed', @failure)`,
    )
    const ids: string[] = []
    this.db.transaction(() => {
      for (const d of deliveries) {
        const id = randomUUID()
        // A hook deleted meanwhile takes no new deliveries (its row is gone, and the foreign key says so).
        if (!this.hook(d.hookId)) continue
        const row = { hookId: d.hookId, dataset: d.dataset, documentId: d.documentId, operation: d.operation, transactionId: d.transactionId, transactionTime: d.transactionTime, body: d.body, id, createdAt: new Date(now).toISOString() }
        if (d.failure === undefined) insert.run({ ...row, status: 'pending', due: now })
        else failed.run({ ...row, failure: d.failure })
        ids.push(id)
      }
    })()
    return ids.map((id) => this.delivery(id)!)
  }

  delivery(id: string): Delivery | null {
    const row = this.db.prepare(`SELECT * FROM deliveries WHERE id = ?`).get(id) as DeliveryRow | undefined
    return row ? toDelivery(row) : null
  }

  /** Pending deliveries due by `at`, oldest first, leaving out those already being sent. */
  due(at: number, limit: number, excluding: ReadonlySet<string>): Delivery[] {
    const rows = this.db
      .prepare(`SELECT * FROM deliveries WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, seq LIMIT ?`)
      .all(at, limit + excluding.size) as DeliveryRow[]
    return rows.filter((row) => !excluding.has(row.id)).slice(0, limit).map(toDelivery)
  }

  /** When the next pending delivery not being sent is due; null when none is waiting. */
  nextDue(excluding: ReadonlySet<string>): number | null {
    const rows = this.db
      .prepare(`SELECT id, next_attempt_at FROM deliveries WHERE status = 'pending' ORDER BY next_attempt_at LIMIT ?`)
      .all(excluding.size + 1) as Array<{ id: string; next_attempt_at: number }>
    return rows.find((row) => !excluding.has(row.id))?.next_attempt_at ?? null
  }

  /**
   * Records one attempt and what follows from it, in one SQL transaction: delivered, failed for
   * good, or pending again until `retryAt`.
   */
  recordAttempt(deliveryId: string, attempt: Omit<Attempt, 'number'>, outcome: { status: DeliveryStatus; retryAt: number | null }): void {
    this.db.transaction(() => {
      const row = this.db.prepare(`SELECT hook_id, attempts FROM deliveries WHERE id = ?`).get(deliveryId) as { hook_id: string; attempts: number } | undefined
      // Deleted with its hook while it was being sent: nothing left to record.
      if (!row) return
      const number = row.attempts + 1
      this.db.prepare(`INSERT INTO attempts VALUES (?, ?, ?, ?, ?, ?)`).run(deliveryId, number, attempt.startedAt, attempt.durationMs, attempt.status, attempt.error)
      this.db
        .prepare(`UPDATE deliveries SET attempts = ?, status = ?, last_status = ?, last_error = ?, next_attempt_at = ? WHERE id = ?`)
        .run(number, outcome.status, attempt.status, attempt.error, outcome.retryAt, deliveryId)
      if (outcome.status !== 'pending') this.prune(row.hook_id)
    })()
  }

  private prune(hookId: string): void {
    this.db
      .prepare(
        `DELETE FROM deliveries WHERE hook_id = ? AND status != 'pending' AND seq < coalesce(
           (SELECT seq FROM deliveries WHERE hook_id = ? AND status != 'pending' ORDER BY seq DESC LIMIT 1 OFFSET ?), 0)`,
      )
      .run(hookId, hookId, keptPerHook - 1)
  }

  /** A hook's deliveries, newest first, a page at a time. */
  deliveries(hookId: string, page: number, size: number): { items: Delivery[]; page: number; pageCount: number; total: number } {
    const total = (this.db.prepare(`SELECT count(*) AS n FROM deliveries WHERE hook_id = ?`).get(hookId) as { n: number }).n
    const pageCount = Math.max(1, Math.ceil(total / size))
    const rows = page <= pageCount ? (this.db.prepare(`SELECT * FROM deliveries WHERE hook_id = ? ORDER BY seq DESC LIMIT ? OFFSET ?`).all(hookId, size, (page - 1) * size) as DeliveryRow[]) : []
    return { items: rows.map(toDelivery), page, pageCount, total }
  }

  attempts(deliveryId: string): Attempt[] {
    return (this.db.prepare(`SELECT number, started_at, duration_ms, status, error FROM attempts WHERE delivery_id = ? ORDER BY number`).all(deliveryId) as Array<{ number: number; started_at: string; duration_ms: number; status: number | null; error: string | null }>).map(
      (row) => ({ number: row.number, startedAt: row.started_at, durationMs: row.duration_ms, status: row.status, error: row.error }),
    )
  }
}
