// The search index: SQLite FTS5 over published articles' title, excerpt and body text, written by
// the store in the same SQL transaction as the documents (store.ts), so a story is findable the
// moment its publish is acknowledged and gone the moment it is unpublished or deleted, and a draft
// never enters it. Searches run in the query workers on a read-only connection (worker.ts), bounded
// like every anonymous query. docs/decisions/022-search-index.md.

import type Database from 'better-sqlite3'
import { cleanText } from '../../shared/text.ts'
import { parseSearchText, searchMaxPage, searchMaxTerms, searchResultsPerPage, type IndexSearchHit, type IndexSearchResult, type TextPart } from '../../shared/search.ts'
import { typedError } from '../errors.ts'
import { isPathId } from '../store/ids.ts'
import type { Change, Doc } from '../store/mutations.ts'
import { matchExpression, titleExpression } from './query.ts'

/**
 * Bumped whenever what is indexed or how (columns, tokenizer, which documents) changes: a database
 * whose index has another version has it rebuilt when the store opens it.
 */
export const searchIndexVersion = 1

// Marks around matched words in highlight() and snippet(): characters of Unicode's private use
// area, taken out of indexed text first, so no article's text can forge a mark.
const open = '\uE000'
const close = '\uE001'
const marks = /[\uE000\uE001]/g

/** Column weights for bm25: a word in the title counts most, then the excerpt, then the body. */
const weights = { title: 10, excerpt: 4, body: 1 }

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
  return {
    slug,
    publishedAt: published && !Number.isNaN(published.getTime()) ? published.toISOString() : null,
    categories,
    title: plain(typeof doc.title === 'string' ? doc.title : ''),
    excerpt: plain(cleanText(doc.excerpt)),
    body: plain(portableText(doc.body)),
  }
}

/** The index's tables in the store's database, and its writes. */
export class SearchIndex {
  private readonly statements

  constructor(private readonly db: Database.Database) {
    db.exec('CREATE TABLE IF NOT EXISTS search_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)')
    const version = db.prepare("SELECT value FROM search_meta WHERE key = 'version'").pluck().get()
    if (version !== String(searchIndexVersion)) this.rebuild()
    this.statements = {
      find: db.prepare('SELECT rowid FROM search_docs WHERE dataset = ? AND id = ?').pluck(),
      removeDoc: db.prepare('DELETE FROM search_docs WHERE rowid = ?'),
      removeText: db.prepare('DELETE FROM search_text WHERE rowid = ?'),
      removeCategories: db.prepare('DELETE FROM search_categories WHERE doc = ?'),
      addDoc: db.prepare('INSERT INTO search_docs (dataset, id, slug, published_at, categories) VALUES (?, ?, ?, ?, ?)'),
      addText: db.prepare('INSERT INTO search_text (rowid, title, excerpt, body) VALUES (?, ?, ?, ?)'),
      addCategory: db.prepare('INSERT OR IGNORE INTO search_categories (doc, category) VALUES (?, ?)'),
      dropDataset: db.prepare('SELECT rowid FROM search_docs WHERE dataset = ?').pluck(),
    }
  }

