// The search index: SQLite FTS5 over published articles' title, excerpt and body text, written by
// the store in the same SQL transaction as the documents (store.ts), so a story is findable the
// moment its publish is acknowledged and gone the moment it is unpublished or deleted, and a draft
// never enters it. Searches run in the query workers on a read-only connection (worker.ts), bounded
// like every anonymous query. docs/decisions/022-search-index.md.

import Database from 'better-sqlite3'
import { cleanText } from '../../shared/text.ts'
import { parseSearchText, searchCountedMatches, searchMaxPage, searchRefillingErrorType, searchMaxTerms, searchResultsPerPage, type IndexSearchHit, type IndexSearchResult, type TextPart } from '../../shared/search.ts'
import { typedError } from '../errors.ts'
import { isPathId } from '../store/ids.ts'
import type { Change, Doc } from '../store/mutations.ts'
import { matchExpression, scopeExpression } from './query.ts'
import { versionedRefill, type RefillJob } from './versionedRefill.ts'

/**
 * Bumped whenever what is indexed or how (columns, tokenizer, which documents) changes: a database
 * whose index has another version has it refilled after the service listens (versionedRefill.ts).
 */
export const searchIndexVersion = 3

/** The index's row in `search_meta`, and its refill's name. */
export const searchIndexRefill = 'version'

export const searchRefillingMessage = 'Search is being rebuilt after an update to the paper and will be back within minutes. Please try again shortly.'

// Marks around matched words in highlight() and snippet(): characters of Unicode's private use
// area, taken out of indexed text first, so no article's text can forge a mark.
const open = '\uE000'
const close = '\uE001'
const marks = /[\uE000\uE001]/g

/** Column weights for bm25: a word in the title counts most, then the excerpt, then the body. */
const weightOf = { title: 10, excerpt: 4, body: 1 }

export interface SearchRequest {
  q: string
  section: string | null
  /** Inclusive days, YYYY-MM-DD. */
  from: string | null
  to: string | null
  page: number
}

interface Indexed {
  slug: string
  publishedAt: string | null
  /** Publication time (ms), else creation time: what orders the index's rows (rowidFor). */
  time: number
  categories: string[]
  title: string
  excerpt: string
  body: string
}

