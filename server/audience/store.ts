// Where counted reads are kept: `audience.db` in DATA_DIR, one table of hourly aggregates per
// article and source. Nothing about a reader is stored, only how many reads an article had in an
// hour and where they came from. The counter folds its
// buffered counts in here at most once a minute, in one SQL transaction; the admin's Audience page
// reads the same table.

import Database from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'

import type { ReadSource } from '../../shared/audience.ts'

// Where a reader came from, judged by the referrer's domain alone: one list, shared with the admin.
export { readSources, type ReadSource } from '../../shared/audience.ts'

const HOUR_MS = 3_600_000

/** The hour a moment falls in, as stored in `reads_hourly.hour`: whole hours since the epoch. */
export function hourOf(epochMs: number): number {
  return Math.floor(epochMs / HOUR_MS)
}

const MINUTE_MS = 60_000

/**
 * Minutes the per-minute counts are kept: the Audience page's "last 5 minutes" and "last hour"
 * read them (hours are too coarse for either); older ones are deleted as each fold adds new ones.
 */
export const minutesKept = 120

/** The minute a moment falls in, as stored in `reads_minutely.minute`: whole minutes since the epoch. */
export function minuteOf(epochMs: number): number {
  return Math.floor(epochMs / MINUTE_MS)
}

/** `reads` more reads of an article in a minute, whatever their source. */
export interface MinuteReads {
  dataset: string
  articleId: string
  minute: number
  reads: number
}

/** One row to add: `reads` more reads of an article in an hour from a source. */
export interface HourlyReads {
  dataset: string
  articleId: string
  hour: number
  source: ReadSource
  reads: number
}

/**
 * Opens (and creates when missing) `audience.db` in `dataDir` with its one table:
 * `reads_hourly(dataset, article_id, hour, source, reads)`, keyed by the first four. `article_id` is
 * the published document's id (never `drafts.…`); `hour` is `Math.floor(epochMs / 3_600_000)`.
 * Beside it `reads_minutely(dataset, article_id, minute, reads)` keeps the last `minutesKept` minutes.
 */
export function openAudienceDb(dataDir: string, options: { readonly?: boolean } = {}): Database.Database {
  mkdirSync(dataDir, { recursive: true })
  const db = new Database(join(dataDir, 'audience.db'))
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('busy_timeout = 5000')
  db.exec(`
    CREATE TABLE IF NOT EXISTS reads_hourly (
      dataset TEXT NOT NULL,
      article_id TEXT NOT NULL,
      hour INTEGER NOT NULL,
      source TEXT NOT NULL,
      reads INTEGER NOT NULL,
      PRIMARY KEY (dataset, article_id, hour, source)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS reads_hourly_by_hour ON reads_hourly (dataset, hour);
    CREATE TABLE IF NOT EXISTS reads_minutely (
      dataset TEXT NOT NULL,
      article_id TEXT NOT NULL,
      minute INTEGER NOT NULL,
      reads INTEGER NOT NULL,
      PRIMARY KEY (dataset, article_id, minute)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS reads_minutely_by_minute ON reads_minutely (dataset, minute);
  `)
  if (options.readonly) db.pragma('query_only = ON')
  return db
}

export class AudienceStore {
  readonly db: Database.Database
  private readonly statements

  constructor(dataDir: string) {
    this.db = openAudienceDb(dataDir)
    this.statements = {
      add: this.db.prepare(`INSERT INTO reads_hourly (dataset, article_id, hour, source, reads) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (dataset, article_id, hour, source) DO UPDATE SET reads = reads + excluded.reads`),
      since: this.db.prepare('SELECT article_id AS id, SUM(reads) AS reads FROM reads_hourly WHERE dataset = ? AND hour >= ? GROUP BY article_id'),
      prune: this.db.prepare('DELETE FROM reads_hourly WHERE hour < ?'),
      addMinute: this.db.prepare(`INSERT INTO reads_minutely (dataset, article_id, minute, reads) VALUES (?, ?, ?, ?)
        ON CONFLICT (dataset, article_id, minute) DO UPDATE SET reads = reads + excluded.reads`),
      pruneMinutes: this.db.prepare('DELETE FROM reads_minutely WHERE minute < ?'),
    }
  }

  /**
   * Adds the rows' reads to their hours and the minutes' to theirs, all in one SQL transaction; the
   * minutes older than `minutesKept` before `now` go in the same transaction.
   */
  add(rows: Iterable<HourlyReads>, minutes: Iterable<MinuteReads> = [], now = Date.now()): void {
    this.db.transaction(() => {
      for (const row of rows) this.statements.add.run(row.dataset, row.articleId, row.hour, row.source, row.reads)
      for (const m of minutes) this.statements.addMinute.run(m.dataset, m.articleId, m.minute, m.reads)
      this.statements.pruneMinutes.run(minuteOf(now) - minutesKept)
    })()
  }

  /** Each article's reads from the start of `fromHour` on, for the articles read in that time. */
  readsSince(dataset: string, fromHour: number): Map<string, number> {
    const rows = this.statements.since.all(dataset, fromHour) as Array<{ id: string; reads: number }>
    return new Map(rows.map((row) => [row.id, row.reads]))
  }

  /** Deletes the hours before `beforeHour`; returns how many rows went. */
  prune(beforeHour: number): number {
    return this.statements.prune.run(beforeHour).changes
  }

  close(): void {
    this.db.close()
  }
}
