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


// ---------------------------------------------------------------------------------------------
// Ordered listings and counts: `document_keys` holds, for each document, the value of each field
// listings filter or sort by, encoded so that SQLite's byte order of the key is GROQ's `order()`
// order (numbers, then strings, then booleans, then everything else), one row per document and
// field (for `categories[]._ref`, one per reference). A worker reads a listing from the right end
// of (dataset, type, field, key, id) and tests each row's document with the query's own filter,
// and counts a filter made of conditions on these fields without reading a document at all.
// Written in the same SQL transaction as the document (store.ts).

/** A field listings order or filter by: a path of attribute names, or `categories[]._ref`-like (one row per element). */
export interface KeyedField {
  name: string
  path: string[]
  /** An array of objects, one key per element's `element` attribute: `c in categories[]._ref`. */
  element?: string
  /** `coalesce(path, fallback)`: the fallback path's value where the path's is null. */
  fallback?: string[]
}

export const keyedFields: readonly KeyedField[] = [
  { name: 'publishedAt', path: ['publishedAt'] },
  { name: '_updatedAt', path: ['_updatedAt'] },
  { name: 'readsLastDay', path: ['readsLastDay'] },
  { name: 'isBreakingNews', path: ['isBreakingNews'] },
  { name: 'isLeadStory', path: ['isLeadStory'] },
  { name: 'isFeatured', path: ['isFeatured'] },
  { name: 'isLatestUpdate', path: ['isLatestUpdate'] },
  { name: 'mediaType', path: ['mediaType'] },
  { name: 'slug.current', path: ['slug', 'current'] },
  { name: 'author._ref', path: ['author', '_ref'] },
  { name: 'liveBlog._ref', path: ['liveBlog', '_ref'] },
  { name: 'categories[]._ref', path: ['categories'], element: '_ref' },
  // The admin's short lists, newest first (src/content/admin/listItem.ts): drafts may have no publishedAt.
  { name: 'coalesce(publishedAt, _createdAt)', path: ['publishedAt'], fallback: ['_createdAt'] },
]

/**
 * Fields keyed again within each value of another field, so that one value's documents are read in
 * order without walking everyone else's: a live blog's updates (`liveBlog._ref == $blog`) newest
 * first, its pinned update and its key events; an author's articles (`author._ref == $author`) and
 * a section's (`$section in categories[]._ref`) newest first, and an author's last changed (the
 * sitemap). For a document whose scope field is a string `v` (for an element scope, each distinct
 * string its elements hold), each field's keys are also written under the field name
 * `scopedFieldName(field, scope, v)`.
 */
export interface ScopedKeys {
  scope: KeyedField
  fields: readonly KeyedField[]
}

export const scopedKeys: readonly ScopedKeys[] = [
  {
    scope: { name: 'liveBlog._ref', path: ['liveBlog', '_ref'] },
    fields: [
      { name: 'publishedAt', path: ['publishedAt'] },
      { name: 'isPinned', path: ['isPinned'] },
      { name: 'isKeyEvent', path: ['isKeyEvent'] },
    ],
  },
  // A section's or an author's listing, newest first, reads its page and not the thousands of
  // keys of a large section (decision 039): one more key per article and reference.
  {
    scope: { name: 'author._ref', path: ['author', '_ref'] },
    fields: [
      { name: 'publishedAt', path: ['publishedAt'] },
      { name: '_updatedAt', path: ['_updatedAt'] },
    ],
  },
  {
    scope: { name: 'categories[]._ref', path: ['categories'], element: '_ref' },
    fields: [{ name: 'publishedAt', path: ['publishedAt'] }],
  },
]

/** The field name a scoped field's keys are written under for one value of its scope: the value is the name's whole rest. */
export function scopedFieldName(field: string, scope: string, value: string): string {
  return `${field}@${scope}=${value}`
}

/** The first byte of a key: GROQ's order of types, null before objects and arrays (order() treats those as equal). */
export const keyRank = { number: 0x02, string: 0x03, boolean: 0x04, null: 0x64, other: 0x65 } as const
export const nullKey = Buffer.from([keyRank.null])

/** `value.name` as GROQ reads an attribute: objects only, own keys only; null otherwise. */
function attributeOf(value: unknown, name: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !Object.hasOwn(value, name)) return null
  return (value as Record<string, unknown>)[name] ?? null
}

/**
 * The key of a JSON value: byte order is GROQ's total order. A number is its float64 with the sign
 * flipped (negatives inverted), a string its UTF-16 code units big-endian (JavaScript's own string
 * order, which UTF-8's byte order is not), a boolean one byte.
 */
export function sortKey(value: unknown): Buffer {
  if (typeof value === 'number') {
    const out = Buffer.alloc(9)
    out[0] = keyRank.number
    // -0 and 0 are equal in GROQ.
    out.writeDoubleBE(value === 0 ? 0 : value, 1)
    if (out[1]! & 0x80) for (let i = 1; i < 9; i++) out[i] = ~out[i]! & 0xff
    else out[1] = out[1]! | 0x80
    return out
  }
  if (typeof value === 'string') {
    const out = Buffer.alloc(1 + 2 * value.length)
    out[0] = keyRank.string
    for (let i = 0; i < value.length; i++) out.writeUInt16BE(value.charCodeAt(i), 1 + 2 * i)
    return out
  }
  if (typeof value === 'boolean') return Buffer.from([keyRank.boolean, value ? 1 : 0])
  if (value === null || value === undefined) return nullKey
  return Buffer.from([keyRank.other])
}

