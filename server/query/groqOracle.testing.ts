// What the query engine's tests compare its answers with: groq-js's own answer over every document a
// reader sees (views.ts, buildView), against a store in a temporary folder read through a
// read-only connection of its own, as the service's readers read it. Used by tests only
// (scan.test.ts, documents.test.ts, tests/contract/index-answers.test.ts and refill-after-listen.test.ts).

import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { evaluate, type ExprNode } from 'groq-js'
import { afterAll, beforeAll, expect } from 'vitest'
import { planFromSource, type Source } from '../groq/planner.ts'
import { parseGroq } from '../groq/selection.ts'
import type { Doc } from '../store/mutations.ts'
import { Store } from '../store/store.ts'
import { DocumentReader } from './documents.ts'
import { shows, type Kind } from './views.ts'

export interface TestStore {
  readonly store: Store
  /** The store's database opened read-only, as a reader worker opens it. */
  readonly db: Database.Database
  /** A fresh dataset holding exactly `docs`: its name and the documents as stored (with `_rev` and the times), in id order. */
  stored(docs: Doc[]): Promise<{ name: string; docs: Doc[] }>
}

/** A store opened before the calling file's tests, and closed and removed after them. */
export function storeForTests(prefix: string): TestStore {
  let dir = ''
  let store: Store | undefined
  let db: Database.Database | undefined
  let datasets = 0
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), `resonance-${prefix}-`))
    store = new Store(dir)
    db = new Database(join(dir, 'content.db'), { readonly: true, fileMustExist: true })
  })
  afterAll(() => {
    db?.close()
    store?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })
  const opened = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('storeForTests: the store opens before the tests run')
    return value
  }
  return {
    get store() {
      return opened(store)
    },
    get db() {
      return opened(db)
    },
    async stored(docs) {
      const name = `d${++datasets}`
      const into = opened(store)
      into.createDataset(name)
      if (docs.length > 0) await into.commit(name, docs.map((doc) => ({ createOrReplace: doc })))
      return { name, docs: [...into.dataset(name).docs.values()] }
    },
  }
}

/** The documents a reader of `kind` sees, in id order (the dataset's order). */
export function visibleInIdOrder(docs: Doc[], kind: Exclude<Kind, 'drafts'>): Doc[] {
  return docs.filter((d) => shows(kind, d._id)).sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0))
}

/** groq-js's answer to `tree` over `docs` (null for nothing), a reference followed to the document `byId` holds. */
export async function groqAnswer(tree: ExprNode, docs: Doc[], params: Record<string, unknown>, byId: ReadonlyMap<string, Doc> = new Map(docs.map((d) => [d._id, d]))): Promise<unknown> {
  const value = await evaluate(tree, { dataset: docs, params, dereference: ({ _ref }) => byId.get(_ref) ?? null })
  return (await value.get()) ?? null
}

/**
 * The engine's answer as the service gives it from the indexes: `tree` planned over `source`, then
 * evaluated with references followed by `dereference`, all in one read snapshot; null when the
 * planner would leave the query to a reading of every document.
 */
export async function indexAnswer(reader: DocumentReader, tree: ExprNode, source: Source, params: Record<string, unknown>, dereference: (id: string) => Doc | null): Promise<{ result: unknown } | null> {
  return reader.snapshot(async () => {
    // The planner follows references (compiled `->`) through the same lookup as the evaluation.
    const planned = planFromSource(tree, { ...source, dereference }, params)
    if (!planned) return null
    const value = await evaluate(planned, { dataset: [], params, dereference: ({ _ref }) => dereference(_ref) })
    return { result: (await value.get()) ?? null }
  })
}

/**
 * A query held to the indexes: its name, text and parameters, the most documents it may parse (those
 * it shows, the rest of a tie at the end of its slice, what its cards follow) and, where the test
 * bounds them, the most index entries it may read.
 */
export type IndexAnswerCase = [name: string, query: string, params: Record<string, unknown>, parsed: number, entries?: number]

/**
 * Each query answered from the indexes of `dataset` for a reader of `kind`, each by a reader of its
 * own: it is answered (not left to a reading of every document), its answer is groq-js's over
 * `docs` (the documents that reader sees, visibleInIdOrder), and it parses and reads no more than
 * its bounds. `keyLimit` is the source's bound on the index entries one condition may read (by
 * default its candidate limit, 500).
 */
export async function expectIndexAnswers(
  db: Database.Database,
  dataset: string,
  kind: Exclude<Kind, 'drafts'>,
  docs: Doc[],
  cases: readonly IndexAnswerCase[],
  { keyLimit }: { keyLimit?: number } = {},
): Promise<void> {
  for (const [name, query, params, parsed, entries] of cases) {
    const reader = new DocumentReader(db, 32 * 1024 * 1024)
    const tree = parseGroq(query, params)
    const source = reader.source(dataset, kind, 500, keyLimit === undefined ? {} : { keyLimit })
    const answered = await indexAnswer(reader, tree, source, params, (id) => (shows(kind, id) ? reader.byId(dataset, id) : null))
    expect(answered, name).not.toBeNull()
    expect(JSON.stringify(answered!.result), name).toBe(JSON.stringify(await groqAnswer(tree, docs, params)))
    expect(reader.cachedDocuments, name).toBeLessThanOrEqual(parsed)
    if (entries !== undefined) expect(reader.indexEntries, name).toBeLessThanOrEqual(entries)
  }
}
