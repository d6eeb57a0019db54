// Writes the pair keys (server/groq/pairs.ts) in the store's transactions: after a commit's rows are
// written, each changed document's dependents (itself, its draft, its published id) get their pair
// keys again from the rows as they now are, so a key never describes an older other half.

import type Database from 'better-sqlite3'
import { pairDependents, pairKeysOf, pairTypes } from '../groq/pairs.ts'
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
