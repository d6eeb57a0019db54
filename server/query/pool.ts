// The query workers: a fixed number of threads, each reading the documents from SQLite, that run
// GROQ for the service. The thread that answers HTTP never evaluates a reader's query, so a slow or
// enormous one cannot stall the homepage: it runs out its time limit in a worker, which is then
// ended and replaced. docs/decisions/006-query-workers.md.
//
// Two lanes share the workers. `trusted` (signed-in editors, listen filters, the pages' own
// queries) goes first; `public` (anonymous API queries) is bounded: at most all workers but one
// at a time, and a bounded queue, past which it is told to come back later (503). Within the
// public lane each client (address) has a queue of its own and the clients take turns, so one that
// sends a flood of slow queries waits behind itself, not in front of everyone else. A client whose
// query ran out of time or memory is held to one worker, shared with every other such client, for
// a minute, and after one of theirs is ended they all wait as long as it ran: the slowest queries
// an attacker can write then cost the paper at most half a thread, while its readers' queries go
// to the others.

import { setPriority } from 'node:os'
import { Worker } from 'node:worker_threads'
import { ApiError, httpError, typedError, type ErrorBody } from '../errors.ts'
import type { Doc } from '../store/mutations.ts'
import type { Perspective, Reader } from './views.ts'
import type { SearchRequest } from '../search/index.ts'

export type WorkerRequest =
  | { type: 'query'; id: number; dataset: string; query: string; params: Record<string, unknown>; perspective: Perspective; reader: Reader; maxResultBytes: number }
  | { type: 'match'; id: number; query: string; params: Record<string, unknown>; docs: Array<Doc | null> }
  | { type: 'parse'; id: number; query: string; params: Record<string, unknown> }
  | { type: 'search'; id: number; dataset: string; request: SearchRequest }

export type WorkerReply =
  | { type: 'ready'; tid: number | null }
  | { type: 'done'; id: number; json?: string; matches?: boolean[] }
  | { type: 'failed'; id: number; status: number; body: ErrorBody }

type TaskRequest = Extract<WorkerRequest, { id: number }>
type Job = TaskRequest extends infer R ? (R extends TaskRequest ? Omit<R, 'id'> : never) : never
export type Lane = 'trusted' | 'public'

interface Task {
  request: TaskRequest
  lane: Lane
  client: string
  /** Ends the public task's wait for a worker (503) once it has waited as long as it may. */
  expiry?: NodeJS.Timeout
  timeoutMs: number
  resolve(reply: Extract<WorkerReply, { type: 'done' }>): void
  reject(error: ApiError): void
}

interface Slot {
  worker: Worker
  ready: boolean
  task: Task | null
  /** Whether the running task's client was held to the shared worker when it started. */
  held: boolean
  /** When the running task was handed to the worker (performance.now()). */
  startedAt: number
  /** The worker's thread id in the kernel, where known. */
  tid: number | null
  timer: NodeJS.Timeout | null
  /** Why the worker is being ended, when the pool ended it. */
  ending: ApiError | null
}

export interface PoolOptions {
  dataDir: string
  /** Worker threads. */
  size: number
  /** Anonymous queries that may wait for a worker; more are answered 503. */
  queueLimit: number
  /** Heap of each worker in MB; null for defaultWorkerHeapMb. */
  heapMb: number | null
  /** Parsed documents each worker keeps, in bytes (documents.ts); 32 MiB when not given. */
  documentCacheBytes?: number
  /** Time a public query may run while another public client waits for a worker. */
  contendedTimeoutMs: number
  /** Time a public query may wait for a worker before it is answered 503. */
  queueWaitMs: number
}

/**
 * A worker's heap when QUERY_WORKER_HEAP_MB is not set: one query's work and the worker's bounded
 * caches, whatever the archive (it reads every query's documents from SQLite: scan.ts).
 */
export const defaultWorkerHeapMb = 256

const workerEntry = new URL('./workerEntry.mjs', import.meta.url)
const workerModule = new URL('./worker.ts', import.meta.url).href