  /**
   * Drops and refills the index from the documents in one pass and one SQL transaction: on a first
   * start with an existing database, and when searchIndexVersion changes.
   */
  private rebuild(): void {
    this.db.transaction(() => {
      this.db.exec(`
        DROP TABLE IF EXISTS search_text;
        DROP TABLE IF EXISTS search_docs;
        DROP TABLE IF EXISTS search_categories;
        CREATE TABLE search_docs (
          rowid INTEGER PRIMARY KEY, dataset TEXT NOT NULL, id TEXT NOT NULL, slug TEXT NOT NULL,
          published_at TEXT, categories TEXT NOT NULL, UNIQUE (dataset, id)
        );
        CREATE INDEX search_docs_published ON search_docs (dataset, published_at);
        CREATE TABLE search_categories (category TEXT NOT NULL, doc INTEGER NOT NULL, PRIMARY KEY (category, doc)) WITHOUT ROWID;
        CREATE INDEX search_categories_doc ON search_categories (doc);
        CREATE VIRTUAL TABLE search_text USING fts5(title, excerpt, body, tokenize = 'porter unicode61 remove_diacritics 2');
      `)
      const addDoc = this.db.prepare('INSERT INTO search_docs (dataset, id, slug, published_at, categories) VALUES (?, ?, ?, ?, ?)')
      const addText = this.db.prepare('INSERT INTO search_text (rowid, title, excerpt, body) VALUES (?, ?, ?, ?)')
      const addCategory = this.db.prepare('INSERT OR IGNORE INTO search_categories (doc, category) VALUES (?, ?)')
      // In batches along the primary key: a connection cannot write while it iterates, and the
      // whole archive read at once would hold every article in memory.
      const batch = this.db.prepare("SELECT dataset, id, doc FROM documents WHERE type = 'article' AND (dataset, id) > (?, ?) ORDER BY dataset, id LIMIT 1000")
      let after = ['', '']
      for (;;) {
        const rows = batch.all(after[0], after[1]) as Array<{ dataset: string; id: string; doc: string }>
        for (const row of rows) {
          const entry = indexed(JSON.parse(row.doc) as Doc)
          if (entry) insert(row.dataset, row.id, entry, addDoc, addText, addCategory)
        }
        const last = rows[rows.length - 1]
        if (!last) break
        after = [last.dataset, last.id]
      }
      this.db.prepare("INSERT INTO search_meta (key, value) VALUES ('version', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(String(searchIndexVersion))
    })()
  }

  /** Brings the index in line with a transaction's changes; called inside the store's SQL transaction. */
  apply(dataset: string, changes: readonly Change[]): void {
    for (const change of changes) {
      const before = indexed(change.before)
      const after = indexed(change.after)
      if (!before && !after) continue
      this.remove(dataset, change.id)
      if (after) insert(dataset, change.id, after, this.statements.addDoc, this.statements.addText, this.statements.addCategory)
    }
  }

  private remove(dataset: string, id: string): void {
    const rowid = this.statements.find.get(dataset, id) as number | undefined
    if (rowid === undefined) return
    this.statements.removeText.run(rowid)
    this.statements.removeCategories.run(rowid)
    this.statements.removeDoc.run(rowid)
  }

  /** Removes a dropped dataset's articles; called inside the store's SQL transaction. */
  drop(dataset: string): void {
    for (const rowid of this.statements.dropDataset.all(dataset) as number[]) {
      this.statements.removeText.run(rowid)
      this.statements.removeCategories.run(rowid)
      this.statements.removeDoc.run(rowid)
    }
  }
}

function insert(
  dataset: string,
  id: string,
  entry: Indexed,
  addDoc: Database.Statement,
  addText: Database.Statement,
  addCategory: Database.Statement,
): void {
  const { lastInsertRowid } = addDoc.run(dataset, id, entry.slug, entry.publishedAt, JSON.stringify(entry.categories))
  addText.run(lastInsertRowid, entry.title, entry.excerpt, entry.body)
  for (const category of entry.categories) addCategory.run(lastInsertRowid, category)
}

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

/** The statements of one read-only connection, prepared once. */
export class SearchReader {
  private readonly statements

