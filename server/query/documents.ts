// Documents read from SQLite in a query worker, on its own read-only connection, through the
// indexes the store writes with every commit (server/store/documentColumns.ts), and kept parsed in
// a cache bounded by bytes. docs/decisions/028-documents-read-from-sqlite.md.
//
// A query answered this way runs inside one read transaction: WAL lets it read while the store
// writes, and it sees one state of the database, every transaction acknowledged before it began.
// A parsed document is cached under its row's version (one counter for every write), so a row
// rewritten since is read again, never answered from the copy parsed before.

import type Database from 'better-sqlite3'
import { ByteLru } from '../byteLru.ts'
import type { Doc } from '../store/mutations.ts'

/** What a query's top-level filter says about which stored documents can pass it (see narrowingOf). */
export type Narrowing = { by: 'id'; values: string[] } | { by: 'slug'; values: string[] } | { by: 'type'; values: string[] }

/**
 * A cached document is counted at this many bytes per character of its JSON: V8's objects, with
 * their property names and string values, take a few times the text they were parsed from.
 */
export const parsedBytesPerCharacter = 4

interface Row {
  id: string
  version: number
}

interface Parsed {
  doc: Doc
  bytes: number
}

export class DocumentReader {
  private readonly db: Database.Database
  private readonly cache: ByteLru<Parsed>
  private readonly statements

  constructor(db: Database.Database, cacheBytes: number) {
    this.db = db
    this.cache = new ByteLru<Parsed>(cacheBytes, (entry) => entry.bytes)
    const rows = (where: string) => db.prepare(`SELECT id, version FROM documents WHERE dataset = ? AND ${where} ORDER BY id LIMIT ?`)
    this.statements = {
      begin: db.prepare('BEGIN'),
      commit: db.prepare('COMMIT'),
      byId: db.prepare('SELECT id, version FROM documents WHERE dataset = ? AND id = ?'),
      bySlug: rows('slug = ?'),
      byType: rows('type = ?'),
      doc: db.prepare('SELECT doc FROM documents WHERE dataset = ? AND id = ?').pluck(),
    }
  }

  /** Bytes of parsed documents held now, by the cache's own accounting; never more than its bound. */
  get cachedBytes(): number {
    return this.cache.size
  }

  get cachedDocuments(): number {
    return this.cache.count
  }

  /**
   * Runs `read` inside one read transaction (awaiting it: groq-js evaluates asynchronously). The
   * worker handles one request at a time, so nothing else uses the connection meanwhile.
   */
  async snapshot<T>(read: () => Promise<T>): Promise<T> {
    this.statements.begin.run()
    try {
      return await read()
    } finally {
      this.statements.commit.run()
    }
  }

  /** The stored document with this id, or null. */
  byId(dataset: string, id: string): Doc | null {
    const row = this.statements.byId.get(dataset, id) as Row | undefined
    return row ? this.load(dataset, row) : null
  }

  /**
   * The stored documents that can pass a filter so narrowed, in id order (the order of the
   * dataset a fresh worker reads), or null when there are more than `limit` of them.
   */
  candidates(dataset: string, narrowing: Narrowing, limit: number): Doc[] | null {
    const rows: Row[] = []
    // Each value once, or a document would be listed twice (`_id in ["a", "a"]`).
    for (const value of new Set(narrowing.values)) {
      const room = limit + 1 - rows.length
      if (narrowing.by === 'id') {
        const row = this.statements.byId.get(dataset, value) as Row | undefined
        if (row) rows.push(row)
      } else {
        rows.push(...((narrowing.by === 'slug' ? this.statements.bySlug : this.statements.byType).all(dataset, value, room) as Row[]))
      }
      if (rows.length > limit) return null
    }
    if (narrowing.values.length > 1) {
      // Two slugs or types can name one document only once each, but ids may repeat across values.
      const seen = new Set<string>()
      const unique = rows.filter((row) => !seen.has(row.id) && seen.add(row.id))
      unique.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      return unique.map((row) => this.load(dataset, row))
    }
    return rows.map((row) => this.load(dataset, row))
  }

  private load(dataset: string, row: Row): Doc {
    const key = `${dataset}\u0000${row.id}\u0000${row.version}`
    const hit = this.cache.get(key)
    if (hit) return hit.doc
    const json = this.statements.doc.get(dataset, row.id) as string
    const doc = JSON.parse(json) as Doc
    this.cache.set(key, { doc, bytes: parsedBytesPerCharacter * json.length })
    return doc
  }
}