export class QueryPool {
  private readonly slots: Slot[] = []
  /** Workers started but given no work, to replace at once one that is ended. */
  private readonly spares: Slot[] = []
  private readonly trusted: Task[] = []
  /** Waiting public tasks by client; the Map's order is the order of their turns. */
  private readonly publicQueues = new Map<string, Task[]>()
  private publicWaiting = 0
  /** Public clients whose queries a worker answered lately: readers rather than addresses never seen. */
  private readonly known = new Remembered(HOLD_MS)
  /** Public clients held to the shared worker. */
  private readonly held = new Remembered(HOLD_MS)
  private preemptTimer: NodeJS.Timeout | null = null
  /** After a held client's query is ended, held clients wait as long again (ms since the epoch). */
  private heldPausedUntil = 0
  private readonly options: PoolOptions
  private nextId = 1
  private closed = false

  constructor(options: PoolOptions) {
    this.options = options
    // Nothing to keep current as the store writes: each query reads the committed rows.
    for (let i = 0; i < Math.max(1, options.size); i++) this.slots.push(this.spawn())
    this.refillSpares()
  }

  get size(): number {
    return this.slots.length
  }

  /** Queries of a lane running on a worker now (not counting one being ended): what tests wait for instead of sleeping. */
  running(lane: Lane): number {
    return this.slots.filter((s) => s.task?.lane === lane && !s.ending).length
  }

  /** Whether every worker, spares included, has opened its connection and can take work. */
  get allReady(): boolean {
    return [...this.slots, ...this.spares].every((s) => s.ready) && this.spares.length === SPARES
  }

  /**
   * Runs a job on a worker; rejects with the protocol's error when it fails, runs too long or cannot
   * be queued. `client` names who asked (their address), for the public lane's turns.
   */
  run(job: Job, lane: Lane, timeoutMs: number, client = ''): Promise<Extract<WorkerReply, { type: 'done' }>> {
    if (this.closed) return Promise.reject(httpError(503, 'The service is shutting down'))
    const own = this.publicQueues.get(client)
    // No client may hold more than an eighth of the queue.
    const perClient = Math.max(1, Math.ceil(this.options.queueLimit / 8))
    if (lane === 'public' && (this.publicWaiting >= this.options.queueLimit || (own?.length ?? 0) >= perClient)) {
      return Promise.reject(busy())
    }
    return new Promise((resolve, reject) => {
      const request = { ...job, id: this.nextId++ } as TaskRequest
      const task: Task = { request, lane, client, timeoutMs, resolve, reject }
      if (lane === 'trusted') this.trusted.push(task)
      else {
        if (own) own.push(task)
        else this.publicQueues.set(client, [task])
        this.publicWaiting++
        // Nobody waits for ever: a request that finds no worker in time is told to come back.
        task.expiry = setTimeout(() => this.expire(task), this.options.queueWaitMs)
        task.expiry.unref()
      }
      this.dispatch()
    })
  }

  async close(): Promise<void> {
    this.closed = true
    const waiting = [...this.trusted.splice(0), ...[...this.publicQueues.values()].flat()]
    for (const task of waiting) clearTimeout(task.expiry)
    this.publicQueues.clear()
    this.publicWaiting = 0
    for (const task of waiting) task.reject(httpError(503, 'The service is shutting down'))
    await Promise.all([...this.slots, ...this.spares].map((slot) => slot.worker.terminate()))
  }

  private expire(task: Task): void {
    const queue = this.publicQueues.get(task.client)
    const at = queue?.indexOf(task) ?? -1
    if (!queue || at < 0) return
    queue.splice(at, 1)
    if (queue.length === 0) this.publicQueues.delete(task.client)
    this.publicWaiting--
    task.reject(busy())
  }

  private spawn(): Slot {
    const worker = new Worker(workerEntry, {
      workerData: { module: workerModule, dataDir: this.options.dataDir, documentCacheBytes: this.options.documentCacheBytes ?? defaultDocumentCacheBytes },
      resourceLimits: { maxOldGenerationSizeMb: this.heapMb() },
    })
    const slot: Slot = { worker, ready: false, task: null, held: false, startedAt: 0, tid: null, timer: null, ending: null }
    worker.on('message', (reply: WorkerReply) => this.onReply(slot, reply))
    let failure: Error | null = null
    worker.on('error', (error) => {
      failure = error
    })
    worker.on('exit', () => this.onExit(slot, failure))
    return slot
  }

