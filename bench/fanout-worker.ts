// The listener process: see sse.ts.

import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { Agent, get, type ClientRequest } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { listenUrl, mutateUrl, request, requestJson } from './http.ts'
import { SseParser, type FanoutOptions, type FanoutResult } from './sse.ts'
import { serveWork } from './worker.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))

/** Requests Varnish has sent to its backends so far (varnishstat's MAIN.backend_req). */
function backendRequests(workdir: string): number {
  const stats = JSON.parse(execFileSync('varnishstat', ['-n', workdir, '-1', '-j', '-f', 'MAIN.backend_req'], { encoding: 'utf8' })) as { counters?: Record<string, { value: number }> } & Record<string, { value: number }>
  const counter = stats.counters?.['MAIN.backend_req'] ?? stats['MAIN.backend_req']
  if (!counter) throw new Error('varnishstat did not report MAIN.backend_req')
  return counter.value
}

/** A write: a new update of a live blog, or a patched title; `marker` is what an answer holding it contains. */
function writeFor(options: FanoutOptions, n: number, transactionId: string): { documentId: string; marker: string; mutation: unknown } {
  if (options.post) {
    const id = `bench-post-${transactionId.slice(-12)}`
    const text = `Update ${n + 1} from the desk, posted for the benchmark.`
    const body = [{ _type: 'block', _key: 'b', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's', text, marks: [] }] }]
    return { documentId: id, marker: id, mutation: { create: { _id: id, _type: 'liveUpdate', liveBlog: { _type: 'reference', _ref: options.post.blog }, publishedAt: new Date().toISOString(), body } } }
  }
  const id = options.documentIds[n % options.documentIds.length]!
  const title = `Benchmark headline ${n + 1} (${transactionId.slice(-6)})`
  return { documentId: id, marker: title, mutation: { patch: { id, set: { title } } } }
}

