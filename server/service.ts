// Assembles the content service from its parts and starts it. Used by `npm start`, the tests and
// the benchmark alike, so they all run the same service.

import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { Assets } from './media/assets.ts'
import { Auth } from './access/auth.ts'
import { demoAdmin, type Config } from './config.ts'
import { httpError } from './errors.ts'
import { createHandler } from './http/handler.ts'
import { FeedCache } from './feeds/cache.ts'
import { contentConfig } from '../shared/contentConfig.ts'
import { ImageServer, RenditionCache, renderSlots, threadPoolSize } from './media/images.ts'
import { ListenerHub } from './live/listeners.ts'
import { PresenceBook } from './live/presence.ts'
import { PageRenderer, type PageSearch } from './pages/render.ts'
import { QueryEngine } from './query/engine.ts'
import { QueryPool } from './query/pool.ts'
import { StaticFiles } from './pages/static.ts'
import { Store } from './store/store.ts'
import { ReaderDesk } from './readers/desk.ts'
import { publicBase } from './http/respond.ts'
import { pageSearchRequest } from './http/search.ts'
import { Mailer } from './readers/mailer.ts'
import { ReaderStore } from './readers/store.ts'
import { Webhooks } from './webhooks/webhooks.ts'
import { AudienceStore } from './audience/store.ts'
import { ReadCounter } from './audience/counter.ts'
import { ScheduleBook } from './schedules/book.ts'
import { ScheduleRunner, type Scheduling } from './schedules/runner.ts'
import { feedSource } from './feeds/source.ts'
import { defaultSenderSettings } from './newsletters/sender.ts'
import { Newsletters } from './newsletters/newsletters.ts'

export interface Service {
  url: string
  port: number
  server: Server
  store: Store
  queries: QueryEngine
  hub: ListenerHub
  pool: QueryPool
  auth: Auth
  assets: Assets
  images: ImageServer
  readers: ReaderDesk
  feeds: FeedCache
  webhooks: Webhooks
  schedules: Scheduling
  /** Counted reads: the beacon's counter, folding into audience.db and the documents. */
  reads: ReadCounter
  newsletters: Newsletters
  close(): Promise<void>
}

export interface Parts {
  store: Store
  auth: Auth
  assets: Assets
}

/** Opens the stores under `config.dataDir` without serving anything (the `content` command uses this). */
/**
 * `refill`: what an upgrade must refill from the documents (listing keys, search indexes) is
 * refilled before this returns (`now`), or by the service after it listens (`later`, startService).
 */
export function openParts(
  config: Pick<Config, 'dataDir' | 'projectId' | 'sessionTtlSeconds' | 'signinMaxFailuresPerAddress'> & { limits?: Pick<Config['limits'], 'storeDocumentCacheBytes'> },
  { refill = 'now' }: { refill?: 'now' | 'later' } = {},
): Parts {
  const store = new Store(config.dataDir, { documentCacheBytes: config.limits?.storeDocumentCacheBytes, refill })
  const auth = new Auth(config.dataDir, { sessionTtlSeconds: config.sessionTtlSeconds, maxFailuresPerAddress: config.signinMaxFailuresPerAddress })
  const assets = new Assets(store, { dataDir: config.dataDir, projectId: config.projectId })
  return { store, auth, assets }
}

/**
 * First start: the dataset, the admin user from ADMIN_EMAIL / ADMIN_PASSWORD, and (with SEED=demo)
 * the demo newspaper. Later starts find all three and change nothing.
 */
export async function prepare(parts: Parts, config: Config, log: (line: string) => void = () => {}): Promise<void> {
  const fresh = !parts.store.hasDataset(config.dataset)
  parts.store.createDataset(config.dataset)
  if (parts.auth.userCount() === 0) {
    await parts.auth.upsertUser(config.adminEmail, config.adminPassword, 'admin')
    log(`Created the admin user ${config.adminEmail}`)
  }
  if (fresh && config.seed === 'demo' && parts.store.dataset(config.dataset).docs.size === 0) {
    const started = Date.now()
    const { buildDemoDataset } = await import('./seed/demo.ts')
    const base = config.publicUrl ?? `http://localhost:${config.port}`
    const documents = await buildDemoDataset({
      now: new Date(),
      uploadImage: (image) => parts.assets.uploadImage(config.dataset, image.buffer, { filename: image.filename }, base, 'seed'),
      uploadVideo: (clip) => parts.assets.uploadFile(config.dataset, clip.buffer, { filename: clip.filename }, 'video/mp4', base, 'seed'),
    })
    await parts.store.commit(config.dataset, documents.map((doc) => ({ createOrReplace: doc })), { identity: 'seed' })
    log(`Loaded the demo newspaper: ${documents.length} documents in ${Date.now() - started} ms`)
  }
}

