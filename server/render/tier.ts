// The render tier: reader pages rendered by a process that keeps no content of its own (only pages,
// each checked against its queries' answers before it is sent) and reads a Content Lake over HTTP (the embedded service on another port, or a hosted Sanity project), so any
// number of them can run behind a load balancer or an edge cache. What is not a page or a built
// file is passed to the content service (server/render/proxy.ts). docs/decisions/019-edge-cache.md.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'
import { createClient, type SanityClient } from '@sanity/client'
import { httpError } from '../errors.ts'
import { clientAddress } from '../http/client.ts'
import { fail, publicBase, requestUrl } from '../http/respond.ts'
import { isServicePath } from '../http/servicePaths.ts'
import { PageRenderer, type PageSource } from '../pages/render.ts'
import { StaticFiles } from '../pages/static.ts'
import type { RenderTierConfig } from './config.ts'
import { proxyTo } from './proxy.ts'
import { LakeReadCounter, type JudgedRead } from './reads.ts'

export interface RenderTier {
  url: string
  port: number
  server: Server
  /** Counting reads with READS_TOKEN; null when the content service counts them. */
  reads: LakeReadCounter | null
  close(): Promise<void>
}

interface BuildModule {
  buildContent(): { projectId: string; dataset: string; apiHost: string | null; apiVersion?: string }
}

/** The Content Lake the build reads (the embedded service at CONTENT_API_URL, or its hosted project), with its dataset. */
export async function lakeClient(config: RenderTierConfig): Promise<{ client: SanityClient; dataset: string }> {
  const build = (await import(pathToFileURL(config.renderModule).href)) as BuildModule
  const content = build.buildContent()
  if (content.apiHost !== null && config.contentUrl === null) {
    throw new Error('This build reads the embedded content service: set CONTENT_API_URL to its origin (e.g. http://127.0.0.1:3000)')
  }
  const client = createClient({
    projectId: content.projectId,
    dataset: content.dataset,
    apiVersion: content.apiVersion ?? '2023-05-03',
    useCdn: false,
    perspective: 'published',
    ...(config.contentUrl ? { apiHost: config.contentUrl, useProjectHostname: false } : {}),
    ...(config.token ? { token: config.token } : {}),
    timeout: config.queryTimeoutMs,
    // A page that cannot be read at once is left to the browser, which retries; the tier never queues.
    maxRetries: 0,
  })
  return { client, dataset: content.dataset }
}

/** Counting reads with READS_TOKEN, by the tier's rules (server/render/reads.ts); `forward` sends what it judged elsewhere. */
export function lakeReadCounter(client: SanityClient, config: RenderTierConfig & { readsToken: string }, log: (line: string) => void, forward?: (read: JudgedRead) => void): LakeReadCounter {
  return new LakeReadCounter(client.withConfig({ token: config.readsToken }), { ...config.reads, maxReaders: config.reads.maxReadersPerDay, log, ...(forward ? { forward } : {}) })
}

export async function startRenderTier(config: RenderTierConfig, log: (line: string) => void = () => {}, forwardReads?: (read: JudgedRead) => void): Promise<RenderTier> {
  if (!StaticFiles.exists(config.staticDir)) throw new Error(`No built app in ${config.staticDir}: run npm run build first`)
  const { client, dataset } = await lakeClient(config)
  const source: PageSource = {
    query: (query, params, dataset, reader) =>
      client.withConfig({ dataset }).fetch(query, params, { headers: reader ? { 'x-forwarded-for': reader } : {}, tag: 'render' }),
    // The content lives in another process, which this one cannot see change: a kept page is checked
    // by asking its queries again, which the Content Lake answers from its cache.
    revision: () => null,
  }
  const security = { publicUrl: config.publicUrl, content: config.appContent }
  const loaded = await PageRenderer.load(config.staticDir, config.renderModule, source, log, security, config.pageCacheBytes, dataset)
  if (!loaded) throw new Error(`${config.renderModule} cannot render pages: run npm run build first`)
  const pages: PageRenderer = loaded
  const statics = new StaticFiles(config.staticDir, security)
  const proxy = config.contentUrl ? proxyTo(config.contentUrl) : null
  const trusted = new Set(config.trustedProxies)
  const reads = config.readsToken ? lakeReadCounter(client, { ...config, readsToken: config.readsToken }, log, forwardReads) : null
  // A process that forwards its reads writes none: the one that counts them does.
  if (!forwardReads) reads?.start()

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = requestUrl(req.url ?? '/')
    const reader = clientAddress(req, trusted)
    const read = req.method === 'GET' || req.method === 'HEAD'
    if (reads && req.method === 'POST' && url.pathname === '/reads') return reads.handle(req, res, reader)
    // The service's paths by the rule the service and Varnish follow too (server/http/servicePaths.ts).
    if (!read || isServicePath(url.pathname)) {
      if (proxy) return proxy(req, res, reader)
      throw httpError(404, `No endpoint ${req.method ?? 'GET'} ${url.pathname}: this render tier reads a hosted Sanity project`)
    }
    if (pages.handles(req, url) && (await pages.serve(req, res, url, publicBase(req, config.publicUrl), reader))) return
    // A built file, the admin's shell, or a page that could not be rendered (the Content Lake did not
    // answer in time), which the app then renders in the browser.
    return statics.serve(req, res, url)
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => fail(res, error))
  })
  // Listen streams pass through for hours; only idle keep-alive sockets time out (as the service's do).
  server.requestTimeout = 0
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.port, config.host, () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
    port,
    server,
    reads,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await reads?.close()
    },
  }
}
