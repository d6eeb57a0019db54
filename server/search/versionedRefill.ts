// What the store keeps beside the documents and fills from them (the listing keys,
// server/store/keyRefill.ts; the /search page's index, index.ts; GROQ `match`'s, matchIndex.ts) is
// refilled from the stored documents when the code's idea of it changes. One helper does every
// refill, the same way: it is begun when the store opens the database (a quick transaction that
// records what is pending), and then run in batches along the documents' primary key, each batch
// its own write transaction, after the service listens (server/service.ts), so a paper upgraded to
// a release that changes them answers at once. Until a refill's last batch, what it fills is not
// ready, and the readers that would use it answer without it (server/query/documents.ts,
// SearchReader): a slower answer, never a wrong one. docs/decisions/041-refills-after-listen.md.
//
// A write made while a refill runs writes its documents' entries itself (the store's transactions
// always do), so a refill's `add` replaces a document's entries rather than adding to them: a
// document written before the cursor reaches it is written again, the same, and one written after
// the cursor passed it keeps what its write stored. Neither missed nor doubled. The counts
// (server/store/counts.ts) are kept the other way round: a write's triggers count only the rows the
// cursor has passed, and the refill counts the others as they are when it reaches them.

import type Database from 'better-sqlite3'
import type { Doc } from '../store/mutations.ts'

/** A refill: its row in `refill_pending` while it runs, and what it does per stored document. */
export interface RefillJob {
  /** Its row in `refill_pending`, which readers check: present until the last batch. */
  readonly name: string
  /** The document types it reads (only these rows are read and parsed), or null for every document. */
  readonly types: readonly string[] | null
  /**
   * What refills one stored document, replacing whatever its entries are now; prepared once per
   * batch, inside the batch's transaction.
   */
  writer?(): (dataset: string, id: string, doc: Doc, version: number) => void
  /**
   * Instead of `writer`: what refills a run of stored documents at once without parsing them, given
   * where each is and its type, in primary-key order, and the position before the first; prepared
   * once per batch.
   */
  span?(): (after: Position, rows: ReadonlyArray<Position & { type: string }>) => void
  /** After a batch, in its transaction: every dataset named before `dataset` has been passed. */
  passed?(dataset: string): void
  /** In the last batch's transaction: the refill is complete. */
  done?(): void
}

/** A place along the documents' primary key. */
export interface Position {
  dataset: string
  id: string
}

/** Rows read at a time within a batch. */
const chunk = 100

export interface BatchLimits {
  /** Rows a batch refills at most. */
  rows: number
  /**
   * A batch stops after the document (or run of documents) that reaches this time, so the thread
   * answering HTTP is held briefly whatever a document costs: every request that arrives meanwhile
   * waits for the batch to end.
   */
  ms: number
}

/**
 * About a thousand rows a batch, or 20 ms, whichever comes first. Checked per chunk of 100
 * documents, a 50 ms budget held warm answers about 67 ms at 1,000,000 articles (decision 041).
 */
export const defaultBatch: BatchLimits = { rows: 1000, ms: 20 }

export function createRefillTables(db: Database.Database): void {
  db.exec('CREATE TABLE IF NOT EXISTS refill_pending (name TEXT PRIMARY KEY, after_dataset TEXT NOT NULL, after_id TEXT NOT NULL)')
}

/** Records a refill as pending from the first document (again, if it was part way); call inside the transaction that makes its tables. */
export function beginRefill(db: Database.Database, name: string): void {
  createRefillTables(db)
  db.prepare("INSERT INTO refill_pending (name, after_dataset, after_id) VALUES (?, '', '') ON CONFLICT (name) DO UPDATE SET after_dataset = '', after_id = ''").run(name)
}

export function isRefillPending(db: Database.Database, name: string): boolean {
  return db.prepare('SELECT 1 FROM refill_pending WHERE name = ?').get(name) !== undefined
}

/**
 * Refills the next batch of documents after the job's cursor, in one write transaction that moves
 * the cursor too (so a stop at any moment resumes where the last batch ended, on the next start),
 * and ends the job in the transaction of its last batch. Returns whether more is left.
 */
