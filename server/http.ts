// The HTTP layer: routing, CORS, bodies and error shapes, thin over the store, query engine,
// listener hub, assets and auth. Every response of the API is JSON (or an event stream), and every
// failure is an ApiError rendered in the protocol's shape; nothing here lets an exception escape.

import type { IncomingMessage, ServerResponse } from 'node:http'
import { randomId } from './ids.ts'
import { ApiError, httpError, insufficientPermissions, typedError } from './errors.ts'
import { writerRoles, type Auth, type Principal } from './auth.ts'
import type { Assets, UploadMeta } from './assets.ts'
import type { ImageServer } from './images.ts'
import { contentDisposition, imageFilePattern } from './images.ts'
import type { ListenerHub, ListenOptions } from './listeners.ts'
import { validateMutations } from './mutations.ts'
import { assertDepth, parseParam } from './input.ts'
import { normalisePerspective, type QueryEngine } from './query.ts'
import { mayRead } from './visibility.ts'
import type { Store } from './store.ts'
import type { PageRenderer } from './pages.ts'
import type { StaticFiles } from './static.ts'
import { existsSync } from 'node:fs'

export interface AppDeps {
  store: Store
  queries: QueryEngine
  hub: ListenerHub
  auth: Auth
  assets: Assets
  images: ImageServer
  statics: StaticFiles | null
  /** Renders reader pages on the server; null serves the app for the browser to render. */
  pages?: PageRenderer | null
  config: {
    projectId: string
    corsOrigins: string[]
    publicUrl: string | null
    maxBodyBytes: number
    maxUploadBytes: number
    listenKeepAliveMs: number
    /** Whether the demo credentials may be shown on the sign-in page. */
    demoCredentials: { email: string; password: string } | null
  }
}

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>

const apiPath = /^\/v(1|X|\d{4}-\d{2}-\d{2})\/(.*)$/
/**
 * Paths meant for the API whatever their version: a first segment that is or looks like one (`v0`,
 * `v`, `vX1`, `v2023-5-3`), or any `/v…/` into one of the API's areas. Other paths that start with
 * v (`/videos`) are the app's.
 */
const apiLikePath = /^\/v(?:[\dxX][^/]*)?(?:\/|$)|^\/v[^/]*\/(?:data|assets|check|ping)(?:\/|$)/

