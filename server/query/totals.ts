// Counts answered from the totals the store keeps (server/store/counts.ts), so `count(*[filter])`
// over a whole type, or one section's, author's or blog's documents, reads a few rows whatever the
// size of the archive: the listings' "total", the homepage's unplaced count, the sitemap index's
// count, the live blog desk's total. docs/decisions/039-counts-kept-by-the-store.md.
//
// A count is answered here when it is exact from the totals: the documents of a type (or of one
// value of a counted field) in the classes of ids the reader's view shows, less those an
// `_id in path("drafts.**")` condition removes (the drafts' own total, and the few other ids with that
// prefix, counted in their range of the index), less those a condition such as `defined(slug.current)`
// or `!(isFeatured == true)` removes (the documents lacking the field, or holding the flag, read from
// their keys: few, or one counted value whose total is kept). Otherwise it is null, and the index
// counts it as before (server/query/documents.ts), as it is while an upgrade's refill counts the
// dataset's rows again, or writes a field's keys again (decision 041): the totals of a key follow
// the keys as they are, so while a field's keys are partial its totals are too.

import type Database from 'better-sqlite3'
import type { CountSet } from '../groq/planner.ts'
import { keyRangeSql as rangeSql, type KeyRange } from '../groq/keys.ts'
import { countedFields, countedPairPrefix, countsReady, idClass, visibleClasses } from '../store/counts.ts'
import { nullKey, sortKey } from '../store/documentColumns.ts'
import { isPlacedSet } from '../store/placedCounts.ts'

type ViewKind = keyof typeof visibleClasses

/** The id prefixes whose class the totals keep apart: `_id in path("drafts.**")` is every draft, and the odd ids beside them. */
const prefixClasses: Record<string, number> = { drafts: idClass.draft, versions: idClass.version }

/** A condition's one key, when its ranges are a single key (`isFeatured == true`, `"c1" in categories[]._ref`). */
function pointOf(ranges: KeyRange[]): Buffer | null {
  if (ranges.length !== 1) return null
  const [range] = ranges as [KeyRange]
  return range.low && range.high && range.lowInclusive && range.highInclusive && range.low.equals(range.high) ? range.low : null
}

const booleanKeys = [sortKey(true), sortKey(false)]
const isCounted = (field: string, key: Buffer) => countedFields.includes(field) || key.equals(nullKey) || (field.startsWith(countedPairPrefix) && booleanKeys.some((k) => k.equals(key)))

/** The end of the ids starting with `prefix`: the prefix with its last code unit one higher. */
const prefixEnd = (prefix: string) => prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)

interface Key {
  field: string
  key: Buffer
}

export class TotalsReader {
  private readonly statements
  private readonly ready: (dataset: string) => boolean

  constructor(private readonly db: Database.Database) {
    this.ready = countsReady(db)
    this.statements = {
      type: db.prepare('SELECT coalesce(sum(n), 0) FROM type_counts WHERE dataset = ? AND type = ? AND class = ?').pluck(),
      key: db.prepare('SELECT coalesce(sum(n), 0) FROM key_counts WHERE dataset = ? AND type = ? AND field = ? AND key = ? AND class = ?').pluck(),
      placed: db.prepare('SELECT coalesce(sum(n), 0) FROM placed_counts WHERE dataset = ? AND type = ? AND class = ?').pluck(),
    }
  }

  /**
   * How many documents of `set.type` a reader of `kind` sees that pass every condition of the set,
   * from the kept totals; null when they cannot say exactly. `visited` gets the index entries read.
   * `keysReady` says whether a field's keys are complete (keyRefill.ts `keysReady`, read in the
   * query's own transaction): the set's fields are every field this reads the totals or keys of.
   */
  count(dataset: string, set: CountSet, kind: ViewKind, visibleSql: string, visited: (entries: number) => void, keysReady: (field: string) => boolean): number | null {
    if (set.all.length > 1 || set.ids.length > 1) return null
    // Being counted again after an upgrade (counts.ts): partial until the refill has passed the dataset.
    if (!this.ready(dataset)) return null
    // A field whose keys are being written again: its totals follow its partial keys (and so do the
    // keys `union` and `odd` read).
    if (![...set.all, ...set.none].every((c) => keysReady(c.field))) return null
    const id = set.ids[0]
    if (id && prefixClasses[id.prefix] === undefined) return null
    const first = set.all[0]
    const point = first ? pointOf(first.ranges) : null
    if (first && (!point || !isCounted(first.field, point))) return null
    const base: Key | null = first && point ? { field: first.field, key: point } : null
    const classes = visibleClasses[kind] as readonly number[]
    const unplaced = this.unplaced(dataset, set, classes, visited)
    if (unplaced !== null) return unplaced
    /** The documents of the base (the type, or one counted key) the view shows and the id condition passes. */
    const measure = (of: Key | null): number => {
      const total = (cls: number): number => {
        visited(1)
        return (of ? this.statements.key.get(dataset, set.type, of.field, of.key, cls) : this.statements.type.get(dataset, set.type, cls)) as number
      }
      const all = classes.reduce((sum, cls) => sum + total(cls), 0)
      if (!id) return all
      const cls = prefixClasses[id.prefix]!
      // `_id in path("drafts.**")`: every draft, and the ids such as "draftsman" or "drafts-1.x" (longer
      // than the prefix, starting with it, its next character not the dot), counted in their ranges.
      const matched = (classes.includes(cls) ? total(cls) : 0) + this.odd(dataset, set.type, of, id.prefix, visibleSql, visited)
      return id.negate ? all - matched : matched
    }
    let n = measure(base)
    if (set.none.length === 0) return n
    // The documents with a key where a condition fails. Without a base key, the largest counted one
    // (the videos among every article) is taken from its total, and only the rest are read.
    const counted = base
      ? []
      : set.none.flatMap((c) => {
          const key = pointOf(c.ranges)
          return key && isCounted(c.field, key) ? [{ field: c.field, key }] : []
        })
    const largest = counted.map((key) => ({ key, n: measure(key) })).sort((a, b) => b.n - a.n)[0]
    if (largest) n -= largest.n
    const rest = set.none.filter((c) => !largest || c.field !== largest.key.field || !pointOf(c.ranges)?.equals(largest.key.key))
    if (rest.length > 0) n -= this.union(dataset, set, rest, base, largest?.key ?? null, visibleSql, visited)
    return n
  }

