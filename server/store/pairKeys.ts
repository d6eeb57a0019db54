// Writes the pair keys (server/groq/pairs.ts) in the store's transactions: after a commit's rows are
// written, each changed document's dependents (itself, its draft, its published id) get their pair
// keys again from the rows as they now are, so a key never describes an older other half.

import type Database from 'better-sqlite3'
import { pairDependents, pairKeysOf, pairSignature, pairTypes } from '../groq/pairs.ts'
import { isVersionId } from './ids.ts'

interface Row {
  type: string
  doc: string
  version: number
}

export class PairKeys {
  private readonly statements

  constructor(db: Database.Database) {
    this.statements = {
      row: db.prepare('SELECT type, doc, version FROM documents WHERE dataset = ? AND id = ?'),
      startingWith: db.prepare('SELECT id FROM documents WHERE dataset = ? AND id > ? AND id < ? ORDER BY id').pluck(),
      remove: db.prepare("DELETE FROM document_keys INDEXED BY document_keys_by_id WHERE dataset = ? AND id = ? AND field >= 'pair:' AND field < 'pair;'"),
      insert: db.prepare('INSERT OR IGNORE INTO document_keys (dataset, type, field, key, id, version) VALUES (?, ?, ?, ?, ?, ?)'),
    }
  }

  /** Writes again the pair keys of every document whose keys may depend on one of `changed` (call after writing their rows). */
  refresh(dataset: string, changed: Iterable<string>): void {
    const ids = new Set<string>()
    for (const id of changed) {
      const { ids: direct, prefixes } = pairDependents(id)
      for (const one of direct) ids.add(one)
      for (const start of prefixes) for (const one of this.statements.startingWith.all(dataset, start, `${start}\uffff`) as string[]) ids.add(one)
    }
    for (const id of ids) this.write(dataset, id)
  }

  /** The document's pair keys, from its row and the rows its conditions read; none when it is gone or of another type. */
  write(dataset: string, id: string): void {
    this.statements.remove.run(dataset, id)
    const row = this.statements.row.get(dataset, id) as Row | undefined
    if (!row || !pairTypes.has(row.type)) return
    // As the raw perspective follows a reference: drafts are found, release versions are not.
    const dereference = (ref: string): unknown => {
      if (isVersionId(ref)) return null
      const found = this.statements.row.get(dataset, ref) as Row | undefined
      return found ? (JSON.parse(found.doc) as unknown) : null
    }
    for (const { name, key } of pairKeysOf(JSON.parse(row.doc) as unknown, dereference)) this.statements.insert.run(dataset, row.type, name, key, id, row.version)
  }
}

/** Fills the pair keys of every stored document when they are new or their conditions changed (one pass, in pages). */
export function migratePairKeys(db: Database.Database): void {
  db.transaction(() => {
    db.exec('CREATE TABLE IF NOT EXISTS document_pair_keys (signature TEXT NOT NULL)')
    // Listing keys refilled since (documentColumns.ts) removed these too.
    const fresh = db.prepare("SELECT 1 FROM document_keys WHERE field >= 'pair:' AND field < 'pair;' LIMIT 1").get() !== undefined
    const signature = db.prepare('SELECT signature FROM document_pair_keys').pluck().get() as string | undefined
    const hasDocuments = db.prepare('SELECT 1 FROM documents LIMIT 1').get() !== undefined
    if (signature === pairSignature && (fresh || !hasDocuments)) return
    db.exec("DELETE FROM document_keys WHERE field >= 'pair:' AND field < 'pair;'; DELETE FROM document_pair_keys")
    const keys = new PairKeys(db)
    const page = db.prepare(`SELECT dataset, id FROM documents WHERE (dataset, id) > (?, ?) AND type IN (${[...pairTypes].map(() => '?').join(', ')}) ORDER BY dataset, id LIMIT 1000`)
    let rows = page.all('', '', ...pairTypes) as Array<{ dataset: string; id: string }>
    while (rows.length > 0) {
      for (const row of rows) keys.write(row.dataset, row.id)
      const last = rows[rows.length - 1]!
      rows = page.all(last.dataset, last.id, ...pairTypes) as typeof rows
    }
    db.prepare('INSERT INTO document_pair_keys (signature) VALUES (?)').run(pairSignature)
  }).immediate()
}