export function refillBatch(db: Database.Database, job: RefillJob, limits: BatchLimits = defaultBatch): boolean {
  const typed = job.types === null ? '' : `type IN (${job.types.map(() => '?').join(', ')}) AND `
  // A job that refills runs of documents reads only where each is.
  const columns = job.writer ? 'dataset, id, doc, version' : 'dataset, id, type'
  const rowsAfter = db.prepare(`SELECT ${columns} FROM documents WHERE ${typed}(dataset, id) > (?, ?) ORDER BY dataset, id LIMIT ${chunk}`)
  return db.transaction(() => {
    // Read in the transaction: another process running the same refill moves it too.
    const at = db.prepare('SELECT after_dataset AS dataset, after_id AS id FROM refill_pending WHERE name = ?').get(job.name) as Position | undefined
    if (!at) return false
    const add = job.writer?.()
    const span = job.span?.()
    const started = performance.now()
    let after = at
    let done = 0
    for (;;) {
      const rows = rowsAfter.all(...(job.types ?? []), after.dataset, after.id) as Array<{ dataset: string; id: string; type: string; doc: string; version: number }>
      let taken = rows.length
      if (add) {
        for (let i = 0; i < rows.length; i++) {
          const row = rows[i]!
          add(row.dataset, row.id, JSON.parse(row.doc) as Doc, row.version)
          // Out of time part way through the chunk: the cursor stops at this document.
          if (performance.now() - started >= limits.ms) {
            taken = i + 1
            break
          }
        }
      }
      if (span && taken > 0) span(after, rows.slice(0, taken))
      done += taken
      if (taken === rows.length && rows.length < chunk) {
        job.done?.()
        db.prepare('DELETE FROM refill_pending WHERE name = ?').run(job.name)
        return false
      }
      const last = rows[taken - 1]!
      after = { dataset: last.dataset, id: last.id }
      if (done >= limits.rows || performance.now() - started >= limits.ms) break
    }
    db.prepare('UPDATE refill_pending SET after_dataset = ?, after_id = ? WHERE name = ?').run(after.dataset, after.id, job.name)
    job.passed?.(after.dataset)
    return true
  }).immediate()
}

/** Runs a refill to its end now, batch after batch (a command, a test, or a store opened without a service). */
export function refillAll(db: Database.Database, job: RefillJob): void {
  while (refillBatch(db, job)) {
    // Each batch is its own transaction: a large archive is never held in memory, nor in one transaction.
  }
}

/** A refillable index: its row in `search_meta` and its version, its tables, and what adds one stored document. */
export interface VersionedIndex {
  /** The row of `search_meta` holding the version its tables were made for (and the name of its refill). */
  readonly key: string
  readonly version: number
  /** The document types it holds: only these rows are read and parsed. */
  readonly types: readonly string[]
  /** Drops and recreates its (empty) tables. */
  recreate(): void
  /**
   * What adds one stored document, replacing what it holds for it (a write during the refill may
   * have stored it already); its statements prepared on the current tables.
   */
  writer(): (dataset: string, id: string, doc: Doc) => void
}

/**
 * Makes the index's tables anew when its recorded version is not the code's (a database from before
 * the index, or after the version was bumped), recording the new version and its refill as pending
 * in the same transaction. Returns the refill when one is pending (begun now, or left part way by
 * an earlier start), else null: the index is complete.
 */
export function versionedRefill(db: Database.Database, index: VersionedIndex): RefillJob | null {
  createRefillTables(db)
  db.exec('CREATE TABLE IF NOT EXISTS search_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)')
  const recorded = db.prepare('SELECT value FROM search_meta WHERE key = ?').pluck().get(index.key)
  if (recorded !== String(index.version)) {
    db.transaction(() => {
      index.recreate()
      db.prepare('INSERT INTO search_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(index.key, String(index.version))
      // An index with nothing to hold is complete at once.
      const any = db.prepare(`SELECT 1 FROM documents WHERE type IN (${index.types.map(() => '?').join(', ')}) LIMIT 1`).get(...index.types)
      if (any) beginRefill(db, index.key)
      else db.prepare('DELETE FROM refill_pending WHERE name = ?').run(index.key)
    }).immediate()
  }
  if (!isRefillPending(db, index.key)) return null
  return {
    name: index.key,
    types: index.types,
    writer: () => {
      const add = index.writer()
      return (dataset, id, doc) => add(dataset, id, doc)
    },
  }
}
