// The index GROQ's `match` is answered from: every article's words in `title`, `excerpt` and
// `pt::text(body)` as groq-js's `match` reads them (server/groq/textMatch.ts), in an FTS5 table that
// keeps only which rows hold each word and how many times (no text, no positions): enough for
// groq-js's `score()` too (server/groq/textScore.ts, decision 040). Written by the store in the same SQL
// transaction as the documents, like the /search page's index (index.ts), so a query sees the words
// of exactly the documents it reads. Drafts and versions are held too (the admin searches them); a
// reader's view leaves them out when it reads the rows (server/query/documents.ts).
// Beside it, match_counts keeps how many of the usual articles hold each term and each word, so a
// one-word search's count and the cells' sizes are a few rows read (scoreCells.ts, decision 047).
// docs/decisions/037-groq-match-from-the-index.md, 040-groq-score-from-the-index.md and 047-match-counts-kept.md.

import type Database from 'better-sqlite3'
import { datasetPrefix, heldCountOf, heldCounts, heldText, heldWordOf, heldWord, matchIndexType } from '../groq/textMatch.ts'
import type { Change, Doc } from '../store/mutations.ts'
import { versionedRefill, type RefillJob } from './versionedRefill.ts'

/** Bumped whenever what is held or how changes: the index is then refilled after the service listens (versionedRefill.ts). */
export const matchIndexVersion = 3

/** The index's row in `search_meta`, and its refill's name. */
export const matchIndexRefill = 'match'

export class MatchIndex {
  private readonly statements: ReturnType<typeof writeStatements>
  /** Its refill while one is pending (versionedRefill.ts): until it ends, `match` is answered by a pass. */
  readonly refill: RefillJob | null

  constructor(db: Database.Database) {
    this.refill = versionedRefill(db, {
      key: matchIndexRefill,
      version: matchIndexVersion,
      types: [matchIndexType],
      recreate: () => {
        db.exec(`
          DROP TABLE IF EXISTS match_terms;
          DROP TABLE IF EXISTS match_docs;
          DROP TABLE IF EXISTS match_words;
          DROP TABLE IF EXISTS match_counts;
          -- slugless: slug.current is not defined; score: the document's own _score, when a number.
          -- A document with either, or a dot in its id, is one of the few read apart (MatchReader.unusual).
          CREATE TABLE match_docs (rowid INTEGER PRIMARY KEY, dataset TEXT NOT NULL, id TEXT NOT NULL, slugless INTEGER NOT NULL, score REAL, UNIQUE (dataset, id));
          CREATE INDEX match_docs_unusual ON match_docs (dataset) WHERE instr(id, '.') > 0 OR slugless = 1 OR score IS NOT NULL;
          -- Words are written in hexadecimal letters and digits, with their count: the ascii tokenizer takes each whole.
          CREATE VIRTUAL TABLE match_words USING fts5(words, content = '', contentless_delete = 1, detail = none, tokenize = 'ascii');
          CREATE VIRTUAL TABLE match_terms USING fts5vocab(match_words, row);
          -- How many of the dataset's usual articles (none of those read apart) hold each index term
          -- (a word of a text with its count), each word in any of the texts (anyText), and all of them ('#'): decision 047.
          CREATE TABLE match_counts (dataset TEXT NOT NULL, term TEXT NOT NULL, docs INTEGER NOT NULL, PRIMARY KEY (dataset, term)) WITHOUT ROWID;
        `)
      },
      writer: () => {
        const statements = writeStatements(db)
        return (dataset, id, doc) => {
          // Already held: a write during the refill wrote it from the document stored now (the
          // store's transactions always do), so its words and counts are this document's.
          if (statements.find.get(dataset, id) !== undefined) return
          insert(statements, dataset, id, doc)
        }
      },
    })
    this.statements = writeStatements(db)
  }

  /** Brings the index in line with a transaction's changes; called inside the store's SQL transaction. */
  apply(dataset: string, changes: readonly Change[]): void {
    for (const change of changes) {
      const before = held(change.before)
      const after = held(change.after)
      if (!before && !after) continue
      remove(this.statements, dataset, change.id, before ? change.before : null)
      if (after) insert(this.statements, dataset, change.id, change.after!)
    }
  }

