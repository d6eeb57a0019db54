// Every setting of the content service, from the environment, with the defaults `npm start` uses.

import { availableParallelism } from 'node:os'
import { resolve } from 'node:path'
import type { ListenLimits } from './live/listeners.ts'
import type { QueryLimits } from './query/engine.ts'
import type { ContentEnv } from '../shared/contentConfig.ts'
import { defaultMorningTime } from '../shared/newsletters.ts'
import { parseTrustedProxies } from './http/client.ts'
import { webhookSettings, type WebhookSettings } from './webhooks/settings.ts'

export interface Config {
  port: number
  host: string
  dataDir: string
  /** The dataset created on first start (and loaded with the demo content). */
  dataset: string
  projectId: string
  /** Browser origins allowed to call the API from another origin. The same-origin SPA needs none. */
  corsOrigins: string[]
  adminEmail: string
  adminPassword: string
  /** `demo` loads the demo newspaper into an empty dataset on first start; `none` leaves it empty. */
  seed: 'demo' | 'none'
  /** Base of asset URLs written into asset documents; by default the origin the upload came in on. */
  publicUrl: string | null
  maxBodyBytes: number
  maxUploadBytes: number
  imageCacheBytes: number
  /** Image renditions rendered at once (kept below libuv's thread pool, which sign-in needs too). */
  imageRenderConcurrency: number
  /** Renditions waiting for a render slot; more are answered 503 with Retry-After. */
  imageQueueLimit: number
  /** Largest resized rendition in pixels (w × h × dpr²); larger asks are a 400. */
  imageMaxPixels: number
  /** Largest original that renditions are made of, in pixels. */
  imageMaxInputPixels: number
  sessionTtlSeconds: number
  /** Failed sign-ins from one address, across all emails, before it is locked out; 0: no limit. */
  signinMaxFailuresPerAddress: number
  listenKeepAliveMs: number
  staticDir: string
  /**
   * The server build of the reader's pages (`npm run build` writes it); the service renders reader
   * pages with it when it exists. Empty: serve the app to be rendered in the browser only.
   */
  renderModule: string | null
  limits: Limits
  /** The SMTP server the paper's email goes out through; null keeps every email in the admin's outbox. */
  smtpUrl: string | null
  /** The From address of the paper's email. */
  mailFrom: string
  /** How newsletters are timed and sent (server/newsletters). */
  newsletters: { morningTime: string; ratePerSecond: number; batch: number; retryBaseMs: number; logDays: number }
  /** Reverse proxies whose X-Forwarded-For names the client (server/http/client.ts). */
  trustedProxies: string[]
  /**
   * The VITE_SANITY_* settings the app was built with, read again at start: the pages' Content
   * Security Policy must allow the API host (and image host) they point the app at.
   */
  appContent: ContentEnv
  /** How webhook deliveries are sent and retried (server/webhooks/settings.ts). */
  webhooks: WebhookSettings
  /** Counting reads (server/audience/). */
  audience: AudienceSettings
}

export interface AudienceSettings {
  /** Hourly aggregates older than this many months are deleted. */
  retentionMonths: number
  /** Beacons one address may send a minute; 0: no limit. */
  perAddressPerMinute: number
  /** Distinct readers of a page recorded in a day; past it nobody new is counted that day. */
  maxReadersPerDay: number
  /** How often counted reads are folded in (at most once a minute outside tests). */
  foldIntervalMs: number
}

