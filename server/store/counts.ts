// How many documents each type has, and how many have each value of a few keyed fields, kept by
// SQLite itself so that a count over a whole type (a listing's "total", a section's, the videos')
// reads a few rows, not every document of the type. The homepage's unplaced articles
// (placedCounts.ts) and the sitemap's months (sitemapMonths.ts) are kept beside them the same way.
//
// Triggers on `documents` and `document_keys` keep them, so every writer updates them in the SQL
// transaction that writes the rows: the store's commits, the counted reads, a dataset dropped, the
// listing keys refilled, and another process (the `content` command) alike. Each count is kept per
// class of id, so a reader's view adds up only the classes it shows: an anonymous reader's count
// never includes a draft. docs/decisions/039-counts-kept-by-the-store.md.
//
// When what is counted changes (a release's countsVersion), the counts are filled again from the
// rows by the one refill helper, after the service listens, and are not read until complete for a
// dataset (countsReady); decision 041.

import type Database from 'better-sqlite3'
import { beginRefill, createRefillTables, isRefillPending, type RefillJob } from '../search/versionedRefill.ts'
import { isDraftId, isPathId, isVersionId } from './ids.ts'
import { placedCountsSql, placedSignature, placedSpanSql } from './placedCounts.ts'

/**
 * The class of a document id, as the readers' views tell them apart (server/query/views.ts): 0 no
 * dot (what an anonymous reader sees), 1 a draft (`drafts.`), 2 a version (`versions.`), 3 any
 * other id with a dot (a path the published perspective shows).
 */
export const idClass = { plain: 0, draft: 1, version: 2, dotted: 3 } as const

export function idClassSql(column: string): string {
  return `(CASE WHEN instr(${column}, '.') = 0 THEN 0 WHEN ${column} >= 'drafts.' AND ${column} < 'drafts/' THEN 1 WHEN ${column} >= 'versions.' AND ${column} < 'versions/' THEN 2 ELSE 3 END)`
}

/** idClassSql's class, in JavaScript. */
function classOf(id: string): number {
  if (!isPathId(id)) return idClass.plain
  if (isDraftId(id)) return idClass.draft
  if (isVersionId(id)) return idClass.version
  return idClass.dotted
}

/** The id classes each kind of reader sees (views.ts `shows`). */
export const visibleClasses = {
  anonymous: [idClass.plain],
  published: [idClass.plain, idClass.dotted],
  raw: [idClass.plain, idClass.draft, idClass.dotted],
  'raw+versions': [idClass.plain, idClass.draft, idClass.version, idClass.dotted],
} as const

/**
 * Fields whose keys are counted per value: the few values listings and counts are narrowed by
 * (flags, a medium, a section, an author, a live blog). Every field's null key is counted too, so a
 * `defined(...)` count knows how many documents lack the field.
 */
export const countedFields: readonly string[] = ['isBreakingNews', 'isLeadStory', 'isFeatured', 'isLatestUpdate', 'mediaType', 'author._ref', 'liveBlog._ref', 'categories[]._ref']

const nullKeySql = "x'64'"
/**
 * The admin's conditions on a document's other half (`pair:` fields, server/groq/pairs.ts) are
 * counted where they are true or false: an editor's article list counts its current versions.
 */
export const countedPairPrefix = 'pair:'
const countedKeySql = `(NEW_OR_OLD.field IN (${countedFields.map((f) => `'${f}'`).join(', ')}) OR NEW_OR_OLD.key = ${nullKeySql} OR (NEW_OR_OLD.field >= 'pair:' AND NEW_OR_OLD.field < 'pair;' AND NEW_OR_OLD.key IN (x'0400', x'0401')))`
const counted = (row: 'NEW' | 'OLD') => countedKeySql.replaceAll('NEW_OR_OLD', row)

/** The counts' refill's row in `refill_pending` (server/search/versionedRefill.ts): its cursor is how far the counts are exact. */
export const countsRefillName = 'counts'

/**
 * A trigger counts a row change only where the counts' refill has already counted the rows (at or
 * before its cursor, or no refill pending); beyond it, the refill counts the row as it is when the
 * cursor reaches it. Each row is counted once, by one or the other.
 */
const reached = (row: 'NEW' | 'OLD') => `NOT EXISTS (SELECT 1 FROM refill_pending WHERE name = '${countsRefillName}' AND (${row}.dataset, ${row}.id) > (after_dataset, after_id))`

/** Bumped when what is counted, or how the triggers count it, changes: the counts are then filled again from the rows, once, by the refill. */
const countsVersion = `4:${countedFields.join(',')}:pair-booleans:after-cursor:placed=${placedSignature}`

/**
 * Creates the count tables and the triggers that keep them. When they are new or what they count
 * changed, empties them and begins their refill (a quick transaction, whatever the archive's size),
 * which then counts the stored rows in batches along the documents' primary key: after the service
 * listens, or at once for a command (docs/decisions/041-refills-after-listen.md). Until the refill
 * has passed a dataset, its counts are not complete, and readers count without them (countsReady).
 * Returns the refill when one is pending (begun now, or left part way by an earlier start).
 */
