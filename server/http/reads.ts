// POST /reads: the beacon a reader's page sends once it has been seen (src/content/clients/readBeacon.ts).
// Anonymous and open to anyone, so hostile until proven otherwise: a body of at most 2 KB that must
// arrive within 5 s, a limit per address (behind TRUSTED_PROXIES, the reader's own), the protocol's
// JSON error for a body that is not `{"path": "...", "referrer": "..."}`, and otherwise 204 at
// once, whether or not the read counted, so a bot learns nothing from the answer. Counting is
// server/audience/counter.ts; it writes nothing per read.

import type { IncomingMessage } from 'node:http'
import { addressKey } from '../access/auth.ts'
import type { ReadCounter } from '../audience/counter.ts'
import { ApiError, httpError } from '../errors.ts'
import { AddressLimiter } from '../readers/limits.ts'
import { isRecord } from './respond.ts'
import type { Context } from './route.ts'

/** The largest beacon body: a path and a referrer, each at most 1 KB of text. */
export const beaconBodyLimit = 2048
const maxFieldLength = 1024
const bodyMs = 5_000

export interface ReadsDeps {
  counter: ReadCounter
  /** Beacons one address may send a minute (READS_PER_ADDRESS_PER_MINUTE). */
  perAddressPerMinute: number
  /** The paper's own host (PUBLIC_URL), else the request's. */
  publicUrl: string | null
}

export function header(req: IncomingMessage, name: string): string {
  const value = req.headers[name]
  return Array.isArray(value) ? value.join(',') : (value ?? '')
}

/** The protocol's 413 for a beacon body over the limit. */
const tooLarge = () => httpError(413, `The request body is larger than the limit of ${beaconBodyLimit} bytes`)

/**
 * The beacon's bytes, at most `beaconBodyLimit` of them, within `bodyMs`. Read by listening rather
 * than by async iteration: a beacon's body nearly always arrives in one chunk, in the same packet as
 * its headers, and this is the path every read takes.
 */
function beaconBytes(req: IncomingMessage): Promise<Buffer> {
  if (Number(req.headers['content-length']) > beaconBodyLimit) {
    req.resume()
    return Promise.reject(tooLarge())
  }
  return new Promise((resolve, reject) => {
    let first: Buffer | null = null
    let more: Buffer[] | null = null
    let size = 0
    // Left running until the body ends: a body over the limit is drained (so the 413 can be
    // answered) for no longer than a whole body may take.
    const cutOff = setTimeout(() => req.destroy(httpError(408, `The request body did not arrive within ${bodyMs / 1000} s`)), bodyMs)
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > beaconBodyLimit) {
        first = more = null
        reject(tooLarge())
      } else if (first === null) first = chunk
      else (more ??= [first]).push(chunk)
    })
    req.once('end', () => {
      clearTimeout(cutOff)
      resolve(more ? Buffer.concat(more) : (first ?? Buffer.alloc(0)))
    })
    // The cut-off above, or the reader going away before the body ended (nobody is left to answer).
    req.once('error', (error) => {
      clearTimeout(cutOff)
      reject(error instanceof ApiError ? error : httpError(400, 'The request body ended early'))
    })
  })
}

/** A beacon's bytes, checked: its path and referrer, or the protocol's 400. */
export function parseBeacon(bytes: Buffer): { path: string; referrer: string } {
  if (bytes.length === 0) throw httpError(400, 'The request body is empty; expected JSON like {"path": "/article/…", "referrer": "…"}')
  let body: unknown
  try {
    body = JSON.parse(bytes.toString('utf8'))
  } catch {
    throw httpError(400, 'Malformed JSON in the request body: expected {"path": "/article/…", "referrer": "…"}')
  }
  if (!isRecord(body)) throw httpError(400, 'The request body must be an object like {"path": "/article/…", "referrer": "…"}')
  const { path, referrer = '' } = body
  if (typeof path !== 'string' || !path.startsWith('/') || path.length > maxFieldLength) throw httpError(400, `"path" must be the page's path, starting with "/", of at most ${maxFieldLength} characters`)
  if (typeof referrer !== 'string' || referrer.length > maxFieldLength) throw httpError(400, `"referrer" must be a string of at most ${maxFieldLength} characters`)
  return { path, referrer }
}

/** The beacon's body, checked; the protocol's 400, 408 or 413 when it is not one. */
export async function readBeacon(req: IncomingMessage): Promise<{ path: string; referrer: string }> {
  return parseBeacon(await beaconBytes(req))
}

/** What the browser says the request is for: a prefetch or a prerender is not a read. */
export function purposeOf(req: IncomingMessage): string {
  return `${header(req, 'sec-purpose')} ${header(req, 'purpose')} ${header(req, 'x-purpose')}`
}

/** The 429 of a beacon over its address's limit. */
function tooManyReads(wait: number): ApiError {
  const error = httpError(429, 'Too many reads from this address; try again later')
  return new ApiError(429, error.body, { 'Retry-After': String(wait) })
}

/**
 * Beacons per address (an IPv6 address by its /64), `perMinute` a minute: throws the 429 for one
 * over the limit. 0 turns it off.
 */
export function beaconLimiter(perMinute: number): (req: IncomingMessage, address: string) => void {
  const limiter = new AddressLimiter({ limit: perMinute, windowMs: 60_000 })
  return (req, address) => {
    const wait = perMinute > 0 ? limiter.take(addressKey(address)) : 0
    if (wait === 0) return
    req.resume()
    throw tooManyReads(wait)
  }
}

export function reads(deps: ReadsDeps) {
  const limit = beaconLimiter(deps.perAddressPerMinute)
  const ownHost = deps.publicUrl ? new URL(deps.publicUrl).hostname : null
  return async (ctx: Context): Promise<void> => {
    const { req, res } = ctx
    const address = ctx.address()
    limit(req, address)
    const beacon = await readBeacon(req)
    let signedIn = false
    try {
      signedIn = ctx.who() !== null
    } catch {
      // A token that is not valid is nobody's: the read is judged like any other.
    }
    deps.counter.count(beacon, {
      address,
      userAgent: header(req, 'user-agent'),
      purpose: purposeOf(req),
      signedIn,
      ownHost: ownHost ?? (header(req, 'host').split(':')[0] || null),
    })
    res.writeHead(204, answered)
    res.end()
  }
}

/** The headers of every beacon's 204, made once. */
const answered = { 'Cache-Control': 'no-store' }
