// The listing keys (documentColumns.ts) and pair keys (pairKeys.ts) are written with every document;
// when the code's list of keyed fields changes, the keys of the fields that changed are written
// again for every stored document, by the one refill helper (server/search/versionedRefill.ts),
// after the service listens. Each field (a "family": a plain field, a scoped field under every value
// of its scope, or all the pair keys together) is recorded with what its keys are written from
// (`document_key_families`); a family whose keys are being written again has a mark per dataset in
// `document_keys_pending` until the refill has passed that dataset, and while it has one the
// planner answers as if the field had no keys (server/query/documents.ts: the pass groq-js's
// answer comes from), as do the store's own readers of keys (rows.ts, liveUpdates.ts).
// docs/decisions/041-refills-after-listen.md.

import type Database from 'better-sqlite3'
import { isPairField, pairSignature } from '../groq/pairs.ts'
import { beginRefill, createRefillTables, isRefillPending, type RefillJob } from '../search/versionedRefill.ts'
import { DocumentKeys, fieldSignature, keyedFields, scopedKeys, type KeyedField } from './documentColumns.ts'
import { PairKeys } from './pairKeys.ts'

/** The refill's row in `refill_pending`. */
export const keyRefillName = 'keys'

/** Every pair key, under one mark: their conditions are recorded together (pairSignature). */
export const pairFamily = 'pair:'
/** Every listing key (not the pair keys): a database from before families were recorded, whose list differed. */
const everyListingFamily = '*'

interface Family {
  name: string
  signature: string
  /** The field, or the scoped field and its scope, whose keys it writes; none for the pair keys. */
  field?: KeyedField
  scope?: KeyedField
}

const scopedFamily = (field: string, scope: string) => `${field}@${scope}`

const families: readonly Family[] = [
  ...keyedFields.map((field) => ({ name: field.name, signature: fieldSignature(field), field })),
  ...scopedKeys.flatMap(({ scope, fields }) => fields.map((field) => ({ name: scopedFamily(field.name, scope.name), signature: `${fieldSignature(scope)}{${fieldSignature(field)}}`, field, scope }))),
  { name: pairFamily, signature: pairSignature },
]

/** The family a key's field name belongs to: the readiness mark a reader checks before reading it. */
export function familyOfField(field: string): string {
  if (isPairField(field)) return pairFamily
  // A scoped field's name is `field@scope=value`: neither the field's nor the scope's name holds `=`.
  const at = field.indexOf('@')
  return at < 0 ? field : field.slice(0, field.indexOf('=', at))
}

/** Whether a reader may read a field's keys, given the families its dataset has marks for. */
export function keysReady(pending: ReadonlySet<string>, field: string): boolean {
  if (pending.size === 0) return true
  const family = familyOfField(field)
  return !pending.has(family) && (family === pairFamily || !pending.has(everyListingFamily))
}

/** Splits a text at the commas outside brackets and braces. */
function topLevel(text: string): string[] {
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '(' || c === '{') depth++
    else if (c === ')' || c === '}') depth--
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i))
      start = i + 1
    }
  }
  parts.push(text.slice(start))
  return parts
}

/**
 * The families, with their signatures, of the one text a database from before families recorded
 * (keyedFieldsSignature: each field's `name=path`, then each scope's `name=path{field,…}`), so an
 * upgrade from it writes again only the families that differ, not every key of the archive (at a
 * million articles half an hour in which every listing is a pass). Null for a text not of that form.
 */
export function familiesOfListing(text: string): Map<string, string> | null {
  const nameOf = (signature: string) => (signature.includes('=') ? signature.slice(0, signature.indexOf('=')) : null)
  const found = new Map<string, string>()
  for (const part of topLevel(text)) {
    const brace = part.indexOf('{')
    if (brace < 0) {
      const name = nameOf(part)
      if (!name) return null
      found.set(name, part)
      continue
    }
    const scope = part.slice(0, brace)
    const scopeName = nameOf(scope)
    if (!scopeName || !part.endsWith('}')) return null
    for (const field of topLevel(part.slice(brace + 1, -1))) {
      const name = nameOf(field)
      if (!name) return null
      found.set(scopedFamily(name, scopeName), `${scope}{${field}}`)
    }
  }
  return found
}

/**
 * The code's families whose recorded signature differs, and the recorded ones the code no longer
 * keys (their keys are removed by the same pass). `apart` is a family recorded elsewhere.
 */
function changedFamilies(recorded: Map<string, string>, apart?: string): string[] {
  const changed = families.filter((family) => family.name !== apart && recorded.get(family.name) !== family.signature).map((family) => family.name)
  for (const name of recorded.keys()) if (!families.some((family) => family.name === name)) changed.push(name)
  return changed
}

/** The field-name range a family's keys are written under, as [low, high). */
function rangeOf(family: string): [string, string] | null {
  const prefix = family === pairFamily ? family : family.includes('@') ? `${family}=` : null
  if (prefix === null) return null
  return [prefix, prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)]
}

