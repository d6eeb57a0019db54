// A minimal HTTP client over node:http, so timings measure the service rather than a client
// library's retry, parsing and observable machinery.

import { Agent, request as httpRequest, type OutgoingHttpHeaders } from 'node:http'

export interface Response {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
  /** From just before the request was sent to the last byte of the body. */
  ms: number
}

export interface RequestOptions {
  method?: string
  headers?: OutgoingHttpHeaders
  body?: string | Buffer
  agent?: Agent
  timeoutMs?: number
  /** The loopback address to send from, so the service sees another client. */
  localAddress?: string
}

export function request(url: string, options: RequestOptions = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const headers: OutgoingHttpHeaders = { ...options.headers }
    if (options.body !== undefined) headers['Content-Length'] = Buffer.byteLength(options.body)
    const req = httpRequest(url, { method: options.method ?? 'GET', headers, agent: options.agent, localAddress: options.localAddress }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('error', reject)
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - started }))
    })
    req.setTimeout(options.timeoutMs ?? 120_000, () => req.destroy(new Error(`Timed out: ${options.method ?? 'GET'} ${url}`)))
    req.on('error', reject)
    req.end(options.body)
  })
}

/** Like `request`, but rejects unless the status is 2xx, and parses the body as JSON. */
export async function requestJson<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const res = await request(url, options)
  if (res.status < 200 || res.status > 299) throw new Error(`${options.method ?? 'GET'} ${url} answered ${res.status}: ${res.body.toString('utf8').slice(0, 500)}`)
  return JSON.parse(res.body.toString('utf8')) as T
}

export const apiVersion = 'v2023-05-03'

/**
 * The query URL exactly as @sanity/client builds it (its encodeQueryString): `query`, then each
 * param as `$name=<JSON>`, then `returnQuery=false` and the perspective, through URLSearchParams.
 */
export function queryUrl(base: string, dataset: string, query: string, params: Record<string, unknown> = {}): string {
  const search = new URLSearchParams()
  search.append('query', query)
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.append(`$${key}`, JSON.stringify(value))
  search.append('returnQuery', 'false')
  search.append('perspective', 'published')
  return `${base}/${apiVersion}/data/query/${encodeURIComponent(dataset)}?${search}`
}

export function listenUrl(base: string, dataset: string, query: string): string {
  const search = new URLSearchParams({ query, includeResult: 'true', visibility: 'query' })
  return `${base}/${apiVersion}/data/listen/${encodeURIComponent(dataset)}?${search}`
}

export function mutateUrl(base: string, dataset: string): string {
  return `${base}/${apiVersion}/data/mutate/${encodeURIComponent(dataset)}`
}

/** Headers the reader's @sanity/client sends with a query (it asks for JSON; Node adds no gzip). */
export const clientHeaders: OutgoingHttpHeaders = { Accept: 'application/json', 'User-Agent': '@sanity/client 7.28.0' }
