// How many articles each month of the archive holds, and when each month's articles last changed,
// kept by SQLite itself so that /sitemap.xml (one sitemap per month, server/feeds/sitemaps.ts) reads
// a row per month instead of counting every month's articles: at 1,000,000 articles that count was
// 40 s the first time after a start, which a crawler would have waited.
//
// Triggers on `documents` keep the rows, in the SQL transaction of every write, whoever writes (the
// store's commits, a dataset dropped, another process such as the `content` command), as the counts
// are kept (counts.ts, decision 039). Only what an anonymous reader of the sitemaps sees is counted:
// an article with a plain id (never a draft, a release version or another id with a dot), a
// `slug.current` and a `publishedAt` whose text begins with a month. When what is kept changes (a
// release's version below), the rows are filled again from the documents by the one refill helper
// after the service listens, and are not read for a dataset until the refill has passed it
// (decision 041). docs/decisions/048-sitemap-months-kept-by-the-store.md.

import type Database from 'better-sqlite3'
import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { beginRefill, createRefillTables, isRefillPending, type RefillJob } from '../search/versionedRefill.ts'

/** The months' refill's row in `refill_pending`: its cursor is how far the rows are exact. */
export const sitemapMonthsRefillName = 'sitemap-months'

/**
 * Removes the month files an earlier release kept in the data folder (`sitemap-months-<dataset>.json`,
 * before the store kept the months): nothing reads them, and a backup of the folder need not carry them.
 */
export function removeMonthFiles(dataDir: string): void {
  for (const name of readdirSync(dataDir)) if (/^sitemap-months-.*\.json$/.test(name)) rmSync(join(dataDir, name), { force: true })
}

/** A month with articles, as /sitemap.xml lists it. */
export interface MonthTotal {
  /** `2026-11`. */
  month: string
  /** Articles published in it. */
  count: number
  /**
   * When its articles last changed: the newest `_updatedAt` among them, or the time one left the
   * month (deleted, unpublished, moved to another month or no longer an article) when that is later,
   * so the month's sitemap, which changed then, never looks older than a crawler's copy of it.
   */
  updated: string
}

/** Months listed at most (a century back from the newest): an absurd oldest date cannot make the index unbounded. */
export const maxMonths = 1_200

/**
 * The month an article's row is listed under, or NULL: the first seven characters of its
 * `publishedAt` when they are a month (`2026-11`), for an article with a `slug.current`. The
 * document is JSON the store wrote (never deeper than SQLite's JSON functions read), checked anyway
 * so that no write can fail on it.
 */
function monthSql(doc: string): string {
  const published = `json_extract(${doc}, '$.publishedAt')`
  return `(CASE WHEN json_valid(${doc}) AND json_type(${doc}, '$.slug.current') <> 'null' AND json_type(${doc}, '$.publishedAt') = 'text'
    AND substr(${published}, 1, 7) GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]' AND substr(${published}, 6, 2) BETWEEN '01' AND '12'
    THEN substr(${published}, 1, 7) END)`
}

/** A document's `_updatedAt` (the store stamps every write with its time, to the second). */
const updatedSql = (doc: string) => `coalesce(CASE WHEN json_valid(${doc}) THEN json_extract(${doc}, '$._updatedAt') END, '')`

/** Now, to the second, as `_updatedAt` is written: when a deleted article left its month. */
const nowSql = "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')"

/** A row anonymous readers may see: no dot in its id (server/access/visibility.ts). */
const plainArticle = (row: 'NEW' | 'OLD') => `${row}.type = 'article' AND instr(${row}.id, '.') = 0`

/**
 * A trigger counts a row change only where the refill has already counted the rows (at or before
 * its cursor, or no refill pending); beyond it, the refill counts the row as it is when the cursor
 * reaches it. Each row is counted once, by one or the other.
 */
const reached = (row: 'NEW' | 'OLD') => `NOT EXISTS (SELECT 1 FROM refill_pending WHERE name = '${sitemapMonthsRefillName}' AND (${row}.dataset, ${row}.id) > (after_dataset, after_id))`

/** One more article in a month (an upsert; `WHERE true` tells SQLite's parser the ON CONFLICT is the upsert's). */
const addSql = (dataset: string, doc: string) => `
  INSERT INTO sitemap_months (dataset, month, n, updated)
    SELECT ${dataset}, month, 1, updated FROM (SELECT ${monthSql(doc)} AS month, ${updatedSql(doc)} AS updated) WHERE month IS NOT NULL
    ON CONFLICT (dataset, month) DO UPDATE SET n = n + 1, updated = max(updated, excluded.updated);`

/** Bumped when what is kept, or how the triggers keep it, changes: the rows are then filled again from the documents, once, by the refill. */
const sitemapMonthsVersion = '1:plain-articles:slug:publishedAt-month:left-at'

const triggers = ['sitemap_months_insert', 'sitemap_months_update', 'sitemap_months_delete']

/**
 * Creates the months' table and the triggers that keep it. When they are new or what they keep
 * changed, empties it and begins its refill (a quick transaction, whatever the archive's size),
 * which then counts the stored articles in batches along the documents' primary key: after the
 * service listens, or at once for a command. Returns the refill when one is pending (begun now, or
 * left part way by an earlier start).
 */
