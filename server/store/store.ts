// The document store: SQLite is the truth, and the documents are read from it when needed, through
// a cache of parsed documents bounded by bytes (rows.ts, STORE_DOCUMENT_CACHE_MB). A transaction is
// validated against the stored rows, written to SQLite in one SQL transaction (WAL,
// synchronous=FULL) that first checks no other process wrote since those rows were read (else the
// transaction is run again on the new rows), and only then acknowledged, so a kill at any moment
// loses no acknowledged write and never leaves half a transaction behind.

import Database from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { typedError } from '../errors.ts'
import { isPathId, randomId } from './ids.ts'
import { selectIds } from '../groq/selection.ts'
import { checkBounds } from './bounds.ts'
import { checkSlugs } from './slugs.ts'
import { DocumentRows, StoredDocuments } from './rows.ts'
import { PinnedUpdates, pinsToMove } from './liveUpdates.ts'
import { History } from './history.ts'
import { SearchIndex } from '../search/index.ts'
import { MatchIndex } from '../search/matchIndex.ts'
import { DocumentKeys, migrateDocumentColumns, slugColumn } from './documentColumns.ts'
import { PairKeys } from './pairKeys.ts'
import { migrateCounts } from './counts.ts'
import { dropSitemapMonths, migrateSitemapMonths, removeMonthFiles, sitemapMonthsReader, type MonthTotal } from './sitemapMonths.ts'
import { prepareKeyRefill } from './keyRefill.ts'
import { defaultBatch, refillAll, refillBatch, type BatchLimits, type RefillJob } from '../search/versionedRefill.ts'
import { applyMutations, type Change, type Doc, type Mutation, type MutationResult } from './mutations.ts'

export interface Transaction {
  id: string
  dataset: string
  timestamp: Date
  identity: string
  mutations: Mutation[]
  results: MutationResult[]
  changes: Change[]
  /**
   * Counted reads folded into the documents (`recordReads`): not a revision of the content, so no
   * history, no transaction log and no webhook; listeners and the query workers see the new counts.
   */
  reads?: true
}

/** The fields the read counter owns (server/audience/): editors' writes never change them. */
export const countFields = ['readCount', 'readsLastDay'] as const
/** The published documents reads are counted for. */
export const countedTypes: ReadonlySet<string> = new Set(['article', 'imageGallery'])

/** One article's counts to fold in: `add` more reads in all, and its reads in the last 24 hours. */
export interface CountUpdate {
  id: string
  add: number
  lastDay: number
}

/**
 * The counts are the counter's: a whole-document write of a published article (a publish, a
 * restore, an import) keeps the counts it had, and a draft carries none, so an editor's form that
 * loaded yesterday's count never writes it back. A patch may change them (the render tier's `inc`).
 */
function keepCounts(change: Change, mutations: Mutation[]): void {
  const after = change.after
  if (!after || !countedTypes.has(after._type)) return
  if (isPathId(after._id)) {
    for (const field of countFields) delete after[field]
    return
  }
  // A document new to the dataset (an import from another Content Lake) brings its own counts.
  const replaced = change.mutations.some((index) => !('patch' in mutations[index]!))
  if (!replaced || !change.before) return
  for (const field of countFields) {
    const kept = change.before?.[field]
    if (typeof kept === 'number') after[field] = kept
    else delete after[field]
  }
}

export class Dataset {
  readonly name: string
  /** The stored documents, read from SQLite on demand (rows.ts): nothing here grows with the dataset. */
  readonly docs: StoredDocuments
  /** Bumped on every committed transaction; caches of derived data key on it. */
  revision = 0

  constructor(name: string, rows: DocumentRows) {
    this.name = name
    this.docs = new StoredDocuments(rows, name)
  }
}

/** The default of STORE_DOCUMENT_CACHE_MB: parsed documents the store keeps for the writes that come back to them. */
export const defaultStoreDocumentCacheBytes = 16 * 1024 * 1024

/** Thrown inside a write transaction that finds another process wrote since its documents were read. */
class WrittenMeanwhile extends Error {}

const datasetPattern = /^[a-z0-9][-\w]{0,63}$/

export function isValidDatasetName(name: string): boolean {
  return datasetPattern.test(name)
}