export function migrateCounts(db: Database.Database): RefillJob | null {
  createRefillTables(db)
  // The homepage's placed documents, counted with the rest (placedCounts.ts).
  const placed = placedCountsSql(reached, idClassSql)
  db.transaction(() => {
    db.exec(`
      CREATE TABLE IF NOT EXISTS type_counts (
        dataset TEXT NOT NULL, type TEXT NOT NULL, class INTEGER NOT NULL, n INTEGER NOT NULL,
        PRIMARY KEY (dataset, type, class)
      ) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS key_counts (
        dataset TEXT NOT NULL, type TEXT NOT NULL, field TEXT NOT NULL, key BLOB NOT NULL, class INTEGER NOT NULL, n INTEGER NOT NULL,
        PRIMARY KEY (dataset, type, field, key, class)
      ) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS counts_version (version TEXT NOT NULL);
      ${placed.table}
    `)
    const version = db.prepare('SELECT version FROM counts_version').pluck().get() as string | undefined
    if (version === countsVersion) return
    for (const name of ['type_counts_insert', 'type_counts_delete', 'type_counts_retype', 'key_counts_insert', 'key_counts_delete', ...placed.triggerNames]) db.exec(`DROP TRIGGER IF EXISTS ${name}`)
    db.exec(`
      CREATE TRIGGER type_counts_insert AFTER INSERT ON documents WHEN ${reached('NEW')} BEGIN
        INSERT INTO type_counts (dataset, type, class, n) VALUES (NEW.dataset, NEW.type, ${idClassSql('NEW.id')}, 1)
          ON CONFLICT (dataset, type, class) DO UPDATE SET n = n + 1;
      END;
      CREATE TRIGGER type_counts_delete AFTER DELETE ON documents WHEN ${reached('OLD')} BEGIN
        UPDATE type_counts SET n = n - 1 WHERE dataset = OLD.dataset AND type = OLD.type AND class = ${idClassSql('OLD.id')};
      END;
      CREATE TRIGGER type_counts_retype AFTER UPDATE OF type ON documents WHEN OLD.type IS NOT NEW.type AND ${reached('NEW')} BEGIN
        UPDATE type_counts SET n = n - 1 WHERE dataset = OLD.dataset AND type = OLD.type AND class = ${idClassSql('OLD.id')};
        INSERT INTO type_counts (dataset, type, class, n) VALUES (NEW.dataset, NEW.type, ${idClassSql('NEW.id')}, 1)
          ON CONFLICT (dataset, type, class) DO UPDATE SET n = n + 1;
      END;
      CREATE TRIGGER key_counts_insert AFTER INSERT ON document_keys WHEN ${counted('NEW')} AND ${reached('NEW')} BEGIN
        INSERT INTO key_counts (dataset, type, field, key, class, n) VALUES (NEW.dataset, NEW.type, NEW.field, NEW.key, ${idClassSql('NEW.id')}, 1)
          ON CONFLICT (dataset, type, field, key, class) DO UPDATE SET n = n + 1;
      END;
      CREATE TRIGGER key_counts_delete AFTER DELETE ON document_keys WHEN ${counted('OLD')} AND ${reached('OLD')} BEGIN
        UPDATE key_counts SET n = n - 1 WHERE dataset = OLD.dataset AND type = OLD.type AND field = OLD.field AND key = OLD.key AND class = ${idClassSql('OLD.id')};
      END;
      ${placed.triggers}
      DELETE FROM type_counts;
      DELETE FROM key_counts;
      DELETE FROM placed_counts;
      DELETE FROM counts_version;
    `)
    db.prepare('INSERT INTO counts_version (version) VALUES (?)').run(countsVersion)
    // Counted from the first document (again, if an earlier refill was part way); nothing to count is complete at once.
    if (db.prepare('SELECT 1 FROM documents LIMIT 1').get()) beginRefill(db, countsRefillName)
    else db.prepare('DELETE FROM refill_pending WHERE name = ?').run(countsRefillName)
  }).immediate()
  if (!isRefillPending(db, countsRefillName)) return null
  return {
    name: countsRefillName,
    types: null,
    span: () => {
      // A run of documents counted by type from where the batch read them, and their counted keys
      // from the keys' index by id (which holds every column counted): no document is parsed.
      const type = db.prepare("INSERT INTO type_counts (dataset, type, class, n) VALUES (?, ?, ?, ?) ON CONFLICT (dataset, type, class) DO UPDATE SET n = n + excluded.n")
      const keys = db.prepare(`
        INSERT INTO key_counts (dataset, type, field, key, class, n)
          SELECT dataset, type, field, key, ${idClassSql('id')}, count(*) FROM document_keys AS NEW INDEXED BY document_keys_by_id
          WHERE (dataset, id) > (?, ?) AND (dataset, id) <= (?, ?) AND ${counted('NEW')} GROUP BY 1, 2, 3, 4, 5
          ON CONFLICT (dataset, type, field, key, class) DO UPDATE SET n = n + excluded.n`)
      const placedSpan = db.prepare(placedSpanSql(idClassSql))
      return (after, rows) => {
        const types = new Map<string, { dataset: string; type: string; cls: number; n: number }>()
        for (const row of rows) {
          const cls = classOf(row.id)
          const name = JSON.stringify([row.dataset, row.type, cls])
          const entry = types.get(name)
          if (entry) entry.n++
          else types.set(name, { dataset: row.dataset, type: row.type, cls, n: 1 })
        }
        for (const entry of types.values()) type.run(entry.dataset, entry.type, entry.cls, entry.n)
        const last = rows[rows.length - 1]!
        keys.run(after.dataset, after.id, last.dataset, last.id)
        placedSpan.run(after.dataset, after.id, last.dataset, last.id)
      }
    },
  }
}

/**
 * Whether a dataset's counts are complete, read in the reader's own transaction: no counts refill
 * pending, or its cursor already past the dataset's last document. Until then the totals are
 * partial, and a count is answered without them (server/query/totals.ts).
 */
export function countsReady(db: Database.Database): (dataset: string) => boolean {
  const cursor = db.prepare('SELECT after_dataset FROM refill_pending WHERE name = ?').pluck()
  return (dataset) => {
    const at = cursor.get(countsRefillName) as string | undefined
    // Dataset names are ASCII (store.ts), so JavaScript orders them as SQLite does.
    return at === undefined || dataset < at
  }
}
