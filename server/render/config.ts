// The render tier's settings, from the environment: where the Content Lake is, where the build is,
// and how many processes to run. `npm run serve:pages` (server/render/main.ts).

import { availableParallelism } from 'node:os'
import { resolve } from 'node:path'
import { parseTrustedProxies } from '../http/client.ts'
import type { ContentEnv } from '../../shared/contentConfig.ts'

export interface RenderTierConfig {
  port: number
  host: string
  /**
   * The embedded content service to read from and to pass the API, images, feeds and sign-in on
   * to (`CONTENT_API_URL`); null reads the hosted Sanity project the app was built for.
   */
  contentUrl: string | null
  /** A read token for a private hosted dataset; reader pages are rendered as anonymous readers see them otherwise. */
  token: string | null
  /**
   * A write token (READS_TOKEN): the tier then counts reads itself and writes them to the Content
   * Lake as `inc` patches (server/render/reads.ts). Without it POST /reads goes to the content
   * service at CONTENT_API_URL, which counts them.
   */
  readsToken: string | null
  /** Counting reads with READS_TOKEN: beacons per address a minute, readers a day, and how often counts are written. */
  reads: { perAddressPerMinute: number; maxReadersPerDay: number; foldIntervalMs: number }
  staticDir: string
  renderModule: string
  processes: number
  publicUrl: string | null
  trustedProxies: string[]
  /** The longest a page's query may take before the page is left to the browser. */
  queryTimeoutMs: number
  /** Rendered pages kept, each checked by asking its queries again before it is sent (server/pages/render.ts). */
  pageCacheBytes: number
  appContent: ContentEnv
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name]
  if (text === undefined || text === '') return fallback
  const value = Number(text)
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number above 0, got "${text}"`)
  return value
}

export function loadRenderTierConfig(env: NodeJS.ProcessEnv = process.env): RenderTierConfig {
  const contentUrl = env.CONTENT_API_URL ? env.CONTENT_API_URL.replace(/\/$/, '') : null
  if (contentUrl !== null && !/^https?:\/\/[^/\s]+$/.test(contentUrl)) throw new Error(`CONTENT_API_URL must be the content service's origin, like http://127.0.0.1:3000, got "${contentUrl}"`)
  return {
    port: env.PORT === undefined || env.PORT === '' ? 3001 : Number(env.PORT),
    host: env.HOST ?? '127.0.0.1',
    contentUrl,
    token: env.CONTENT_API_TOKEN || null,
    readsToken: env.READS_TOKEN || null,
    reads: {
      perAddressPerMinute: positive(env, 'READS_PER_ADDRESS_PER_MINUTE', 120),
      maxReadersPerDay: positive(env, 'READS_MAX_READERS_PER_DAY', 4_000_000),
      foldIntervalMs: Math.max(1_000, positive(env, 'READS_FOLD_INTERVAL_MS', 60_000)),
    },
    staticDir: resolve(env.STATIC_DIR ?? './dist'),
    renderModule: resolve(env.RENDER_MODULE ?? './dist-server/entry-server.js'),
    processes: positive(env, 'RENDER_PROCESSES', availableParallelism()),
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/$/, '') : null,
    trustedProxies: parseTrustedProxies(env.TRUSTED_PROXIES),
    queryTimeoutMs: positive(env, 'RENDER_QUERY_TIMEOUT_MS', 10_000),
    pageCacheBytes: positive(env, 'PAGE_CACHE_MB', 32) * 1024 * 1024,
    appContent: {
      VITE_SANITY_PROJECT_ID: env.VITE_SANITY_PROJECT_ID,
      VITE_SANITY_DATASET: env.VITE_SANITY_DATASET,
      VITE_SANITY_API_VERSION: env.VITE_SANITY_API_VERSION,
      VITE_SANITY_API_HOST: env.VITE_SANITY_API_HOST,
    },
  }
}