export class Store {
  readonly db: Database.Database
  /** Every document's earlier revisions and the transactions that made them, written with each commit. */
  readonly history: History
  /** Published articles' text for the /search page, written with each commit (server/search). */
  readonly search: SearchIndex
  /** Articles' words as GROQ's `match` reads them, written with each commit (server/search/matchIndex.ts). */
  private readonly matches: MatchIndex
  /** Parsed documents, shared by every dataset, bounded by bytes. */
  readonly rows: DocumentRows
  private readonly datasets = new Map<string, Dataset>()
  private readonly listeners = new Set<(tx: Transaction) => void>()
  private readonly reloadListeners = new Set<() => void>()
  private dataVersion: number
  private readonly statements
  /** The keys ordered listings and counts read (documentColumns.ts), written with each document. */
  private readonly keys: DocumentKeys
  /** The keys of conditions that read a document's other half (pairKeys.ts), written after the rows. */
  private readonly pairs: PairKeys
  /** Each live blog's pinned updates, from its own keys: a pin moves (liveUpdates.ts). */
  private readonly pins: PinnedUpdates
  /** Transactions of one dataset run one after the other, so a later one sees the earlier one's result. */
  private queue: Promise<unknown> = Promise.resolve()

  /** Each month's articles and when they last changed (sitemapMonths.ts). */
  private readonly months: (dataset: string) => MonthTotal[] | null
  /** What the store fills from the documents and has yet to refill (versionedRefill.ts), in the order they run. */
  private readonly refills: RefillJob[]
  private closed = false

