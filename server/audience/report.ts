// The Audience report: what the admin's Audience page and an article's edit page show, read from
// the aggregates in audience.db (reads_hourly, and reads_minutely for the last 5 and 60 minutes),
// which server/audience/store.ts creates and the counter fills.
// Only sums over those tables: nothing here knows or keeps anything about a reader.

import type Database from 'better-sqlite3'
import {
  audienceHours,
  readSources,
  topArticlesLimit,
  type AudienceWindow,
  type HourReads,
  type ReadSource,
  type ReadTotals,
  type SourceReads,
} from '../../shared/audience.ts'

const hourMs = 3_600_000
const minuteMs = 60_000

/** Which articles a report covers: all of them, or these ids alone (a contributor's own). */
export type ArticleScope = { all: true } | { ids: ReadonlySet<string> }

export interface OverviewNumbers {
  /** Whether any read of the scope's articles was ever counted (and is still kept). */
  counted: boolean
  totals: ReadTotals
  hours: HourReads[]
  sources: SourceReads[]
  top: Array<{ id: string; lastHour: number; lastDay: number; hours: number[] }>
}

export interface ArticleNumbers {
  totals: ReadTotals & { allTime: number }
  hours: HourReads[]
  sources: SourceReads[]
}

// @scope is a JSON array of ids, or null for every article: one statement serves both.
const inScope = `(@scope IS NULL OR article_id IN (SELECT value FROM json_each(@scope)))`

export class AudienceReport {
  private readonly statements

  constructor(
    db: Database.Database,
    private readonly now: () => number = Date.now,
  ) {
    this.statements = {
      minutes: db.prepare(`SELECT COALESCE(SUM(reads), 0) FROM reads_minutely WHERE dataset = @dataset AND minute >= @from AND ${inScope}`).pluck(),
      day: db.prepare(`SELECT COALESCE(SUM(reads), 0) FROM reads_hourly WHERE dataset = @dataset AND hour >= @from AND ${inScope}`).pluck(),
      byHour: db.prepare(`SELECT hour, SUM(reads) AS reads FROM reads_hourly WHERE dataset = @dataset AND hour >= @from AND ${inScope} GROUP BY hour`),
      bySource: db.prepare(`SELECT source, SUM(reads) AS reads FROM reads_hourly WHERE dataset = @dataset AND hour >= @from AND ${inScope} GROUP BY source`),
      topOfDay: db.prepare(
        `SELECT article_id AS id, SUM(reads) AS reads FROM reads_hourly WHERE dataset = @dataset AND hour >= @from AND ${inScope}
         GROUP BY article_id ORDER BY reads DESC, article_id LIMIT @limit`,
      ),
      topOfHour: db.prepare(
        `SELECT article_id AS id, SUM(reads) AS reads FROM reads_minutely WHERE dataset = @dataset AND minute >= @from AND ${inScope}
         GROUP BY article_id ORDER BY reads DESC, article_id LIMIT @limit`,
      ),
      articlesByHour: db.prepare(`SELECT article_id AS id, hour, SUM(reads) AS reads FROM reads_hourly WHERE dataset = @dataset AND hour >= @from AND ${inScope} GROUP BY article_id, hour`),
      articlesInMinutes: db.prepare(`SELECT article_id AS id, SUM(reads) AS reads FROM reads_minutely WHERE dataset = @dataset AND minute >= @from AND ${inScope} GROUP BY article_id`),
      any: db.prepare(`SELECT EXISTS (SELECT 1 FROM reads_hourly WHERE dataset = @dataset AND ${inScope})`).pluck(),
      allTime: db.prepare(`SELECT COALESCE(SUM(reads), 0) FROM reads_hourly WHERE dataset = @dataset AND ${inScope}`).pluck(),
      allTimeBySource: db.prepare(`SELECT source, SUM(reads) AS reads FROM reads_hourly WHERE dataset = @dataset AND ${inScope} GROUP BY source`),
    }
  }