  /** Removes a dropped dataset's articles; called inside the store's SQL transaction. */
  drop(dataset: string): void {
    for (const rowid of this.statements.ofDataset.all(dataset) as number[]) {
      this.statements.removeWords.run(rowid)
      this.statements.removeDoc.run(rowid)
    }
    this.statements.dropCounts.run(dataset)
  }
}

function held(doc: Doc | null): boolean {
  return doc !== null && doc._type === matchIndexType
}

function writeStatements(db: Database.Database) {
  return {
    find: db.prepare('SELECT rowid FROM match_docs WHERE dataset = ? AND id = ?').pluck(),
    ofDataset: db.prepare('SELECT rowid FROM match_docs WHERE dataset = ?').pluck(),
    addDoc: db.prepare('INSERT INTO match_docs (dataset, id, slugless, score) VALUES (?, ?, ?, ?)'),
    addWords: db.prepare('INSERT INTO match_words (rowid, words) VALUES (?, ?)'),
    removeDoc: db.prepare('DELETE FROM match_docs WHERE rowid = ?'),
    removeWords: db.prepare('DELETE FROM match_words WHERE rowid = ?'),
    countUp: db.prepare('INSERT INTO match_counts (dataset, term, docs) VALUES (?, ?, 1) ON CONFLICT (dataset, term) DO UPDATE SET docs = docs + 1'),
    countDown: db.prepare('UPDATE match_counts SET docs = docs - 1 WHERE dataset = ? AND term = ? RETURNING docs').pluck(),
    forget: db.prepare('DELETE FROM match_counts WHERE dataset = ? AND term = ?'),
    dropCounts: db.prepare('DELETE FROM match_counts WHERE dataset = ?'),
  }
}

/** The first letter of a word counted in any of the indexed texts: no text's letter (textMatch.ts indexedTexts). */
const anyTextLetter = 'w'

/** A held word (heldWord) as counted in any of the indexed texts: the same word, under anyTextLetter. */
export function anyText(held: string): string {
  return `${anyTextLetter}${held.slice(1)}`
}

/** The match_counts term counting every usual article, whatever its words: no held word's beginning. */
const everyArticle = '#'

/** Whether a document is one of those read apart (MatchReader.unusual), which match_counts leaves out: the same condition as match_docs_unusual. */
function unusual(id: string, doc: Doc): boolean {
  return id.includes('.') || !slugDefined(doc) || typeof doc._score === 'number'
}

/** The match_counts terms a document adds one to: each index term it holds, each of its words once for any text, and everyArticle. */
function countedTerms(counts: ReadonlyMap<string, number>): Set<string> {
  const terms = new Set<string>([everyArticle])
  for (const [held, count] of counts) {
    terms.add(`${held}x${count}`)
    terms.add(anyText(held))
  }
  return terms
}

/** Removes a document's words, and takes it off the counts when `before` (what it held, as stored until now) was counted. */
function remove(statements: ReturnType<typeof writeStatements>, dataset: string, id: string, before: Doc | null): void {
  const rowid = statements.find.get(dataset, id) as number | undefined
  if (rowid === undefined) return
  statements.removeWords.run(rowid)
  statements.removeDoc.run(rowid)
  if (before && !unusual(id, before)) {
    for (const term of countedTerms(heldCounts(before))) if ((statements.countDown.get(dataset, term) as number | undefined) === 0) statements.forget.run(dataset, term)
  }
}

/** Whether `slug.current` is defined for a document, as groq-js reads it (an attribute of an object, not null). */
function slugDefined(doc: Doc): boolean {
  const slug = doc.slug
  if (typeof slug !== 'object' || slug === null || Array.isArray(slug)) return false
  const current = Object.hasOwn(slug, 'current') ? (slug as Record<string, unknown>).current : undefined
  return current !== undefined && current !== null
}

function insert(statements: ReturnType<typeof writeStatements>, dataset: string, id: string, doc: Doc): void {
  const score = typeof doc._score === 'number' ? doc._score : null
  const rowid = statements.addDoc.run(dataset, id, slugDefined(doc) ? 0 : 1, score).lastInsertRowid
  const counts = heldCounts(doc)
  statements.addWords.run(rowid, heldText(counts, datasetPrefix(dataset)))
  if (!unusual(id, doc)) for (const term of countedTerms(counts)) statements.countUp.run(dataset, term)
}

