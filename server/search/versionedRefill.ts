// The two indexes the store keeps beside the documents (the /search page's, index.ts, and GROQ
// `match`'s, matchIndex.ts) are each refilled from the stored documents when the code's version of
// what they hold differs from the one their database records in `search_meta`. One helper does it
// for both, so a later change to how a refill runs (after the service listens, say) is made once.

import type Database from 'better-sqlite3'
import type { Doc } from '../store/mutations.ts'

/** A refillable index: its key in `search_meta`, its version, and how it is recreated and filled. */
export interface VersionedIndex {
  /** The row of `search_meta` holding the version its tables were filled at. */
  readonly key: string
  readonly version: number
  /** The document types it holds: only these rows are read and parsed. */
  readonly types: readonly string[]
  /**
   * Drops and recreates its (empty) tables, and returns what adds one stored document (its
   * statements prepared once, on the new tables): called for every stored document of `types`, in
   * (dataset, id) order.
   */
  recreate(): (dataset: string, id: string, doc: Doc) => void
}

/** The batch a refill reads at a time: the whole archive read at once would hold every article in memory. */
const batchSize = 1000

/**
 * Refills the index in one SQL transaction when its recorded version is not the code's (a database
 * from before the index, or after the version was bumped), and records the new version in the same
 * transaction, so a refill cut short leaves the old version and runs again on the next start.
 * Returns whether it refilled.
 */
export function refillWhenVersionDiffers(db: Database.Database, index: VersionedIndex): boolean {
  db.exec('CREATE TABLE IF NOT EXISTS search_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)')
  const recorded = db.prepare('SELECT value FROM search_meta WHERE key = ?').pluck().get(index.key)
  if (recorded === String(index.version)) return false
  db.transaction(() => {
    const add = index.recreate()
    // In batches along the primary key: a connection cannot write while it iterates a statement.
    const types = index.types.map(() => '?').join(', ')
    const batch = db.prepare(`SELECT dataset, id, doc FROM documents WHERE type IN (${types}) AND (dataset, id) > (?, ?) ORDER BY dataset, id LIMIT ${batchSize}`)
    let after = ['', '']
    for (;;) {
      const rows = batch.all(...index.types, after[0], after[1]) as Array<{ dataset: string; id: string; doc: string }>
      for (const row of rows) add(row.dataset, row.id, JSON.parse(row.doc) as Doc)
      const last = rows[rows.length - 1]
      if (!last) break
      after = [last.dataset, last.id]
    }
    db.prepare('INSERT INTO search_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(index.key, String(index.version))
  })()
  return true
}
