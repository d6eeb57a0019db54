// A real HTTP receiver for webhook tests: records every request (method, path, headers and the raw
// body, as a receiver must verify it) and answers each path with the statuses it is told to, in
// order, the last one repeated. A path told to `hang` never answers.

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Received {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: string
}

export interface Receiver {
  url: string
  received: Received[]
  /** How the next requests to `path` are answered, in order; the last stays. Default 200. */
  answer(path: string, ...statuses: Array<number | 'hang'>): void
  /** The requests to `path` so far. */
  at(path: string): Received[]
  /** Resolves with the `count`-th request to `path` (1 for the first), waiting for it if need be. */
  nth(path: string, count: number): Promise<Received>
  close(): Promise<void>
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = []
  const answers = new Map<string, Array<number | 'hang'>>()
  const waiting = new Set<() => void>()
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const path = req.url ?? '/'
      received.push({ method: req.method ?? '', path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
      for (const wake of waiting) wake()
      const queue = answers.get(path) ?? [200]
      const status = queue.length > 1 ? queue.shift()! : queue[0]!
      if (status === 'hang') return
      res.writeHead(status, { 'content-type': 'text/plain' })
      res.end(status >= 200 && status < 300 ? 'ok' : `refused with ${status}`)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  const at = (path: string) => received.filter((r) => r.path === path)
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (path, ...statuses) => answers.set(path, statuses),
    at,
    nth: (path, count) =>
      new Promise((resolve) => {
        const check = () => {
          const found = at(path)[count - 1]
          if (!found) return
          waiting.delete(check)
          resolve(found)
        }
        waiting.add(check)
        check()
      }),
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
