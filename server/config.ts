// Every setting of the content service, from the environment, with the defaults `npm start` uses.

import { resolve } from 'node:path'

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
  sessionTtlSeconds: number
  listenKeepAliveMs: number
  staticDir: string
  /**
   * The server build of the reader's pages (`npm run build` writes it); the service renders reader
   * pages with it when it exists. Empty: serve the app to be rendered in the browser only.
   */
  renderModule: string | null
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
    sessionTtlSeconds: int(env, 'SESSION_TTL_SECONDS', 12 * 60 * 60),
    listenKeepAliveMs: int(env, 'LISTEN_KEEPALIVE_MS', 20_000),
    staticDir: resolve(env.STATIC_DIR ?? './dist'),
    renderModule: env.RENDER_MODULE === '' ? null : resolve(env.RENDER_MODULE ?? './dist-server/entry-server.js'),
  }
}
