// Throughput: a fixed number of requests kept in flight over keep-alive connections for a fixed
// time, from a separate process (load-worker.ts).

import type { OutgoingHttpHeaders } from 'node:http'
import { runWorker } from './worker.ts'

export interface LoadOptions {
  url: string
  headers?: OutgoingHttpHeaders
  /** Requests in flight at any moment (one keep-alive socket each). */
  concurrency: number
  warmupMs: number
  durationMs: number
  /** The server's pid, to report how busy it was during the window. */
  serverPid?: number
}

export interface LoadResult {
  /** Completed 200 responses inside the measured window. */
  requests: number
  seconds: number
  rps: number
  /** Body bytes of the responses (all equal for the fixed URLs this benchmark uses). */
  minBytes: number
  maxBytes: number
  /** Non-200 responses and socket errors, over warm-up and window. */
  failures: number
  firstFailure: string | null
  /** Share of one core each side used during the window: near 1.0 means that side was the limit. */
  serverCpu: number
  clientCpu: number
}

export function measureRps(options: LoadOptions): Promise<LoadResult> {
  return runWorker<LoadOptions, LoadResult>('./load-worker.ts', options)
}
