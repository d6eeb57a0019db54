// How many documents each type has, and how many have each value of a few keyed fields, kept by
// SQLite itself so that a count over a whole type (a listing's "total", the homepage's unplaced
// articles, the sitemap index) reads a few rows, not every document of the type.
//
// Triggers on `documents` and `document_keys` keep them, so every writer updates them in the SQL
// transaction that writes the rows: the store's commits, the counted reads, a dataset dropped, the
// listing keys refilled, and another process (the `content` command) alike. Each count is kept per
// class of id, so a reader's view adds up only the classes it shows: an anonymous reader's count
// never includes a draft. docs/decisions/039-counts-kept-by-the-store.md.

import type Database from 'better-sqlite3'

/**
 * The class of a document id, as the readers' views tell them apart (server/query/views.ts): 0 no
 * dot (what an anonymous reader sees), 1 a draft (`drafts.`), 2 a version (`versions.`), 3 any
 * other id with a dot (a path the published perspective shows).
 */
export const idClass = { plain: 0, draft: 1, version: 2, dotted: 3 } as const

export function idClassSql(column: string): string {
  return `(CASE WHEN instr(${column}, '.') = 0 THEN 0 WHEN ${column} >= 'drafts.' AND ${column} < 'drafts/' THEN 1 WHEN ${column} >= 'versions.' AND ${column} < 'versions/' THEN 2 ELSE 3 END)`
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

/** Bumped when what is counted changes: the counts are then filled again from the rows, once. */
const countsVersion = `2:${countedFields.join(',')}:pair-booleans`

/**
 * Creates the count tables and the triggers that keep them; fills them from the rows already there
 * when they are new or what they count changed (one aggregate over each table's index).
 */
export function migrateCounts(db: Database.Database): void {
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
    `)
    const version = db.prepare('SELECT version FROM counts_version').pluck().get() as string | undefined
    if (version === countsVersion) return
    for (const name of ['type_counts_insert', 'type_counts_delete', 'type_counts_retype', 'key_counts_insert', 'key_counts_delete']) db.exec(`DROP TRIGGER IF EXISTS ${name}`)
    db.exec(`
      CREATE TRIGGER type_counts_insert AFTER INSERT ON documents BEGIN
        INSERT INTO type_counts (dataset, type, class, n) VALUES (NEW.dataset, NEW.type, ${idClassSql('NEW.id')}, 1)
          ON CONFLICT (dataset, type, class) DO UPDATE SET n = n + 1;
      END;
      CREATE TRIGGER type_counts_delete AFTER DELETE ON documents BEGIN
        UPDATE type_counts SET n = n - 1 WHERE dataset = OLD.dataset AND type = OLD.type AND class = ${idClassSql('OLD.id')};
      END;
      CREATE TRIGGER type_counts_retype AFTER UPDATE OF type ON documents WHEN OLD.type IS NOT NEW.type BEGIN
        UPDATE type_counts SET n = n - 1 WHERE dataset = OLD.dataset AND type = OLD.type AND class = ${idClassSql('OLD.id')};
        INSERT INTO type_counts (dataset, type, class, n) VALUES (NEW.dataset, NEW.type, ${idClassSql('NEW.id')}, 1)
          ON CONFLICT (dataset, type, class) DO UPDATE SET n = n + 1;
      END;
      CREATE TRIGGER key_counts_insert AFTER INSERT ON document_keys WHEN ${counted('NEW')} BEGIN
        INSERT INTO key_counts (dataset, type, field, key, class, n) VALUES (NEW.dataset, NEW.type, NEW.field, NEW.key, ${idClassSql('NEW.id')}, 1)
          ON CONFLICT (dataset, type, field, key, class) DO UPDATE SET n = n + 1;
      END;
      CREATE TRIGGER key_counts_delete AFTER DELETE ON document_keys WHEN ${counted('OLD')} BEGIN
        UPDATE key_counts SET n = n - 1 WHERE dataset = OLD.dataset AND type = OLD.type AND field = OLD.field AND key = OLD.key AND class = ${idClassSql('OLD.id')};
      END;
      DELETE FROM type_counts;
      DELETE FROM key_counts;
      INSERT INTO type_counts (dataset, type, class, n) SELECT dataset, type, ${idClassSql('id')}, count(*) FROM documents GROUP BY 1, 2, 3;
      INSERT INTO key_counts (dataset, type, field, key, class, n)
        SELECT dataset, type, field, key, ${idClassSql('id')}, count(*) FROM document_keys AS NEW WHERE ${counted('NEW')} GROUP BY 1, 2, 3, 4, 5;
      DELETE FROM counts_version;
    `)
    db.prepare('INSERT INTO counts_version (version) VALUES (?)').run(countsVersion)
  }).immediate()
}
