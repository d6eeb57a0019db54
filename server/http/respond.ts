// Reading requests and writing responses in the protocol's shapes: every API answer is JSON (or an
// event stream), and every failure an ApiError rendered as the Content Lake renders it.

import type { IncomingMessage, ServerResponse } from 'node:http'
import { ApiError, httpError } from '../errors.ts'
import { assertDepth } from '../input.ts'
import { queryKey, surrogateKeyHeader } from '../../shared/cacheKeys.ts'
import { encode, etagOf, sendEncoded, type Encoded } from '../pages/encoding.ts'

export function fail(res: ServerResponse, error: unknown): void {
  let apiError: ApiError
  if (error instanceof ApiError) apiError = error
  else {
    console.error('Unexpected error while handling a request:', error)
    apiError = httpError(500, 'An internal error occurred')
  }
  if (res.headersSent) {
    res.end()
    return
  }
  for (const [k, v] of Object.entries(apiError.headers)) res.setHeader(k, v)
  sendJson(res, apiError.status, apiError.body)
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  sendRaw(res, status, JSON.stringify(body))
}

export function sendRaw(res: ServerResponse, status: number, json: string | Buffer, cacheControl = 'no-store'): void {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(typeof json === 'string' ? Buffer.byteLength(json) : json.length),
    'Cache-Control': cacheControl,
  })
  res.end(json)
}

/**
 * An anonymous GET's query answer: the same for every reader, so any cache may keep it, but every
 * cache asks again each time (a 304 from the service's own per-revision cache when it is unchanged).
 * Not s-maxage like a page: an open homepage queries again the moment a publish's listen event
 * arrives, before any purge could reach an edge cache, and must get the new answer.
 * docs/decisions/019-edge-cache.md.
 */
export const publicQueryCacheControl = 'public, no-cache'

/**
 * An anonymous GET's answer asked after a listen event, naming it (`lastLiveEventId`, as
 * @sanity/client sends it): every open page asks the same address at once, and the answer is the
 * content as of that transaction or later, so an edge cache may keep it and give it to all of them
 * (docs/decisions/036-refetch-after-an-event.md). A later change is another event, so another address.
 */
export const eventQueryCacheControl = 'public, max-age=60, s-maxage=60'

const namedEvent = /[?&]lastLiveEventId=([^&#]*)/

/**
 * How caches may keep a public query answer: as an event's, when its URL names a transaction the
 * dataset has committed (an id not yet committed could be asked early, to plant an older answer
 * under the address the event will use); otherwise revalidated every time.
 */
export function publicQueryCaching(url: string, dataset: string, committed: (dataset: string, transactionId: string) => boolean): string {
  const named = namedEvent.exec(url)?.[1]
  if (named === undefined || named === '' || named.length > 200) return publicQueryCacheControl
  let id: string
  try {
    id = decodeURIComponent(named.replaceAll('+', ' '))
  } catch {
    return publicQueryCacheControl
  }
  return committed(dataset, id) ? eventQueryCacheControl : publicQueryCacheControl
}

/**
 * Each answer's tag and compressed copies, made once for an answer the URL cache holds and sends
 * again (they go when it does). The homepage's answer is about 20 KB of JSON, a fifth of that in Brotli.
 */
const prepared = new WeakMap<Buffer, { tag: string; body: Encoded }>()

export function sendPublicQuery(req: IncomingMessage, res: ServerResponse, body: Buffer, dataset: string, cacheControl = publicQueryCacheControl): void {
  let ready = prepared.get(body)
  if (ready === undefined) prepared.set(body, (ready = { tag: etagOf(body), body: encode(body, 5) }))
  const key = queryKey(dataset)
  sendEncoded(req, res, 200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': cacheControl, [surrogateKeyHeader]: key }, ready.body, ready.tag)
}

/** A cached query response, stored saying `"ms":0}`; a lookup that took longer (a GC pause) says so. */
export function sendCachedQuery(req: IncomingMessage, res: ServerResponse, body: Buffer, ms: number, dataset: string, cacheControl = publicQueryCacheControl): void {
  sendPublicQuery(req, res, ms === 0 ? body : Buffer.concat([body.subarray(0, body.length - 2), Buffer.from(`${ms}}`)]), dataset, cacheControl)
}

export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'])
  if (Number.isFinite(declared) && declared > limit) {
    req.resume()
    throw httpError(413, `The request body is larger than the limit of ${limit} bytes`)
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > limit) {
      req.resume()
      throw httpError(413, `The request body is larger than the limit of ${limit} bytes`)
    }
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

export async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  const bytes = await readBody(req, limit)
  if (bytes.length === 0) throw httpError(400, 'The request body is empty; expected JSON')
  let body: unknown
  try {
    body = JSON.parse(bytes.toString('utf8'))
  } catch (error) {
    throw httpError(400, `Malformed JSON in the request body: ${(error as Error).message}`)
  }
  assertDepth(body, 'The request body')
  return body
}

/**
 * The request target as a URL. A target is a path, and `//x/y` is a path too: resolved against a
 * base it would name host `x`, and `//` alone is no URL at all.
 */
export function requestUrl(target: string): URL {
  try {
    return new URL(target.startsWith('/') ? `http://localhost${target}` : target, 'http://localhost')
  } catch {
    throw httpError(400, `Malformed request target: "${target.slice(0, 100)}"`)
  }
}

/** decodeURIComponent that answers a malformed escape with a 400 instead of throwing a URIError. */
export function decodePart(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    throw httpError(400, `Malformed percent-encoding in the URL: "${part}"`)
  }
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/**
 * The site's public origin: PUBLIC_URL, or else the origin the request came in on (behind a proxy,
 * with the scheme it forwarded).
 */
export function publicBase(req: IncomingMessage, publicUrl: string | null): string {
  if (publicUrl) return publicUrl
  const proto = (req.headers['x-forwarded-proto'] as string | undefined)?.split(',')[0] ?? 'http'
  return `${proto}://${req.headers.host ?? 'localhost'}`
}