function valueAt(doc: Doc, path: readonly string[]): unknown {
  let value: unknown = doc
  for (const name of path) value = attributeOf(value, name)
  return value
}

/**
 * The values a document's keys are scoped under for a scope field: its value when a string; for an
 * element scope (`categories[]._ref`), each distinct string among its elements' values (what
 * `v in categories[]._ref` is true for).
 */
export function scopeValuesOf(doc: Doc, scope: KeyedField): string[] {
  const value = valueAt(doc, scope.path)
  if (!scope.element) return typeof value === 'string' ? [value] : []
  if (!Array.isArray(value)) return []
  const out = new Set<string>()
  for (const item of value) {
    const element = attributeOf(item, scope.element)
    if (typeof element === 'string') out.add(element)
  }
  return [...out]
}

/** The keys a document has under a field: exactly one for a plain path, one per element's value for an element field. */
export function keysOf(doc: Doc, field: KeyedField): Buffer[] {
  const value = valueAt(doc, field.path)
  if (!field.element) return [sortKey(value === null && field.fallback ? valueAt(doc, field.fallback) : value)]
  if (!Array.isArray(value)) return []
  const seen = new Set<string>()
  const out: Buffer[] = []
  for (const item of value) {
    const key = sortKey(attributeOf(item, field.element))
    const text = key.toString('hex')
    if (!seen.has(text)) {
      seen.add(text)
      out.push(key)
    }
  }
  return out
}

/** Writes and removes a document's keys; used inside the store's transactions. */
export class DocumentKeys {
  private readonly insert
  private readonly removeAll
  private readonly removeDataset
  private readonly removeOne
  private readonly removeRange
  private readonly removeOutside

  constructor(db: Database.Database) {
    this.insert = db.prepare('INSERT OR IGNORE INTO document_keys (dataset, type, field, key, id, version) VALUES (?, ?, ?, ?, ?, ?)')
    // Named: without statistics SQLite chose the primary key's (dataset) prefix, a pass over every
    // key of the dataset on each write (a commit of 1,000 articles took 1.1 s at 1,000 articles and 55 s
    // at 16,000), where the id index reads the document's own few rows.
    this.removeAll = db.prepare('DELETE FROM document_keys INDEXED BY document_keys_by_id WHERE dataset = ? AND id = ?')
    this.removeDataset = db.prepare('DELETE FROM document_keys WHERE dataset = ?')
    this.removeOne = db.prepare('DELETE FROM document_keys INDEXED BY document_keys_by_id WHERE dataset = ? AND id = ? AND field = ?')
    this.removeRange = db.prepare('DELETE FROM document_keys INDEXED BY document_keys_by_id WHERE dataset = ? AND id = ? AND field >= ? AND field < ?')
    this.removeOutside = db.prepare('DELETE FROM document_keys INDEXED BY document_keys_by_id WHERE dataset = ? AND id = ? AND NOT (field >= ? AND field < ?)')
  }

  write(dataset: string, doc: Doc, version: number): void {
    this.removeAll.run(dataset, doc._id)
    for (const field of keyedFields) for (const key of keysOf(doc, field)) this.insert.run(dataset, doc._type, field.name, key, doc._id, version)
    for (const { scope, fields } of scopedKeys) {
      for (const value of scopeValuesOf(doc, scope)) {
        for (const field of fields) for (const key of keysOf(doc, field)) this.insert.run(dataset, doc._type, scopedFieldName(field.name, scope.name, value), key, doc._id, version)
      }
    }
  }

  remove(dataset: string, id: string): void {
    this.removeAll.run(dataset, id)
  }

  /** One field's keys of a document, after removeField: for a refill of that field alone (keyRefill.ts). */
  writeField(dataset: string, doc: Doc, version: number, field: KeyedField): void {
    for (const key of keysOf(doc, field)) this.insert.run(dataset, doc._type, field.name, key, doc._id, version)
  }

  /** One scoped field's keys of a document (within its scope's value), after removeFields over its names. */
  writeScoped(dataset: string, doc: Doc, version: number, scope: KeyedField, field: KeyedField): void {
    for (const value of scopeValuesOf(doc, scope)) {
      for (const key of keysOf(doc, field)) this.insert.run(dataset, doc._type, scopedFieldName(field.name, scope.name, value), key, doc._id, version)
    }
  }

  removeField(dataset: string, id: string, field: string): void {
    this.removeOne.run(dataset, id, field)
  }

  /** The document's keys under every field name from `low` up to (not including) `high`. */
  removeFields(dataset: string, id: string, low: string, high: string): void {
    this.removeRange.run(dataset, id, low, high)
  }

  /** The document's keys under every field name but those from `low` up to (not including) `high`. */
  removeAllBut(dataset: string, id: string, low: string, high: string): void {
    this.removeOutside.run(dataset, id, low, high)
  }

  drop(dataset: string): void {
    this.removeDataset.run(dataset)
  }
}

/** What a field's keys are written from: a change to it means its keys are written again (keyRefill.ts). */
export const fieldSignature = (f: KeyedField) => `${f.name}=${f.path.join('.')}${f.element ? `[]${f.element}` : ''}${f.fallback ? `??${f.fallback.join('.')}` : ''}`
/** The whole list in one text, as databases before keyRefill.ts recorded it (document_keys_fields). */
export const keyedFieldsSignature = [...keyedFields.map(fieldSignature), ...scopedKeys.map((s) => `${fieldSignature(s.scope)}{${s.fields.map(fieldSignature).join(',')}}`)].join(',')