  constructor(db: Database.Database) {
    // Matching articles, filtered; a CTE both the count and the page read.
    const matching = `
      SELECT d.rowid AS rowid, d.id AS id, d.published_at AS published_at,
             bm25(search_text, ${weights.title}, ${weights.excerpt}, ${weights.body}) AS rank
      FROM search_text JOIN search_docs d ON d.rowid = search_text.rowid
      WHERE search_text MATCH :match AND d.dataset = :dataset
        AND (:from IS NULL OR d.published_at >= :from)
        AND (:to IS NULL OR d.published_at < :to)
        AND (:sections IS NULL OR d.rowid IN (SELECT doc FROM search_categories WHERE category IN (SELECT value FROM json_each(:sections))))`
    this.statements = {
      sections: db
        .prepare("SELECT id FROM documents WHERE dataset = ? AND type = 'category' AND id NOT LIKE '%.%' AND json_extract(doc, '$.slug.current') = ?")
        .pluck(),
      count: db.prepare(`SELECT count(*) FROM (${matching})`).pluck(),
      // Articles with every word in the title first; then by relevance, a year's age halving it, newest first on a tie.
      page: db.prepare(`
        WITH hits AS (${matching})
        SELECT rowid, id FROM hits
        ORDER BY rowid IN (SELECT rowid FROM search_text WHERE search_text MATCH :title) DESC,
                 rank / (1.0 + max(0.0, julianday('now') - coalesce(julianday(published_at), julianday('now') - 3650)) / 365.0) ASC,
                 published_at DESC, id ASC
        LIMIT :limit OFFSET :offset`),
      shown: db.prepare(`
        SELECT search_text.rowid AS rowid, d.id AS id, d.slug AS slug, d.published_at AS publishedAt, d.categories AS categories,
               highlight(search_text, 0, '${open}', '${close}') AS title,
               snippet(search_text, 1, '${open}', '${close}', '…', 48) AS excerpt,
               snippet(search_text, 2, '${open}', '${close}', '…', 32) AS body
        FROM search_text JOIN search_docs d ON d.rowid = search_text.rowid
        WHERE search_text MATCH :match AND search_text.rowid IN (SELECT value FROM json_each(:rowids))`),
      categories: db.prepare("SELECT id, json_extract(doc, '$.title') AS title, json_extract(doc, '$.kind') AS kind FROM documents WHERE dataset = ? AND id IN (SELECT value FROM json_each(?))"),
    }
  }

  /** One page of a search's results, best first. Refuses (400) what cannot be searched for. */
  search(dataset: string, request: SearchRequest): IndexSearchResult {
    if (Array.from(request.q).length > 1000) refuse('The search text is longer than 1,000 characters: search for fewer words')
    const { terms, ignored } = parseSearchText(request.q)
    if (terms.length > searchMaxTerms) refuse(`Search for at most ${searchMaxTerms} words or phrases at a time`)
    if (!Number.isSafeInteger(request.page) || request.page < 1 || request.page > searchMaxPage) refuse(`The page must be a whole number from 1 to ${searchMaxPage}`)
    const match = matchExpression(terms)
    if (match === null) return { total: 0, hits: [], ignored }
    let sections: string | null = null
    if (request.section !== null) {
      const ids = this.statements.sections.all(dataset, request.section) as string[]
      if (ids.length === 0) return { total: 0, hits: [], ignored }
      sections = JSON.stringify(ids)
    }
    const bind = {
      match,
      dataset,
      from: request.from === null ? null : dayStart(request.from),
      to: request.to === null ? null : nextDayStart(request.to),
      sections,
    }
    const total = this.statements.count.get(bind) as number
    const start = (request.page - 1) * searchResultsPerPage
    if (total <= start) return { total, hits: [], ignored }
    const order = this.statements.page.all({ ...bind, title: titleExpression(terms), limit: searchResultsPerPage, offset: start }) as Array<{ rowid: number }>
    const rows = this.statements.shown.all({ match, rowids: JSON.stringify(order.map((row) => row.rowid)) }) as Array<{
      rowid: number
      id: string
      slug: string
      publishedAt: string | null
      categories: string
      title: string
      excerpt: string
      body: string
    }>
    const byRowid = new Map(rows.map((row) => [row.rowid, row]))
    const categoryIds = [...new Set(rows.flatMap((row) => JSON.parse(row.categories) as string[]))]
    const categories = new Map(
      (this.statements.categories.all(dataset, JSON.stringify(categoryIds)) as Array<{ id: string; title: unknown; kind: unknown }>).map((c) => [c.id, c]),
    )
    const hits = order.flatMap(({ rowid }): IndexSearchHit[] => {
      const row = byRowid.get(rowid)
      if (!row) return []
      const refs = JSON.parse(row.categories) as string[]
      const section = refs.map((id) => categories.get(id)).find((c) => c?.kind === 'section') ?? categories.get(refs[0] ?? '')
      const excerpt = markedParts(row.excerpt)
      const body = markedParts(row.body)
      return [
        {
          _id: row.id,
          slug: row.slug,
          publishedAt: row.publishedAt,
          section: typeof section?.title === 'string' ? section.title : null,
          title: markedParts(row.title),
          text: excerpt.some((part) => part.match) || !body.some((part) => part.match) ? excerpt : body,
        },
      ]
    })
    return { total, hits, ignored }
  }
}
