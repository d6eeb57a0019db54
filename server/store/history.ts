// Document history, kept in content.db beside the documents (docs/decisions/010-document-history.md).
// Every committed transaction writes, in the same SQL transaction as the documents themselves, one
// revision per document it touched: the whole document as the transaction left it, or null when it
// deleted it. So history and content can never disagree, even after a kill at any moment.
//
// Revisions are numbered by `seq` (the table's integer primary key, which VACUUM keeps), in commit
// order; a transaction's revisions are consecutive. "The document at revision R" is the document's
// latest revision at or before R's, "at time T" its latest revision whose transaction is not later
// than T.

import type Database from 'better-sqlite3'
import { typedError } from '../errors.ts'
import type { Change, Doc, Mutation } from './mutations.ts'

/** Where in a dataset's history to read documents. */
export type HistoryPoint = { revision: string } | { time: Date } | { lastRevision: true }

export interface TransactionQuery {
  /** Transactions that touched any of these documents. */
  ids: string[]
  excludeContent?: boolean
  fromTime?: Date
  toTime?: Date
  /** Inclusive bounds: the listing starts (ends) with this transaction. */
  fromTransaction?: string
  toTransaction?: string
  /** Only transactions by these identities. */
  authors?: string[]
  /** Newest first instead of oldest first. */
  reverse?: boolean
  limit: number
}

/** One transaction of a document's history, in the shape the History API lists it. */
export interface HistoryTransaction {
  id: string
  timestamp: string
  author: string
  documentIDs: string[]
  mutations?: Mutation[]
}

/** A document whose last revision deleted it, as the Recently deleted list shows it. */
export interface DeletedDocument {
  /** The published id (a draft's `drafts.` prefix taken off): one entry for an article and its draft. */
  id: string
  /** The document's type, from its last kept revision. */
  type: string
  deletedAt: string
  /** Who deleted it (the identity of the transaction that did). */
  deletedBy: string
  /** The transaction that deleted it. */
  transaction: string
  /** The document as it last was before the deletion (a draft's over the published one's when both were kept). */
  document: Doc
}

/** A dataset's past: every document at each transaction that wrote it, and who wrote it when. */
export class History {
  private readonly db: Database.Database
  private readonly statements

  constructor(db: Database.Database) {
    this.db = db
    this.prepareSchema()
    this.statements = {
      insert: db.prepare('INSERT INTO revisions (dataset, doc_id, tx_id, timestamp, doc) VALUES (?, ?, ?, ?, ?)'),
      seqOf: db.prepare('SELECT MIN(seq) AS first, MAX(seq) AS last FROM revisions WHERE dataset = ? AND tx_id = ?'),
      loggedAt: db.prepare('SELECT timestamp FROM transactions WHERE dataset = ? AND id = ?').pluck(),
      atSeq: db.prepare('SELECT doc FROM revisions WHERE dataset = ? AND doc_id = ? AND seq <= ? ORDER BY seq DESC LIMIT 1').pluck(),
      atTime: db.prepare('SELECT doc FROM revisions WHERE dataset = ? AND doc_id = ? AND timestamp <= ? ORDER BY seq DESC LIMIT 1').pluck(),
      lastKept: db.prepare('SELECT doc FROM revisions WHERE dataset = ? AND doc_id = ? AND doc IS NOT NULL ORDER BY seq DESC LIMIT 1').pluck(),
      deletionsSince: db.prepare(
        'SELECT doc_id, seq, tx_id, timestamp FROM revisions WHERE dataset = ? AND doc IS NULL AND timestamp >= ? ORDER BY seq DESC',
      ),
      lastSeq: db.prepare('SELECT MAX(seq) FROM revisions WHERE dataset = ? AND doc_id = ?').pluck(),
      lastKeptRow: db.prepare('SELECT seq, doc FROM revisions WHERE dataset = ? AND doc_id = ? AND doc IS NOT NULL ORDER BY seq DESC LIMIT 1'),
      authorOf: db.prepare('SELECT identity FROM transactions WHERE dataset = ? AND id = ?').pluck(),
      writtenBy: db.prepare('SELECT DISTINCT j.value FROM transactions t, json_each(t.document_ids) j WHERE t.dataset = ? AND t.identity = ?').pluck(),
      dropRevisions: db.prepare('DELETE FROM revisions WHERE dataset = ?'),
      dropTransactions: db.prepare('DELETE FROM transactions WHERE dataset = ?'),
    }
  }