  /**
   * `trace` is given every SQL statement the connection runs, its parameters written in (tests read
   * their query plans). `refill`: whether what an upgrade must refill from the documents (the listing
   * keys, the search indexes) is refilled before the constructor returns (`now`, for commands and
   * tests), or left for refillInBackground (`later`, the service, after it listens).
   */
  constructor(dataDir: string, options: { documentCacheBytes?: number; trace?: (sql: string) => void; refill?: 'now' | 'later' } = {}) {
    mkdirSync(dataDir, { recursive: true })
    this.db = new Database(join(dataDir, 'content.db'), options.trace ? { verbose: (sql) => options.trace!(String(sql)) } : {})
    this.db.pragma('journal_mode = WAL')
    this.db.pragma('synchronous = FULL')
    this.db.pragma('busy_timeout = 5000')
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS datasets (name TEXT PRIMARY KEY, created_at TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS documents (
        dataset TEXT NOT NULL, id TEXT NOT NULL, type TEXT NOT NULL, doc TEXT NOT NULL,
        PRIMARY KEY (dataset, id)
      ) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS transactions (
        id TEXT PRIMARY KEY, dataset TEXT NOT NULL, timestamp TEXT NOT NULL, identity TEXT NOT NULL,
        document_ids TEXT NOT NULL
      );
    `)
    this.history = new History(this.db)
    this.search = new SearchIndex(this.db)
    this.matches = new MatchIndex(this.db)
    // The columns and indexes the query workers find documents by (docs/decisions/028-documents-read-from-sqlite.md).
    migrateDocumentColumns(this.db)
    const keyRefill = prepareKeyRefill(this.db)
    this.keys = new DocumentKeys(this.db)
    this.pairs = new PairKeys(this.db)
    // Per-type and per-value counts, kept by triggers in every write's SQL transaction (counts.ts).
    const countsRefill = migrateCounts(this.db)
    // Each month's articles, for /sitemap.xml, kept the same way (sitemapMonths.ts).
    const monthsRefill = migrateSitemapMonths(this.db)
    removeMonthFiles(dataDir)
    this.months = sitemapMonthsReader(this.db)
    // The counts first: a short pass (it reads the keys' index by id and parses no document), and
    // until it ends no total is answered from them, so a homepage's count the keys cannot narrow is
    // a pass over the archive. From then on the triggers keep them equal to the keys while the keys
    // are written again (and no total of a field is read until its keys are complete). Then the
    // sitemap's months (a pass over the articles that reads no key: /sitemap.xml is a 503 until it
    // ends, decision 048), then the keys, then GROQ `match`'s index, then the /search page's (which
    // answers by `match` meanwhile: src/content/search/search.ts isIndexRefilling). Decision 041.
    this.refills = [countsRefill, monthsRefill, keyRefill, this.matches.refill, this.search.refill].filter((job): job is RefillJob => job !== null)
    if (options.refill !== 'later') for (const job of this.refills.splice(0)) refillAll(this.db, job)
    this.pins = new PinnedUpdates(this.db)
    this.statements = {
      upsert: this.db.prepare(
        'INSERT INTO documents (dataset, id, type, doc, slug, version) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (dataset, id) DO UPDATE SET type = excluded.type, doc = excluded.doc, slug = excluded.slug, version = excluded.version',
      ),
      nextVersion: this.db.prepare('UPDATE document_versions SET last = last + 1 RETURNING last').pluck(),
      remove: this.db.prepare('DELETE FROM documents WHERE dataset = ? AND id = ?'),
      logTx: this.db.prepare('INSERT INTO transactions (id, dataset, timestamp, identity, document_ids, mutations) VALUES (?, ?, ?, ?, ?, ?)'),
      datasets: this.db.prepare('SELECT name FROM datasets ORDER BY name').pluck(),
      addDataset: this.db.prepare('INSERT OR IGNORE INTO datasets (name, created_at) VALUES (?, ?)'),
      dropDataset: this.db.prepare('DELETE FROM datasets WHERE name = ?'),
      dropDocuments: this.db.prepare('DELETE FROM documents WHERE dataset = ?'),
      // A dataset made again after this starts with every key written by its own writes.
      dropPendingKeys: this.db.prepare('DELETE FROM document_keys_pending WHERE dataset = ?'),
      // Checked on every request: db.pragma() would prepare a new statement each time.
      dataVersion: this.db.prepare('PRAGMA data_version').pluck(),
    }
    this.rows = new DocumentRows(this.db, options.documentCacheBytes ?? defaultStoreDocumentCacheBytes)
    this.dataVersion = this.currentDataVersion()
    this.loadAll()
  }

  /** The refills still to run (by name): none once refillInBackground has finished. */
  get pendingRefills(): string[] {
    return this.refills.map((job) => job.name)
  }

  /**
   * Runs the pending refills a batch per task, each task given to `schedule` (by default after the
   * I/O the event loop has waiting, so requests are answered between batches). Resolves when all are
   * done, or the store is closed; rejects with a batch's error (what it left stays pending, and
   * readers keep answering without it).
   */
  refillInBackground(schedule: (task: () => void) => void = (task) => setImmediate(task), limits: BatchLimits = defaultBatch): Promise<void> {
    return new Promise((resolve, reject) => {
      const step = () => {
        const job = this.refills[0]
        if (this.closed || !job) return resolve()
        try {
          if (!refillBatch(this.db, job, limits)) this.refills.shift()
        } catch (error) {
          return reject(error instanceof Error ? error : new Error(String(error)))
        }
        schedule(step)
      }
      schedule(step)
    })
  }

  private currentDataVersion(): number {
    return this.statements.dataVersion.get() as number
  }

  /** The datasets there are: their names only, the documents stay in SQLite. */
  private loadAll(): void {
    this.datasets.clear()
    for (const name of this.statements.datasets.all() as string[]) this.datasets.set(name, new Dataset(name, this.rows))
  }

  /**
   * Another process (the `content` command) may have written to the same database; SQLite's
   * data_version tells us cheaply, and we then bump every revision (caches of derived data key on
   * it) and tell the listeners, rather than serve stale answers. Documents are read from SQLite
   * with their row's version, so none needs reloading.
   */
  syncExternalWrites(): void {
    const version = this.currentDataVersion()
    if (version === this.dataVersion) return
    this.dataVersion = version
    const revisions = new Map([...this.datasets].map(([name, d]) => [name, d.revision]))
    this.loadAll()
    for (const [name, dataset] of this.datasets) dataset.revision = (revisions.get(name) ?? 0) + 1
    this.reloaded()
  }

  datasetNames(): string[] {
    return [...this.datasets.keys()].sort()
  }

  /** The dataset's revision, or undefined when there is no such dataset; for cache checks on every request. */
  revisionOf(name: string): number | undefined {
    return this.datasets.get(name)?.revision
  }

  hasDataset(name: string): boolean {
    return this.datasets.has(name)
  }

  createDataset(name: string): Dataset {
    if (!isValidDatasetName(name)) throw typedError(400, 'invalidDatasetNameError', `Invalid dataset name "${name}"`)
    const existing = this.datasets.get(name)
    if (existing) return existing
    this.statements.addDataset.run(name, new Date().toISOString())
    this.dataVersion = this.currentDataVersion()
    const dataset = new Dataset(name, this.rows)
    this.datasets.set(name, dataset)
    this.reloaded()
    return dataset
  }

  deleteDataset(name: string): void {
    this.db.transaction(() => {
      this.history.drop(name)
      this.search.drop(name)
      this.matches.drop(name)
      this.keys.drop(name)
      this.statements.dropPendingKeys.run(name)
      this.statements.dropDocuments.run(name)
      dropSitemapMonths(this.db, name)
      this.statements.dropDataset.run(name)
    })()
    this.dataVersion = this.currentDataVersion()
    this.datasets.delete(name)
    this.reloaded()
  }

  /**
   * A dataset's months with published articles, newest first, each with its number of articles and
   * when they last changed (what /sitemap.xml lists), or null while they are being counted after an
   * upgrade. A few rows read, whatever the archive's size.
   */
  sitemapMonths(dataset: string): MonthTotal[] | null {
    return this.months(dataset)
  }

  dataset(name: string): Dataset {
    const dataset = this.datasets.get(name)
    if (!dataset) throw typedError(404, 'datasetNotFoundError', `Dataset "${name}" not found`)
    return dataset
  }

  /** Called when datasets were created, dropped or reloaded from the database, rather than changed by a transaction. */
  onReload(listener: () => void): () => void {
    this.reloadListeners.add(listener)
    return () => this.reloadListeners.delete(listener)
  }

  private reloaded(): void {
    for (const listener of this.reloadListeners) listener()
  }

  onTransaction(listener: (tx: Transaction) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /**
   * Runs mutations as one atomic transaction. Resolves once the transaction is durable in SQLite
   * (or, with dryRun, once it has been checked). Rejects with an ApiError and changes nothing when
   * any mutation fails.
   */
  commit(
    datasetName: string,
    mutations: Mutation[],
    options: { identity?: string; transactionId?: string; dryRun?: boolean; timestamp?: Date } = {},
  ): Promise<Transaction> {
    const run = async (): Promise<Transaction> => {
      this.syncExternalWrites()
      const seen = this.dataVersion
      const dataset = this.dataset(datasetName)
      const id = options.transactionId ?? randomId()
      const timestamp = options.timestamp ?? new Date()
      const snapshot = {
        get: (docId: string) => dataset.docs.get(docId),
        selectIds: async (query: string, params: Record<string, unknown>, pending: ReadonlyMap<string, Doc | null>) => selectIds(overlay(dataset.docs.values(), pending), query, params),
      }
      let applied = mutations
      let outcome = await applyMutations(applied, snapshot, { id, timestamp })
      // A pin moves (liveUpdates.ts): the blog's other pinned updates are unpinned by this
      // transaction, as mutations of its own, so its log, history, listeners and webhooks say so.
      const pinnedOf = (blog: string) => this.pins.of(datasetName, blog)
      const unpin = pinsToMove(outcome.changes, pinnedOf)
      if (unpin.length > 0) {
        applied = [...mutations, ...unpin.map((other): Mutation => ({ patch: { id: other, set: { isPinned: false } } }))]
        outcome = await applyMutations(applied, snapshot, { id, timestamp })
      }
      const tx: Transaction = {
        id,
        dataset: datasetName,
        timestamp,
        identity: options.identity ?? '',
        mutations: applied,
        results: outcome.results,
        changes: outcome.changes,
      }
      for (const change of outcome.changes) keepCounts(change, applied)
      checkBounds(outcome.changes, pinnedOf)
      checkSlugs(outcome.changes, (type, slug) => dataset.docs.slugHolders(type, slug))
      if (options.dryRun) return tx
      const written = outcome.changes.map((change) => (change.after ? JSON.stringify(change.after) : null))
      let version = 0
      const persist = this.db.transaction(() => {
        // The rows this transaction was checked against are still the stored ones, unless another
        // process wrote meanwhile: then nothing is written, and the transaction runs again on the new rows.
        if (this.currentDataVersion() !== seen) throw new WrittenMeanwhile()
        version = this.statements.nextVersion.get() as number
        outcome.changes.forEach((change, i) => {
          if (change.after) this.statements.upsert.run(datasetName, change.id, change.after._type, written[i], slugColumn(change.after), version)
          else this.statements.remove.run(datasetName, change.id)
          if (change.after) this.keys.write(datasetName, change.after, version)
          else this.keys.remove(datasetName, change.id)
        })
        this.pairs.refresh(datasetName, outcome.changes.map((change) => change.id))
        this.statements.logTx.run(id, datasetName, timestamp.toISOString(), tx.identity, JSON.stringify(outcome.changes.map((c) => c.id)), JSON.stringify(applied))
        // In the same SQL transaction: a crash keeps both the documents and their history, or neither.
        this.history.record(datasetName, id, timestamp, outcome.changes, written)
        // So is the search index: a story is findable once its publish is acknowledged, and gone with its unpublish.
        this.search.apply(datasetName, outcome.changes)
        this.matches.apply(datasetName, outcome.changes)
      })
      try {
        persist.immediate()
      } catch (error) {
        if (error instanceof WrittenMeanwhile) return run()
        if (error instanceof Error && /UNIQUE constraint failed: transactions.id/.test(error.message)) {
          throw typedError(409, 'conflictError', `Transaction "${id}" already exists`)
        }
        throw error
      }
      this.dataVersion = this.currentDataVersion()
      outcome.changes.forEach((change, i) => this.rows.written(datasetName, change.id, version, change.after, written[i]!))
      if (outcome.changes.length > 0) dataset.revision++
      for (const listener of this.listeners) listener(tx)
      return tx
    }
    const result = this.queue.then(run, run)
    this.queue = result.catch(() => undefined)
    return result
  }

  /**
   * Folds counted reads into the published documents in one SQL transaction, after the commits
   * before it. Not a revision: `_rev` and `_updatedAt` stay (an editor's save guarded by the
   * revision they loaded still goes through), nothing is added to the history or the transaction
   * log, and webhooks ignore it; the query workers and listen streams get the new documents, once.
   */
  recordReads(datasetName: string, updates: CountUpdate[]): Promise<number> {
    const run = async (): Promise<number> => {
      this.syncExternalWrites()
      const seen = this.dataVersion
      if (!this.datasets.has(datasetName)) return 0
      const dataset = this.dataset(datasetName)
      const changes: Change[] = []
      const mutations: Mutation[] = []
      for (const update of updates) {
        const before = dataset.docs.get(update.id)
        if (!before || !countedTypes.has(before._type) || isPathId(before._id)) continue
        const readCount = (typeof before.readCount === 'number' ? before.readCount : 0) + update.add
        if (before.readCount === (readCount > 0 ? readCount : undefined) && before.readsLastDay === (update.lastDay > 0 ? update.lastDay : undefined)) continue
        const after: Doc = { ...before }
        const set: Record<string, number> = {}
        const unset: string[] = []
        for (const [field, value] of [['readCount', readCount], ['readsLastDay', update.lastDay]] as const) {
          if (value > 0) after[field] = set[field] = value
          else if (field in after) {
            delete after[field]
            unset.push(field)
          }
        }
        changes.push({ id: before._id, before, after, mutations: [mutations.length] })
        mutations.push({ patch: { id: before._id, set, ...(unset.length > 0 ? { unset } : {}) } })
      }
      if (changes.length === 0) return 0
      const written = changes.map((change) => JSON.stringify(change.after))
      let version = 0
      try {
        this.db.transaction(() => {
          if (this.currentDataVersion() !== seen) throw new WrittenMeanwhile()
          version = this.statements.nextVersion.get() as number
          changes.forEach((change, i) => {
            this.statements.upsert.run(datasetName, change.id, change.after!._type, written[i], slugColumn(change.after!), version)
            this.keys.write(datasetName, change.after!, version)
          })
          this.pairs.refresh(datasetName, changes.map((change) => change.id))
        }).immediate()
      } catch (error) {
        if (error instanceof WrittenMeanwhile) return run()
        throw error
      }
      this.dataVersion = this.currentDataVersion()
      changes.forEach((change, i) => this.rows.written(datasetName, change.id, version, change.after, written[i]!))
      dataset.revision++
      const tx: Transaction = { id: randomId(), dataset: datasetName, timestamp: new Date(), identity: '', mutations, results: [], changes, reads: true }
      for (const listener of this.listeners) listener(tx)
      return changes.length
    }
    const result = this.queue.then(run, run)
    this.queue = result.catch(() => undefined)
    return result
  }

  close(): void {
    this.closed = true
    this.db.close()
  }
}

/** The stored documents with a transaction's earlier changes applied, for a mutation by query. */
function overlay(base: Iterable<Doc>, pending: ReadonlyMap<string, Doc | null>): Map<string, Doc> {
  const merged = new Map<string, Doc>()
  for (const doc of base) merged.set(doc._id, doc)
  for (const [id, doc] of pending) {
    if (doc) merged.set(id, doc)
    else merged.delete(id)
  }
  return merged
}
