// The content service as a child process, started the way `npm run serve` starts it, so the
// benchmark's own work (building data, timing, parsing) never shares the service's event loop.

import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import type { Agent } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { morningAwayFromNow } from '../tests/support/morning.ts'
import { onCleanup } from './cleanup.ts'
import { datasetInto, type DatasetInfo } from './dataset.ts'
import { mutateUrl, request, requestJson } from './http.ts'
import { thousands } from './stats.ts'

export const root = fileURLToPath(new URL('..', import.meta.url))

export interface ServiceChild {
  url: string
  pid: number
  /** Resident set size of the service process in KiB (VmRSS), or NaN when unreadable. */
  rssKiB(): number
  /** Peak resident set size so far in KiB (VmHWM). */
  peakRssKiB(): number
  /** Last lines the process wrote, for error messages. */
  output(): string
  stop(): Promise<void>
}

export interface ServiceOptions {
  dataDir: string
  staticDir: string
  adminEmail: string
  adminPassword: string
  /** How long to wait for /health; loading 100,000 articles takes a while. */
  startTimeoutMs?: number
  /** More settings for the service (SEED, TRUSTED_PROXIES, …). */
  env?: Record<string, string>
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/** A `kB` field of /proc/<pid>/status (VmRSS: resident now, VmHWM: peak resident), or NaN. */
export function procStatusKiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Number(m[1]) : NaN
  } catch {
    return NaN
  }
}

/** CPU time (user + system) a process has used so far, in ms, from /proc/<pid>/stat; NaN when unreadable. */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the parenthesised command name; utime and stime are the 12th and 13th of them.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100 // USER_HZ is 100 on Linux
  } catch {
    return NaN
  }
}