  /**
   * The homepage's unplaced documents (shared/homepage/query.ts `unplacedArticles`): the type's total
   * less its placed documents' (server/store/placedCounts.ts), both kept, in the view's classes. Null
   * for any other set. The placed fields' keys are complete here (`count` checked them), and so is
   * their count, which follows them.
   */
  private unplaced(dataset: string, set: CountSet, classes: readonly number[], visited: (entries: number) => void): number | null {
    if (set.all.length > 0 || set.ids.length > 0 || !isPlacedSet(set.none)) return null
    return classes.reduce((sum, cls) => {
      visited(2)
      return sum + (this.statements.type.get(dataset, set.type, cls) as number) - (this.statements.placed.get(dataset, set.type, cls) as number)
    }, 0)
  }

  /**
   * How many index entries of `field` hold a key in `ranges`, every class of id: the kept total when
   * the ranges are one counted key, else null. (An element field has a key per distinct value and
   * document, so this is also the number of documents holding it.) Null too while the counts are
   * counted again, or the field's keys are written again (`keysReady`, as for `count`).
   */
  entries(dataset: string, type: string, field: string, ranges: KeyRange[], keysReady: (field: string) => boolean): number | null {
    const point = pointOf(ranges)
    if (!point || !isCounted(field, point)) return null
    if (!this.ready(dataset) || !keysReady(field)) return null
    return Object.values(idClass).reduce((sum: number, cls) => sum + (this.statements.key.get(dataset, type, field, point, cls) as number), 0)
  }

  /**
   * The documents of the base the view shows whose id starts with `prefix` and is longer, other than
   * the prefix's own class (`drafts.`): the ids such as "draftsman" or "drafts-1.x", read in the two
   * ranges either side of that class's.
   */
  private odd(dataset: string, type: string, of: Key | null, prefix: string, visibleSql: string, visited: (entries: number) => void): number {
    const from = of
      ? { sql: 'document_keys WHERE dataset = ? AND type = ? AND field = ? AND key = ?', args: [dataset, type, of.field, of.key] }
      : { sql: 'documents WHERE dataset = ? AND type = ?', args: [dataset, type] }
    const count = (range: string, low: string, high: string): number => {
      const row = this.db.prepare(`SELECT count(*) AS entries, coalesce(sum(CASE WHEN ${visibleSql} THEN 1 ELSE 0 END), 0) AS n FROM ${from.sql} AND ${range}`).get(...from.args, low, high) as { entries: number; n: number }
      visited(row.entries)
      return row.n
    }
    return count('id > ? AND id < ?', prefix, `${prefix}.`) + count('id >= ? AND id < ?', `${prefix}/`, prefixEnd(prefix))
  }

  /**
   * How many distinct documents of the type, seen by the view and passing the id condition, have a
   * key in one of the conditions' ranges, within the base key's documents (when there is one) and
   * outside the excluded key's (already taken from its total). Reads the conditions' keys.
   */
  private union(dataset: string, set: CountSet, conditions: CountSet['none'], within: Key | null, outside: Key | null, visibleSql: string, visited: (entries: number) => void): number {
    const args: unknown[] = []
    const branches = conditions.map((condition) => {
      args.push(dataset, set.type, condition.field)
      return `SELECT id FROM document_keys WHERE dataset = ? AND type = ? AND field = ? AND ${rangeSql(condition.ranges, args)}`
    })
    const filters = [visibleSql.replace(/\bid\b/g, 'u.id')]
    const filterArgs: unknown[] = []
    for (const c of set.ids) {
      filterArgs.push(c.prefix, prefixEnd(c.prefix))
      filters.push(`${c.negate ? 'NOT ' : ''}(u.id > ? AND u.id < ?)`)
    }
    const has = (key: Key, negate: boolean) => {
      filterArgs.push(dataset, set.type, key.field, key.key)
      return `${negate ? 'NOT ' : ''}EXISTS (SELECT 1 FROM document_keys k INDEXED BY document_keys_by_id WHERE k.dataset = ? AND k.id = u.id AND k.type = ? AND k.field = ? AND k.key = ?)`
    }
    if (within) filters.push(has(within, false))
    if (outside) filters.push(has(outside, true))
    const row = this.db
      .prepare(`SELECT count(*) AS entries, count(DISTINCT CASE WHEN ${filters.join(' AND ')} THEN u.id END) AS n FROM (${branches.join(' UNION ALL ')}) u`)
      .get(...filterArgs, ...args) as { entries: number; n: number }
    visited(row.entries)
    return row.n
  }
}

