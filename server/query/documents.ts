// Documents read from SQLite in a query worker, on its own read-only connection, through the
// indexes the store writes with every commit (server/store/documentColumns.ts), and kept parsed in
// a cache bounded by bytes. docs/decisions/028-documents-read-from-sqlite.md.
//
// A query answered this way runs inside one read transaction: WAL lets it read while the store
// writes, and it sees one state of the database, every transaction acknowledged before it began.
// A parsed document is cached under its row's version (one counter for every write), so a row
// rewritten since is read again, never answered from the copy parsed before.

import type Database from 'better-sqlite3'
import { ByteLru } from '../byteLru.ts'
import type { CountSet, KeyNarrowing, Narrowing, OrderedScan, Source, TextFilter, TextNarrowing, ThenBy } from '../groq/planner.ts'
import { conditionTest, documentScorer, firstByScore, wordsRead, type Counts, type ScoreTerm } from '../groq/textScore.ts'
import { heldCounts, heldWord } from '../groq/textMatch.ts'
import { MatchReader, type UnusualDoc } from '../search/matchIndex.ts'
import { conditionQuery, countByWords, firstByCells } from '../search/scoreCells.ts'
import { keyRangeSql as rangeSql, type KeyRange } from '../groq/keys.ts'
import { keyRank, nullKey } from '../store/documentColumns.ts'
import { isPairField, pairTypes } from '../groq/pairs.ts'
import { keysReady, pendingFamilies } from '../store/keyRefill.ts'
import type { Doc } from '../store/mutations.ts'
import { shows, type Kind } from './views.ts'
import { TotalsReader } from './totals.ts'

export type { Narrowing }

/** Rows read per step of an ordered listing: each step is one indexed range read, its documents parsed only as the filter needs them. */
const ORDERED_BATCH = 64
/**
 * A filter narrowed by the words of its `match` reads up to this many candidates (more than other
 * narrowings: a pass over the rows is the other way to answer it); past it, a pass.
 */
const TEXT_CANDIDATES = 5_000
/** Index rows read per step when a slice's earlier ranks are counted (orderedSlice): rows only, no document. */
const SLICE_BATCH = 1_024
/**
 * A listing narrowed by another keyed field is read in order, each row checked for the narrowing's
 * key by id, for as many rows as the narrowing holds; then, when it holds at most this many, its
 * rows are read through the index alone and sorted (in order costs what it passes over before the
 * slice is full: little for a common narrowing, but a month's articles may be far down the newest
 * changes, where the sort costs what the month holds); past it, in order to the end.
 */
const WITHIN_LIMIT = 20_000
/** Keys read at most to size each set of a count, so the smallest is the one read in full. */
const DRIVER_PROBE = 2_000
/**
 * A search whose words the index holds this many times or more (over the texts it reads) finds its
 * first page cell by cell (server/search/scoreCells.ts); fewer are read whole, which is then cheaper.
 */
const CELLS_FROM = 20_000
/** Articles read apart from the cells (MatchReader.unusual) that a view shows, scored from their own text, at most; past it, every match is read. */
const APART_LIMIT = 200

/** The SQL condition on `id` for the documents a view shows (views.ts `shows`), for counts that read no document. */
export const visibleIdSql = {
  anonymous: `instr(id, '.') = 0`,
  published: `NOT (id >= 'drafts.' AND id < 'drafts/') AND NOT (id >= 'versions.' AND id < 'versions/')`,
  raw: `NOT (id >= 'versions.' AND id < 'versions/')`,
  'raw+versions': '1',
} as const

/** `AND` conditions for ids longer than each prefix and starting with it (or, negated, not), as count() reads them. */
function idPrefixSql(ids: Array<{ prefix: string; negate: boolean }>, args: unknown[], column: string): string {
  return ids
    .map((c) => {
      args.push(c.prefix, c.prefix.slice(0, -1) + String.fromCharCode(c.prefix.charCodeAt(c.prefix.length - 1) + 1))
      return ` AND ${c.negate ? 'NOT ' : ''}(${column} > ? AND ${column} < ?)`
    })
    .join('')
}

interface KeyRow {
  id: string
  version: number
  key: Buffer
}

/**
 * A cached document is counted at this many bytes per character of its JSON: V8's objects, with
 * their property names and string values, take a few times the text they were parsed from.
 */
export const parsedBytesPerCharacter = 4

interface Row {
  id: string
  version: number
}

interface Parsed {
  doc: Doc
  bytes: number
}

export class DocumentReader {
  private readonly db: Database.Database
  private readonly withinLimit: number
  private readonly cellsFrom: number
  private readonly cache: ByteLru<Parsed>
  private readonly statements
  private readonly words: MatchReader
  private readonly totals: TotalsReader
  /**
   * Index entries this reader has read (rows of an index or of the kept totals a statement visits),
   * by its own accounting: for tests that hold a query to what it reads, whatever the archive's size.
   */
  indexEntries = 0
  /** Searches whose first page came from the match index's cells (server/search/scoreCells.ts), for tests that hold the cells to groq-js's answers. */
  searchesByCells = 0
  /** Search counts answered from the kept counts of one word (scoreCells.ts countByWords), for tests that hold them to groq-js's answers. */
  countsByWords = 0
  private readonly pendingFamilies: (dataset: string) => Set<string>

