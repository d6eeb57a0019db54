// Small helpers shared by the contract tests. Nothing here fakes the service: every helper either
// talks HTTP to a real service or builds real input (images made by sharp).
/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies and client errors are arbitrary JSON that the tests index into freely */

import { request, type Server } from 'node:http'
import { expect } from 'vitest'
import sharp from 'sharp'

export interface RawResponse {
  status: number
  headers: Headers
  text: string
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: any
}

/** A plain fetch that never throws on HTTP errors and reads the whole body. */
export async function raw(url: string, init?: RequestInit): Promise<RawResponse> {
  return readRaw(await fetch(url, init))
}

/**
 * Reads the whole body of a response already received: for callers that look at the status or
 * headers first (a listen stream that answered 200 is never read to its end).
 */
export async function readRaw(res: Response): Promise<RawResponse> {
  const text = await res.text()
  return { status: res.status, headers: res.headers, text, json: jsonOrUndefined(text) }
}

/** The body parsed as JSON, or undefined when it is not JSON (an error page, an empty body). */
export function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Asserts that a response is a JSON document with `Content-Type: application/json`. */
export function expectJson(res: RawResponse): void {
  expect(res.headers.get('content-type') ?? '').toMatch(/^application\/json\b/i)
  expect(res.json, `body is not JSON: ${res.text.slice(0, 200)}`).toBeTypeOf('object')
  expect(res.json).not.toBeNull()
}

/** Asserts an error body in one of the two shapes @sanity/client understands. */
export function expectErrorBody(res: RawResponse, status: number): void {
  expect(res.status, res.text.slice(0, 300)).toBe(status)
  expectJson(res)
  const body = res.json as Record<string, any>
  const typed = typeof body.error === 'object' && body.error !== null && typeof body.error.description === 'string'
  const boom = typeof body.error === 'string' && typeof body.message === 'string'
  expect(typed || boom, `unexpected error body ${res.text.slice(0, 300)}`).toBe(true)
}

/** Resolves with what the promise rejected with; fails when it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<any> {
  let value: unknown
  try {
    value = await promise
  } catch (error) {
    return error
  }
  throw new Error(`Expected a rejection, but the promise resolved with ${JSON.stringify(value)?.slice(0, 300)}`)
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

export async function waitFor(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > until) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`)
    await sleep(10)
  }
}

export interface LoggedRequest {
  method: string
  url: string
  headers: Record<string, string | string[] | undefined>
}

/** Records every request the service's HTTP server receives (an extra 'request' listener; the service still answers). */
export function recordRequests(server: Server): LoggedRequest[] {
  const log: LoggedRequest[] = []
  server.on('request', (req) => log.push({ method: req.method ?? '', url: req.url ?? '', headers: { ...req.headers } }))
  return log
}

export const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/
/** The document id rule of @sanity/client (src/validators.ts). */
export const DOCUMENT_ID = /^[a-z0-9_][a-z0-9_.-]{0,127}$/i

export function solidPng(width: number, height: number, colour = '#336699'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer()
}

export function solidJpeg(width: number, height: number, colour = '#993366'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } }).jpeg().toBuffer()
}

/** A noisy image, so renditions of it are not tiny and have different sizes. */
export function noisyPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .png()
    .toBuffer()
}

/** Top half one colour, bottom half another. */
export async function twoBandPng(width: number, height: number, top: string, bottom: string): Promise<Buffer> {
  const half = Math.floor(height / 2)
  const lower = await sharp({ create: { width, height: height - half, channels: 3, background: bottom } }).png().toBuffer()
  return sharp({ create: { width, height, channels: 3, background: top } })
    .composite([{ input: lower, top: half, left: 0 }])
    .png()
    .toBuffer()
}

/** The RGB value of one pixel of an encoded image. */
export async function pixel(image: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const i = (y * info.width + x) * info.channels
  return [data[i]!, data[i + 1]!, data[i + 2]!]
}

/** A listen stream read as raw text, exactly as it arrives, from its welcome event on. */
export interface RawStream {
  text: () => string
  close: () => void
}

/** Opens the listen stream at `url` and waits for its welcome; `name` says which one failed. */
export async function rawListen(url: string, name: string, headers: Record<string, string> = {}): Promise<RawStream> {
  const controller = new AbortController()
  const res = await fetch(url, { signal: controller.signal, headers: { accept: 'text/event-stream', ...headers } })
  expect(res.status, name).toBe(200)
  let text = ''
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) return
        text += decoder.decode(value, { stream: true })
      }
    } catch {
      // Aborted at the end of the test.
    }
  })()
  // A generous bound: on a loaded machine the first stream of a fresh service can take seconds.
  await waitFor(() => text.includes('event: welcome'), `${name}: welcome`, 30_000)
  return { text: () => text, close: () => controller.abort() }
}

/**
 * One HTTP request from a chosen loopback address (`localAddress`), so the service sees a different
 * client: how tests give readers, attackers and beacons addresses of their own.
 */
export function requestFrom(
  url: string,
  { localAddress, method = 'GET', headers = {}, body }: { localAddress: string; method?: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, localAddress, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        let json: unknown
        try {
          json = JSON.parse(text)
        } catch {
          json = undefined
        }
        resolve({ status: res.statusCode ?? 0, headers: new Headers(res.headers as Record<string, string>), text, json })
      })
    })
    req.on('error', reject)
    req.end(body)
  })
}