/** What the service may spend on anonymous (and signed-in) work; see the README's Limits. */
export interface Limits {
  /** Query worker threads. */
  queryWorkers: number
  /** Anonymous queries that may wait for a worker before the next is answered 503. */
  queryQueue: number
  /** Heap of each query worker in MB; null: 256 (server/query/pool.ts, defaultWorkerHeapMb). */
  queryWorkerHeapMb: number | null
  /** Parsed documents each query worker keeps, in bytes (docs/decisions/028-documents-read-from-sqlite.md). */
  queryDocumentCacheBytes: number
  /** Parsed documents the store keeps for the writes it checks, in bytes (server/store/rows.ts). */
  storeDocumentCacheBytes: number
  query: { anonymous: QueryLimits; signedIn: QueryLimits }
  /** Time an anonymous query may run while another anonymous client in good standing waits for a worker. */
  queryContendedTimeoutMs: number
  /** Time an anonymous query may wait for a worker before it is answered 503. */
  queryQueueWaitMs: number
  /** Query results and anonymous responses, together. */
  queryCacheBytes: number
  /** Rendered reader pages. */
  pageCacheBytes: number
  /** Built feeds and sitemaps. */
  feedCacheBytes: number
  listen: ListenLimits
}

export const demoAdmin = { email: 'admin@resonance.example', password: 'resonance-demo' }

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`)
  return n
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const seed = env.SEED ?? 'demo'
  if (env.SMTP_URL && !/^smtps?:\/\/[^/\s]+/.test(env.SMTP_URL)) throw new Error(`SMTP_URL must look like smtp://host:port or smtps://user:password@host:port, got "${env.SMTP_URL.replace(/\/\/[^@/]*@/, '//…@')}"`)
  if (env.NEWSLETTER_MORNING_TIME && !/^([01]\d|2[0-3]):[0-5]\d$/.test(env.NEWSLETTER_MORNING_TIME)) throw new Error(`NEWSLETTER_MORNING_TIME must be a time of day on London's clock like 07:00, got "${env.NEWSLETTER_MORNING_TIME}"`)
  if (seed !== 'demo' && seed !== 'none') throw new Error(`SEED must be "demo" or "none", got "${seed}"`)
  return {
    port: int(env, 'PORT', 3000),
    host: env.HOST ?? '127.0.0.1',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    dataset: env.DATASET ?? 'production',
    projectId: env.PROJECT_ID ?? 'resonance',
    corsOrigins: (env.CORS_ORIGINS ?? 'http://localhost:5173,http://localhost:6006')
      .split(',')
      .map((o) => o.trim().replace(/\/$/, ''))
      .filter(Boolean),
    adminEmail: env.ADMIN_EMAIL ?? demoAdmin.email,
    adminPassword: env.ADMIN_PASSWORD ?? demoAdmin.password,
    seed,
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/$/, '') : null,
    maxBodyBytes: int(env, 'MAX_BODY_BYTES', 10 * 1024 * 1024),
    maxUploadBytes: int(env, 'MAX_UPLOAD_BYTES', 50 * 1024 * 1024),
    imageCacheBytes: int(env, 'IMAGE_CACHE_MB', 512) * 1024 * 1024,
    imageRenderConcurrency: Math.max(1, int(env, 'IMAGE_RENDER_CONCURRENCY', 2)),
    imageQueueLimit: int(env, 'IMAGE_QUEUE_LIMIT', 16),
    imageMaxPixels: int(env, 'IMAGE_MAX_PIXELS', 50_000_000),
    imageMaxInputPixels: int(env, 'IMAGE_MAX_INPUT_PIXELS', 100_000_000),
    sessionTtlSeconds: int(env, 'SESSION_TTL_SECONDS', 12 * 60 * 60),
    signinMaxFailuresPerAddress: int(env, 'SIGNIN_MAX_FAILURES_PER_ADDRESS', 20),
    listenKeepAliveMs: int(env, 'LISTEN_KEEPALIVE_MS', 20_000),
    staticDir: resolve(env.STATIC_DIR ?? './dist'),
    smtpUrl: env.SMTP_URL ? env.SMTP_URL : null,
    mailFrom: env.MAIL_FROM || 'Resonance <newsletter@resonance.example>',
    newsletters: {
      morningTime: env.NEWSLETTER_MORNING_TIME || defaultMorningTime,
      ratePerSecond: Math.max(1, int(env, 'NEWSLETTER_RATE', 20)),
      batch: Math.max(1, int(env, 'NEWSLETTER_BATCH', 10)),
      retryBaseMs: Math.max(1, int(env, 'NEWSLETTER_RETRY_MS', 60_000)),
      logDays: Math.max(0, int(env, 'NEWSLETTER_LOG_DAYS', 30)),
    },
    trustedProxies: parseTrustedProxies(env.TRUSTED_PROXIES),
    renderModule: env.RENDER_MODULE === '' ? null : resolve(env.RENDER_MODULE ?? './dist-server/entry-server.js'),
    limits: {
      // One more than the cores: the third worker is what a held attacker's queries are confined to.
      queryWorkers: Math.max(1, int(env, 'QUERY_WORKERS', availableParallelism() + 1)),
      queryQueue: int(env, 'QUERY_QUEUE', 64),
      queryWorkerHeapMb: env.QUERY_WORKER_HEAP_MB ? int(env, 'QUERY_WORKER_HEAP_MB', 0) : null,
      queryDocumentCacheBytes: int(env, 'QUERY_DOCUMENT_CACHE_MB', 32) * 1024 * 1024,
      storeDocumentCacheBytes: int(env, 'STORE_DOCUMENT_CACHE_MB', 16) * 1024 * 1024,
      query: {
        anonymous: {
          timeoutMs: int(env, 'QUERY_TIMEOUT_MS', 2_000),
          maxResultBytes: int(env, 'QUERY_MAX_RESULT_KB', 4 * 1024) * 1024,
          maxQueryBytes: int(env, 'QUERY_MAX_KB', 32) * 1024,
        },
        signedIn: {
          timeoutMs: int(env, 'EDITOR_QUERY_TIMEOUT_MS', 30_000),
          maxResultBytes: int(env, 'EDITOR_QUERY_MAX_RESULT_KB', 64 * 1024) * 1024,
          maxQueryBytes: int(env, 'EDITOR_QUERY_MAX_KB', 1024) * 1024,
        },
      },
      queryContendedTimeoutMs: int(env, 'QUERY_CONTENDED_TIMEOUT_MS', 500),
      queryQueueWaitMs: int(env, 'QUERY_QUEUE_WAIT_MS', 5_000),
      queryCacheBytes: int(env, 'QUERY_CACHE_MB', 64) * 1024 * 1024,
      pageCacheBytes: int(env, 'PAGE_CACHE_MB', 32) * 1024 * 1024,
      feedCacheBytes: int(env, 'FEED_CACHE_MB', 8) * 1024 * 1024,
      listen: {
        maxListeners: int(env, 'MAX_LISTENERS', 10_000),
        maxFilterBytes: int(env, 'LISTEN_FILTERS_KB', 4 * 1024) * 1024,
        filterTimeoutMs: int(env, 'LISTEN_FILTER_TIMEOUT_MS', 1_000),
      },
    },
    appContent: {
      VITE_SANITY_PROJECT_ID: env.VITE_SANITY_PROJECT_ID,
      VITE_SANITY_DATASET: env.VITE_SANITY_DATASET,
      VITE_SANITY_API_VERSION: env.VITE_SANITY_API_VERSION,
      VITE_SANITY_API_HOST: env.VITE_SANITY_API_HOST,
    },
    webhooks: webhookSettings(env),
    audience: {
      retentionMonths: Math.max(1, int(env, 'AUDIENCE_RETENTION_MONTHS', 13)),
      perAddressPerMinute: int(env, 'READS_PER_ADDRESS_PER_MINUTE', 120),
      maxReadersPerDay: Math.max(1, int(env, 'READS_MAX_READERS_PER_DAY', 4_000_000)),
      foldIntervalMs: Math.max(1_000, int(env, 'READS_FOLD_INTERVAL_MS', 60_000)),
    },
  }
}
