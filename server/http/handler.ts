// The HTTP layer: CORS, the route table (`routes.ts`, where who may call what is declared), and the
// reader's pages and the built app for everything else. Every API failure is an ApiError rendered in
// the protocol's shape; nothing here lets an exception escape.

import type { IncomingMessage, ServerResponse } from 'node:http'
import { draftWriterRoles, peopleRoles, writerRoles } from '../../shared/roles.ts'
import type { Principal } from '../access/auth.ts'
import { httpError, insufficientPermissions } from '../errors.ts'
import type { PageRenderer } from '../pages/render.ts'
import type { StaticFiles } from '../pages/static.ts'
import { clientAddress } from './client.ts'
import { decodePart, fail, publicBase, publicQueryCaching, readJson, requestUrl, sendCachedQuery } from './respond.ts'
import type { ApiDeps, Context, Route } from './route.ts'
import { routeTable } from './routes.ts'
import { apiVersionPath, isApiLikePath, isServicePath } from './servicePaths.ts'

export interface AppDeps extends ApiDeps {
  statics: StaticFiles | null
  /** Renders reader pages on the server; null serves the app for the browser to render. */
  pages?: PageRenderer | null
}

/** The dataset of a query URL, for the cache key of its answer. */
const queryDataset = /^\/v[^/]*\/data\/query\/([^/?]+)/

export function createHandler(deps: AppDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const { store, queries, auth, statics, pages, config } = deps
  const allowed = new Set(config.corsOrigins)
  const trustedProxies = new Set(config.trustedProxies)
  const routes = routeTable(deps)
  const early = routes.filter((candidate) => candidate.early && candidate.access === 'anyone')
  /** When an early route last looked for another process's writes. */
  let earlySyncedAt = -Infinity

  function cors(req: IncomingMessage, res: ServerResponse): void {
    const origin = req.headers.origin
    if (origin && allowed.has(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin)
      res.setHeader('Access-Control-Allow-Credentials', 'true')
      res.setHeader('Access-Control-Expose-Headers', 'x-sanity-warning, traceparent, retry-after')
      res.setHeader('Vary', 'Origin')
    }
  }

  /** `target` is the request's URL, or its raw target to be parsed only if the route asks for it. */
  function context(req: IncomingMessage, res: ServerResponse, target: URL | string, params: Record<string, string>): Context {
    let principal: Principal | null | undefined
    let body: Promise<unknown> | undefined
    let url = typeof target === 'string' ? undefined : target
    return {
      req,
      res,
      get url() {
        return (url ??= requestUrl(target as string))
      },
      params,
      who() {
        if (principal !== undefined) return principal
        const header = req.headers.authorization
        if (!header) return (principal = null)
        const m = /^Bearer\s+(\S+)\s*$/i.exec(header)
        if (!m) throw httpError(401, 'Malformed Authorization header: expected "Bearer <token>"')
        return (principal = auth.authenticate(m[1]!))
      },
      address: () => clientAddress(req, trustedProxies),
      json(limit = config.maxBodyBytes) {
        body ??= readJson(req, limit)
        return body
      },
    }
  }

  /** Refuses the request unless its principal may call the route. */
  async function authorise(route: Route, ctx: Context): Promise<void> {
    if (route.access === 'anyone') return
    const who = ctx.who()
    if (route.access === 'signedIn') {
      if (!who) throw httpError(401, 'Not signed in')
      return
    }
    if (route.access === 'admin') {
      if (!who) throw httpError(401, 'Not signed in')
      if (!peopleRoles.has(who.role)) throw httpError(403, 'Only an admin may manage people')
      return
    }
    const roles = route.access === 'drafter' ? draftWriterRoles : writerRoles
    if (!who || !roles.has(who.role)) throw insufficientPermissions(route.permission ? await route.permission(ctx) : 'create')
  }

  /** The early route a request is for (see Route.early), if any. */
  function earlyRoute(req: IncomingMessage): Route | undefined {
    if (early.length === 0 || !req.url) return undefined
    const query = req.url.indexOf('?')
    const path = query === -1 ? req.url : req.url.slice(0, query)
    for (const candidate of early) if (candidate.methods.includes(req.method ?? 'GET') && candidate.path.test(path)) return candidate
    return undefined
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now()
    const first = earlyRoute(req)
    if (first) {
      // A beacon needs only the published pages, so another process's writes are looked for at
      // most once a second here rather than asked of SQLite for every one of a burst.
      if (started - earlySyncedAt >= 1000) {
        earlySyncedAt = started
        store.syncExternalWrites()
      }
      cors(req, res)
      return first.handle(context(req, res, req.url!, {}))
    }
    // Once per request: another process (the `content` command) may have written to the database.
    store.syncExternalWrites()
    // The reader's site sends the same few long query URLs again and again. An anonymous GET seen
    // before is answered from memory by its raw URL, before any parsing (the 2 KB query string
    // alone costs more than the rest), for as long as its dataset has not changed.
    if (req.method === 'GET' && !req.headers.authorization && req.url) {
      const cached = queries.response(req.url)
      if (cached) {
        cors(req, res)
        const dataset = queryDataset.exec(req.url)?.[1] ?? ''
        sendCachedQuery(req, res, cached, Math.round(performance.now() - started), dataset, publicQueryCaching(req.url, dataset, (d, tx) => store.history.committed(d, tx)))
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
    const method = req.method ?? 'GET'
    let pathMatched = false
    for (const candidate of routes) {
      const m = candidate.path.exec(url.pathname)
      if (!m) continue
      if (candidate.page && !candidate.methods.includes(method)) continue
      pathMatched = true
      if (!candidate.methods.includes(method)) continue
      const params: Record<string, string> = {}
      for (const [name, value] of Object.entries(m.groups ?? {})) if (value !== undefined) params[name] = decodePart(value)
      const ctx = context(req, res, url, params)
      await authorise(candidate, ctx)
      return candidate.handle(ctx)
    }
    if (pathMatched) throw httpError(405, `${method} is not allowed on ${url.pathname}`)
    // The service's paths are never pages (the render tier and Varnish send them here by the same
    // rule): one no route takes is a JSON 404, or a 400 for an API version that does not exist.
    if (isServicePath(url.pathname)) {
      if (isApiLikePath(url.pathname) && !apiVersionPath.test(url.pathname)) {
        const version = url.pathname.split('/')[1]!
        throw httpError(400, `Invalid API version "${version.slice(0, 40)}": use v1, vX or a date, vYYYY-MM-DD`)
      }
      throw httpError(404, `No endpoint ${method} ${url.pathname}`)
    }
    if (method !== 'GET' && method !== 'HEAD') throw httpError(405, `${method} is not allowed on ${url.pathname}`)
    if (pages && pages.handles(req, url) && (await pages.serve(req, res, url, publicBase(req, config.publicUrl)))) return
    if (statics) return statics.serve(req, res, url)
    throw httpError(404, 'Not found')
  }

  return (req, res) => {
    route(req, res).catch((error: unknown) => fail(res, error))
  }
}