  /**
   * `withinLimit`: WITHIN_LIMIT unless a test reads its listings the other way at any size;
   * `cellsFrom`: CELLS_FROM unless a test finds a search's page by cells at any size.
   */
  constructor(db: Database.Database, cacheBytes: number, { withinLimit = WITHIN_LIMIT, cellsFrom = CELLS_FROM }: { withinLimit?: number; cellsFrom?: number } = {}) {
    this.db = db
    this.withinLimit = withinLimit
    this.cellsFrom = cellsFrom
    this.words = new MatchReader(db)
    this.totals = new TotalsReader(db)
    this.pendingFamilies = pendingFamilies(db)
    this.cache = new ByteLru<Parsed>(cacheBytes, (entry) => entry.bytes)
    const rows = (where: string) => db.prepare(`SELECT id, version FROM documents WHERE dataset = ? AND ${where} ORDER BY id LIMIT ?`)
    this.statements = {
      begin: db.prepare('BEGIN'),
      commit: db.prepare('COMMIT'),
      byId: db.prepare('SELECT id, version FROM documents WHERE dataset = ? AND id = ?'),
      bySlug: rows('slug = ?'),
      byType: rows('type = ?'),
      doc: db.prepare('SELECT doc FROM documents WHERE dataset = ? AND id = ?').pluck(),
    }
  }

  /**
   * What the planner reads a query's documents from (planFromSource), as a view of `kind` shows
   * them: candidates of a narrowed filter (null past `limit`), listings in order, counts.
   */
  source(dataset: string, kind: Exclude<Kind, 'drafts'>, limit: number, { keyLimit = limit }: { keyLimit?: number } = {}): Source {
    const visible = (doc: Doc) => shows(kind, doc._id)
    // Read once, at the first use, in the query's read transaction: the fields whose keys are being
    // written again after an upgrade (keyRefill.ts) are answered as if they had none, by a pass.
    let pending: Set<string> | null = null
    const ready = (field: string) => keysReady((pending ??= this.pendingFamilies(dataset)), field)
    // Pair keys hold what the raw perspective sees, for some types only (server/groq/pairs.ts): any other reader follows the references.
    const keyed = (type: string, field: string) => (!isPairField(field) || (kind === 'raw' && pairTypes.has(type))) && ready(field)
    const searched = this.searched(dataset, kind)
    return {
      // Not while the match index is refilled after an upgrade: then `match` is answered by a pass.
      textCount: (filter) => (this.words.refilling() ? null : (searched.count(filter) ?? searched.passing(filter)?.length ?? null)),
      textFirst: (filter, terms, enough, then) => this.words.refilling() ? null : searched.first(filter, terms, enough, then && keyed(filter.type, then.field) ? then : null),
      candidates: (narrowing, accept) => {
        if (narrowing.by === 'text') return this.byText(dataset, narrowing, visibleIdSql[kind], Math.max(limit, TEXT_CANDIDATES))
        if (narrowing.by !== 'key') return this.candidates(dataset, narrowing, limit)?.filter(visible) ?? null
        const every = [narrowing, ...(narrowing.alternatives ?? [])]
        const [usable, ...alternatives] = every.filter((k) => keyed(k.type, k.field))
        // Keys being written again after an upgrade: the type's documents, as if the fields had none (past `limit`, a pass).
        if (!usable) return every.some((k) => !ready(k.field)) ? (this.candidates(dataset, { by: 'type', values: [narrowing.type] }, limit)?.filter(visible) ?? null) : null
        // Only the ones the filter passes are kept, so past `limit` the candidates cost time, not memory.
        return this.byKey(dataset, { ...usable, alternatives }, accept ? keyLimit : limit, (doc) => visible(doc) && (!accept || accept(doc)))
      },
      ordered: (scan, accept, enough) => {
        const within = scan.within && { ...scan.within, alternatives: scan.within.alternatives?.filter((k) => keyed(k.type, k.field)) }
        return !keyed(scan.type, scan.field) || (within && !keyed(within.type, within.field)) ? null : this.ordered(dataset, { ...scan, within }, (doc) => visible(doc) && accept(doc), enough, ready)
      },
      orderedSlice: (scan, accept, start, end) => (scan.covered && !scan.within && keyed(scan.type, scan.field) ? this.orderedSlice(dataset, scan, (id) => shows(kind, id), accept, start, end) : null),
      count: (set) => ([...set.all, ...set.none].some((c) => !keyed(set.type, c.field)) ? null : this.count(dataset, set, visibleIdSql[kind], kind, ready)),
      dereference: (id) => {
        const doc = this.byId(dataset, id)
        return doc && visible(doc) ? doc : null
      },
    }
  }

  /** Bytes of parsed documents held now, by the cache's own accounting; never more than its bound. */
  get cachedBytes(): number {
    return this.cache.size
  }

  get cachedDocuments(): number {
    return this.cache.count
  }