  private heapMb(): number {
    return this.options.heapMb ?? defaultWorkerHeapMb
  }

  private onReply(slot: Slot, reply: WorkerReply): void {
    if (reply.type === 'ready') {
      slot.ready = true
      slot.tid = reply.tid
      this.dispatch()
      return
    }
    const task = slot.task
    if (!task || task.request.id !== reply.id) return
    this.finish(slot)
    if (reply.type === 'done') {
      // A reader rather than an address never seen.
      if (task.lane === 'public') this.known.add(task.client)
      task.resolve(reply)
    }
    else {
      if (reply.status === 413) this.hold(task)
      task.reject(new ApiError(reply.status, reply.body))
    }
    this.dispatch()
  }

  private onExit(slot: Slot, failure: Error | null): void {
    const task = slot.task
    const wasHeld = slot.held
    this.finish(slot)
    if (task) {
      // A worker that died of its query (out of memory) rather than being ended by the pool.
      this.penalise(task, wasHeld)
      const outOfMemory = (failure as { code?: string } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY'
      task.reject(
        outOfMemory
          ? typedError(413, 'queryResultTooLargeError', 'The query needed more memory than a query may use: select fewer documents or fields, or page through them with slices')
          : httpError(503, 'The query could not be run; try again'),
      )
    }
    if (this.closed) return
    if (failure && !slot.ready) console.error('A query worker failed to start:', failure)
    const spareIndex = this.spares.indexOf(slot)
    if (spareIndex >= 0) this.spares.splice(spareIndex, 1)
    this.replace(slot)
    // A worker that could not even start is retried after a pause, not in a tight loop.
    if (slot.ready) this.refillSpares()
    else setTimeout(() => this.refillSpares(), 1000).unref()
  }

  /** Gives a slot's place to the loaded spare at once (starting a worker takes most of a second), or to a new worker. */
  private replace(slot: Slot): void {
    const index = this.slots.indexOf(slot)
    if (index < 0) return
    const spare = this.spares.findIndex((s) => s.ready)
    this.slots[index] = spare >= 0 ? this.spares.splice(spare, 1)[0]! : this.spawn()
    // Called from within dispatch() too; the next turn dispatches to the newcomer.
    queueMicrotask(() => this.dispatch())
  }

  /** The client of a query that ran out of time or memory is held; held clients, who caused a worker's end, pause as long as it ran. */
  private penalise(task: Task, wasHeld: boolean): void {
    this.hold(task)
    if (!wasHeld) return
    // Ending a worker and loading another costs a core for a while.
    this.heldPausedUntil = Date.now() + task.timeoutMs
    setTimeout(() => this.dispatch(), task.timeoutMs).unref()
  }


  private refillSpares(): void {
    while (!this.closed && this.spares.length < SPARES) this.spares.push(this.spawn())
  }

  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer)
    slot.timer = null
    slot.task = null
    slot.held = false
  }

  /** A public client whose query ran out of time or memory is held to the shared worker for a while. */
  private hold(task: Task): void {
    if (task.lane === 'public') this.held.add(task.client)
  }

  private isKnown(client: string): boolean {
    return this.known.has(client)
  }

  private isHeld(client: string): boolean {
    return this.held.has(client)
  }


  private dispatch(): void {
    for (const slot of this.slots) {
      if (!slot.ready || slot.task || slot.ending) continue
      const task = this.next()
      if (!task) break
      slot.task = task
      slot.held = task.lane === 'public' && this.slots.length >= 3 && this.isHeld(task.client)
      slot.startedAt = performance.now()
      slot.worker.postMessage(task.request)
      slot.timer = setTimeout(() => this.end(slot, `The query ran longer than the limit of ${task.timeoutMs} ms: select fewer documents, or simplify the query`), task.timeoutMs)
    }
    this.preempt()
  }

  /** Ends the worker running a slot's task: evaluation is synchronous, so ending the thread is the only way to stop it. */
  private end(slot: Slot, description: string): void {
    if (slot.ending) return
    slot.ending = typedError(400, 'queryTimeoutError', description)
    const task = slot.task
    const wasHeld = slot.held
    this.finish(slot)
    // The answer and the worker's place do not wait for the thread to stop: a thread deep in a huge
    // allocation can take seconds to.
    if (task) {
      this.penalise(task, wasHeld)
      task.reject(slot.ending)
    }
    this.replace(slot)
    // Until its thread stops, the worker gets only what CPU is left over: a thread deep in a huge
    // allocation or its garbage collection can take seconds to stop, and must not slow the rest.
    if (slot.tid !== null) {
      try {
        setPriority(slot.tid, 19)
      } catch {
        // Not permitted here: the thread just keeps its share until it stops.
      }
    }
    void slot.worker.terminate()
  }

  /**
   * While a reader known for answered queries waits for a worker, public queries get the contended
   * limit instead of their own: a reader's query waits at most that long for the slowest queries
   * fresh addresses can send, before any of them is known to be slow.
   */
  private preempt(): void {
    if (this.preemptTimer) clearTimeout(this.preemptTimer)
    this.preemptTimer = null
    // Only for readers known for answered queries: addresses never seen before would otherwise end
    // each other's queries, and each ended worker costs a new one.
    const waiting = [...this.publicQueues.keys()].filter((client) => this.isKnown(client) && !this.isHeld(client)).length
    if (waiting === 0) return
    const now = performance.now()
    const running = this.slots.filter((slot) => slot.task?.lane === 'public' && !slot.ending).sort((a, b) => a.startedAt - b.startedAt)
    let soonest = Infinity
    // As many as there are readers waiting, the longest-running first: each ended worker costs a new one.
    let toEnd = waiting
    for (const slot of running) {
      const ran = now - slot.startedAt
      if (ran >= this.options.contendedTimeoutMs && toEnd > 0) {
        toEnd--
        this.end(slot, `The query ran longer than ${this.options.contendedTimeoutMs} ms while other readers waited: select fewer documents, or simplify the query`)
      } else if (ran < this.options.contendedTimeoutMs) soonest = Math.min(soonest, this.options.contendedTimeoutMs - ran)
    }
    if (soonest < Infinity) this.preemptTimer = setTimeout(() => this.dispatch(), Math.ceil(soonest)).unref()
  }

  private next(): Task | undefined {
    if (this.trusted.length > 0) return this.trusted.shift()
    const publicRunning = this.slots.filter((s) => s.task?.lane === 'public').length
    const ready = this.slots.filter((s) => s.ready).length
    // One ready worker stays free for the trusted lane: editors and the live feed get through an
    // attack. A reader known for answered queries may borrow it while no trusted work waits; an
    // address not yet known for anything may not, or fresh attackers would take it first.
    const onlyKnown = this.slots.length > 1 && publicRunning >= ready - 1
    const heldBlocked = this.slots.some((s) => s.held) || Date.now() < this.heldPausedUntil
    for (const [client, tasks] of this.publicQueues) {
      // Held clients share one worker (with fewer than three workers, holding would leave none for
      // the others, so it is not done).
      if (this.slots.length >= 3 && heldBlocked && this.isHeld(client)) continue
      if (onlyKnown && (this.isHeld(client) || !this.isKnown(client))) continue
      const task = tasks.shift()!
      clearTimeout(task.expiry)
      this.publicWaiting--
      // The client goes to the back of the line, with whatever else it has waiting.
      this.publicQueues.delete(client)
      if (tasks.length > 0) this.publicQueues.set(client, tasks)
      return task
    }
    return undefined
  }
}

const HOLD_MS = 60_000

/** Addresses remembered for a while; the oldest are forgotten once there are many, so no address can grow it for ever. */
class Remembered {
  private readonly until = new Map<string, number>()
  private readonly ms: number

  constructor(ms: number) {
    this.ms = ms
  }

  add(client: string): void {
    this.until.delete(client)
    this.until.set(client, Date.now() + this.ms)
    if (this.until.size > 10_000) this.until.delete(this.until.keys().next().value!)
  }

  has(client: string): boolean {
    const until = this.until.get(client)
    if (until === undefined) return false
    if (until > Date.now()) return true
    this.until.delete(client)
    return false
  }
}
const SPARES = 1
const defaultDocumentCacheBytes = 32 * 1024 * 1024

function busy(): ApiError {
  const error = httpError(503, 'The service has too many queries waiting; try again shortly')
  return new ApiError(503, error.body, { 'Retry-After': '1' })
}
