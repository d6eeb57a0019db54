// The edge purger: a webhook receiver that turns a publish into a purge. The content service's GROQ
// webhook (server/webhooks) POSTs each changed document here, signed with the hook's secret; the
// purger checks the signature with @sanity/webhook, works out which surrogate keys the change
// touches (shared/cacheKeys.ts purgeKeys) and asks the edge cache to drop them, answering 200 only
// once the cache has acknowledged: a 5xx makes the webhook try again, so no purge is lost.
// docs/decisions/019-edge-cache.md.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { isValidSignature } from '@sanity/webhook'
import { purgeKeys, type Operation } from '../../shared/cacheKeys.ts'

export interface PurgerConfig {
  port: number
  host: string
  /** The edge cache's address; it takes `PURGE /` with the keys in `xkey-purge` (deploy/varnish/default.vcl). */
  cacheUrl: string
  /** The webhook's secret. */
  secret: string
  /** How long the cache may take to acknowledge a purge. */
  timeoutMs?: number
}

export interface Purger {
  url: string
  port: number
  server: Server
  /** Purges the cache acknowledged, newest last (the test and the operator's log read it). */
  purged: Array<{ keys: string[]; at: number; documentId: string }>
  close(): Promise<void>
}

/** A webhook body is one document's projection: a small JSON object. */
const maxBodyBytes = 64 * 1024
const operations = new Set<Operation>(['create', 'update', 'delete'])

async function readBody(req: IncomingMessage): Promise<string | null> {
  let size = 0
  const chunks: Buffer[] = []
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > maxBodyBytes) return null
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function answer(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
  res.end(JSON.stringify(status < 300 ? { ok: true, message } : { error: message }))
}

export async function startPurger(config: PurgerConfig, log: (line: string) => void = () => {}): Promise<Purger> {
  const purged: Purger['purged'] = []
  const timeoutMs = config.timeoutMs ?? 10_000

  async function purge(keys: string[]): Promise<void> {
    const res = await fetch(new URL('/', config.cacheUrl), { method: 'PURGE', headers: { 'xkey-purge': keys.join(' ') }, signal: AbortSignal.timeout(timeoutMs) })
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`the cache answered ${res.status}`)
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://purger').pathname !== '/purge') return answer(res, 404, 'POST webhooks to /purge')
    const body = await readBody(req)
    if (body === null) {
      // The rest of the body is never read: the connection cannot carry another request.
      res.setHeader('Connection', 'close')
      return answer(res, 413, `The body is larger than ${maxBodyBytes} bytes`)
    }
    const signature = req.headers['sanity-webhook-signature']
    if (typeof signature !== 'string' || !(await isValidSignature(body, signature, config.secret).catch(() => false))) {
      return answer(res, 401, 'The webhook signature is missing or does not match the secret')
    }
    let document: { _id?: unknown; _type?: unknown } & Record<string, unknown>
    try {
      document = JSON.parse(body) as typeof document
    } catch {
      return answer(res, 400, 'The body is not JSON')
    }
    const id = String(req.headers['sanity-document-id'] ?? document._id ?? '')
    const operation = String(req.headers['sanity-operation'] ?? '') as Operation
    const dataset = String(req.headers['sanity-dataset'] ?? '')
    if (!id || !operations.has(operation) || !dataset) return answer(res, 400, 'sanity-document-id, sanity-operation and sanity-dataset are required')
    if (typeof document !== 'object' || document === null || Array.isArray(document)) return answer(res, 400, 'The body is not a JSON object')
    // Without the document's type the purger cannot tell a story from an author: purge everything.
    // A live blog's update is purged by its blog and flags, when the hook's projection sends them.
    const keys = purgeKeys({ id, type: typeof document._type === 'string' ? document._type : '', operation, dataset, document })
    if (keys.length === 0) return answer(res, 200, 'Nothing a reader sees changed')
    try {
      await purge(keys)
    } catch (error) {
      log(`Could not purge ${keys.join(' ')}: ${error instanceof Error ? error.message : String(error)}`)
      return answer(res, 502, 'The cache did not acknowledge the purge; try again')
    }
    purged.push({ keys, at: Date.now(), documentId: id })
    if (purged.length > 1000) purged.shift()
    log(`Purged ${keys.join(' ')} for ${operation} of ${id}`)
    answer(res, 200, `Purged ${keys.join(' ')}`)
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => answer(res, 500, 'The purge failed'))
  })
  server.requestTimeout = 30_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.port, config.host, () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://${config.host}:${port}`,
    port,
    server,
    purged,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