/** A Portable Text field's plain text as GROQ's pt::text gives it: the blocks' span text, blocks separated by a blank line. */
export function portableText(value: unknown): string {
  const blocks = Array.isArray(value) ? value : [value]
  return blocks
    .filter((block): block is { _type: 'block'; children: unknown[] } => isRecord(block) && block._type === 'block' && Array.isArray(block.children))
    .map((block) => block.children.map((child) => (isRecord(child) && typeof child.text === 'string' ? child.text : '')).join(''))
    .join('\n\n')
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function plain(text: string): string {
  return text.replace(marks, ' ')
}

/** What the index holds of a document: published articles with an address only, as readers find them. */
export function indexed(doc: Doc | null): Indexed | null {
  if (!doc || doc._type !== 'article' || isPathId(doc._id)) return null
  const slug = isRecord(doc.slug) && typeof doc.slug.current === 'string' && doc.slug.current !== '' ? doc.slug.current : null
  if (slug === null) return null
  const published = typeof doc.publishedAt === 'string' ? new Date(doc.publishedAt) : null
  const categories = Array.isArray(doc.categories)
    ? doc.categories.flatMap((ref) => (isRecord(ref) && typeof ref._ref === 'string' ? [ref._ref] : []))
    : []
  const publishedAt = published && !Number.isNaN(published.getTime()) ? published.toISOString() : null
  const created = typeof doc._createdAt === 'string' ? Date.parse(doc._createdAt) : NaN
  return {
    slug,
    publishedAt,
    time: publishedAt !== null ? Date.parse(publishedAt) : Number.isNaN(created) ? 0 : created,
    categories,
    title: plain(typeof doc.title === 'string' ? doc.title : ''),
    excerpt: plain(cleanText(doc.excerpt)),
    body: plain(portableText(doc.body)),
  }
}

/** The index's tables in the store's database, and its writes. */
export class SearchIndex {
  private readonly statements: WriteStatements
  /** Its refill while one is pending (versionedRefill.ts): until it ends, a search is refused with a 503 that says so. */
  readonly refill: RefillJob | null

  constructor(db: Database.Database) {
    // Refilled from the stored articles and categories on a first start with an existing database,
    // and when searchIndexVersion changes.
    this.refill = versionedRefill(db, {
      key: searchIndexRefill,
      version: searchIndexVersion,
      types: ['article', 'category'],
      recreate: () => {
        db.exec(`
          DROP TABLE IF EXISTS search_text;
          DROP TABLE IF EXISTS search_titles;
          DROP TABLE IF EXISTS search_docs;
          DROP TABLE IF EXISTS search_categories;
          DROP TABLE IF EXISTS search_labels;
          CREATE TABLE search_docs (
            rowid INTEGER PRIMARY KEY, dataset TEXT NOT NULL, id TEXT NOT NULL, slug TEXT NOT NULL,
            published_at TEXT, categories TEXT NOT NULL, UNIQUE (dataset, id)
          );
          CREATE TABLE search_labels (
            dataset TEXT NOT NULL, id TEXT NOT NULL, slug TEXT, title TEXT, kind TEXT, PRIMARY KEY (dataset, id)
          ) WITHOUT ROWID;
          CREATE INDEX search_labels_slug ON search_labels (dataset, slug);
          -- scope: a token for the dataset and one per category, searched with a column filter only.
          CREATE VIRTUAL TABLE search_text USING fts5(title, excerpt, body, scope, tokenize = 'porter unicode61 remove_diacritics 2');
          -- The titles again, apart: "every word in the headline" read from the titles' own lists of
          -- rows, not by checking where the word stands in each of the (many more) articles that have it.
          CREATE VIRTUAL TABLE search_titles USING fts5(title, scope, tokenize = 'porter unicode61 remove_diacritics 2');
        `)
      },
      writer: () => {
        const statements = writeStatements(db)
        return (dataset, id, doc) => {
          remove(statements, dataset, id)
          statements.removeLabel.run(dataset, id)
          const entry = indexed(doc)
          if (entry) insert(statements, dataset, id, entry)
          const label = labelOf(doc)
          if (label) statements.addLabel.run(dataset, id, label.slug, label.title, label.kind)
        }
      },
    })
    this.statements = writeStatements(db)
  }

  /** Brings the index in line with a transaction's changes; called inside the store's SQL transaction. */
  apply(dataset: string, changes: readonly Change[]): void {
    for (const change of changes) {
      if (labelOf(change.before) || labelOf(change.after)) {
        this.statements.removeLabel.run(dataset, change.id)
        const label = labelOf(change.after)
        if (label) this.statements.addLabel.run(dataset, change.id, label.slug, label.title, label.kind)
      }
      const before = indexed(change.before)
      const after = indexed(change.after)
      if (!before && !after) continue
      remove(this.statements, dataset, change.id)
      if (after) insert(this.statements, dataset, change.id, after)
    }
  }

  /** Removes a dropped dataset's articles; called inside the store's SQL transaction. */
  drop(dataset: string): void {
    for (const rowid of this.statements.dropDataset.all(dataset) as number[]) {
      this.statements.removeText.run(rowid)
      this.statements.removeTitle.run(rowid)
      this.statements.removeDoc.run(rowid)
    }
    this.statements.dropLabels.run(dataset)
  }
}

type WriteStatements = ReturnType<typeof writeStatements>

function writeStatements(db: Database.Database) {
  return {
    find: db.prepare('SELECT rowid FROM search_docs WHERE dataset = ? AND id = ?').pluck(),
    taken: db.prepare('SELECT 1 FROM search_docs WHERE rowid = ?').pluck(),
    removeDoc: db.prepare('DELETE FROM search_docs WHERE rowid = ?'),
    removeText: db.prepare('DELETE FROM search_text WHERE rowid = ?'),
    removeTitle: db.prepare('DELETE FROM search_titles WHERE rowid = ?'),
    addTitle: db.prepare('INSERT INTO search_titles (rowid, title, scope) VALUES (?, ?, ?)'),
    addDoc: db.prepare('INSERT INTO search_docs (rowid, dataset, id, slug, published_at, categories) VALUES (?, ?, ?, ?, ?, ?)'),
    addText: db.prepare('INSERT INTO search_text (rowid, title, excerpt, body, scope) VALUES (?, ?, ?, ?, ?)'),
    dropDataset: db.prepare('SELECT rowid FROM search_docs WHERE dataset = ?').pluck(),
    addLabel: db.prepare('INSERT INTO search_labels (dataset, id, slug, title, kind) VALUES (?, ?, ?, ?, ?)'),
    removeLabel: db.prepare('DELETE FROM search_labels WHERE dataset = ? AND id = ?'),
    dropLabels: db.prepare('DELETE FROM search_labels WHERE dataset = ?'),
  }
}

/**
 * Rows are numbered by publication time (rowidSlots per millisecond): FTS5 reads its matches in
 * rowid order, so "the newest matches" and "published between two days" are a range of rowids it
 * reads from one end and stops, however many articles match (decision 022).
 */
const rowidSlots = 256
const rowidOf = (time: number): number => Math.floor(time) * rowidSlots
const timeOfRowid = (rowid: number): number => Math.floor(rowid / rowidSlots)

function remove(statements: WriteStatements, dataset: string, id: string): void {
  const rowid = statements.find.get(dataset, id) as number | undefined
  if (rowid === undefined) return
  statements.removeText.run(rowid)
  statements.removeTitle.run(rowid)
  statements.removeDoc.run(rowid)
}

function insert(statements: WriteStatements, dataset: string, id: string, entry: Indexed): void {
  let rowid = rowidOf(entry.time)
  while (statements.taken.get(rowid) !== undefined) rowid++
  statements.addDoc.run(rowid, dataset, id, entry.slug, entry.publishedAt, JSON.stringify(entry.categories))
  const scope = [datasetToken(dataset), ...entry.categories.map(categoryToken)].join(' ')
  statements.addText.run(rowid, entry.title, entry.excerpt, entry.body, scope)
  statements.addTitle.run(rowid, entry.title, scope)
}

/** A published category's slug, title and kind, for the section filter and each result's section. */
function labelOf(doc: Doc | null): { slug: string | null; title: string | null; kind: string | null } | null {
  if (!doc || doc._type !== 'category' || isPathId(doc._id)) return null
  const slug = isRecord(doc.slug) && typeof doc.slug.current === 'string' ? doc.slug.current : null
  return { slug, title: typeof doc.title === 'string' ? doc.title : null, kind: typeof doc.kind === 'string' ? doc.kind : null }
}

/** The scope column's token for a dataset or a category: its name in hex, one word whatever its characters. */
const hex = (text: string): string => Buffer.from(text, 'utf8').toString('hex')
const datasetToken = (dataset: string): string => `d${hex(dataset)}`
const categoryToken = (id: string): string => `c${hex(id)}`

/** Splits text with the index's marks into runs, marked or not. */
export function markedParts(text: string): TextPart[] {
  const parts: TextPart[] = []
  let match = false
  for (const piece of text.split(/([\uE000\uE001])/)) {
    if (piece === open) match = true
    else if (piece === close) match = false
    else if (piece !== '') {
      const last = parts[parts.length - 1]
      if (last && last.match === match) last.text += piece
      else parts.push({ text: piece, match })
    }
  }
  return parts
}

function refuse(description: string): never {
  throw typedError(400, 'searchError', description)
}

const dayStart = (day: string): string => `${day}T00:00:00.000Z`
const nextDayStart = (day: string): string => new Date(Date.parse(dayStart(day)) + 86_400_000).toISOString()

/**
 * How many of the newest matches a search ranks, and how many of the newest with every word in the
 * title: what bounds a search's work however common its words (decision 022); the results a reader
 * can page through. bm25 costs tens of microseconds a row, so these keep a search within milliseconds.
 */
export const rankedMatches = 300
const rankedTitleMatches = 100

interface Scored {
  rowid: number
  rank: number
}

/** bm25 (negative: lower is better) weakened by age: a year's age halves it. */
function score({ rowid, rank }: Scored, now: number): number {
  const ageDays = Math.max(0, (now - timeOfRowid(rowid)) / 86_400_000)
  return rank / (1 + ageDays / 365)
}

/**
 * Whether any other dataset shares the index. Asked as two ranges of the (dataset, id) index: `<>`
 * would read every row of a paper that has one dataset (66 ms a search at 1,000,000 articles).
 */
export const otherDatasetsSql = 'SELECT EXISTS (SELECT 1 FROM search_docs WHERE dataset < :dataset) OR EXISTS (SELECT 1 FROM search_docs WHERE dataset > :dataset)'

/** The statements of one read-only connection, prepared once. */
export class SearchReader {
  private readonly statements
  /**
   * The page's twenty rows are marked in a small table of their own: highlight() and snippet() in
   * the index itself need the row found again by MATCH, which FTS5 does by reading the term's whole
   * list of rows (tens of milliseconds for a common word), where this costs tokenizing twenty texts.
   */
  private readonly marks

  constructor(db: Database.Database) {
    const scratch = new Database(':memory:')
    scratch.exec("CREATE VIRTUAL TABLE marks USING fts5(title, excerpt, body, tokenize = 'porter unicode61 remove_diacritics 2')")
    this.marks = {
      fill: scratch.transaction((rows: Array<{ rowid: number; title: string; excerpt: string; body: string }>) => {
        scratch.prepare('DELETE FROM marks').run()
        const add = scratch.prepare('INSERT INTO marks (rowid, title, excerpt, body) VALUES (?, ?, ?, ?)')
        for (const row of rows) add.run(row.rowid, row.title, row.excerpt, row.body)
      }),
      marked: scratch.prepare(`
        SELECT rowid, highlight(marks, 0, '${open}', '${close}') AS title,
               snippet(marks, 1, '${open}', '${close}', '…', 48) AS excerpt,
               snippet(marks, 2, '${open}', '${close}', '…', 32) AS body
        FROM marks WHERE marks MATCH ?`),
    }
    // Dataset, section and dates are all FTS5's to answer: the scope column and the rowid range.
    const weights = `${weightOf.title}, ${weightOf.excerpt}, ${weightOf.body}, 0`
    const range = 'rowid BETWEEN :low AND :high'
    this.statements = {
      sections: db.prepare('SELECT id FROM search_labels WHERE dataset = ? AND slug = ?').pluck(),
      others: db.prepare(otherDatasetsSql).pluck(),
      // The newest matches, from the newest end: they are the count, and the oldest ranked bounds the rows ranked.
      newest: db.prepare(`SELECT rowid FROM search_text WHERE search_text MATCH :match AND ${range} ORDER BY rowid DESC LIMIT :limit`).pluck(),
      // From the newest end too: in rowid order FTS5 walks a common word's list of rows from its
      // oldest to reach the range (5 ms for 'london' at 100,000 articles, as long as counting it).
      ranked: db.prepare(`SELECT rowid, bm25(search_text, ${weights}) AS rank FROM search_text WHERE search_text MATCH :match AND ${range} ORDER BY rowid DESC LIMIT :limit`),
      titles: db.prepare(`SELECT rowid, bm25(search_titles, 1, 0) AS rank FROM search_titles WHERE search_titles MATCH :match AND ${range} ORDER BY rowid DESC LIMIT :limit`),
      doc: db.prepare('SELECT id, slug, published_at AS publishedAt, categories FROM search_docs WHERE rowid = ?'),
      text: db.prepare('SELECT title, excerpt, body FROM search_text WHERE rowid = ?'),
      categories: db.prepare('SELECT id, title, kind FROM search_labels WHERE dataset = ? AND id IN (SELECT value FROM json_each(?))'),
      refilling: db.prepare('SELECT 1 FROM refill_pending WHERE name = ?'),
    }
  }

  /** One page of a search's results, best first. Refuses (400) what cannot be searched for. */
  search(dataset: string, request: SearchRequest, now = Date.now()): IndexSearchResult {
    if (Array.from(request.q).length > 1000) refuse('The search text is longer than 1,000 characters: search for fewer words')
    const { terms, ignored } = parseSearchText(request.q)
    if (terms.length > searchMaxTerms) refuse(`Search for at most ${searchMaxTerms} words or phrases at a time`)
    if (!Number.isSafeInteger(request.page) || request.page < 1 || request.page > searchMaxPage) refuse(`The page must be a whole number from 1 to ${searchMaxPage}`)
    // Until its refill after an upgrade ends, the index holds only some of the articles: a search
    // says so rather than show fewer results, or none, as if they were all there were.
    if (this.statements.refilling.get(searchIndexRefill) !== undefined) throw typedError(503, searchRefillingErrorType, searchRefillingMessage)
    const words = matchExpression(terms)
    const empty = { total: 0, moreThanTotal: false, ranked: 0, hits: [], ignored }
    if (words === null) return empty
    let sections: string[] | null = null
    if (request.section !== null) {
      sections = this.statements.sections.all(dataset, request.section) as string[]
      if (sections.length === 0) return empty
    }
    // The scope column costs FTS5 a look at each match's positions: asked only when it narrows.
    const alone = this.statements.others.get({ dataset }) === 0
    const scope = alone && sections === null ? null : scopeExpression(datasetToken(dataset), sections?.map(categoryToken) ?? null)
    const match = scope === null ? words : `${scope} AND ${words}`
    const bind = {
      low: request.from === null ? Number.MIN_SAFE_INTEGER : rowidOf(Date.parse(dayStart(request.from))),
      high: request.to === null ? Number.MAX_SAFE_INTEGER : rowidOf(Date.parse(nextDayStart(request.to))) - 1,
    }
    // Counted from the newest end to one past every result a reader can page to, never to the end
    // of a common word's list of rows (decision 046): past it the answer says "more than".
    const matches = this.statements.newest.all({ ...bind, match, limit: searchCountedMatches + 1 }) as number[]
    if (matches.length === 0) return empty
    const total = Math.min(matches.length, searchCountedMatches)
    // Every word in the title first (the newest such headlines), then the newest matches, each by score.
    const titled = this.statements.titles.all({ ...bind, match: scope === null ? words : `${scope} AND ${words}`, limit: rankedTitleMatches }) as Scored[]
    const newest = matches.slice(0, rankedMatches)
    const oldest = newest[newest.length - 1] ?? bind.high
    const inTitle = new Set(titled.map((row) => row.rowid))
    const rest = (this.statements.ranked.all({ ...bind, match, low: Math.max(bind.low, oldest), limit: rankedMatches }) as Scored[]).filter((row) => !inTitle.has(row.rowid))
    const byScore = (a: Scored, b: Scored) => score(a, now) - score(b, now) || b.rowid - a.rowid
    const order = [...titled.sort(byScore), ...rest.sort(byScore)]
    const start = (request.page - 1) * searchResultsPerPage
    const page = order.slice(start, start + searchResultsPerPage)
    const texts = page.flatMap(({ rowid }) => {
      const text = this.statements.text.get(rowid) as { title: string; excerpt: string; body: string } | undefined
      return text ? [{ rowid, ...text }] : []
    })
    this.marks.fill(texts)
    const marked = new Map((this.marks.marked.all(words) as Array<{ rowid: number; title: string; excerpt: string; body: string }>).map((row) => [row.rowid, row]))
    const rows = page.flatMap(({ rowid }): ShownRow[] => {
      const doc = this.statements.doc.get(rowid) as Omit<ShownRow, 'title' | 'excerpt' | 'body'> | undefined
      const text = marked.get(rowid)
      return doc && text ? [{ ...doc, title: text.title, excerpt: text.excerpt, body: text.body }] : []
    })
    const categoryIds = [...new Set(rows.flatMap((row) => JSON.parse(row.categories) as string[]))]
    const categories = new Map(
      (this.statements.categories.all(dataset, JSON.stringify(categoryIds)) as Array<{ id: string; title: unknown; kind: unknown }>).map((c) => [c.id, c]),
    )
    const hits = rows.map((row): IndexSearchHit => {
      const refs = JSON.parse(row.categories) as string[]
      const section = refs.map((id) => categories.get(id)).find((c) => c?.kind === 'section') ?? categories.get(refs[0] ?? '')
      const excerpt = markedParts(row.excerpt)
      const body = markedParts(row.body)
      return {
        _id: row.id,
        slug: row.slug,
        publishedAt: row.publishedAt,
        section: typeof section?.title === 'string' ? section.title : null,
        title: markedParts(row.title),
        text: excerpt.some((part) => part.match) || !body.some((part) => part.match) ? excerpt : body,
      }
    })
    return { total, moreThanTotal: matches.length > searchCountedMatches, ranked: order.length, hits, ignored }
  }
}

interface ShownRow {
  id: string
  slug: string
  publishedAt: string | null
  categories: string
  title: string
  excerpt: string
  body: string
}
