// How many documents of each type and class of id are placed on the homepage (flagged, a video, or
// trending: shared/homepage/query.ts `placedConditions`), kept by SQLite beside the other counts
// (counts.ts), so the homepage's count of unplaced articles is the type's total less this one: a few
// rows at any size, where it read every featured, latest and trending article's key (about 50,000
// index entries at a million articles). docs/decisions/045-unplaced-articles-counted-by-the-store.md.
//
// A document is placed when it holds a key in any of the conditions' ranges, the keys the index
// counts the negated conditions by (countSetOf in server/groq/planner.ts), so the kept count and a
// count read from those keys agree by construction. Triggers on `document_keys` decide it per
// document as its keys change: a key of the set written where the document held none counts it in;
// its last such key removed counts it out. The read counter writes `readsLastDay` as a key, so a story
// moves in and out as its reads cross the threshold, in the same transaction.

import { parse } from 'groq-js'
import { unplacedArticles } from '../../shared/homepage/query.ts'
import { countSetOf, type CountSet } from '../groq/planner.ts'
import type { KeyRange } from '../groq/keys.ts'

/** The keys that place a document: the unplaced articles' negated conditions, as the index counts them. */
export const placedKeys: CountSet['none'] = (() => {
  const set = countSetOf((parse(`*[${unplacedArticles}]`) as unknown as { expr: Parameters<typeof countSetOf>[0] }).expr, {})
  if (!set || set.all.length > 0 || set.ids.length > 0 || set.none.length === 0) throw new Error('The unplaced articles must be a type less documents with keys in some ranges (placedCounts.ts)')
  for (const { field } of set.none) if (!/^[A-Za-z0-9_.[\]]+$/.test(field)) throw new Error(`A placed field's name is written into the triggers as it is: ${field}`)
  return set.none
})()

const sameKey = (a: Buffer | null, b: Buffer | null) => (a === null ? b === null : b !== null && a.equals(b))
const sameRange = (a: KeyRange, b: KeyRange) => sameKey(a.low, b.low) && sameKey(a.high, b.high) && a.lowInclusive === b.lowInclusive && a.highInclusive === b.highInclusive
const sameCondition = (a: CountSet['none'][number], b: CountSet['none'][number]) => a.field === b.field && a.ranges.length === b.ranges.length && a.ranges.every((r, i) => sameRange(r, b.ranges[i]!))

/** Whether a count's removing conditions are exactly the placed ones (in any order): the documents the kept count holds. */
export function isPlacedSet(none: CountSet['none']): boolean {
  return none.length === placedKeys.length && placedKeys.every((p) => none.some((c) => sameCondition(c, p))) && none.every((c) => placedKeys.some((p) => sameCondition(c, p)))
}

const literal = (key: Buffer) => `x'${key.toString('hex')}'`

/** A row of `document_keys` (by its alias) holds a placed key: SQL with the keys written in, for a trigger. */
export function placedSql(row: string): string {
  const ranges = (column: string, list: KeyRange[]) =>
    list
      .map((r) => {
        const parts = [...(r.low ? [`${column} ${r.lowInclusive ? '>=' : '>'} ${literal(r.low)}`] : []), ...(r.high ? [`${column} ${r.highInclusive ? '<=' : '<'} ${literal(r.high)}`] : [])]
        return parts.length === 0 ? '1' : `(${parts.join(' AND ')})`
      })
      .join(' OR ') || '0'
  return `(${placedKeys.map((c) => `(${row}.field = '${c.field}' AND (${ranges(`${row}.key`, c.ranges)}))`).join(' OR ')})`
}

/** What the kept count holds, in one text: when it changes, the counts are filled again (counts.ts countsVersion). */
export const placedSignature = placedSql('k')

/**
 * The table and its triggers, for counts.ts to create with its own: `reached` is its condition that
 * the counts' refill has passed a row, and `idClass` its class of an id, so these rows are counted
 * once and in the same classes as every other total.
 */
export function placedCountsSql(reached: (row: 'NEW' | 'OLD') => string, idClass: (column: string) => string): { table: string; triggers: string; triggerNames: string[] } {
  // Another placed key of the same document, read from its own few keys.
  const another = (row: 'NEW' | 'OLD', except: string) =>
    `EXISTS (SELECT 1 FROM document_keys AS other INDEXED BY document_keys_by_id WHERE other.dataset = ${row}.dataset AND other.id = ${row}.id${except} AND ${placedSql('other')})`
  return {
    table: `CREATE TABLE IF NOT EXISTS placed_counts (
        dataset TEXT NOT NULL, type TEXT NOT NULL, class INTEGER NOT NULL, n INTEGER NOT NULL,
        PRIMARY KEY (dataset, type, class)
      ) WITHOUT ROWID;`,
    triggerNames: ['placed_counts_insert', 'placed_counts_delete'],
    triggers: `
      CREATE TRIGGER placed_counts_insert AFTER INSERT ON document_keys WHEN ${placedSql('NEW')} AND ${reached('NEW')} AND NOT ${another('NEW', ' AND NOT (other.field = NEW.field AND other.key = NEW.key)')} BEGIN
        INSERT INTO placed_counts (dataset, type, class, n) VALUES (NEW.dataset, NEW.type, ${idClass('NEW.id')}, 1)
          ON CONFLICT (dataset, type, class) DO UPDATE SET n = n + 1;
      END;
      CREATE TRIGGER placed_counts_delete AFTER DELETE ON document_keys WHEN ${placedSql('OLD')} AND ${reached('OLD')} AND NOT ${another('OLD', '')} BEGIN
        UPDATE placed_counts SET n = n - 1 WHERE dataset = OLD.dataset AND type = OLD.type AND class = ${idClass('OLD.id')};
      END;`,
  }
}

/** The refill's count of one span of ids (after, last]: its placed documents, from the keys' index by id. */
export function placedSpanSql(idClass: (column: string) => string): string {
  return `
    INSERT INTO placed_counts (dataset, type, class, n)
      SELECT dataset, type, ${idClass('id')}, count(DISTINCT id) FROM document_keys AS k INDEXED BY document_keys_by_id
      WHERE (dataset, id) > (?, ?) AND (dataset, id) <= (?, ?) AND ${placedSql('k')} GROUP BY 1, 2, 3
      ON CONFLICT (dataset, type, class) DO UPDATE SET n = n + excluded.n`
}