  /**
   * Creates the revisions table, and the transactions' mutations column, on a database made before
   * history was kept. Documents that already exist get their current state as a first revision,
   * so each can be read at its current `_rev` from the start.
   */
  private prepareSchema(): void {
    const db = this.db
    db.transaction(() => {
      const hasRevisions = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'revisions'").pluck().get() !== undefined
      const columns = db.prepare('PRAGMA table_info(transactions)').all() as Array<{ name: string }>
      if (!columns.some((c) => c.name === 'mutations')) db.exec('ALTER TABLE transactions ADD COLUMN mutations TEXT')
      // Deletions are few beside edits: a partial index finds the recent ones without reading every revision.
      const deletionIndex = 'CREATE INDEX IF NOT EXISTS revisions_deletions ON revisions (dataset, timestamp) WHERE doc IS NULL'
      if (hasRevisions) {
        db.exec(deletionIndex)
        return
      }
      db.exec(`
        CREATE TABLE revisions (
          seq INTEGER PRIMARY KEY,
          dataset TEXT NOT NULL, doc_id TEXT NOT NULL, tx_id TEXT NOT NULL, timestamp TEXT NOT NULL,
          doc TEXT
        );
        CREATE INDEX revisions_by_document ON revisions (dataset, doc_id, seq);
        CREATE INDEX revisions_by_transaction ON revisions (dataset, tx_id);
      `)
      db.exec(deletionIndex)
      const insert = db.prepare('INSERT INTO revisions (dataset, doc_id, tx_id, timestamp, doc) VALUES (?, ?, ?, ?, ?)')
      const existing = db.prepare('SELECT dataset, id, doc FROM documents ORDER BY dataset, id').all() as Array<{ dataset: string; id: string; doc: string }>
      const now = new Date().toISOString()
      for (const row of existing) {
        const doc = JSON.parse(row.doc) as Doc
        insert.run(row.dataset, row.id, typeof doc._rev === 'string' ? doc._rev : '', timestampOf(doc._updatedAt) ?? now, row.doc)
      }
    }).immediate()
  }

  /**
   * Records a transaction's revisions. Must run inside the SQL transaction that writes the
   * documents; `docs` are the documents' JSON as written there, so each is serialised once.
   */
  record(dataset: string, txId: string, timestamp: Date, changes: Change[], docs: Array<string | null>): void {
    const at = timestamp.toISOString()
    changes.forEach((change, i) => this.statements.insert.run(dataset, change.id, txId, at, docs[i] ?? null))
  }

  /**
   * The published ids of the documents this identity has written a revision of (of the document or
   * its draft): what a contributor calls their own articles, since the newsroom keeps no other owner.
   */
  /** Whether the transaction is committed in the dataset (a point lookup of its log row). */
  committed(dataset: string, txId: string): boolean {
    return this.statements.loggedAt.get(dataset, txId) !== undefined
  }

  writtenBy(dataset: string, identity: string): Set<string> {
    const ids = this.statements.writtenBy.all(dataset, identity) as string[]
    return new Set(ids.map((id) => (id.startsWith('drafts.') ? id.slice('drafts.'.length) : id)))
  }

  /** Forgets a dataset's history, with the dataset itself. */
  drop(dataset: string): void {
    this.statements.dropRevisions.run(dataset)
    this.statements.dropTransactions.run(dataset)
  }

  /**
   * The documents as they were at a point of the dataset's history: found ones only, in the order
   * asked, as the doc endpoint answers. A revision the dataset never had is a 404.
   */
  documentsAt(dataset: string, ids: string[], point: HistoryPoint): Doc[] {
    let read: (id: string) => string | undefined
    if ('lastRevision' in point) read = (id) => this.statements.lastKept.get(dataset, id) as string | undefined
    else if ('time' in point) {
      const at = point.time.toISOString()
      read = (id) => this.statements.atTime.get(dataset, id, at) as string | undefined
    } else {
      const place = this.locate(dataset, point.revision)
      if (!place) throw typedError(404, 'revisionNotFoundError', `Revision "${point.revision}" not found in dataset "${dataset}"`)
      if ('last' in place) read = (id) => this.statements.atSeq.get(dataset, id, place.last) as string | undefined
      else read = (id) => this.statements.atTime.get(dataset, id, place.timestamp) as string | undefined
    }
    const documents: Doc[] = []
    for (const id of new Set(ids)) {
      const json = read(id)
      if (json) documents.push(JSON.parse(json) as Doc)
    }
    return documents
  }