export async function startService(config: Config, log: (line: string) => void = () => {}): Promise<Service> {
  // A refill an upgrade needs runs after the service listens (below): readers are answered meanwhile without it.
  const parts = openParts(config, { refill: 'later' })
  await prepare(parts, config, log)
  const { limits } = config
  const pool = new QueryPool({ dataDir: config.dataDir, size: limits.queryWorkers, queueLimit: limits.queryQueue, heapMb: limits.queryWorkerHeapMb, documentCacheBytes: limits.queryDocumentCacheBytes, contendedTimeoutMs: limits.queryContendedTimeoutMs, queueWaitMs: limits.queryQueueWaitMs })
  const queries = new QueryEngine(parts.store, pool, { cacheLimitBytes: limits.queryCacheBytes, limits: limits.query })
  const hub = new ListenerHub(parts.store, pool, limits.listen)
  const presence = new PresenceBook()
  presence.start()
  const renderConcurrency = renderSlots(config.imageRenderConcurrency)
  if (renderConcurrency < config.imageRenderConcurrency) {
    log(`Rendering ${renderConcurrency} images at once, not ${config.imageRenderConcurrency}: sign-in needs threads of libuv's pool of ${threadPoolSize()} (raise UV_THREADPOOL_SIZE)`)
  }
  const images = new ImageServer(new RenditionCache({ dir: join(config.dataDir, 'renditions'), limitBytes: config.imageCacheBytes }), {
    renderConcurrency,
    queueLimit: config.imageQueueLimit,
    maxPixels: config.imageMaxPixels,
    maxInputPixels: config.imageMaxInputPixels,
  })
  const security = { publicUrl: config.publicUrl, content: config.appContent }
  const statics = StaticFiles.exists(config.staticDir) ? new StaticFiles(config.staticDir, security) : null
  // Pages read this service's own engine (the trusted lane: a page's queries are the app's, not a
  // stranger's) and are kept until the dataset changes.
  const pageSource = {
    query: async (query: string, params: Record<string, unknown>, dataset: string) =>
      JSON.parse((await queries.query(dataset, query, params, 'published', { anonymous: true }, { lane: 'trusted' })).json) as unknown,
    revision: (dataset: string) => parts.store.revisionOf(dataset) ?? 0,
    // The /search page reads the search index as a reader would: the public lane, the reader's turn.
    search: async (search: PageSearch, dataset: string, client: string) => JSON.parse(await queries.search(dataset, pageSearchRequest(search), client)) as unknown,
  }
  const pages = statics ? await PageRenderer.load(config.staticDir, config.renderModule, pageSource, log, security, limits.pageCacheBytes) : null
  // Feeds read the dataset the pages read (the app's VITE_SANITY_DATASET), and stay valid while it is unchanged.
  const feedDataset = contentConfig(config.appContent, '').dataset
  const feeds = new FeedCache({ limitBytes: limits.feedCacheBytes, revision: () => parts.store.revisionOf(feedDataset) ?? 0 })
  const readerStore = new ReaderStore(config.dataDir)
  const mailer = new Mailer(readerStore, { smtpUrl: config.smtpUrl, from: config.mailFrom })
  // Links in emails use PUBLIC_URL, or else the address the service listens on (known once it
  // does): never the request's Host header, which whoever fills in the form controls.
  let siteUrl = config.publicUrl
  const readers = new ReaderDesk(readerStore, mailer, () => siteUrl ?? `http://localhost:${config.port}`)
  if (mailer.delivery === 'outbox') log('Email is not sent (no SMTP_URL): confirmation emails and newsletters are kept in the admin\'s Outbox')
  // Editions read the front page as the pages do (published, anonymous) and link to PUBLIC_URL.
  const newsletters = new Newsletters({
    dataDir: config.dataDir,
    readers,
    source: () => feedSource(queries, config, siteUrl ?? `http://localhost:${config.port}`),
    settings: { ...defaultSenderSettings, ...config.newsletters, smtpUrl: config.smtpUrl, from: config.mailFrom, morningSchedule: true },
    log,
  })
  // Webhooks listen before anything below can commit (a schedule falling due), and send at once
  // whatever was waiting when the service last stopped.
  const webhooks = new Webhooks(parts.store, { dataDir: config.dataDir, settings: config.webhooks, projectId: config.projectId, defaultDataset: config.dataset, log })
  webhooks.start()
  const usesDemoCredentials = config.seed === 'demo' && config.adminEmail === demoAdmin.email && config.adminPassword === demoAdmin.password
  // Schedules live in content.db beside the documents they publish; arming the runner now runs
  // whatever fell due while the service was stopped.
  const scheduleBook = new ScheduleBook(parts.store.db, config.projectId)
  const schedules: Scheduling = { book: scheduleBook, runner: new ScheduleRunner(parts.store, scheduleBook, log) }
  schedules.runner.arm()
  // Reads are counted for the dataset the pages show, like the feeds.
  const audience = new AudienceStore(config.dataDir)
  const reads = new ReadCounter(parts.store, audience, { dataset: feedDataset, retentionMonths: config.audience.retentionMonths, foldIntervalMs: config.audience.foldIntervalMs, maxReaders: config.audience.maxReadersPerDay })
  reads.start()
  // The Audience page reads the same aggregates the counter writes.
  const audienceDb = audience.db
  const handler = createHandler({
    audienceDb,
    ...parts,
    queries,
    hub,
    images,
    statics,
    pages,
    readers,
    newsletters,
    feeds,
    schedules,
    webhooks,
    presence,
    reads: { counter: reads, perAddressPerMinute: config.audience.perAddressPerMinute, publicUrl: config.publicUrl },
    renderSubmission: pages ? (req, res, path, status, submission) => pages.serveSubmission(req, res, path, publicBase(req, config.publicUrl), status, submission) : null,
    config: {
      projectId: config.projectId,
      corsOrigins: config.corsOrigins,
      trustedProxies: config.trustedProxies,
      publicUrl: config.publicUrl,
      maxBodyBytes: config.maxBodyBytes,
      maxUploadBytes: config.maxUploadBytes,
      listenKeepAliveMs: config.listenKeepAliveMs,
      demoCredentials: usesDemoCredentials ? demoAdmin : null,
      appContent: config.appContent,
    },
  })
  const server = createServer(handler)
  // Requests Node refuses before any handler runs (a target over its 16 KB header limit, a control
  // character in the target, a malformed header) get the protocol's JSON error too, not a bare status line.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || (error.code === 'ECONNRESET')) {
      socket.destroy()
      return
    }
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400
    const body = JSON.stringify(httpError(status, status === 431 ? 'The request\'s headers are larger than the limit of 16 KB' : 'Malformed HTTP request').body)
    socket.end(`HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`)
  })
  // Listen streams stay open for hours; only idle keep-alive sockets should time out.
  server.requestTimeout = 0
  // Node's default of 5 s closes idle keep-alive sockets so soon that a client reusing one can see
  // it reset under its next request (this happened during a long cold query). 65 s outlasts the
  // usual 60 s idle timeout of clients and proxies, so they close first; Node requires the headers
  // timeout to be above it.
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.port, config.host, () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  siteUrl ??= url
  // Sending resumes (and the Morning Briefing is timed) once links in emails can name the site.
  newsletters.start()
  const refilling = parts.store.pendingRefills
  if (refilling.length > 0) {
    // A batch at a time between requests (docs/decisions/041-refills-after-listen.md).
    log(`Refilling after an upgrade (${refilling.join(', ')}); pages are answered meanwhile, more slowly`)
    const began = Date.now()
    parts.store.refillInBackground().then(
      () => log(`Refilled in ${((Date.now() - began) / 1000).toFixed(1)} s`),
      (error: unknown) => log(`The refill stopped (${error instanceof Error ? error.message : String(error)}); it goes on at the next start, and pages are answered without it meanwhile`),
    )
  }
  return {
    url,
    port,
    server,
    ...parts,
    queries,
    hub,
    pool,
    images,
    readers,
    feeds,
    schedules,
    webhooks,
    reads,
    newsletters,
    close: async () => {
      await newsletters.close()
      await schedules.runner.close()
      presence.close()
      await webhooks.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      // What was counted since the last fold is folded in before the stores close.
      await reads.close()
      audience.close()
      await pool.close()
      parts.store.close()
      parts.auth.close()
      mailer.close()
      readerStore.close()
    },
  }
}