  /** The first minute and hour of each window, from the clock now. */
  private windows() {
    const now = this.now()
    const minute = Math.floor(now / minuteMs)
    const hour = Math.floor(now / hourMs)
    return { last5Minutes: minute - 4, lastHour: minute - 59, firstHour: hour - (audienceHours - 1) }
  }

  private totals(dataset: string, scope: string | null): ReadTotals {
    const w = this.windows()
    return {
      last5Minutes: this.statements.minutes.get({ scope, dataset, from: w.last5Minutes }) as number,
      lastHour: this.statements.minutes.get({ scope, dataset, from: w.lastHour }) as number,
      lastDay: this.statements.day.get({ scope, dataset, from: w.firstHour }) as number,
    }
  }

  private hours(dataset: string, scope: string | null): HourReads[] {
    const { firstHour } = this.windows()
    const rows = this.statements.byHour.all({ scope, dataset, from: firstHour }) as Array<{ hour: number; reads: number }>
    const byHour = new Map(rows.map((r) => [r.hour, r.reads]))
    return hourSeries(firstHour).map((hour) => ({ hour: new Date(hour * hourMs).toISOString(), reads: byHour.get(hour) ?? 0 }))
  }

  /** Everything the Audience page shows, for every article or the scope's alone. */
  overview(dataset: string, scope: ArticleScope, window: AudienceWindow): OverviewNumbers {
    const ids = scopeParam(scope)
    const w = this.windows()
    const ranked = (
      window === 'hour'
        ? this.statements.topOfHour.all({ scope: ids, dataset, from: w.lastHour, limit: topArticlesLimit })
        : this.statements.topOfDay.all({ scope: ids, dataset, from: w.firstHour, limit: topArticlesLimit })
    ) as Array<{ id: string; reads: number }>
    const topIds = JSON.stringify(ranked.map((r) => r.id))
    const series = new Map<string, number[]>(ranked.map((r) => [r.id, new Array<number>(audienceHours).fill(0)]))
    for (const row of this.statements.articlesByHour.all({ scope: topIds, dataset, from: w.firstHour }) as Array<{ id: string; hour: number; reads: number }>) {
      series.get(row.id)![row.hour - w.firstHour] = row.reads
    }
    const lastHour = new Map((this.statements.articlesInMinutes.all({ scope: topIds, dataset, from: w.lastHour }) as Array<{ id: string; reads: number }>).map((r) => [r.id, r.reads]))
    return {
      counted: this.statements.any.get({ scope: ids, dataset }) === 1,
      totals: this.totals(dataset, ids),
      hours: this.hours(dataset, ids),
      sources: bySource(this.statements.bySource.all({ scope: ids, dataset, from: w.firstHour }) as SourceRow[]),
      top: ranked.map((r) => {
        const hours = series.get(r.id)!
        return { id: r.id, lastHour: lastHour.get(r.id) ?? 0, lastDay: hours.reduce((a, b) => a + b, 0), hours }
      }),
    }
  }

  /** One article's reads: its totals, the last 24 hours hour by hour, and every kept read by source. */
  article(dataset: string, id: string): ArticleNumbers {
    const ids = JSON.stringify([id])
    return {
      totals: { ...this.totals(dataset, ids), allTime: this.statements.allTime.get({ scope: ids, dataset }) as number },
      hours: this.hours(dataset, ids),
      sources: bySource(this.statements.allTimeBySource.all({ scope: ids, dataset }) as SourceRow[]),
    }
  }
}

type SourceRow = { source: string; reads: number }

function scopeParam(scope: ArticleScope): string | null {
  return 'all' in scope ? null : JSON.stringify([...scope.ids])
}

function hourSeries(firstHour: number): number[] {
  return Array.from({ length: audienceHours }, (_, i) => firstHour + i)
}

/** Every source in its fixed order, with zero where none came; a source the report does not know is left out. */
function bySource(rows: SourceRow[]): SourceReads[] {
  const reads = new Map(rows.map((r) => [r.source, r.reads]))
  return readSources.map((source: ReadSource) => ({ source, reads: reads.get(source) ?? 0 }))
}