/** The quoted words of an index query (textMatch.ts textQueryOf) with the dataset's prefix before each. */
function inDataset(query: string, dataset: string): string {
  const prefix = datasetPrefix(dataset)
  return query.replace(/"([^"]*)"/g, (_, word: string) => `"${prefix}${word}"`)
}

/** Index terms read at most for one word of a pattern (a word with a wildcard early in it reads many): past it, no counts. */
const TERMS_PER_WORD = 2_000

/** A document of the index read apart from the others: a dot in its id, no `slug.current`, or its own `_score`. */
export interface UnusualDoc {
  id: string
  slugless: boolean
  score: number | null
}

/**
 * The reading side, on a query worker's read-only connection: the documents of a dataset whose
 * words can match, as (id, version) in id order, those the view's SQL condition on `id` shows;
 * null when there are more than `limit`, or while the index is being refilled. And the counts groq-js's `score()` reads (textScore.ts).
 */
export class MatchReader {
  private readonly statements

  private readonly pending: Database.Statement

  constructor(db: Database.Database) {
    this.statements = new Map<string, Database.Statement>()
    this.db = db
    this.reads = {
      terms: db.prepare('SELECT term FROM match_terms WHERE term >= ? AND term < ? LIMIT ?').pluck(),
      buckets: db.prepare('SELECT term, docs FROM match_counts WHERE dataset = ? AND term >= ? AND term < ? LIMIT ?'),
      counted: db.prepare('SELECT docs FROM match_counts WHERE dataset = ? AND term = ?').pluck(),
      any: db.prepare('SELECT 1 FROM match_words WHERE match_words MATCH ? LIMIT 1').pluck(),
      count: db.prepare('SELECT count(*) FROM match_words WHERE match_words MATCH ? AND rowid NOT IN (SELECT value FROM json_each(?))').pluck(),
      docs: db.prepare('SELECT rowid FROM match_words WHERE match_words MATCH ?').pluck(),
      unusual: db.prepare("SELECT rowid, id, slugless, score FROM match_docs WHERE dataset = ? AND (instr(id, '.') > 0 OR slugless = 1 OR score IS NOT NULL)"),
      ids: db.prepare('SELECT d.rowid AS rowid, d.id AS id, doc.version AS version FROM match_docs d JOIN documents doc ON doc.dataset = d.dataset AND doc.id = d.id WHERE d.rowid = ?'),
      key: db
        .prepare('SELECT k.key FROM match_docs d JOIN document_keys k INDEXED BY document_keys_by_id ON k.dataset = d.dataset AND k.id = d.id WHERE d.rowid = ? AND k.type = ? AND k.field = ?')
        .pluck(),
    }
    this.pending = db.prepare('SELECT 1 FROM refill_pending WHERE name = ?')
  }

  private readonly db: Database.Database
  private readonly reads

  /** Whether the index is being refilled after an upgrade: it then holds only some of the articles, and nothing may be answered from it. */
  refilling(): boolean {
    return this.pending.get(matchIndexRefill) !== undefined
  }

  rows(dataset: string, query: string, visibleSql: string, limit: number): Array<{ id: string; version: number }> | null {
    // Until its refill ends the index holds only some of the articles: the caller answers by a pass.
    if (this.refilling()) return null
    let statement = this.statements.get(visibleSql)
    if (!statement) {
      const visible = visibleSql.replaceAll('id', 'd.id')
      statement = this.db.prepare(`
        SELECT d.id AS id, doc.version AS version
        FROM match_words m JOIN match_docs d ON d.rowid = m.rowid JOIN documents doc ON doc.dataset = d.dataset AND doc.id = d.id
        WHERE match_words MATCH ? AND d.dataset = ? AND ${visible}
        LIMIT ?`)
      this.statements.set(visibleSql, statement)
    }
    const rows = statement.all(inDataset(query, dataset), dataset, limit + 1) as Array<{ id: string; version: number }>
    if (rows.length > limit) return null
    return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  }