  /**
   * The transactions that touched any of the documents, oldest first (newest first with
   * `reverse`), at most `limit`. An unknown `fromTransaction`/`toTransaction` is a 404.
   */
  transactions(dataset: string, query: TransactionQuery): HistoryTransaction[] {
    const where: string[] = [`dataset = ?`, `doc_id IN (${query.ids.map(() => '?').join(', ')})`]
    const args: unknown[] = [dataset, ...query.ids]
    const having: string[] = []
    const havingArgs: unknown[] = []
    if (query.fromTime) {
      where.push('timestamp >= ?')
      args.push(query.fromTime.toISOString())
    }
    if (query.toTime) {
      where.push('timestamp <= ?')
      args.push(query.toTime.toISOString())
    }
    for (const [bound, txId] of [['from', query.fromTransaction], ['to', query.toTransaction]] as const) {
      if (txId === undefined) continue
      const place = this.locate(dataset, txId)
      if (!place) throw typedError(404, 'transactionNotFoundError', `Transaction "${txId}" not found in dataset "${dataset}"`)
      if ('last' in place) {
        // A transaction's revisions are consecutive, so comparing first revisions orders transactions.
        having.push(bound === 'from' ? 'first >= ?' : 'first <= ?')
        havingArgs.push(bound === 'from' ? place.first : place.last)
      } else {
        where.push(bound === 'from' ? 'timestamp >= ?' : 'timestamp <= ?')
        args.push(place.timestamp)
      }
    }
    let authorFilter = ''
    if (query.authors && query.authors.length > 0) {
      authorFilter = `WHERE t.identity IN (${query.authors.map(() => '?').join(', ')})`
    }
    const sql = `
      SELECT t.id, t.timestamp, t.identity, t.document_ids, ${query.excludeContent ? 'NULL AS mutations' : 't.mutations'}
      FROM (
        SELECT tx_id, MIN(seq) AS first FROM revisions
        WHERE ${where.join(' AND ')}
        GROUP BY tx_id ${having.length > 0 ? `HAVING ${having.join(' AND ')}` : ''}
      ) r
      JOIN transactions t ON t.id = r.tx_id AND t.dataset = ?
      ${authorFilter}
      ORDER BY r.first ${query.reverse ? 'DESC' : 'ASC'}
      LIMIT ?`
    const rows = this.db.prepare(sql).all(...args, ...havingArgs, dataset, ...(query.authors ?? []), query.limit) as Array<{
      id: string
      timestamp: string
      identity: string
      document_ids: string
      mutations: string | null
    }>
    return rows.map((row) => ({
      id: row.id,
      timestamp: row.timestamp,
      author: row.identity,
      documentIDs: JSON.parse(row.document_ids) as string[],
      // Transactions logged before history was kept have no mutations on record.
      ...(query.excludeContent ? {} : { mutations: row.mutations === null ? [] : (JSON.parse(row.mutations) as Mutation[]) }),
    }))
  }

  /**
   * Documents deleted since `since` and not written again: newest deletion first, at most `limit`,
   * of `type` when given. An article and its draft are one entry under the published id, gone only
   * when both are; its document is the last revision either kept, the later one (the draft, when
   * the draft was edited after publishing), so restoring brings back what the editor last saw.
   */
  deletedSince(dataset: string, since: Date, options: { type?: string; limit: number }): DeletedDocument[] {
    const rows = this.statements.deletionsSince.all(dataset, since.toISOString()) as Array<{ doc_id: string; seq: number; tx_id: string; timestamp: string }>
    const found: DeletedDocument[] = []
    const seen = new Set<string>()
    for (const row of rows) {
      if (found.length >= options.limit) break
      const id = row.doc_id.startsWith('drafts.') ? row.doc_id.slice('drafts.'.length) : row.doc_id
      if (seen.has(id)) continue
      seen.add(id)
      const variants = [id, `drafts.${id}`]
      // Gone means: each variant's last revision, if it has any, is a deletion.
      const alive = variants.some((v) => {
        const last = this.statements.lastSeq.get(dataset, v) as number | null
        if (last === null) return false
        return (this.statements.lastKeptRow.get(dataset, v) as { seq: number } | undefined)?.seq === last
      })
      if (alive) continue
      const kept = variants
        .map((v) => this.statements.lastKeptRow.get(dataset, v) as { seq: number; doc: string } | undefined)
        .filter((k): k is { seq: number; doc: string } => k !== undefined)
        .sort((a, b) => b.seq - a.seq)[0]
      if (!kept) continue
      const document = JSON.parse(kept.doc) as Doc
      if (options.type !== undefined && document._type !== options.type) continue
      const deletedBy = (this.statements.authorOf.get(dataset, row.tx_id) as string | undefined) ?? ''
      found.push({ id, type: String(document._type), deletedAt: row.timestamp, deletedBy, transaction: row.tx_id, document })
    }
    return found
  }

  /**
   * Where a transaction sits in the dataset's history: its revisions, or, for one that changed no
   * document (or was logged before history was kept), its time.
   */
  private locate(dataset: string, txId: string): { first: number; last: number } | { timestamp: string } | null {
    const seq = this.statements.seqOf.get(dataset, txId) as { first: number | null; last: number | null }
    if (seq.first !== null && seq.last !== null) return { first: seq.first, last: seq.last }
    const at = this.statements.loggedAt.get(dataset, txId) as string | undefined
    return at === undefined ? null : { timestamp: at }
  }
}

/** A stored `_updatedAt` as a full ISO timestamp, comparable as text with the ones history writes. */
function timestampOf(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const time = Date.parse(value)
  return Number.isNaN(time) ? null : new Date(time).toISOString()
}
