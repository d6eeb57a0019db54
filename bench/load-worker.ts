// The load generator process: see load.ts.

import { Agent, request } from 'node:http'
import type { LoadOptions, LoadResult } from './load.ts'
import { cpuMs } from './service.ts'
import { serveWork } from './worker.ts'

interface Snapshot {
  /** performance.now() */
  at: number
  clientCpuMs: number
  serverCpuMs: number
}

serveWork<LoadOptions, LoadResult>(async (options) => {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency, maxFreeSockets: options.concurrency })
  let requests = 0
  let failures = 0
  let firstFailure: string | null = null
  let minBytes = Infinity
  let maxBytes = 0

  // The window opens and closes on timers that also read both sides' CPU, so the request count
  // and the CPU shares cover the same interval.
  const snapshot = (): Snapshot => {
    const usage = process.cpuUsage()
    return { at: performance.now(), clientCpuMs: (usage.user + usage.system) / 1000, serverCpuMs: options.serverPid ? cpuMs(options.serverPid) : NaN }
  }
  const span: { opened?: Snapshot; closed?: Snapshot } = {}
  setTimeout(() => (span.opened = snapshot()), options.warmupMs)
  setTimeout(() => (span.closed = snapshot()), options.warmupMs + options.durationMs)

  const once = () =>
    new Promise<void>((resolve) => {
      const fail = (message: string) => {
        failures++
        firstFailure ??= message
        resolve()
      }
      const req = request(options.url, { agent, headers: options.headers }, (res) => {
        let bytes = 0
        res.on('data', (chunk: Buffer) => (bytes += chunk.length))
        res.on('error', (error) => fail(error.message))
        res.on('end', () => {
          if (res.statusCode !== 200) return fail(`HTTP ${res.statusCode}`)
          if (span.opened && !span.closed) {
            requests++
            if (bytes < minBytes) minBytes = bytes
            if (bytes > maxBytes) maxBytes = bytes
          }
          resolve()
        })
      })
      req.on('error', (error) => fail(error.message))
      req.end()
    })

  const loop = async () => {
    while (!span.closed) await once()
  }
  await Promise.all(Array.from({ length: options.concurrency }, loop))
  agent.destroy()
  const start = span.opened!
  const end = span.closed!
  const elapsed = end.at - start.at
  return {
    requests,
    seconds: elapsed / 1000,
    rps: requests / (elapsed / 1000),
    minBytes: Number.isFinite(minBytes) ? minBytes : 0,
    maxBytes,
    failures,
    firstFailure,
    serverCpu: (end.serverCpuMs - start.serverCpuMs) / elapsed,
    clientCpu: (end.clientCpuMs - start.clientCpuMs) / elapsed,
  }
})