export function createHandler(deps: AppDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const { store, queries, hub, auth, assets, images, statics, pages, config } = deps
  const allowed = new Set(config.corsOrigins)

  function cors(req: IncomingMessage, res: ServerResponse): void {
    const origin = req.headers.origin
    if (origin && allowed.has(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin)
      res.setHeader('Access-Control-Allow-Credentials', 'true')
      res.setHeader('Access-Control-Expose-Headers', 'x-sanity-warning, traceparent, retry-after')
      res.setHeader('Vary', 'Origin')
    }
  }

  function principal(req: IncomingMessage): Principal | null {
    const header = req.headers.authorization
    if (!header) return null
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header)
    if (!m) throw httpError(401, 'Malformed Authorization header: expected "Bearer <token>"')
    return auth.authenticate(m[1]!)
  }

  function requireWriter(req: IncomingMessage, permission: string): Principal {
    const who = principal(req)
    if (!who || !writerRoles.has(who.role)) throw insufficientPermissions(permission)
    return who
  }

  function publicBase(req: IncomingMessage): string {
    if (config.publicUrl) return config.publicUrl
    const proto = (req.headers['x-forwarded-proto'] as string | undefined)?.split(',')[0] ?? 'http'
    return `${proto}://${req.headers.host ?? 'localhost'}`
  }

  const query: Handler = async (req, res, url) => {
    const [, version, , dataset] = routeParts(url)
    let q: unknown
    let params: Record<string, unknown> = {}
    if (req.method === 'POST') {
      const body = await readJson(req, config.maxBodyBytes)
      if (!isRecord(body)) throw httpError(400, 'The request body must be a JSON object with "query" and optional "params"')
      q = body.query
      if (body.params !== undefined) {
        if (!isRecord(body.params)) throw httpError(400, '"params" must be an object')
        params = body.params
      }
    } else {
      q = url.searchParams.get('query')
      for (const [name, value] of url.searchParams) {
        if (name.startsWith('$')) params[name.slice(1)] = parseParam(name, value)
      }
    }
    if (typeof q !== 'string' || q.trim() === '') throw httpError(400, 'Missing "query"')
    const who = principal(req)
    const perspective = normalisePerspective(url.searchParams.get('perspective'), version!)
    const result = await queries.query(dataset!, q, params, perspective, { anonymous: who === null, identity: who?.id, versions: version === 'X' || version! >= '2025-02-19' }, { client: req.socket.remoteAddress })
    const echo = url.searchParams.get('returnQuery') === 'false' ? '' : `"query":${JSON.stringify(q)},`
    const head = `{${echo}"result":${result.json},"ms":`
    const body = Buffer.from(`${head}${result.ms}}`)
    sendRaw(res, 200, body)
    // Everything an anonymous GET's response depends on is in its URL; see `route`.
    if (req.method === 'GET' && who === null && result.revision !== null) {
      queries.rememberResponse(req.url!, dataset!, result.revision, result.ms === 0 ? body : Buffer.from(`${head}0}`))
    }
  }

  const mutate: Handler = async (req, res, url) => {
    if (req.method !== 'POST') throw httpError(405, 'Mutations are sent with POST')
    const [, , , dataset] = routeParts(url)
    store.dataset(dataset!)
    const body = await readJson(req, config.maxBodyBytes)
    const mutations = validateMutations(body)
    const first = mutations[0]
    const permission = first && ('delete' in first ? 'delete' : 'patch' in first ? 'update' : 'create')
    const who = requireWriter(req, permission ?? 'create')
    const transactionId = isRecord(body) && typeof body.transactionId === 'string' ? body.transactionId : undefined
    if (transactionId !== undefined && !/^[A-Za-z0-9_-]{1,128}$/.test(transactionId)) throw httpError(400, 'Invalid transactionId')
    const dryRun = url.searchParams.get('dryRun') === 'true'
    const tx = await store.commit(dataset!, mutations, { identity: who.id, transactionId, dryRun })
    const returnDocuments = url.searchParams.get('returnDocuments') === 'true'
    const results = tx.results.map((r) => (returnDocuments && r.document ? { id: r.id, operation: r.operation, document: r.document } : { id: r.id, operation: r.operation }))
    sendJson(res, 200, { transactionId: tx.id, results })
  }

  const doc: Handler = async (req, res, url) => {
    const [, , , dataset, ids] = routeParts(url)
    if (!ids) throw httpError(400, 'Missing document ids')
    const who = principal(req)
    const docs = store.dataset(dataset!).docs
    const documents: unknown[] = []
    const omitted: Array<{ id: string; reason: 'existence' | 'permission' }> = []
    for (const raw of ids.split(',')) {
      const id = decodePart(raw)
      if (!mayRead({ anonymous: who === null }, id)) {
        omitted.push({ id, reason: 'permission' })
        continue
      }
      const found = docs.get(id)
      if (found) documents.push(url.searchParams.get('excludeContent') === 'true' ? { _id: found._id, _type: found._type, _rev: found._rev } : found)
      else omitted.push({ id, reason: 'existence' })
    }
    sendJson(res, 200, { ms: 0, documents, omitted })
  }

  const listen: Handler = async (req, res, url) => {
    const [, version, , dataset] = routeParts(url)
    store.dataset(dataset!)
    const who = principal(req)
    const q = url.searchParams.get('query') ?? ''
    const params: Record<string, unknown> = {}
    let problem: string | null = null
    for (const [name, value] of url.searchParams) {
      if (!name.startsWith('$')) continue
      try {
        params[name.slice(1)] = parseParam(name, value)
      } catch (error) {
        problem = (error as Error).message
      }
    }
    const options: ListenOptions = {
      // Absent means false: the client drops false options from the query string.
      includeResult: url.searchParams.get('includeResult') === 'true',
      includePreviousRevision: url.searchParams.get('includePreviousRevision') === 'true',
      includeMutations: url.searchParams.get('includeMutations') !== 'false',
      publishedOnly: (version === 'X' || version! >= '2025-02-19') && url.searchParams.get('includeAllVersions') !== 'true',
      anonymous: who === null,
      visibility: url.searchParams.get('visibility') === 'transaction' ? 'transaction' : 'query',
    }
    let failure: unknown = problem ? typedError(400, 'invalidParameterError', problem) : q.trim() === '' ? typedError(400, 'invalidQueryError', 'Missing "query" (the listener filter)') : null
    // A filter others already listen to is known to be valid: a thousand open homepages are checked once.
    if (!failure && !hub.has(dataset!, q, params)) {
      try {
        await queries.checkFilter(q, params, { anonymous: who === null }, req.socket.remoteAddress)
      } catch (error) {
        failure = error
      }
      // The reader may have gone while the filter was checked; then there is no one to add.
      if (res.destroyed) return
    }
    // A service holding all the listeners it may refuses before the stream opens, with a JSON 503.
    let closed = false
    const stream = res
    const send = (event: string, id: string | null, json: string) => {
      if (!closed) stream.write(`event: ${event}\n${id ? `id: ${id}\n` : ''}data: ${json}\n\n`)
    }
    const remove = failure ? () => {} : hub.add({ dataset: dataset!, options, send, close: (event, json) => {
      send(event, null, json)
      closed = true
      stream.end()
    } }, q, params)
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    })
    res.flushHeaders()
    const write = (event: string, id: string | null, data: unknown) => send(event, id, JSON.stringify(data))
    if (failure) {
      // Errors of the filter itself are the stream's first event, as the Content Lake sends them.
      const body = failure instanceof ApiError ? failure.body : { error: { description: String(failure) } }
      write('channelError', null, 'error' in body && typeof body.error === 'object' ? { message: body.error.description, error: body.error } : body)
      res.end()
      return
    }
    write('welcome', null, { listenerName: randomId() })
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), config.listenKeepAliveMs)
    await new Promise<void>((resolve) => {
      const done = () => {
        clearInterval(keepAlive)
        remove()
        resolve()
      }
      req.on('close', done)
      res.on('error', done)
    })
  }

  const upload: Handler = async (req, res, url) => {
    if (req.method !== 'POST') throw httpError(405, 'Assets are uploaded with POST')
    const [, , , dataset, kind] = routeParts(url)
    const who = requireWriter(req, 'create')
    store.dataset(dataset!)
    const bytes = await readBody(req, config.maxUploadBytes)
    const s = url.searchParams
    const meta: UploadMeta = {
      filename: s.get('filename') ?? undefined,
      label: s.get('label') ?? undefined,
      title: s.get('title') ?? undefined,
      description: s.get('description') ?? undefined,
      creditLine: s.get('creditLine') ?? undefined,
      source: { id: s.get('sourceId') ?? undefined, name: s.get('sourceName') ?? undefined, url: s.get('sourceUrl') ?? undefined },
    }
    const document =
      kind === 'images'
        ? await assets.uploadImage(dataset!, bytes, meta, publicBase(req), who.id)
        : await assets.uploadFile(dataset!, bytes, meta, req.headers['content-type'], publicBase(req), who.id)
    sendJson(res, 200, { document })
  }

  const serveImage: Handler = async (req, res, url) => {
    // /images/{projectId}/{dataset}/{file}[/{vanity name}]
    const [, , projectId, dataset, file] = url.pathname.split('/').map(decodePart)
    if (projectId !== config.projectId || !dataset || !file || !store.hasDataset(dataset) || !imageFilePattern.test(file)) {
      throw httpError(404, 'Image not found')
    }
    const r = await images.rendition(assets.pathOf(dataset, file), file, url.searchParams, String(req.headers.accept ?? ''))
    const headers: Record<string, string> = {
      'Content-Type': r.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: r.etag,
      'X-Content-Type-Options': 'nosniff',
    }
    if (r.varyAccept) headers.Vary = 'Accept'
    if (r.download !== undefined) headers['Content-Disposition'] = contentDisposition(r.download)
    if (req.headers['if-none-match'] === r.etag) {
      res.writeHead(304, headers)
      res.end()
      return
    }
    res.writeHead(200, { ...headers, 'Content-Length': String(r.body.length) })
    res.end(req.method === 'HEAD' ? undefined : r.body)
  }

  const serveFile: Handler = async (req, res, url) => {
    const [, , projectId, dataset, file] = url.pathname.split('/').map(decodePart)
    const m = /^([a-f0-9]{40})\.([a-z0-9]{1,8})$/.exec(file ?? '')
    if (projectId !== config.projectId || !dataset || !m || !store.hasDataset(dataset)) throw httpError(404, 'File not found')
    const assetDoc = store.dataset(dataset).docs.get(`file-${m[1]}-${m[2]}`)
    const path = assets.pathOf(dataset, file!)
    if (!assetDoc || !existsSync(path)) throw httpError(404, 'File not found')
    const { readFileSync } = await import('node:fs')
    const body = readFileSync(path)
    res.writeHead(200, {
      'Content-Type': String(assetDoc.mimeType ?? 'application/octet-stream'),
      'Content-Length': String(body.length),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      // Uploaded files are never rendered as pages of this origin.
      'Content-Security-Policy': 'sandbox',
    })
    res.end(req.method === 'HEAD' ? undefined : body)
  }

  const authRoute: Handler = async (req, res, url) => {
    const action = url.pathname.slice('/auth/'.length)
    if (action === 'login' && req.method === 'POST') {
      const body = await readJson(req, 64 * 1024)
      const b = isRecord(body) ? body : {}
      const session = await auth.login(b.email, b.password, req.socket.remoteAddress ?? 'unknown')
      sendJson(res, 200, session)
      return
    }
    if (action === 'logout' && req.method === 'POST') {
      const m = /^Bearer\s+(\S+)/i.exec(req.headers.authorization ?? '')
      if (m) auth.revoke(m[1]!)
      sendJson(res, 200, { ok: true })
      return
    }
    if (action === 'me' && req.method === 'GET') {
      const who = principal(req)
      if (!who) throw httpError(401, 'Not signed in')
      sendJson(res, 200, { user: { id: who.id, email: who.email, role: who.role }, expires_at: who.expiresAt })
      return
    }
    if (action === 'config' && req.method === 'GET') {
      // Tells the sign-in page whether it may prefill the demo credentials.
      sendJson(res, 200, { demo: config.demoCredentials })
      return
    }
    throw httpError(404, `No auth endpoint ${req.method} ${url.pathname}`)
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now()
    // Once per request: another process (the `content` command) may have written to the database.
    store.syncExternalWrites()
    // The reader's site sends the same few long query URLs again and again. An anonymous GET seen
    // before is answered from memory by its raw URL, before any parsing (the 2 KB query string
    // alone costs more than the rest), for as long as its dataset has not changed.
    if (req.method === 'GET' && !req.headers.authorization && req.url) {
      const cached = queries.response(req.url)
      if (cached) {
        cors(req, res)
        sendCachedQuery(res, cached, Math.round(performance.now() - started))
        return
      }
    }
    const url = requestUrl(req.url ?? '/')
    cors(req, res)
    if (req.method === 'OPTIONS') {
      const origin = req.headers.origin
      if (origin && !allowed.has(origin)) throw httpError(403, `Origin ${origin} is not allowed (set CORS_ORIGINS)`)
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
        'Access-Control-Allow-Headers': String(req.headers['access-control-request-headers'] ?? 'Authorization, Content-Type'),
        'Access-Control-Max-Age': '600',
      })
      res.end()
      return
    }
    const m = apiPath.exec(url.pathname)
    if (m) {
      const rest = m[2]!
      const get = req.method === 'GET' || req.method === 'HEAD'
      if (/^data\/query\/[^/]+\/?$/.test(rest) && (get || req.method === 'POST')) return query(req, res, url)
      if (/^data\/mutate\/[^/]+\/?$/.test(rest)) return mutate(req, res, url)
      if (/^data\/doc\/[^/]+\/.+$/.test(rest) && get) return doc(req, res, url)
      if (/^data\/listen\/[^/]+\/?$/.test(rest) && get) return listen(req, res, url)
      if (/^assets\/(images|files)\/[^/]+\/?$/.test(rest)) return upload(req, res, url)
      if (rest === 'check/cors') {
        const origin = req.headers.origin
        sendJson(res, 200, { result: { allowed: !origin || allowed.has(origin), withCredentials: true } })
        return
      }
      if (/^ping\/?$/.test(rest)) return sendJson(res, 200, { ok: true })
      throw httpError(404, `No API endpoint ${req.method} ${url.pathname}`)
    }
    if (apiLikePath.test(url.pathname)) {
      const version = url.pathname.split('/')[1]!
      if (apiPath.test(`/${version}/`)) throw httpError(404, `No API endpoint ${req.method} ${url.pathname}`)
      throw httpError(400, `Invalid API version "${version.slice(0, 40)}": use v1, vX or a date, vYYYY-MM-DD`)
    }
    if (url.pathname.startsWith('/images/') && (req.method === 'GET' || req.method === 'HEAD')) return serveImage(req, res, url)
    if (url.pathname.startsWith('/files/') && (req.method === 'GET' || req.method === 'HEAD')) return serveFile(req, res, url)
    if (url.pathname.startsWith('/auth/')) return authRoute(req, res, url)
    if (url.pathname === '/health') return sendJson(res, 200, { ok: true, datasets: store.datasetNames() })
    if (req.method !== 'GET' && req.method !== 'HEAD') throw httpError(405, `${req.method} is not allowed on ${url.pathname}`)
    if (pages && pages.handles(req, url) && (await pages.serve(req, res, url))) return
    if (statics) return statics.serve(req, res, url)
    throw httpError(404, 'Not found')
  }

  return (req, res) => {
    route(req, res).catch((error: unknown) => fail(res, error))
  }
}

