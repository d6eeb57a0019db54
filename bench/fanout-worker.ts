// The listener process: see sse.ts.

import { randomUUID } from 'node:crypto'
import { Agent, get, type ClientRequest } from 'node:http'
import { listenUrl, mutateUrl, requestJson } from './http.ts'
import { SseParser, type FanoutOptions, type FanoutResult } from './sse.ts'
import { serveWork } from './worker.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))

serveWork<FanoutOptions, FanoutResult>(async (options) => {
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity })
  const requests: ClientRequest[] = []
  /** Start time (performance.now()) of each write, by the transactionId we gave it. */
  const sentAt = new Map<string, number>()
  const delivered = new Map<string, number>()
  const latencies: number[] = []
  const spans = new Map<string, { first: number; last: number }>()
  let strayEvents = 0
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

  const url = listenUrl(options.baseUrl, options.dataset, options.query)
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
    let missing = 0
    const write = mutateUrl(options.baseUrl, options.dataset)
    for (let n = 0; n < options.writes; n++) {
      const transactionId = `bench-fanout-${randomUUID()}`
      const id = options.documentIds[n % options.documentIds.length]!
      const body = JSON.stringify({ mutations: [{ patch: { id, set: { title: `Benchmark headline ${n + 1} (${transactionId.slice(-6)})` } } }], transactionId })
      const started = performance.now()
      sentAt.set(transactionId, started)
      const reply = await requestJson<{ transactionId: string }>(write, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${options.token}` },
        body,
      })
      writeMs.push(performance.now() - started)
      if (reply.transactionId !== transactionId) throw new Error(`The mutate response names transaction ${reply.transactionId}, not ${transactionId}`)
      try {
        await until(() => (delivered.get(transactionId) ?? 0) >= options.listeners, options.deliveryTimeoutMs, `write ${n + 1}'s events`)
      } catch (error) {
        if (failed) throw error
        missing += options.listeners - (delivered.get(transactionId) ?? 0)
      }
      perWrite.push(spans.get(transactionId) ?? { first: NaN, last: NaN })
      await sleep(started + options.spacingMs - performance.now())
    }
    return { latencies, perWrite, missing, connectMs, writeMs, strayEvents }
  } finally {
    for (const req of requests) req.destroy()
    agent.destroy()
  }
})