/** The families a dataset's keys are not complete for; empty almost always. */
export function pendingFamilies(db: Database.Database): (dataset: string) => Set<string> {
  const statement = db.prepare('SELECT family FROM document_keys_pending WHERE dataset = ?').pluck()
  return (dataset) => new Set(statement.all(dataset) as string[])
}

/**
 * Creates the keys' tables, compares the recorded families with the code's, and records the ones
 * that changed as pending in every dataset (a quick transaction, whatever the archive's size).
 * Returns the refill when one is pending (begun now, or left part way by an earlier start).
 */
export function prepareKeyRefill(db: Database.Database): RefillJob | null {
  createRefillTables(db)
  db.transaction(() => {
    db.exec(`
      CREATE TABLE IF NOT EXISTS document_keys (
        dataset TEXT NOT NULL, type TEXT NOT NULL, field TEXT NOT NULL, key BLOB NOT NULL, id TEXT NOT NULL, version INTEGER NOT NULL,
        PRIMARY KEY (dataset, type, field, key, id)
      ) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS document_keys_by_id ON document_keys (dataset, id);
      CREATE TABLE IF NOT EXISTS document_key_families (family TEXT PRIMARY KEY, signature TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS document_keys_pending (dataset TEXT NOT NULL, family TEXT NOT NULL, PRIMARY KEY (dataset, family)) WITHOUT ROWID;
    `)
    const recorded = new Map((db.prepare('SELECT family, signature FROM document_key_families').all() as Array<{ family: string; signature: string }>).map((row) => [row.family, row.signature]))
    const hasDocuments = db.prepare('SELECT 1 FROM documents LIMIT 1').get() !== undefined
    const changed = new Set<string>()
    if (recorded.size === 0 && hasDocuments) {
      // A database from before families: one text for the listing fields, one for the pair keys.
      const table = (name: string) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined
      const listing = table('document_keys_fields') ? (db.prepare('SELECT signature FROM document_keys_fields').pluck().get() as string | undefined) : undefined
      const pairs = table('document_pair_keys') ? (db.prepare('SELECT signature FROM document_pair_keys').pluck().get() as string | undefined) : undefined
      const before = listing === undefined ? null : familiesOfListing(listing)
      // Only the families whose text differs: an upgrade that adds a field refills that field.
      if (before === null) changed.add(everyListingFamily)
      else for (const name of changedFamilies(before, pairFamily)) changed.add(name)
      if (pairs !== pairSignature) changed.add(pairFamily)
    } else if (hasDocuments) for (const name of changedFamilies(recorded)) changed.add(name)
    db.exec('DELETE FROM document_key_families')
    const record = db.prepare('INSERT INTO document_key_families (family, signature) VALUES (?, ?)')
    for (const family of families) record.run(family.name, family.signature)
    if (changed.size === 0) return
    const mark = db.prepare('INSERT OR IGNORE INTO document_keys_pending (dataset, family) VALUES (?, ?)')
    for (const dataset of db.prepare('SELECT name FROM datasets').pluck().all() as string[]) for (const family of changed) mark.run(dataset, family)
    beginRefill(db, keyRefillName)
  }).immediate()
  if (!isRefillPending(db, keyRefillName)) return null
  const keys = new DocumentKeys(db)
  const pairs = new PairKeys(db)
  return {
    name: keyRefillName,
    types: null,
    writer: () => {
      const pending = db.prepare('SELECT DISTINCT family FROM document_keys_pending').pluck().all() as string[]
      // Each family's keys of one document: the old ones removed, the code's written.
      const steps = pending.map((name): ((dataset: string, id: string, doc: Parameters<DocumentKeys['write']>[1], version: number) => void) => {
        // PairKeys.write removes the document's pair keys and writes those of its row as it is now.
        if (name === pairFamily) return (dataset, id) => pairs.write(dataset, id)
        if (name === everyListingFamily) {
          return (dataset, id, doc, version) => {
            // Every key but the pair keys, which have their own mark.
            keys.removeAllBut(dataset, id, ...rangeOf(pairFamily)!)
            for (const family of families) {
              if (family.scope) keys.writeScoped(dataset, doc, version, family.scope, family.field!)
              else if (family.field) keys.writeField(dataset, doc, version, family.field)
            }
          }
        }
        const family = families.find((one) => one.name === name)
        const range = rangeOf(name)
        return (dataset, id, doc, version) => {
          if (range) keys.removeFields(dataset, id, ...range)
          else keys.removeField(dataset, id, name)
          if (family?.scope) keys.writeScoped(dataset, doc, version, family.scope, family.field!)
          else if (family?.field) keys.writeField(dataset, doc, version, family.field)
        }
      })
      return (dataset, id, doc, version) => {
        for (const step of steps) step(dataset, id, doc, version)
      }
    },
    passed: (dataset) => db.prepare('DELETE FROM document_keys_pending WHERE dataset < ?').run(dataset),
    done: () => db.exec('DELETE FROM document_keys_pending'),
  }
}