/**
 * The request target as a URL. A target is a path, and `//x/y` is a path too: resolved against a
 * base it would name host `x`, and `//` alone is no URL at all.
 */
function requestUrl(target: string): URL {
  try {
    return new URL(target.startsWith('/') ? `http://localhost${target}` : target, 'http://localhost')
  } catch {
    throw httpError(400, `Malformed request target: "${target.slice(0, 100)}"`)
  }
}

function routeParts(url: URL): string[] {
  // ['', version, area, kind, dataset, ...rest] -> [full, version, 'data/query', dataset, rest]
  const m = /^\/v([^/]+)\/(data|assets)\/([^/]+)\/([^/]+)\/?(.*)$/.exec(url.pathname)
  if (!m) return []
  return [m[0], m[1]!, `${m[2]}/${m[3]}`, decodePart(m[4]!), m[2] === 'assets' ? m[3]! : m[5]!]
}

/** decodeURIComponent that answers a malformed escape with a 400 instead of throwing a URIError. */
function decodePart(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    throw httpError(400, `Malformed percent-encoding in the URL: "${part}"`)
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

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

function sendRaw(res: ServerResponse, status: number, json: string | Buffer): void {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(typeof json === 'string' ? Buffer.byteLength(json) : json.length),
    'Cache-Control': 'no-store',
  })
  res.end(json)
}

/** A cached query response, stored saying `"ms":0}`; a lookup that took longer (a GC pause) says so. */
function sendCachedQuery(res: ServerResponse, body: Buffer, ms: number): void {
  sendRaw(res, 200, ms === 0 ? body : Buffer.concat([body.subarray(0, body.length - 2), Buffer.from(`${ms}}`)]))
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

async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
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