serveWork<FanoutOptions, FanoutResult>(async (options) => {
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity })
  // The pages' refetches, over keep-alive connections as a browser's are.
  const pages = new Agent({ keepAlive: true, maxSockets: Infinity })
  const requests: ClientRequest[] = []
  /** Start time (performance.now()) of each write, by the transactionId we gave it. */
  const sentAt = new Map<string, number>()
  const delivered = new Map<string, number>()
  const latencies: number[] = []
  const spans = new Map<string, { first: number; last: number }>()
  let strayEvents = 0
  const markers = new Map<string, string>()
  const screenLatencies: number[] = []
  const fetched = new Map<string, number>()
  let staleAnswers = 0
  let welcomed = 0
  let failed: Error | null = null
  let notify: (() => void) | null = null
  const wake = () => notify?.()

  /** Resolves when `done()` holds, re-checked whenever an event arrives; rejects on timeout. */
  const until = (done: () => boolean, timeoutMs: number, what: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        notify = null
        reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`))
      }, timeoutMs)
      notify = () => {
        if (failed) {
          clearTimeout(timer)
          notify = null
          reject(failed)
        } else if (done()) {
          clearTimeout(timer)
          notify = null
          resolve()
        }
      }
      notify()
    })

  /** What a page does with a write's event: fetch what the island fetches, and see whether the write is in it. */
  const refetch = async (transactionId: string, started: number) => {
    const urls = options.refetch!.urls.map((u) => new URL(u.replaceAll('{event}', encodeURIComponent(transactionId)), options.baseUrl).href)
    let holds = false
    for (const url of urls) {
      // Compressed as a browser asks, so the pages and the Chromium ones share the edge's one variant.
      const res = await request(url, { agent: pages, headers: { Accept: 'application/json', 'Accept-Encoding': 'gzip, deflate, br' } })
      if (res.status !== 200) throw new Error(`A page's refetch answered ${res.status}: ${url}`)
      const encoding = res.headers['content-encoding']
      const body = encoding === 'br' ? brotliDecompressSync(res.body) : encoding === 'gzip' ? gunzipSync(res.body) : res.body
      if (body.includes(markers.get(transactionId)!)) holds = true
    }
    if (holds) screenLatencies.push(performance.now() - started)
    else staleAnswers++
    fetched.set(transactionId, (fetched.get(transactionId) ?? 0) + 1)
    wake()
  }

  const url = options.listenUrl ?? listenUrl(options.baseUrl, options.dataset, options.query)
  const connectStarted = performance.now()
  try {
    for (let i = 0; i < options.listeners; i++) {
      const req = get(url, { agent, headers: { Accept: 'text/event-stream', 'Cache-Control': 'no-cache' } }, (res) => {
        if (res.statusCode !== 200) {
          failed ??= new Error(`Listener ${i} got HTTP ${res.statusCode}`)
          wake()
          return
        }
        res.setEncoding('utf8')
        let arrived = 0
        const parser = new SseParser((event, data) => {
          if (event === 'welcome') {
            welcomed++
            wake()
          } else if (event === 'mutation') {
            // The chunk's arrival time; the id is found without parsing the whole document.
            const m = /"transactionId":"([^"]+)"/.exec(data)
            const started = m ? sentAt.get(m[1]!) : undefined
            if (started === undefined) {
              strayEvents++
              return
            }
            const latency = arrived - started
            latencies.push(latency)
            const span = spans.get(m![1]!)
            if (span) span.last = Math.max(span.last, latency)
            else spans.set(m![1]!, { first: latency, last: latency })
            delivered.set(m![1]!, (delivered.get(m![1]!) ?? 0) + 1)
            if (options.refetch)
              refetch(m![1]!, started).catch((error: unknown) => {
                failed ??= error instanceof Error ? error : new Error(String(error))
                wake()
              })
            wake()
          } else if (event === 'channelError' || event === 'disconnect') {
            failed ??= new Error(`Listener ${i} got ${event}: ${data}`)
            wake()
          }
        })
        res.on('data', (chunk: string) => {
          arrived = performance.now()
          parser.push(chunk)
        })
      })
      req.on('error', (error) => {
        failed ??= error
        wake()
      })
      requests.push(req)
    }
    await until(() => welcomed >= options.listeners, 60_000, `${options.listeners} welcome events (got ${welcomed})`)
    const connectMs = performance.now() - connectStarted

    const writeMs: number[] = []
    const perWrite: FanoutResult['perWrite'] = []
    const backend: number[] = []
    const sent: FanoutResult['sent'] = []
    let missing = 0
    const write = mutateUrl(options.baseUrl, options.dataset)
    for (let n = 0; n < options.writes; n++) {
      const transactionId = `bench-fanout-${randomUUID()}`
      const { documentId, marker, mutation } = writeFor(options, n, transactionId)
      markers.set(transactionId, marker)
      const body = JSON.stringify({ mutations: [mutation], transactionId })
      const backendBefore = options.varnishWorkdir ? backendRequests(options.varnishWorkdir) : 0
      const started = performance.now()
      sentAt.set(transactionId, started)
      sent.push({ documentId, marker, at: performance.timeOrigin + started })
      const reply = await requestJson<{ transactionId: string }>(write, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${options.token}` },
        body,
      })
      writeMs.push(performance.now() - started)
      if (reply.transactionId !== transactionId) throw new Error(`The mutate response names transaction ${reply.transactionId}, not ${transactionId}`)
      const done = () => (options.refetch ? (fetched.get(transactionId) ?? 0) : (delivered.get(transactionId) ?? 0)) >= options.listeners
      try {
        await until(done, options.deliveryTimeoutMs, `write ${n + 1}'s events`)
      } catch (error) {
        if (failed) throw error
        missing += options.listeners - (options.refetch ? (fetched.get(transactionId) ?? 0) : (delivered.get(transactionId) ?? 0))
      }
      perWrite.push(spans.get(transactionId) ?? { first: NaN, last: NaN })
      await sleep(started + options.spacingMs - performance.now())
      if (options.varnishWorkdir) backend.push(backendRequests(options.varnishWorkdir) - backendBefore)
    }
    return { latencies, perWrite, missing, connectMs, writeMs, strayEvents, screenLatencies, staleAnswers, backendRequests: backend, sent }
  } finally {
    for (const req of requests) req.destroy()
    agent.destroy()
  }
})
