// The index GROQ's `match` is answered from: every article's words in `title`, `excerpt` and
// `pt::text(body)` as groq-js's `match` reads them (server/groq/textMatch.ts), in an FTS5 table that
// keeps only which rows hold each word (no text, no positions). Written by the store in the same SQL
// transaction as the documents, like the /search page's index (index.ts), so a query sees the words
// of exactly the documents it reads. Drafts and versions are held too (the admin searches them); a
// reader's view leaves them out when it reads the rows (server/query/documents.ts).
// docs/decisions/037-groq-match-from-the-index.md.

import type Database from 'better-sqlite3'
import { heldText, matchIndexType } from '../groq/textMatch.ts'
import type { Change, Doc } from '../store/mutations.ts'
import { refillWhenVersionDiffers } from './versionedRefill.ts'

/** Bumped whenever what is held or how changes: the index is then refilled when the store opens the database (versionedRefill.ts). */
export const matchIndexVersion = 1

export class MatchIndex {
  private readonly statements: ReturnType<typeof writeStatements>

  constructor(db: Database.Database) {
    refillWhenVersionDiffers(db, {
      key: 'match',
      version: matchIndexVersion,
      types: [matchIndexType],
      recreate: () => {
        db.exec(`
          DROP TABLE IF EXISTS match_docs;
          DROP TABLE IF EXISTS match_words;
          CREATE TABLE match_docs (rowid INTEGER PRIMARY KEY, dataset TEXT NOT NULL, id TEXT NOT NULL, UNIQUE (dataset, id));
          -- Words are written in hexadecimal letters and digits: the ascii tokenizer takes each whole.
          CREATE VIRTUAL TABLE match_words USING fts5(words, content = '', contentless_delete = 1, detail = none, tokenize = 'ascii');
        `)
        const statements = writeStatements(db)
        return (dataset, id, doc) => insert(statements, dataset, id, doc)
      },
    })
    this.statements = writeStatements(db)
  }

  /** Brings the index in line with a transaction's changes; called inside the store's SQL transaction. */
  apply(dataset: string, changes: readonly Change[]): void {
    for (const change of changes) {
      const before = held(change.before)
      const after = held(change.after)
      if (!before && !after) continue
      this.remove(dataset, change.id)
      if (after) insert(this.statements, dataset, change.id, change.after!)
    }
  }

  private remove(dataset: string, id: string): void {
    const rowid = this.statements.find.get(dataset, id) as number | undefined
    if (rowid === undefined) return
    this.statements.removeWords.run(rowid)
    this.statements.removeDoc.run(rowid)
  }

  /** Removes a dropped dataset's articles; called inside the store's SQL transaction. */
  drop(dataset: string): void {
    for (const rowid of this.statements.ofDataset.all(dataset) as number[]) {
      this.statements.removeWords.run(rowid)
      this.statements.removeDoc.run(rowid)
    }
  }
}

function held(doc: Doc | null): boolean {
  return doc !== null && doc._type === matchIndexType
}

function writeStatements(db: Database.Database) {
  return {
    find: db.prepare('SELECT rowid FROM match_docs WHERE dataset = ? AND id = ?').pluck(),
    ofDataset: db.prepare('SELECT rowid FROM match_docs WHERE dataset = ?').pluck(),
    addDoc: db.prepare('INSERT INTO match_docs (dataset, id) VALUES (?, ?)'),
    addWords: db.prepare('INSERT INTO match_words (rowid, words) VALUES (?, ?)'),
    removeDoc: db.prepare('DELETE FROM match_docs WHERE rowid = ?'),
    removeWords: db.prepare('DELETE FROM match_words WHERE rowid = ?'),
  }
}

function insert(statements: ReturnType<typeof writeStatements>, dataset: string, id: string, doc: Doc): void {
  const rowid = statements.addDoc.run(dataset, id).lastInsertRowid
  statements.addWords.run(rowid, heldText(doc))
}

/**
 * The reading side, on a query worker's read-only connection: the documents of a dataset whose
 * words can match, as (id, version) in id order, those the view's SQL condition on `id` shows;
 * null when there are more than `limit`.
 */
export class MatchReader {
  private readonly statements

  constructor(db: Database.Database) {
    this.statements = new Map<string, Database.Statement>()
    this.db = db
  }

  private readonly db: Database.Database

  rows(dataset: string, query: string, visibleSql: string, limit: number): Array<{ id: string; version: number }> | null {
    let statement = this.statements.get(visibleSql)
    if (!statement) {
      const visible = visibleSql.replaceAll('id', 'd.id')
      statement = this.db.prepare(`
        SELECT d.id AS id, doc.version AS version
        FROM match_words m JOIN match_docs d ON d.rowid = m.rowid JOIN documents doc ON doc.dataset = d.dataset AND doc.id = d.id
        WHERE match_words MATCH ? AND d.dataset = ? AND ${visible}
        LIMIT ?`)
      this.statements.set(visibleSql, statement)
    }
    const rows = statement.all(query, dataset, limit + 1) as Array<{ id: string; version: number }>
    if (rows.length > limit) return null
    return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  }
}
