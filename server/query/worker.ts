// A query worker: the GROQ evaluator in a thread of its own, reading the documents from SQLite on
// its own read-only connection. A query that runs long, or builds an answer too large to hold, costs
// this thread (and at worst its life: the pool ends it and starts another), never the thread that
// serves every reader. docs/decisions/006-query-workers.md; what it keeps in memory is bounded by
// settings, whatever the archive (docs/decisions/028-documents-read-from-sqlite.md and 038).

import Database from 'better-sqlite3'
import { readlinkSync } from 'node:fs'
import { join } from 'node:path'
import { parentPort, workerData } from 'node:worker_threads'
import { evaluate, type ExprNode } from 'groq-js'
import { ApiError, typedError } from '../errors.ts'
import { parseGroq } from '../groq/selection.ts'
import { DocumentReader } from './documents.ts'
import { kindOf } from './views.ts'
import { SearchReader } from '../search/index.ts'
import { RowScanner } from './scan.ts'
import type { WorkerReply, WorkerRequest } from './pool.ts'

const { dataDir, documentCacheBytes } = workerData as { dataDir: string; documentCacheBytes: number }
const port = parentPort!

// This worker's own read-only connection, opened when it starts: queries whose documents an index
// finds (by id, slug or a type with few documents) and the /search page's searches read SQLite
// through it. WAL lets it read while the store writes.
const connection = new Database(join(dataDir, 'content.db'), { readonly: true, fileMustExist: true })
const documents = new DocumentReader(connection, documentCacheBytes)
const datasetExists = connection.prepare('SELECT 1 FROM datasets WHERE name = ?').pluck()
const scanner = new RowScanner(connection)
/** A filter narrowed to more documents than this is read in order or by a pass (scan.ts) rather than one by one. */
const MAX_CANDIDATES = 500

// Parsed trees by query and parameters, bounded by the bytes of their text: a tree is many times
// its text, and every distinct query an anonymous reader sends would otherwise stay here.
const PARSE_CACHE_TEXT_BYTES = 2 * 1024 * 1024
const PARSE_CACHE_MAX_QUERY = 64 * 1024
const parsed = new Map<string, ExprNode>()
let parsedBytes = 0

/** Parsed with its parameters (see parseGroq), kept while its text fits the budget. */
function parseQuery(query: string, params: Record<string, unknown>): ExprNode {
  const key = `${query}\u0000${JSON.stringify(params)}`
  const hit = parsed.get(key)
  if (hit) {
    parsed.delete(key)
    parsed.set(key, hit)
    return hit
  }
  const tree = parseGroq(query, params)
  if (key.length <= PARSE_CACHE_MAX_QUERY) {
    parsed.set(key, tree)
    parsedBytes += key.length
    while (parsedBytes > PARSE_CACHE_TEXT_BYTES) {
      const oldest = parsed.keys().next().value!
      parsed.delete(oldest)
      parsedBytes -= oldest.length
    }
  }
  return tree
}

/**
 * The query answered over the stored rows (scan.ts): each compiled filter one
 * pass over the rows of the reader's view, in batches, inside one read transaction.
 */
async function fromRows(request: Extract<WorkerRequest, { type: 'query' }>, tree: ExprNode): Promise<unknown> {
  const kind = kindOf(request.perspective, request.reader)
  return documents.snapshot(async () => {
    if (!datasetExists.get(request.dataset)) throw typedError(404, 'datasetNotFoundError', `Dataset "${request.dataset}" not found`)
    // A filter narrowed by a key reads its candidates, however many, keeping those that pass: never
    // more than the pass over the whole type it would otherwise be.
    const source = kind === 'drafts' ? undefined : documents.source(request.dataset, kind, MAX_CANDIDATES, { keyLimit: Infinity })
    return scanner.answer(tree, request.dataset, kind, request.params, request.reader.identity ?? '', source)
  })
}

async function runQuery(request: Extract<WorkerRequest, { type: 'query' }>): Promise<string> {
  const tree = parseQuery(request.query, request.params)
  let json: string
  try {
    // Each `*` from the indexes where it can, and by a pass otherwise.
    json = JSON.stringify(await fromRows(request, tree))
  } catch (error) {
    if (error instanceof ApiError) throw error
    // A string past V8's limit is an answer too large, whatever the query.
    if (error instanceof RangeError && /string length/i.test(error.message)) throw tooLarge(request.maxResultBytes)
    throw typedError(400, 'queryExecutionError', error instanceof Error ? error.message : String(error), { query: request.query })
  }
  if (Buffer.byteLength(json) > request.maxResultBytes) throw tooLarge(request.maxResultBytes)
  return json
}

function tooLarge(limit: number): ApiError {
  return typedError(413, 'queryResultTooLargeError', `The query's result is larger than the limit of ${limit} bytes: select fewer documents or fields, or page through them with slices`)
}

/** Whether each document passes a listener's filter: the query run over a dataset of that one document. */
async function runMatch(request: Extract<WorkerRequest, { type: 'match' }>): Promise<boolean[]> {
  const tree = parseQuery(request.query, request.params)
  const out: boolean[] = []
  for (const doc of request.docs) {
    if (!doc) {
      out.push(false)
      continue
    }
    try {
      const value = await evaluate(tree, { dataset: [doc], params: request.params })
      const result = (await value.get()) as unknown
      out.push(Array.isArray(result) ? result.length > 0 : result !== null && result !== undefined && result !== false)
    } catch {
      out.push(false)
    }
  }
  return out
}

// The /search page's searches read the index from SQLite itself (server/search), on the worker's
// read-only connection: each search sees every transaction acknowledged before it started.
let searchReader: SearchReader | null = null

function runSearch(request: Extract<WorkerRequest, { type: 'search' }>): string {
  searchReader ??= new SearchReader(connection)
  const reader = searchReader
  // One read transaction: the count and the page see the same state.
  return connection.transaction(() => JSON.stringify(reader.search(request.dataset, request.request)))()
}

async function handle(request: WorkerRequest): Promise<WorkerReply | null> {
  switch (request.type) {
    case 'query':
      return { type: 'done', id: request.id, json: await runQuery(request) }
    case 'match':
      return { type: 'done', id: request.id, matches: await runMatch(request) }
    case 'parse':
      parseQuery(request.query, request.params)
      return { type: 'done', id: request.id }
    case 'search':
      return { type: 'done', id: request.id, json: runSearch(request) }
  }
}

// Requests are handled one after another, in the order sent: a query sees every change sent before it.
let queue: Promise<unknown> = Promise.resolve()
port.on('message', (request: WorkerRequest) => {
  queue = queue.then(async () => {
    try {
      const reply = await handle(request)
      if (reply) port.postMessage(reply)
    } catch (error) {
      if ('id' in request) {
        const failure = error instanceof ApiError ? error : typedError(400, 'queryExecutionError', error instanceof Error ? error.message : String(error))
        port.postMessage({ type: 'failed', id: request.id, status: failure.status, body: failure.body } satisfies WorkerReply)
      }
    }
  })
})

/** This thread's id in the kernel, so the pool can lower its priority when it ends it (Linux only). */
function threadId(): number | null {
  try {
    return Number(readlinkSync('/proc/thread-self').split('/').pop()) || null
  } catch {
    return null
  }
}

// A worker is ready once its connection is open: nothing is read at its start.
port.postMessage({ type: 'ready', tid: threadId() } satisfies WorkerReply)
