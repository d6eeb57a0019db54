// A query worker: a replica of every dataset and the GROQ evaluator, in a thread of its own. A query
// that runs long, or builds an answer too large to hold, costs this thread (and at worst its life:
// the pool ends it and starts another), never the thread that serves every reader.
// docs/decisions/006-query-workers.md.
//
// The replica is read from SQLite when the worker starts, then kept current by the changes of every
// committed transaction, which the pool sends in commit order. Changes carry whole documents (the
// state after the transaction), so a change that the first read already included is applied again
// harmlessly. The views readers query are kept current by the same changes, never rebuilt
// (views.ts, docs/decisions/017-incremental-views.md).

import Database from 'better-sqlite3'
import { readlinkSync } from 'node:fs'
import { join } from 'node:path'
import { parentPort, workerData } from 'node:worker_threads'
import { evaluate, type ExprNode } from 'groq-js'
import { ApiError, typedError } from '../errors.ts'
import { planFromSource, planQuery, type Matcher } from '../groq/planner.ts'
import { parseGroq } from '../groq/selection.ts'
import type { Doc } from '../store/mutations.ts'
import { DocumentReader } from './documents.ts'
import { kindOf, Replica, shows, type KeptView, type Perspective, type Reader } from './views.ts'
import { SearchReader } from '../search/index.ts'
import { RowScanner } from './scan.ts'
import type { WorkerReply, WorkerRequest } from './pool.ts'

const { dataDir, documentCacheBytes, replica: keepsReplica } = workerData as { dataDir: string; documentCacheBytes: number; replica: boolean }
const port = parentPort!

// This worker's own read-only connection, opened when it starts: queries whose documents an index
// finds (by id, slug or a type with few documents) and the /search page's searches read SQLite
// through it. WAL lets it read while the store writes.
const connection = new Database(join(dataDir, 'content.db'), { readonly: true, fileMustExist: true })
const documents = new DocumentReader(connection, documentCacheBytes)
const datasetExists = connection.prepare('SELECT 1 FROM datasets WHERE name = ?').pluck()
const scanner = new RowScanner(connection)
/** A filter narrowed to more documents than this is answered over the replica instead. */
const MAX_CANDIDATES = 500

const replicas = new Map<string, Replica>()

function load(): void {
  const db = new Database(join(dataDir, 'content.db'), { readonly: true, fileMustExist: true })
  try {
    // One read transaction: the replica is one consistent state of the database.
    db.transaction(() => {
      replicas.clear()
      const names = db.prepare('SELECT name FROM datasets').pluck().all() as string[]
      const docsOf = db.prepare('SELECT doc FROM documents WHERE dataset = ?').pluck()
      for (const name of names) {
        const replica = new Replica()
        for (const json of docsOf.iterate(name) as Iterable<string>) {
          const doc = JSON.parse(json) as Doc
          replica.store(doc._id, doc)
        }
        replicas.set(name, replica)
      }
    })()
  } finally {
    db.close()
  }
}

function replica(dataset: string): Replica {
  const found = replicas.get(dataset)
  if (!found) throw typedError(404, 'datasetNotFoundError', `Dataset "${dataset}" not found`)
  return found
}

function view(dataset: string, perspective: Perspective, reader: Reader): KeptView {
  return replica(dataset).view(perspective, reader)
}

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
 * The query answered from SQLite alone, when every `*[filter]` in it is narrowed by an index to a
 * few documents (an article by slug, a document by id, the categories): one read transaction, the
 * documents parsed once and kept in the bounded cache. Null when the query needs the replica. The
 * drafts perspective, which pairs each draft with its published document, always uses the replica.
 */
async function fromIndexes(request: Extract<WorkerRequest, { type: 'query' }>, tree: ExprNode): Promise<unknown> {
  const kind = kindOf(request.perspective, request.reader)
  if (kind === 'drafts') return undefined
  return documents.snapshot(async () => {
    if (!datasetExists.get(request.dataset)) throw typedError(404, 'datasetNotFoundError', `Dataset "${request.dataset}" not found`)
    const visible = (doc: Doc) => shows(kind, doc._id)
    const planned = planFromSource(tree, documents.source(request.dataset, kind, MAX_CANDIDATES), request.params)
    if (!planned) return undefined
    const value = await evaluate(planned, {
      dataset: [],
      params: request.params,
      identity: request.reader.identity ?? '',
      dereference: ({ _ref }) => {
        const doc = documents.byId(request.dataset, _ref)
        return doc && visible(doc) ? doc : null
      },
    })
    return (await value.get()) ?? null
  })
}

/**
 * The query answered over the stored rows, without a replica (scan.ts): each compiled filter one
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

/** The query answered over the replica's view, which keeps each filter's matches across writes. */
async function fromReplica(request: Extract<WorkerRequest, { type: 'query' }>, tree: ExprNode): Promise<unknown> {
  const current = view(request.dataset, request.perspective, request.reader)
  // The same conditions with other params are another filter.
  const paramsJson = JSON.stringify(request.params)
  const match: Matcher = {
    // A filter that reads other documents (`->`) can change when they do: passed over, not kept.
    filter: (key, test, readsOthers) => (readsOthers ? current.docs.filter(test) : current.match(`${key}\u0000${paramsJson}`, test)),
    sorted: (key, order, keys, compare) => current.sorted(`${key}\u0000${paramsJson}`, order, keys, compare),
  }
  const dereference = (id: string) => current.byId.get(id) ?? null
  const value = await evaluate(planQuery(tree, current.docs, request.params, match, dereference), {
    dataset: current.docs,
    params: request.params,
    identity: request.reader.identity ?? '',
    dereference: ({ _ref }) => dereference(_ref),
  })
  return (await value.get()) ?? null
}

async function runQuery(request: Extract<WorkerRequest, { type: 'query' }>): Promise<string> {
  const tree = parseQuery(request.query, request.params)
  let json: string
  try {
    // Without a replica, fromRows answers each `*` from the indexes where it can, and by a pass otherwise.
    let result = keepsReplica ? await fromIndexes(request, tree) : undefined
    if (result === undefined) result = keepsReplica ? await fromReplica(request, tree) : await fromRows(request, tree)
    json = JSON.stringify(result)
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
    case 'reload':
      if (keepsReplica) load()
      return null
    case 'changes': {
      replicas.get(request.dataset)?.apply(request.changes)
      return null
    }
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

// Without a replica a worker is ready once its connection is open: nothing is read at its start.
if (keepsReplica) load()
port.postMessage({ type: 'ready', tid: threadId() } satisfies WorkerReply)