  /**
   * Runs `read` inside one read transaction (awaiting it: groq-js evaluates asynchronously). The
   * worker handles one request at a time, so nothing else uses the connection meanwhile.
   */
  async snapshot<T>(read: () => Promise<T>): Promise<T> {
    this.statements.begin.run()
    try {
      return await read()
    } finally {
      this.statements.commit.run()
    }
  }

  /**
   * The documents of `scan.type` in the order of `scan.field`'s keys, from the end `scan.descending`
   * names, within `scan.range`: whole groups of equal keys (order() puts null, objects and arrays in
   * one group), each group in id order, until `enough` of them pass `accept`, or every one when
   * fewer do. Each step reads a batch of index entries, then parses only their documents.
   *
   * Within a narrowing (a condition on another keyed field: the videos, a section's articles in
   * the admin's order) the rows are read in order too, each checked for the narrowing's key in the
   * id index, no document parsed, for as many index entries as sorting the narrowing's own would
   * read (its size, from the kept totals when it is one counted key): a common narrowing fills its
   * page long before, whatever the archive's size. Past that budget (a rare value, or one far down
   * the order) the narrowing's rows are sorted, as long as they are at most the reader's limit
   * (WITHIN_LIMIT); past the limit, in order without a budget.
   */
  ordered(dataset: string, scan: OrderedScan, accept: (doc: Doc) => boolean, enough: number, ready: (field: string) => boolean): Doc[] {
    // Narrowed by another field: the narrowest of the filter's conditions on other fields.
    if (scan.within?.alternatives?.length) scan = { ...scan, within: this.narrowest(dataset, scan.within, this.withinLimit + 1) }
    if (!scan.within) return this.inOrder(dataset, scan, accept, enough, Infinity)!
    const size = this.withinSize(dataset, scan.within, ready)
    if (size > this.withinLimit) return this.inOrder(dataset, scan, accept, enough, Infinity)!
    return this.inOrder(dataset, scan, accept, enough, size) ?? this.listed(dataset, this.within(dataset, scan), scan.idTies, accept, enough)
  }

  /**
   * How many index entries a narrowing holds: its kept total when it is one counted key (the
   * videos, a section, an author), else counted up to one past the reader's limit. Only the cost
   * of the way a listing is read depends on it, never its answer.
   */
  private withinSize(dataset: string, narrowing: KeyNarrowing, ready: (field: string) => boolean): number {
    const kept = this.totals.entries(dataset, narrowing.type, narrowing.field, narrowing.ranges, ready)
    if (kept !== null) {
      this.indexEntries += 1
      return kept
    }
    const args: unknown[] = [dataset, narrowing.type, narrowing.field]
    const found = this.db.prepare(`SELECT count(*) FROM (SELECT 1 FROM document_keys WHERE dataset = ? AND type = ? AND field = ? AND ${rangeSql(narrowing.ranges, args)} LIMIT ${this.withinLimit + 1})`).pluck().get(...args) as number
    this.indexEntries += found
    return found
  }