  /**
   * How many times a pattern word (as groq-js compiles it: `*` any run, `.` any one code unit, case
   * folded) is read in one text of each of the dataset's articles, by index row; only rows where it
   * is read. Null when the index cannot tell exactly: a word it holds only by its beginning could
   * match, or the word's beginning is shared by too many words.
   */
  counts(dataset: string, letter: string, word: string): Map<number, number> | null {
    const wild = word.search(/[*.]/)
    const fixed = wild === -1 ? word : word.slice(0, wild)
    const from = datasetPrefix(dataset).length + 1
    const exact = wild === -1 ? heldWord(letter, fixed) : null
    // A word held by its beginning only could equal (or match) this one: the index cannot count it.
    if (exact?.endsWith('z')) return null
    const start = `${datasetPrefix(dataset)}${exact ? `${exact}x` : heldWord(letter, fixed.slice(0, 48))}`
    // Every term that starts so: hexadecimal digits, `x`, `z` and digits follow, all before `{`.
    const terms = this.reads.terms.all(start, `${start}{`, TERMS_PER_WORD + 1) as string[]
    if (terms.length > TERMS_PER_WORD) return null
    const re = exact ? null : new RegExp(`^${word.replace(/\*/g, '.*')}$`, 'i')
    const out = new Map<number, number>()
    for (const term of terms) {
      if (re) {
        const held = heldWordOf(term, from)
        if (held === null) return null
        // The held word is folded as the regular expression folds (textMatch.ts), so it matches as the word did.
        if (!re.test(held)) continue
      }
      const count = heldCountOf(term)
      for (const rowid of this.reads.docs.all(`"${term}"`) as number[]) out.set(rowid, (out.get(rowid) ?? 0) + count)
    }
    return out
  }

  /**
   * The counts one held word (heldWord) is held with in a dataset's usual articles (not those read
   * apart, `unusual`), highest first, each with its index term and how many of them hold the word
   * that many times (match_counts: a few rows, whatever the archive's size); null when the word has
   * more than TERMS_PER_WORD counts.
   */
  buckets(dataset: string, held: string): Array<{ count: number; term: string; docs: number }> | null {
    const start = `${held}x`
    const rows = this.reads.buckets.all(dataset, start, `${start}{`, TERMS_PER_WORD + 1) as Array<{ term: string; docs: number }>
    if (rows.length > TERMS_PER_WORD) return null
    const prefix = datasetPrefix(dataset)
    return rows.map((row) => ({ count: heldCountOf(row.term), term: `${prefix}${row.term}`, docs: row.docs })).sort((a, b) => b.count - a.count)
  }

  /** How many usual articles (not those read apart) a dataset holds. */
  usualArticles(dataset: string): number {
    return (this.reads.counted.get(dataset, everyArticle) as number | undefined) ?? 0
  }

  /** How many of a dataset's usual articles (not those read apart) hold a held word in any of the indexed texts (match_counts). */
  inAnyText(dataset: string, held: string): number {
    return (this.reads.counted.get(dataset, anyText(held)) as number | undefined) ?? 0
  }

  /** The index query (FTS5 syntax) for every count of a held word in a dataset: the articles that hold it at all. */
  anyCount(dataset: string, held: string): string {
    return `"${datasetPrefix(dataset)}${held}x"*`
  }

  /** The index rows an index query finds (its terms written by this class: no request text is ever syntax here). */
  rowsOf(query: string): number[] {
    return this.reads.docs.all(query) as number[]
  }

  /** Whether an index query finds any row. */
  anyOf(query: string): boolean {
    return this.reads.any.get(query) !== undefined
  }

  /** How many rows an index query finds, less those listed in `except`. */
  countOf(query: string, except: readonly number[]): number {
    return this.reads.count.get(query, JSON.stringify(except)) as number
  }

  /** The dataset's articles with a dot in their id, no `slug.current` or a `_score` of their own, by index row: few, as a rule. */
  unusual(dataset: string): Map<number, UnusualDoc> {
    const out = new Map<number, UnusualDoc>()
    for (const row of this.reads.unusual.all(dataset) as Array<{ rowid: number; id: string; slugless: number; score: number | null }>) {
      out.set(row.rowid, { id: row.id, slugless: row.slugless === 1, score: row.score })
    }
    return out
  }

  /** The key (server/store/documentColumns.ts) of the document an index row holds in a keyed field, or null. */
  keyOf(rowid: number, type: string, field: string): Buffer | null {
    return (this.reads.key.get(rowid, type, field) as Buffer | undefined) ?? null
  }

  /** The id and stored version of the document an index row holds, or null when it is gone. */
  idOf(rowid: number): { id: string; version: number } | null {
    return (this.reads.ids.get(rowid) as { id: string; version: number } | undefined) ?? null
  }
}