export async function startService(options: ServiceOptions): Promise<ServiceChild> {
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      SEED: 'none',
      STATIC_DIR: options.staticDir,
      LISTEN_KEEPALIVE_MS: '20000',
      ADMIN_EMAIL: options.adminEmail,
      ADMIN_PASSWORD: options.adminPassword,
      // As the tests' services: a run begun in the hours after the morning time would otherwise send
      // the day's Morning Briefing while it measures.
      NEWSLETTER_MORNING_TIME: morningAwayFromNow(),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  let announced = false
  const keep = (chunk: Buffer) => {
    const added = chunk.toString('utf8').split('\n').filter(Boolean)
    if (added.some((line) => line.includes(`:${port}`))) announced = true
    lines.push(...added)
    if (lines.length > 50) lines.splice(0, lines.length - 50)
  }
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  let exited: string | null = null
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = `exited with ${signal ?? code}`
      resolve()
    }),
  )
  const url = `http://127.0.0.1:${port}`
  const service: ServiceChild = {
    url,
    pid: child.pid!,
    rssKiB: () => procStatusKiB(child.pid!, 'VmRSS'),
    peakRssKiB: () => procStatusKiB(child.pid!, 'VmHWM'),
    output: () => lines.join('\n'),
    stop: async () => {
      forget()
      if (exited) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exit
      clearTimeout(timer)
    },
  }
  const forget = onCleanup(() => service.stop())
  const deadline = Date.now() + (options.startTimeoutMs ?? 180_000)
  for (;;) {
    if (exited) throw new Error(`The service ${exited} before it was ready:\n${service.output()}`)
    try {
      // Another process could hold the port we were given by the time the child binds it (the
      // machine is shared), so the child must also have said it is serving on that port.
      const res = announced ? await request(`${url}/health`, { timeoutMs: 2_000 }) : null
      if (res?.status === 200) return service
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await service.stop()
      throw new Error(`The service did not ${announced ? 'answer /health' : `say it serves on port ${port}`} within ${options.startTimeoutMs ?? 180_000} ms:\n${service.output()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * The data and static folders of a benchmark service under `tmp`. StaticFiles is switched on by an
 * index.html; other files written there later are picked up (files are read on first request).
 */
export function benchDirs(tmp: string): { dataDir: string; staticDir: string } {
  const dataDir = join(tmp, 'data')
  const staticDir = join(tmp, 'static')
  mkdirSync(staticDir, { recursive: true })
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>bench</title>\n')
  return { dataDir, staticDir }
}

/** Signs in to a benchmark service and returns the bearer token. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const session = await requestJson<{ access_token: string }>(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  return session.access_token
}

/**
 * One small write, so the next query finds its cached result out of date. Sent on a fresh
 * connection (`agent` without keep-alive), so it never lands on an idle keep-alive socket just as
 * the service closes it; the writes are not what is measured.
 */
export async function invalidatingWrite(base: string, dataset: string, token: string, agent: Agent, tick: number): Promise<void> {
  await requestJson(mutateUrl(base, dataset), {
    method: 'POST',
    agent,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ mutations: [{ createOrReplace: { _id: 'benchTick', _type: 'benchTick', tick } }] }),
  })
}

/** A service of its own on a dataset built for one measurement, in a temporary folder. */
export interface BenchService {
  service: ServiceChild
  info: DatasetInfo
  dataDir: string
  staticDir: string
  /** performance.now() when the service was spawned. */
  startedAt: number
  /** From spawning the service to its first 200 on /health, in ms. */
  startMs: number
  /** A bearer token of the benchmark's admin (signed in when first asked, so nothing precedes the first reader's request unasked). */
  token(): Promise<string>
  /** Stops the service and removes the folder (so does the run's cleanup when it is interrupted). */
  close(): Promise<void>
}

export interface BenchServiceOptions {
  /** Names the temporary folder and prefixes nothing else. */
  section: string
  dataset: string
  articles: number
  log: (line: string) => void
  startTimeoutMs?: number
  env?: Record<string, string>
}

/**
 * BENCH_DATASET_IN_PLACE=<articles>:<folder> names a dataset already built (its content.db and the
 * info.json dataset.ts writes) that a section of that size runs on where it lies, instead of a copy.
 */
function datasetInPlace(articles: number): string | null {
  const setting = process.env.BENCH_DATASET_IN_PLACE?.trim()
  if (!setting) return null
  const colon = setting.indexOf(':')
  return Number(setting.slice(0, colon)) === articles ? setting.slice(colon + 1) : null
}

/**
 * Builds (or copies from the cache, dataset.ts) a dataset of `options.articles` in a new temporary folder and starts the service on it,
 * waiting until it answers: what every section measuring one size of archive begins with.
 */
export async function serviceOnNewDataset(options: BenchServiceOptions): Promise<BenchService> {
  const tmp = mkdtempSync(join(tmpdir(), `resonance-bench-${options.section}-`))
  const removeTmp = () => rmSync(tmp, { recursive: true, force: true })
  const forgetTmp = onCleanup(removeTmp)
  let service: ServiceChild | null = null
  const close = async () => {
    await service?.stop()
    removeTmp()
    forgetTmp()
  }
  try {
    const { dataDir: copyDir, staticDir } = benchDirs(tmp)
    options.log(`${thousands(options.articles)} articles: the dataset`)
    // A dataset too big to copy (1,000,000 articles are 26 GB) is used where it lies: the service's
    // writes and upgrades land in it.
    const inPlace = datasetInPlace(options.articles)
    const dataDir = inPlace ?? copyDir
    if (inPlace) options.log(`  used in place: ${inPlace}`)
    const info = inPlace
      ? (JSON.parse(readFileSync(join(inPlace, 'info.json'), 'utf8')) as DatasetInfo)
      : await datasetInto({ dataDir, dataset: options.dataset, articles: options.articles, chunk: 5_000 }, options.log)
    const adminEmail = 'bench@resonance.example'
    // The admin made by the first run on a dataset used in place is the one later runs sign in as.
    const passwordFile = inPlace ? join(inPlace, 'bench-admin-password') : null
    if (passwordFile && !existsSync(passwordFile)) writeFileSync(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 })
    const adminPassword = passwordFile ? readFileSync(passwordFile, 'utf8') : randomBytes(18).toString('base64url')
    const startedAt = performance.now()
    service = await startService({ dataDir, staticDir, adminEmail, adminPassword, ...(options.startTimeoutMs ? { startTimeoutMs: options.startTimeoutMs } : {}), ...(options.env ? { env: options.env } : {}) })
    const startMs = performance.now() - startedAt
    let token: Promise<string> | null = null
    const base = service.url
    return { service, info, dataDir, staticDir, startedAt, startMs, token: () => (token ??= signIn(base, adminEmail, adminPassword)), close }
  } catch (error) {
    await close()
    throw error
  }
}