  /**
   * Takes rows in the listing's order, parsing each and keeping those `accept` passes, in whole
   * groups of equal keys, each in id order. `take` is true once the slice is full and its last
   * group complete; `done` gives what was kept.
   */
  private collector(dataset: string, idTies: boolean, accept: (doc: Doc) => boolean, enough: number) {
    const out: Doc[] = []
    let group: Doc[] = []
    let groupKey: string | null = null
    let passed = 0
    const flush = () => {
      group.sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0))
      out.push(...group)
      group = []
    }
    return {
      take: (row: KeyRow): boolean => {
        const key = row.key[0]! >= keyRank.null ? 'other' : row.key.toString('latin1')
        if (key !== groupKey) {
          flush()
          if (passed >= enough) return true
          groupKey = key
        }
        const doc = this.load(dataset, row)
        if (accept(doc)) {
          group.push(doc)
          passed++
          // Rows in id order within their group, ties in id order: the rest of the group comes after.
          if (idTies && passed >= enough && groupKey !== 'other') {
            flush()
            return true
          }
        }
        return false
      },
      done: (): Doc[] => {
        flush()
        return out
      },
    }
  }

  /** The listing from rows already in its order (a narrowing's, sorted by SQLite). */
  private listed(dataset: string, rows: Iterable<KeyRow>, idTies: boolean, accept: (doc: Doc) => boolean, enough: number): Doc[] {
    const collect = this.collector(dataset, idTies, accept, enough)
    for (const row of rows) if (collect.take(row)) break
    return collect.done()
  }

  /**
   * The listing read in the order of the scan's own keys; within its narrowing (if any), each row
   * checked for the narrowing's key through the id index. Null when more than `budget` index
   * entries were passed over before the slice was full.
   */
  private inOrder(dataset: string, scan: OrderedScan, accept: (doc: Doc) => boolean, enough: number, budget: number): Doc[] | null {
    // The narrowing's check is a column, so its arguments come first.
    const args: unknown[] = []
    let inside = '1'
    if (scan.within) {
      const within = scan.within
      args.push(within.field)
      inside = `EXISTS (SELECT 1 FROM document_keys k INDEXED BY document_keys_by_id WHERE k.dataset = document_keys.dataset AND k.id = document_keys.id AND k.type = document_keys.type AND k.field = ? AND ${rangeSql(within.ranges, args).replaceAll('key', 'k.key')})`
    }
    args.push(dataset, scan.type, scan.field)
    const where = `${rangeSql([scan.range], args)}${idPrefixSql(scan.ids ?? [], args, 'id')}`
    const collect = this.collector(dataset, scan.idTies, accept, enough)
    let passedOver = 0
    // Under a budget, no batch reads past it.
    const batch = Math.min(ORDERED_BATCH, budget + 1)
    const rows = scan.descending && scan.idTies ? this.descendingGroups(where, inside, args, batch) : this.ascendingRows(scan.descending, where, inside, args, batch)
    for (const row of rows) {
      // Rows outside the narrowing are index entries read, and count towards the budget.
      if (++passedOver > budget) return null
      if (row.inside && collect.take(row)) break
    }
    return collect.done()
  }

  /** The rows in key order (then id order, both one way), a batch at a time. */
  private *ascendingRows(descending: boolean, where: string, inside: string, args: unknown[], batch: number): Generator<KeyRow & { inside: number }> {
    const direction = descending ? 'DESC' : 'ASC'
    const columns = `SELECT id, version, key, ${inside} AS inside FROM document_keys WHERE dataset = ? AND type = ? AND field = ? AND ${where}`
    const first = this.db.prepare(`${columns} ORDER BY key ${direction}, id ${direction} LIMIT ${batch}`)
    const next = this.db.prepare(`${columns} AND (key, id) ${descending ? '<' : '>'} (?, ?) ORDER BY key ${direction}, id ${direction} LIMIT ${batch}`)
    let rows = this.entries(first.all(...args) as Array<KeyRow & { inside: number }>)
    while (rows.length > 0) {
      yield* rows
      const last = rows[rows.length - 1]!
      rows = rows.length < batch ? [] : this.entries(next.all(...args, last.key, last.id) as Array<KeyRow & { inside: number }>)
    }
  }

  /**
   * The rows of an ordered scan from its highest key down, each group of equal keys in id order, a
   * batch at a time (the articles of one import share their _updatedAt: a slice ends within its
   * last group). The keys order() holds equal (null, objects, arrays: the highest bytes) are one
   * group, read whole and sorted by the caller.
   */
  private *descendingGroups(where: string, inside: string, args: unknown[], batch: number): Generator<KeyRow & { inside: number }> {
    const from = `SELECT id, version, key, ${inside} AS inside FROM document_keys WHERE dataset = ? AND type = ? AND field = ? AND ${where}`
    const highest = this.db.prepare(`${from} ORDER BY key DESC LIMIT 1`)
    const below = this.db.prepare(`${from} AND key < ? ORDER BY key DESC LIMIT 1`)
    const group = this.db.prepare(`${from} AND key = ? AND id > ? ORDER BY id LIMIT ${batch}`)
    const unordered = this.db.prepare(`${from} AND key >= ? ORDER BY key DESC, id DESC`)
    type Row = KeyRow & { inside: number }
    let top = this.entry(highest.get(...args) as Row | undefined)
    while (top) {
      if (top.key[0]! >= keyRank.null) {
        yield* this.entries(unordered.all(...args, nullKey) as Row[])
        top = this.entry(below.get(...args, nullKey) as Row | undefined)
        continue
      }
      let last = ''
      for (;;) {
        const rows = this.entries(group.all(...args, top.key, last) as Row[])
        yield* rows
        if (rows.length < batch) break
        last = rows[rows.length - 1]!.id
      }
      top = this.entry(below.get(...args, top.key) as Row | undefined)
    }
  }

  /**
   * The documents at ranks `[start, end)` of a listing every row of which passes its filter
   * (OrderedScan.covered): rows are read from the index in the order `ordered` gives them (groups
   * of equal keys, each in id order), the ones before `start` only counted, so a page far from the
   * listing's start parses its own documents alone. Rows of documents the view does not show
   * (`visible`, by id) are not counted. Null if a parsed document does not pass after all.
   */
  orderedSlice(dataset: string, scan: OrderedScan, visible: (id: string) => boolean, accept: (doc: Doc) => boolean, start: number, end: number): Doc[] | null {
    const args: unknown[] = [dataset, scan.type, scan.field]
    const where = rangeSql([scan.range], args)
    const direction = scan.descending ? 'DESC' : 'ASC'
    const first = this.db.prepare(`SELECT id, version, key FROM document_keys WHERE dataset = ? AND type = ? AND field = ? AND ${where} ORDER BY key ${direction}, id ${direction} LIMIT ${SLICE_BATCH}`)
    const next = this.db.prepare(
      `SELECT id, version, key FROM document_keys WHERE dataset = ? AND type = ? AND field = ? AND ${where} AND (key, id) ${scan.descending ? '<' : '>'} (?, ?) ORDER BY key ${direction}, id ${direction} LIMIT ${SLICE_BATCH}`,
    )
    const out: Doc[] = []
    let rank = 0
    let group: KeyRow[] = []
    let groupKey: string | null = null
    /** Ranks the group's rows in id order, as `ordered` does; false once the slice is full or a document fails. */
    const flush = (): boolean | null => {
      group.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      for (const row of group) {
        if (!visible(row.id)) continue
        if (rank >= start) {
          const doc = this.load(dataset, row)
          if (!accept(doc)) return null
          out.push(doc)
        }
        if (++rank >= end) return false
      }
      group = []
      return true
    }
    let rows = this.entries(first.all(...args) as KeyRow[])
    while (rows.length > 0) {
      for (const row of rows) {
        const key = row.key[0]! >= keyRank.null ? 'other' : row.key.toString('latin1')
        if (key !== groupKey) {
          const more = flush()
          if (more !== true) return more === null ? null : out
          groupKey = key
        }
        group.push(row)
      }
      const last: KeyRow = rows[rows.length - 1]!
      rows = rows.length < SLICE_BATCH ? [] : this.entries(next.all(...args, last.key, last.id) as KeyRow[])
    }
    return flush() === null ? null : out
  }

  /**
   * The order field's rows of the documents a narrowing holds, in the scan's order, read from the
   * index alone (no document parsed): for a narrowing of at most the reader's limit (WITHIN_LIMIT).
   */
  private within(dataset: string, scan: OrderedScan): KeyRow[] {
    const narrowing = scan.within!
    const direction = scan.descending ? 'DESC' : 'ASC'
    const args: unknown[] = [dataset, narrowing.type, narrowing.field]
    const ranges = rangeSql(narrowing.ranges, args).replaceAll('key', 'n.key')
    const orderArgs: unknown[] = [scan.field]
    const orderRange = `${rangeSql([scan.range], orderArgs).replaceAll('key', 'o.key')}${idPrefixSql(scan.ids ?? [], orderArgs, 'o.id')}`
    return this.entries(this.db
      .prepare(
        `SELECT o.id AS id, o.version AS version, o.key AS key FROM document_keys n CROSS JOIN document_keys o ON o.dataset = n.dataset AND o.id = n.id AND o.type = n.type AND o.field = ? AND ${orderRange} WHERE n.dataset = ? AND n.type = ? AND n.field = ? AND ${ranges} ORDER BY o.key ${direction}, o.id ${scan.idTies ? 'ASC' : direction}`,
      )
      .all(...orderArgs, ...args) as KeyRow[])
  }

  /**
   * How many documents of `set.type` the view shows that have a key in every condition of `set.all`
   * and none in `set.none`, counted from the index without reading a document.
   */
  count(dataset: string, set: CountSet, visibleSql: string, kind: keyof typeof visibleIdSql | undefined, ready: (field: string) => boolean): number {
    // A whole type's documents, or one section's, author's or blog's: from the totals the store keeps.
    const kept = kind ? this.totals.count(dataset, set, kind, visibleSql, (entries) => (this.indexEntries += entries), ready) : null
    if (kept !== null) return kept
    const idArgs = set.ids.flatMap((c) => [c.prefix, c.prefix.slice(0, -1) + String.fromCharCode(c.prefix.charCodeAt(c.prefix.length - 1) + 1)])
    const ids = (column: string) => [visibleSql.replace(/\bid\b/g, column), ...set.ids.map((c) => `${c.negate ? 'NOT ' : ''}(${column} > ? AND ${column} < ?)`)].join(' AND ')
    if (set.all.length > 0) {
      // The documents of the smallest set, each checked for the others' keys through the id index (one
      // lookup each): a count of a section's articles reads that section's keys, not every article's
      // slug key as well. A set is sized by reading at most DRIVER_PROBE of its keys.
      const sizes = this.sizes(dataset, set.type, set.all, DRIVER_PROBE)
      const sized = set.all.map((condition, i) => {
        const size = sizes[i]!
        // Past the probe, one value (a section, an author) is taken to hold fewer than a range, and a
        // range fewer than several (`defined(slug.current)` is every key but null).
        const point = condition.ranges.length === 1 && condition.ranges[0]!.low !== null && condition.ranges[0]!.high !== null && condition.ranges[0]!.low.equals(condition.ranges[0]!.high)
        return { condition, size, rank: point ? 0 : condition.ranges.length === 1 ? 1 : 2 }
      })
      const driver = sized.reduce((a, b) => (b.size < a.size || (b.size === a.size && b.rank < a.rank) ? b : a)).condition
      const rangeArgs: unknown[] = [dataset, set.type, driver.field]
      const range = `d.dataset = ? AND d.type = ? AND d.field = ? AND ${rangeSql(driver.ranges, rangeArgs).replaceAll('key', 'd.key')}`
      const where = [ids('d.id')]
      const args: unknown[] = [...idArgs]
      const check = (condition: CountSet['all'][number], negate: boolean) => {
        args.push(condition.field)
        const ranges = rangeSql(condition.ranges, args).replaceAll('key', 'k.key')
        return `${negate ? 'NOT ' : ''}EXISTS (SELECT 1 FROM document_keys k INDEXED BY document_keys_by_id WHERE k.dataset = d.dataset AND k.id = d.id AND k.type = d.type AND k.field = ? AND ${ranges})`
      }
      for (const condition of set.all) if (condition !== driver) where.push(check(condition, false))
      for (const condition of set.none) where.push(check(condition, true))
      // An array's field has a key per element: a document is counted once.
      // The range's entries are each read; the other conditions are checked on each.
      const row = this.db
        .prepare(`SELECT count(*) AS entries, count(${driver.element ? 'DISTINCT ' : ''}CASE WHEN ${where.join(' AND ')} THEN d.id END) AS n FROM document_keys d WHERE ${range}`)
        .get(...args, ...rangeArgs) as { entries: number; n: number }
      this.indexEntries += row.entries
      return row.n
    }
    const args: unknown[] = []
    const keyed = (condition: CountSet['all'][number]) => {
      args.push(dataset, set.type, condition.field)
      const ranges = rangeSql(condition.ranges, args)
      args.push(...idArgs)
      return `SELECT id FROM document_keys WHERE dataset = ? AND type = ? AND field = ? AND ${ranges} AND ${ids('id')}`
    }
    const counted = this.db.prepare(`SELECT count(*) AS entries, count(CASE WHEN ${ids('id')} THEN 1 END) AS n FROM documents WHERE dataset = ? AND type = ?`).get(...idArgs, dataset, set.type) as { entries: number; n: number }
    this.indexEntries += counted.entries
    if (set.none.length === 0) return counted.n
    const sql = set.none.map(keyed).join(' UNION ')
    const removed = this.db.prepare(`SELECT count(*) FROM (${sql})`).pluck().get(...args) as number
    this.indexEntries += removed
    return counted.n - removed
  }

  /**
   * The stored documents of a type with a key in range that `keep` passes, in id order, each parsed
   * as it is reached; null when more than `limit` have a key in range.
   */
  private byKey(dataset: string, narrowing: KeyNarrowing, limit: number, keep: (doc: Doc) => boolean = () => true): Doc[] | null {
    narrowing = this.narrowest(dataset, narrowing, limit + 1)
    const args: unknown[] = [dataset, narrowing.type, narrowing.field]
    const where = rangeSql(narrowing.ranges, args)
    const from = `FROM document_keys WHERE dataset = ? AND type = ? AND field = ? AND ${where}`
    if (Number.isFinite(limit)) {
      const found = this.db.prepare(`SELECT count(*) FROM (SELECT 1 ${from} LIMIT ${limit + 1})`).pluck().get(...args) as number
      this.indexEntries += found
      if (found > limit) return null
    }
    const out: Doc[] = []
    for (const row of this.entries(this.db.prepare(`SELECT id, max(version) AS version ${from} GROUP BY id ORDER BY id`).all(...args) as Row[])) {
      const doc = this.load(dataset, row)
      if (keep(doc)) out.push(doc)
    }
    return out
  }

  /**
   * The stored documents of the text narrowing's type whose words can match, that a view with this
   * SQL condition on ids shows, in id order; null when there are more than `limit`.
   */
  byText(dataset: string, narrowing: TextNarrowing, visibleSql: string, limit: number): Doc[] | null {
    if (narrowing.query === null) return []
    const rows = this.words.rows(dataset, narrowing.query, visibleSql, limit)
    if (rows) this.indexEntries += rows.length
    // The index holds one type's documents; one whose type changed since is read and dropped.
    return rows === null ? null : rows.map((row) => this.load(dataset, row)).filter((doc) => doc._type === narrowing.type)
  }

  /**
   * A search filter's documents, decided from the match index's counts (server/groq/textScore.ts),
   * for one query: each word's counts are read once, and the documents a filter passes once, though
   * a query asks for its count and its first page.
   */
  private searched(dataset: string, kind: Exclude<Kind, 'drafts'>) {
    const counted = new Map<string, Map<number, number> | null>()
    const passed = new Map<string, number[] | null>()
    let unusual: ReturnType<MatchReader['unusual']> | null = null
    /** The counts of every word `items` read, or null when the index cannot tell one. */
    const countsFor = (items: Parameters<typeof wordsRead>[0]): Counts | null => {
      for (const { letter, word } of wordsRead(items)) {
        const key = `${letter}\u0000${word}`
        if (!counted.has(key)) counted.set(key, this.words.counts(dataset, letter, word))
        if (counted.get(key) === null) return null
      }
      return (letter, word) => counted.get(`${letter}\u0000${word}`)!
    }
    const passing = (filter: TextFilter): number[] | null => {
      const key = JSON.stringify(filter)
      if (passed.has(key)) return passed.get(key)!
      const counts = countsFor([filter.condition])
      let out: number[] | null = null
      if (counts) {
        unusual ??= this.words.unusual(dataset)
        // Every document the filter passes holds one of its words (textFilterOf): these are all the candidates.
        const candidates = new Set<number>()
        for (const { letter, word } of wordsRead([filter.condition])) for (const rowid of counts(letter, word).keys()) candidates.add(rowid)
        const test = conditionTest(filter.condition, counts)
        out = []
        for (const rowid of candidates) {
          const odd = unusual.get(rowid)
          if (odd && (!shows(kind, odd.id) || (filter.slugDefined && odd.slugless))) continue
          if (test(rowid)) out.push(rowid)
        }
      }
      passed.set(key, out)
      return out
    }
    /** The articles read apart (MatchReader.unusual) that the view shows and the filter's slug condition keeps; null past APART_LIMIT. */
    const apart = (filter: TextFilter): Array<[number, UnusualDoc]> | null => {
      unusual ??= this.words.unusual(dataset)
      const kept = [...unusual].filter(([, odd]) => shows(kind, odd.id) && !(filter.slugDefined && odd.slugless))
      return kept.length > APART_LIMIT ? null : kept
    }
    /** The counts an article read apart holds, from its own text (the index's are those of that text), by its index row; null when it is gone. */
    const ownCounts = (rowid: number): Counts | null => {
      const row = this.words.idOf(rowid)
      if (!row) return null
      const held = heldCounts(this.load(dataset, row))
      return (letter, word) => {
        const n = held.get(heldWord(letter, word))
        return new Map(n ? [[rowid, n]] : [])
      }
    }
    /**
     * How many articles the filter passes: from the kept counts of its one word (countByWords) and
     * the articles read apart that pass it, or else by one index query (no document, no count read
     * into JavaScript); null when neither can tell.
     */
    const count = (filter: TextFilter): number | null => {
      const usual = countByWords(this.words, dataset, filter.condition)
      const kept = usual === null ? null : apart(filter)
      if (usual !== null && kept) {
        let n = usual
        for (const [rowid] of kept) {
          const own = ownCounts(rowid)
          if (!own) return null
          if (conditionTest(filter.condition, own)(rowid)) n++
        }
        this.indexEntries += 1
        this.countsByWords++
        return n
      }
      const query = conditionQuery(this.words, dataset, filter.condition)
      if (query === false) return 0
      if (query === null) return null
      unusual ??= this.words.unusual(dataset)
      const hidden = [...unusual].filter(([, odd]) => !shows(kind, odd.id) || (filter.slugDefined && odd.slugless)).map(([rowid]) => rowid)
      this.indexEntries += 1
      return this.words.countOf(query, hidden)
    }
    /**
     * The first by score from the cells (scoreCells.ts), and the articles read apart scored from
     * their own text (the counts the index holds for them are those of that text): the page and
     * its tie, or null when the cells cannot tell.
     */
    const byCells = (filter: TextFilter, terms: readonly ScoreTerm[], enough: number): Array<{ item: number; score: number }> | null => {
      const kept = apart(filter)
      if (!kept) return null
      const found = firstByCells(this.words, dataset, filter.condition, terms, enough, (rowid) => unusual!.has(rowid), this.cellsFrom)
      if (!found) return null
      for (const [rowid, odd] of kept) {
        const own = ownCounts(rowid)
        if (!own) return null
        if (conditionTest(filter.condition, own)(rowid)) found.push({ item: rowid, score: documentScorer(terms, own)(odd.score ?? 0, rowid) })
      }
      this.searchesByCells++
      return found
    }
    const first = (filter: TextFilter, terms: readonly ScoreTerm[], enough: number, then: ThenBy | null): Array<Doc & { _score: number }> | null => {
      let scored = byCells(filter, terms, enough)
      if (!scored) {
        const rows = passing(filter)
        const counts = rows ? countsFor(terms) : null
        if (!rows || !counts) return null
        const score = documentScorer(terms, counts)
        scored = rows.map((rowid) => ({ item: rowid, score: score(unusual!.get(rowid)?.score ?? 0, rowid) }))
      }
      let chosen = firstByScore(scored, enough)
      if (!chosen) return null
      if (then && chosen.length > enough) chosen = this.cutTie(scored, chosen, enough, filter.type, then) ?? chosen
      const scoreOf = new Map(scored.map((s) => [s.item, s.score]))
      const docs: Array<{ doc: Doc; score: number }> = []
      for (const rowid of chosen) {
        const row = this.words.idOf(rowid)
        if (!row) return null
        const doc = this.load(dataset, row)
        // The index holds one type's documents, written with them: a document of another type here is an index out of step.
        if (doc._type !== filter.type) return null
        docs.push({ doc, score: scoreOf.get(rowid)! })
      }
      // As score() gives them: in the dataset's order, each a copy with its `_score`, sorted by it
      // (a stable sort, so ties stay in that order).
      docs.sort((a, b) => (a.doc._id < b.doc._id ? -1 : a.doc._id > b.doc._id ? 1 : 0))
      const out = docs.map(({ doc, score }) => Object.assign({}, doc, { _score: score }))
      return out.sort((a, b) => b._score - a._score)
    }
    return { passing, count, first }
  }

  /**
   * The first `enough` of `chosen` (the first by score, and all tied with the last: textScore.ts
   * firstByScore) with the last score's tie cut by the order's next term: its keys sort as order()
   * sorts (documentColumns.ts; null, objects and arrays one group), so only the tied documents
   * whose key comes before the last kept one's, or equals it, can be on the page. Null when a tied
   * document has no key (then every tied one is kept).
   */
  private cutTie(scored: ReadonlyArray<{ item: number; score: number }>, chosen: number[], enough: number, type: string, then: ThenBy): number[] | null {
    const scoreOf = new Map(scored.map((s) => [s.item, s.score]))
    let cutoff = Infinity
    for (const rowid of chosen) cutoff = Math.min(cutoff, scoreOf.get(rowid)!)
    const above = chosen.filter((rowid) => scoreOf.get(rowid)! > cutoff)
    const tied: Array<{ rowid: number; key: string }> = []
    for (const rowid of chosen) {
      if (scoreOf.get(rowid)! !== cutoff) continue
      const key = this.words.keyOf(rowid, type, then.field)
      if (!key) return null
      // Keys from null on sort as one group, as order() sorts null, objects and arrays.
      tied.push({ rowid, key: key[0]! >= keyRank.null ? '\uffff' : key.toString('latin1') })
    }
    tied.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) * (then.descending ? -1 : 1))
    const need = enough - above.length
    let end = need
    while (end < tied.length && tied[end]!.key === tied[need - 1]!.key) end++
    return [...above, ...tied.slice(0, end).map((t) => t.rowid)]
  }

  /** The stored document with this id, or null. */
  byId(dataset: string, id: string): Doc | null {
    const row = this.entry(this.statements.byId.get(dataset, id) as Row | undefined)
    return row ? this.load(dataset, row) : null
  }

  /**
   * The stored documents that can pass a filter so narrowed, in id order (the order of the
   * dataset a fresh worker reads), or null when there are more than `limit` of them.
   */
  candidates(dataset: string, narrowing: Narrowing, limit: number): Doc[] | null {
    if (narrowing.by === 'key') return this.byKey(dataset, narrowing, limit)
    if (narrowing.by === 'text') return this.byText(dataset, narrowing, visibleIdSql['raw+versions'], limit)
    const rows: Row[] = []
    // Each value once, or a document would be listed twice (`_id in ["a", "a"]`).
    for (const value of new Set(narrowing.values)) {
      const room = limit + 1 - rows.length
      if (narrowing.by === 'id') {
        const row = this.entry(this.statements.byId.get(dataset, value) as Row | undefined)
        if (row) rows.push(row)
      } else {
        rows.push(...this.entries((narrowing.by === 'slug' ? this.statements.bySlug : this.statements.byType).all(dataset, value, room) as Row[]))
      }
      if (rows.length > limit) return null
    }
    if (narrowing.values.length > 1) {
      // Two slugs or types can name one document only once each, but ids may repeat across values.
      const seen = new Set<string>()
      const unique = rows.filter((row) => !seen.has(row.id) && seen.add(row.id))
      unique.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      return unique.map((row) => this.load(dataset, row))
    }
    return rows.map((row) => this.load(dataset, row))
  }

  /**
   * Of a key narrowing and its alternatives (the filter's conditions on other keyed fields), the one
   * with the fewest index entries. Each is counted up to a bound that grows fourfold until one falls
   * under it (or the bound reaches `cap`), so sizing them reads a few times the narrowest one's
   * entries for each, never all of a broad one's: one blog's updates, not every key event.
   */
  private narrowest(dataset: string, narrowing: KeyNarrowing, cap: number): KeyNarrowing {
    const options = [narrowing, ...(narrowing.alternatives ?? [])].map(({ alternatives: _others, ...k }) => k)
    if (options.length === 1) return options[0]!
    const sizes = this.sizes(dataset, narrowing.type, options, cap)
    return options[sizes.indexOf(Math.min(...sizes))]!
  }

  /**
   * How many index entries each condition's ranges hold, each counted up to a bound that grows
   * fourfold from 32 until one falls under it or the bound reaches `cap` (the sizes are then the
   * bound's): the narrowest is known exactly, and the others read a few times its entries at most.
   */
  private sizes(dataset: string, type: string, conditions: ReadonlyArray<{ field: string; ranges: KeyRange[] }>, cap: number): number[] {
    // One condition is the narrowest whatever its size.
    if (conditions.length < 2) return conditions.map(() => 0)
    for (let probe = 32; ; probe *= 4) {
      const bound = Math.min(probe, cap)
      const sizes = conditions.map((c) => {
        const args: unknown[] = [dataset, type, c.field]
        const found = this.db.prepare(`SELECT count(*) FROM (SELECT 1 FROM document_keys WHERE dataset = ? AND type = ? AND field = ? AND ${rangeSql(c.ranges, args)} LIMIT ${bound})`).pluck().get(...args) as number
        this.indexEntries += found
        return found
      })
      if (Math.min(...sizes) < bound || bound >= cap) return sizes
    }
  }

  /** Rows read from an index, counted. */
  private entries<T>(rows: T[]): T[] {
    this.indexEntries += rows.length
    return rows
  }

  private entry<T>(row: T | undefined): T | undefined {
    if (row !== undefined) this.indexEntries++
    return row
  }

  private load(dataset: string, row: Row): Doc {
    const key = `${dataset}\u0000${row.id}\u0000${row.version}`
    const hit = this.cache.get(key)
    if (hit) return hit.doc
    const json = this.statements.doc.get(dataset, row.id) as string
    const doc = JSON.parse(json) as Doc
    this.cache.set(key, { doc, bytes: parsedBytesPerCharacter * json.length })
    return doc
  }
}
