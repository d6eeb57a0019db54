// What the documents table holds beside each document's JSON, so the query workers can find the
// documents a query asks for through SQLite's indexes instead of a replica of every document
// (docs/decisions/028-documents-read-from-sqlite.md):
//
// - `slug`: `slug.current` when it is a string, else null: `slug.current == $slug` reads one
//   index entry. Computed here, in JavaScript, from the document being written (SQLite's JSON
//   functions refuse documents nested deeper than they allow, which a write must never trip on).
// - `version`: the number of the write that stored the row, from one counter for the whole
//   database. A worker keeps parsed documents by id and version, so a document it parsed is
//   reused exactly as long as the row it came from is the one its read transaction sees.
//
// Both are written in the same SQL transaction as the document; the indexes are SQLite's own.

import type Database from 'better-sqlite3'
import type { Doc } from './mutations.ts'

/** The value of the `slug` column for a document: what `slug.current == "…"` can be true for. */
export function slugColumn(doc: Doc): string | null {
  const slug = doc.slug
  if (typeof slug !== 'object' || slug === null || Array.isArray(slug)) return null
  const current = (slug as Record<string, unknown>).current
  return typeof current === 'string' && Object.hasOwn(slug, 'current') ? current : null
}

/**
 * Adds the columns, their indexes and the write counter to a database made before them, filling
 * the columns of the rows already there (one pass, once).
 */
export function migrateDocumentColumns(db: Database.Database): void {
  const columns = new Set((db.prepare('PRAGMA table_info(documents)').all() as Array<{ name: string }>).map((c) => c.name))
  db.transaction(() => {
    db.exec('CREATE TABLE IF NOT EXISTS document_versions (last INTEGER NOT NULL)')
    if (db.prepare('SELECT count(*) FROM document_versions').pluck().get() === 0) db.exec('INSERT INTO document_versions (last) VALUES (0)')
    if (!columns.has('version')) db.exec('ALTER TABLE documents ADD COLUMN version INTEGER NOT NULL DEFAULT 0')
    if (!columns.has('slug')) {
      db.exec('ALTER TABLE documents ADD COLUMN slug TEXT')
      const rows = db.prepare('SELECT dataset, id, doc FROM documents').all() as Array<{ dataset: string; id: string; doc: string }>
      const set = db.prepare('UPDATE documents SET slug = ? WHERE dataset = ? AND id = ?')
      for (const row of rows) {
        const slug = slugColumn(JSON.parse(row.doc) as Doc)
        if (slug !== null) set.run(slug, row.dataset, row.id)
      }
    }
    // Each index covers the version too: a worker learns which rows a query needs, and whether it
    // has them parsed already, without reading a document's JSON.
    db.exec(`
      CREATE INDEX IF NOT EXISTS documents_by_version ON documents (dataset, id, version);
      CREATE INDEX IF NOT EXISTS documents_by_type ON documents (dataset, type, id, version);
      CREATE INDEX IF NOT EXISTS documents_by_slug ON documents (dataset, slug, id, version) WHERE slug IS NOT NULL;
    `)
  }).immediate()
}

