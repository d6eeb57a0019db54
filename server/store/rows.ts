// The documents the store's writes check and build on, read from SQLite when they are needed rather
// than held in memory: SQLite is the truth, and a byte-bounded cache keeps the documents parsed
// lately (docs/decisions/028-documents-read-from-sqlite.md).
//
// Each cached document is kept with the version of the row it came from (one counter for every
// write, server/store/documentColumns.ts) and used only while the row still has that version: a
// write by another process (the `content` command) is seen at the next read, never hidden by a copy
// parsed before it. Reading a version is one covering-index lookup.

import type Database from 'better-sqlite3'
import { ByteLru } from '../byteLru.ts'
import type { Doc } from './mutations.ts'
import { keyRank } from './documentColumns.ts'

/**
 * A cached document is counted at this many bytes per character of its JSON: V8's objects, with
 * their property names and string values, take a few times the text they were parsed from.
 */
export const parsedBytesPerCharacter = 4

/** Every key of a number lies in [low, high). */
const numberKeys = { low: Buffer.from([keyRank.number]), high: Buffer.from([keyRank.number + 1]) }

/** Rows read at a time by a pass over many documents, so a pass holds one batch, not the dataset. */
const BATCH = 256

interface Cached {
  version: number
  doc: Doc
  bytes: number
}

interface Row {
  id: string
  version: number
}

/** The store's reads of the documents table, and the cache of parsed documents they share. */
export class DocumentRows {
  private readonly cache: ByteLru<Cached>
  private readonly statements

  constructor(db: Database.Database, cacheBytes: number) {
    this.cache = new ByteLru<Cached>(cacheBytes, (entry) => entry.bytes)
    this.statements = {
      version: db.prepare('SELECT version FROM documents WHERE dataset = ? AND id = ?').pluck(),
      doc: db.prepare('SELECT doc FROM documents WHERE dataset = ? AND id = ?').pluck(),
      after: db.prepare('SELECT id, version FROM documents WHERE dataset = ? AND id > ? ORDER BY id LIMIT ?'),
      ofTypeAfter: db.prepare('SELECT id, version FROM documents WHERE dataset = ? AND type = ? AND id > ? ORDER BY id LIMIT ?'),
      count: db.prepare('SELECT count(*) FROM documents WHERE dataset = ?').pluck(),
      withNumber: db.prepare('SELECT id FROM document_keys WHERE dataset = ? AND type = ? AND field = ? AND key >= ? AND key < ?').pluck(),
      keysPending: db.prepare("SELECT 1 FROM document_keys_pending WHERE dataset = ? AND family IN (?, '*')"),
      // Named: without statistics SQLite chose the primary key, a pass over the whole dataset
      // (4 ms at 1,000 articles) for what the slug index answers in microseconds.
      slugHolders: db.prepare('SELECT id FROM documents INDEXED BY documents_by_slug WHERE dataset = ? AND slug = ? AND type = ?').pluck(),
    }
  }

  /** Bytes of parsed documents held now, by the cache's own accounting; never more than its bound. */
  get cachedBytes(): number {
    return this.cache.size
  }

  get cachedDocuments(): number {
    return this.cache.count
  }

  get(dataset: string, id: string): Doc | undefined {
    const version = this.statements.version.get(dataset, id) as number | undefined
    if (version === undefined) return undefined
    const key = `${dataset}\u0000${id}`
    const hit = this.cache.get(key)
    if (hit && hit.version === version) return hit.doc
    const json = this.statements.doc.get(dataset, id) as string
    const doc = JSON.parse(json) as Doc
    this.cache.set(key, { version, doc, bytes: parsedBytesPerCharacter * json.length })
    return doc
  }

  has(dataset: string, id: string): boolean {
    return this.statements.version.get(dataset, id) !== undefined
  }

  count(dataset: string): number {
    return this.statements.count.get(dataset) as number
  }

  /** Ids of the documents of this type whose `slug.current` is this slug. */
  slugHolders(dataset: string, type: string, slug: string): string[] {
    return this.statements.slugHolders.all(dataset, slug, type) as string[]
  }

  /**
   * Every document of the dataset (or of one type), in id order: the ids a batch at a time from an
   * index, each document read as the caller reaches it, so a pass holds one document however large.
   * A pass does not fill the cache (it would push out the documents writes keep coming back to),
   * but uses what is there.
   */
  *values(dataset: string, type?: string): Generator<Doc> {
    let last = ''
    for (;;) {
      const rows = (type === undefined ? this.statements.after.all(dataset, last, BATCH) : this.statements.ofTypeAfter.all(dataset, type, last, BATCH)) as Row[]
      for (const row of rows) {
        const hit = this.cache.get(`${dataset}\u0000${row.id}`)
        if (hit && hit.version === row.version) yield hit.doc
        else {
          const json = this.statements.doc.get(dataset, row.id) as string | undefined
          if (json !== undefined) yield JSON.parse(json) as Doc
        }
      }
      if (rows.length < BATCH) return
      last = rows[rows.length - 1]!.id
    }
  }

  /**
   * Ids of the documents of a type whose field holds a number, from the listing keys written with
   * each document (documentColumns.ts: a number's key starts with its rank byte), reading no document.
   */
  idsWithNumber(dataset: string, type: string, field: string): string[] | null {
    // Null while the field's keys are being written again after an upgrade (keyRefill.ts): the
    // documents themselves would be a pass over the archive on the thread that answers HTTP (at a
    // million articles, minutes and more memory than the service has), so the caller asks again later.
    if (this.statements.keysPending.get(dataset, field) !== undefined) return null
    return this.statements.withNumber.all(dataset, type, field, numberKeys.low, numberKeys.high) as string[]
  }

  /** Keeps a document the store has just written (or forgets a deleted one), so the next write finds it parsed. */
  written(dataset: string, id: string, version: number, doc: Doc | null, json: string | null): void {
    const key = `${dataset}\u0000${id}`
    if (doc && json !== null) this.cache.set(key, { version, doc, bytes: parsedBytesPerCharacter * json.length })
    else this.cache.delete(key)
  }

  clear(): void {
    this.cache.clear()
  }
}

/** One dataset's documents, as the store's callers read them: by id, a count, or a pass over them all. */
export class StoredDocuments {
  constructor(
    private readonly rows: DocumentRows,
    private readonly dataset: string,
  ) {}

  get(id: string): Doc | undefined {
    return this.rows.get(this.dataset, id)
  }

  has(id: string): boolean {
    return this.rows.has(this.dataset, id)
  }

  /** Counts the rows: a pass over the dataset's index, for the command line and the first start. */
  get size(): number {
    return this.rows.count(this.dataset)
  }

  /** Every document in id order, read from SQLite in batches as the caller goes. */
  values(): Iterable<Doc> {
    return this.rows.values(this.dataset)
  }

  /** Every document of one type in id order, through the type index. */
  ofType(type: string): Iterable<Doc> {
    return this.rows.values(this.dataset, type)
  }

  slugHolders(type: string, slug: string): string[] {
    return this.rows.slugHolders(this.dataset, type, slug)
  }

  idsWithNumber(type: string, field: string): string[] | null {
    return this.rows.idsWithNumber(this.dataset, type, field)
  }
}