export function migrateSitemapMonths(db: Database.Database): RefillJob | null {
  createRefillTables(db)
  db.transaction(() => {
    db.exec(`
      CREATE TABLE IF NOT EXISTS sitemap_months (
        dataset TEXT NOT NULL, month TEXT NOT NULL, n INTEGER NOT NULL, updated TEXT NOT NULL,
        PRIMARY KEY (dataset, month)
      ) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS sitemap_months_version (version TEXT NOT NULL);
    `)
    const version = db.prepare('SELECT version FROM sitemap_months_version').pluck().get() as string | undefined
    if (version === sitemapMonthsVersion) return
    for (const name of triggers) db.exec(`DROP TRIGGER IF EXISTS ${name}`)
    db.exec(`
      CREATE TRIGGER sitemap_months_insert AFTER INSERT ON documents WHEN ${plainArticle('NEW')} AND ${reached('NEW')} BEGIN
        ${addSql('NEW.dataset', 'NEW.doc')}
      END;
      CREATE TRIGGER sitemap_months_update AFTER UPDATE OF type, doc ON documents
        WHEN (${plainArticle('OLD')} OR ${plainArticle('NEW')}) AND ${reached('NEW')} BEGIN
        -- The month it was in loses it, changed at the write's time; the month it is in (the same or another) gains it.
        UPDATE sitemap_months SET n = n - 1, updated = max(updated, ${updatedSql('NEW.doc')})
          WHERE ${plainArticle('OLD')} AND dataset = OLD.dataset AND month = ${monthSql('OLD.doc')};
        ${addSql('NEW.dataset', "(CASE WHEN NEW.type = 'article' THEN NEW.doc END)")}
      END;
      CREATE TRIGGER sitemap_months_delete AFTER DELETE ON documents WHEN ${plainArticle('OLD')} AND ${reached('OLD')} BEGIN
        UPDATE sitemap_months SET n = n - 1, updated = max(updated, ${nowSql}) WHERE dataset = OLD.dataset AND month = ${monthSql('OLD.doc')};
      END;
      DELETE FROM sitemap_months;
      DELETE FROM sitemap_months_version;
    `)
    db.prepare('INSERT INTO sitemap_months_version (version) VALUES (?)').run(sitemapMonthsVersion)
    // Counted from the first article (again, if an earlier refill was part way); nothing to count is complete at once.
    if (db.prepare("SELECT 1 FROM documents WHERE type = 'article' LIMIT 1").get()) beginRefill(db, sitemapMonthsRefillName)
    else db.prepare('DELETE FROM refill_pending WHERE name = ?').run(sitemapMonthsRefillName)
  }).immediate()
  if (!isRefillPending(db, sitemapMonthsRefillName)) return null
  return {
    name: sitemapMonthsRefillName,
    types: ['article'],
    span: () => {
      // A run of articles counted by month where they lie, in SQLite: no document is parsed in JavaScript.
      const add = db.prepare(`
        INSERT INTO sitemap_months (dataset, month, n, updated)
          SELECT dataset, month, count(*), max(updated) FROM (
            SELECT dataset, ${monthSql('doc')} AS month, ${updatedSql('doc')} AS updated FROM documents
            WHERE (dataset, id) > (?, ?) AND (dataset, id) <= (?, ?) AND type = 'article' AND instr(id, '.') = 0
          ) WHERE month IS NOT NULL GROUP BY dataset, month
          ON CONFLICT (dataset, month) DO UPDATE SET n = n + excluded.n, updated = max(updated, excluded.updated)`)
      return (after, rows) => {
        const last = rows[rows.length - 1]!
        add.run(after.dataset, after.id, last.dataset, last.id)
      }
    },
  }
}

/** The oldest month listed with `newest`: the century of months ending with it. */
export function oldestListed(newest: string): string {
  const [year, m] = newest.split('-').map(Number) as [number, number]
  const index = year * 12 + (m - 1) - (maxMonths - 1)
  return index < 0 ? '0000-01' : `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`
}

/**
 * A reader of a dataset's months with articles, newest first (at most the century of months before
 * the newest), or null while the refill has not yet counted the dataset: the rows are then partial.
 * The rows and the refill's cursor are read in one transaction.
 */
export function sitemapMonthsReader(db: Database.Database): (dataset: string) => MonthTotal[] | null {
  const cursor = db.prepare('SELECT after_dataset FROM refill_pending WHERE name = ?').pluck()
  const months = db.prepare('SELECT month, n AS count, updated FROM sitemap_months WHERE dataset = ? AND n > 0 ORDER BY month DESC LIMIT ?')
  return db.transaction((dataset: string) => {
    const at = cursor.get(sitemapMonthsRefillName) as string | undefined
    // Dataset names are ASCII (store.ts), so JavaScript orders them as SQLite does.
    if (at !== undefined && !(dataset < at)) return null
    const rows = months.all(dataset, maxMonths) as MonthTotal[]
    if (rows.length === 0) return rows
    const oldest = oldestListed(rows[0]!.month)
    return rows.filter((row) => row.month >= oldest)
  })
}

/** Forgets a dropped dataset's months (its documents' deletes left them at zero). */
export function dropSitemapMonths(db: Database.Database, dataset: string): void {
  db.prepare('DELETE FROM sitemap_months WHERE dataset = ?').run(dataset)
}
