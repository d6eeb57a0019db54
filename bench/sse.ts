// Fan-out: many open listen streams and a few writes; how long until each listener has each
// write's mutation event. The listeners and the writes live in one separate process
// (fanout-worker.ts) so both ends of every interval are read from the same clock.

import { runWorker } from './worker.ts'

export interface FanoutOptions {
  baseUrl: string
  dataset: string
  listeners: number
  /** The listen filter. */
  query: string
  token: string
  /** Articles whose titles the writes patch, one per write, round robin. */
  documentIds: string[]
  writes: number
  /** Time from one write's start to the next one's. */
  spacingMs: number
  /** How long to wait for every listener to get one write's event before giving up on it. */
  deliveryTimeoutMs: number
  /** The listen URL as a page sends it (captured from Chromium), instead of one built from `query`. */
  listenUrl?: string
  /** Each write posts a new update to this live blog (a `create`), instead of patching a title. */
  post?: { blog: string }
  /**
   * What an open page does on a change: on each listener's event for a write, GET these URLs in turn
   * (`{event}` stands for the event's transactionId), as the page's island does, through `baseUrl`.
   * A write has reached a page when an answer holds it; `screenLatencies` times that.
   */
  refetch?: { urls: string[] }
  /** A Varnish instance's working directory: its backend requests are counted for each write. */
  varnishWorkdir?: string
}

export interface FanoutResult {
  /** Milliseconds from just before each write was sent to each listener's event for it. */
  latencies: number[]
  /** Per write: its first and last delivery (ms after it was sent); the spread is the cost of serial fan-out. */
  perWrite: Array<{ first: number; last: number }>
  /** (listener, write) pairs whose event never came within the timeout. */
  missing: number
  /** Milliseconds until all listeners had their welcome event. */
  connectMs: number
  /** Round trip of each mutate request (it does not include delivery). */
  writeMs: number[]
  /** Events that arrived but whose transactionId belongs to no write of ours. */
  strayEvents: number
  /** With `refetch`: milliseconds from each write to each listener's answer holding it. */
  screenLatencies: number[]
  /** With `refetch`: answers that did not hold the write they were fetched for (an older page). */
  staleAnswers: number
  /** With `varnishWorkdir`: requests Varnish sent to its backends for each write. */
  backendRequests: number[]
  /** Each write's document (the update posted, or the article patched), its marker, and when it was sent (ms since the epoch). */
  sent: Array<{ documentId: string; marker: string; at: number }>
}

/** Extracts events from a text/event-stream; call `push` with each chunk. */
export class SseParser {
  private buffer = ''
  constructor(private readonly onEvent: (event: string, data: string) => void) {}

  push(chunk: string): void {
    this.buffer += chunk
    let end: number
    while ((end = this.buffer.indexOf('\n\n')) !== -1) {
      const block = this.buffer.slice(0, end)
      this.buffer = this.buffer.slice(end + 2)
      let event = 'message'
      const data: string[] = []
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue
        const colon = line.indexOf(':')
        const field = colon === -1 ? line : line.slice(0, colon)
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '')
        if (field === 'event') event = value
        else if (field === 'data') data.push(value)
      }
      if (data.length > 0 || event !== 'message') this.onEvent(event, data.join('\n'))
    }
  }
}

export function measureFanout(options: FanoutOptions): Promise<FanoutResult> {
  return runWorker<FanoutOptions, FanoutResult>('./fanout-worker.ts', options)
}
