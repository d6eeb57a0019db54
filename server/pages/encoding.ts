// Which representation of a body a client gets: Brotli, gzip or the plain bytes, from its
// Accept-Encoding (q-values honoured, so `br;q=0` refuses Brotli), and the strong validator of each.
// Reader pages, the built app's files and feeds are all sent through here.

import type { IncomingMessage, ServerResponse } from 'node:http'
import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

export type Encoding = 'br' | 'gzip' | 'identity'

/** A body with the compressed copies worth sending (null when too small to gain, or not compressible). */
export interface Encoded {
  plain: Buffer
  gzip: Buffer | null
  br: Buffer | null
}

/** Below this, compression costs more than the bytes it saves. */
export const compressMinBytes = 1024

/**
 * Compresses a body made at run time (a rendered page): Brotli at a quality that takes a few
 * milliseconds for a page (11, the build's quality for files, takes ten times as long for a few
 * percent), and gzip for clients without Brotli.
 */
export function encode(plain: Buffer, brotliQuality = 7): Encoded {
  if (plain.length < compressMinBytes) return { plain, gzip: null, br: null }
  return {
    plain,
    gzip: gzipSync(plain, { level: 9 }),
    br: brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length } }),
  }
}

/** The client's preferred encoding among those on offer (Brotli first, as it is smaller). */
export function negotiate(acceptEncoding: string | undefined, offered: { gzip: boolean; br: boolean }): Encoding {
  const quality = new Map<string, number>()
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [rawName, ...params] = part.toLowerCase().split(';')
    const name = rawName!.trim()
    if (!name) continue
    let q = 1
    for (const param of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param)
      if (m) q = Number(m[1])
    }
    quality.set(name, Number.isFinite(q) ? q : 0)
  }
  const accepts = (name: string) => (quality.get(name) ?? quality.get('*') ?? 0) > 0
  if (offered.br && accepts('br')) return 'br'
  if (offered.gzip && accepts('gzip')) return 'gzip'
  return 'identity'
}

/** A strong validator of the plain body; each encoding's representation gets its own (RFC 9110: they differ in bytes). */
export function etagOf(plain: Buffer): string {
  return createHash('sha256').update(plain).digest('base64url').slice(0, 27)
}

function representationTag(tag: string, encoding: Encoding): string {
  return `"${tag}${encoding === 'br' ? '-br' : encoding === 'gzip' ? '-gz' : ''}"`
}

/**
 * Whether If-None-Match names the body the client would get. Any encoding's tag of the same body
 * matches: a cache that stored the Brotli copy may ask on behalf of a client that takes gzip.
 */
export function matchesTag(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  return ifNoneMatch.split(',').some((candidate) => {
    const value = candidate.trim().replace(/^W\//, '')
    return value === `"${tag}"` || value === `"${tag}-br"` || value === `"${tag}-gz"`
  })
}

/**
 * Sends `body` in the encoding the client prefers. With `tag` (etagOf the plain body), the response
 * carries that representation's ETag and a matching If-None-Match on a GET or HEAD gets a 304.
 */
export function sendEncoded(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string>, body: Encoded, tag: string | null = null): void {
  const compressed = body.gzip !== null || body.br !== null
  const encoding = negotiate(req.headers['accept-encoding'] as string | undefined, { gzip: body.gzip !== null, br: body.br !== null })
  const sent = encoding === 'br' ? body.br! : encoding === 'gzip' ? body.gzip! : body.plain
  const common: Record<string, string> = {
    ...headers,
    ...(compressed ? { Vary: headers.Vary ? `${headers.Vary}, Accept-Encoding` : 'Accept-Encoding' } : {}),
    ...(tag ? { ETag: representationTag(tag, encoding) } : {}),
  }
  if (tag && status === 200 && matchesTag(req.headers['if-none-match'] as string | undefined, tag)) {
    // A 304 carries the validators and caching headers, never a body or its length.
    const { 'Content-Type': _type, 'Content-Length': _length, ...rest } = common
    res.writeHead(304, rest)
    res.end()
    return
  }
  res.writeHead(status, {
    ...common,
    'Content-Length': String(sent.length),
    ...(encoding !== 'identity' ? { 'Content-Encoding': encoding } : {}),
  })
  res.end(req.method === 'HEAD' ? undefined : sent)
}
