// The render tier and the edge cache: rendered homepage requests per second from one render process
// and from two (`RENDER_PROCESSES=2`, one port), and through Varnish; then 20 publishes with an open
// homepage in Chromium behind Varnish, timing when the story reaches it live and when the purge is
// acknowledged, and checking that a fresh load after each acknowledgement never shows the old page.
// Runs the demo newspaper on the built app; Varnish is needed for its rows (skipped, saying so,
// without it).

import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { startPurger } from '../server/edge/purger.ts'
import { hasVarnish, shippedVcl, varnishd } from '../scripts/varnish.mjs'
import { onCleanup } from './cleanup.ts'
import { measureRps } from './load.ts'
import { chromeFlags, chromiumPath } from './reader.ts'
import { freePort, root, signIn, startService } from './service.ts'
import { ms, percentile } from './stats.ts'
import { target, type Section, type Table } from './table.ts'

const admin = { email: 'bench@resonance.example', password: 'bench-password-123' }
const WRITES = 20
const secret = 'bench edge secret'

export interface Child {
  url: string
  port: number
  pid: number
  stop(): Promise<void>
}

export async function startChild(command: string[], env: Record<string, string>, ready: RegExp, port: number): Promise<Child> {
  const child: ChildProcess = spawn(command[0]!, command.slice(1), { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let printed = ''
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  const forget = onCleanup(stop)
  await new Promise<void>((resolve, reject) => {
    const check = (chunk: Buffer) => {
      printed += chunk.toString()
      if (ready.test(printed)) resolve()
    }
    child.stdout!.on('data', check)
    child.stderr!.on('data', check)
    child.once('exit', (code) => reject(new Error(`${command.join(' ')} stopped (${code}):\n${printed}`)))
  })
  return { url: `http://127.0.0.1:${port}`, port, pid: child.pid!, stop: async () => (forget(), stop()) }
}

export async function renderTier(contentUrl: string, processes: number): Promise<Child> {
  const port = await freePort()
  return startChild([process.execPath, '--import', 'tsx', 'server/render/main.ts'], { PORT: String(port), CONTENT_API_URL: contentUrl, RENDER_PROCESSES: String(processes), TRUSTED_PROXIES: '127.0.0.1' }, /serving at/, port)
}

export async function varnish(contentPort: number, renderPort: number, dir: string): Promise<Child> {
  // Both of the VCL's render backends are the one render tier (its processes share one port).
  const vcl = shippedVcl({ content: contentPort, render: [renderPort, renderPort] })
  chmodSync(dir, 0o777)
  writeFileSync(join(dir, 'default.vcl'), vcl)
  const port = await freePort()
  const child = await startChild([varnishd, '-F', '-n', join(dir, 'work'), '-a', `127.0.0.1:${port}`, '-f', join(dir, 'default.vcl'), '-s', 'malloc,128m', '-p', 'http_gzip_support=off', '-T', 'none'], {}, /Child launched OK|said Child starts/, port)
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${child.url}/`).catch(() => null)
    if (res?.ok) return child
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('Varnish did not answer')
}

export function edgeSection(): Section {
  return {
    name: 'edge',
    async run(): Promise<Table> {
      if (!existsSync(join(root, 'dist-server/entry-server.js'))) spawnSync(process.execPath, ['scripts/build.mjs', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
      const tmp = mkdtempSync(join(tmpdir(), 'resonance-bench-edge-'))
      onCleanup(async () => rmSync(tmp, { recursive: true, force: true }))
      const service = await startService({ dataDir: join(tmp, 'data'), staticDir: join(root, 'dist'), adminEmail: admin.email, adminPassword: admin.password, env: { SEED: 'demo', TRUSTED_PROXIES: '127.0.0.1' } })
      const rows: string[][] = []
      const notes: string[] = []
      const load = { concurrency: 8, warmupMs: 2_000, durationMs: 8_000 }
      const headers = { 'accept-encoding': 'br' }
      const embedded = await measureRps({ url: `${service.url}/`, headers, ...load, serverPid: service.pid })
      rows.push(['content service, pages kept in memory (npm start)', embedded.rps.toFixed(0), '', ''])
      const one = await renderTier(service.url, 1)
      const single = await measureRps({ url: `${one.url}/`, headers, ...load })
      await one.stop()
      rows.push(['render tier, 1 process', single.rps.toFixed(0), '1.00', ''])
      const two = await renderTier(service.url, 2)
      const double = await measureRps({ url: `${two.url}/`, headers, ...load })
      const scaling = double.rps / single.rps
      rows.push(['render tier, 2 processes', double.rps.toFixed(0), scaling.toFixed(2), ''])
      notes.push(target(scaling >= 1.7, `two render processes >= 1.7x one (measured ${scaling.toFixed(2)}x; the content service and the load generator share the same 2 cores)`))
      if (!hasVarnish()) {
        notes.push('– Varnish rows skipped: varnish and varnish-modules are not installed')
        await two.stop()
        await service.stop()
        return { title: 'Render tier and edge cache (homepage, Brotli)', columns: ['path', 'requests/s', 'vs 1 process', 'p50 / p95'], rows, notes }
      }
      const edge = await varnish(Number(new URL(service.url).port), two.port, mkdtempSync(join(tmpdir(), 'resonance-bench-varnish-')))
      const cached = await measureRps({ url: `${edge.url}/`, headers, ...load })
      rows.push(['through Varnish (cached)', cached.rps.toFixed(0), (cached.rps / single.rps).toFixed(2), ''])

      // 20 publishes with a homepage open behind Varnish.
      const purger = await startPurger({ port: 0, host: '127.0.0.1', cacheUrl: edge.url, secret })
      onCleanup(() => purger.close())
      const token = await signIn(service.url, admin.email, admin.password)
      const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
      const hook = await fetch(`${service.url}/newsroom/webhooks`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'Edge cache', url: `${purger.url}/purge`, dataset: 'production', filter: '', projection: '{_id, _type}', triggers: ['create', 'update', 'delete'], includeDrafts: false, secret }) })
      if (hook.status !== 201) throw new Error(`Could not create the webhook: ${hook.status} ${await hook.text()}`)
      const browser = await chromium.launch({ executablePath: chromiumPath, args: chromeFlags.filter((f) => f !== '--headless') })
      onCleanup(() => browser.close())
      const page = await browser.newPage()
      await page.goto(`${edge.url}/`, { waitUntil: 'networkidle' })
      await page.getByRole('status').filter({ hasText: 'Live' }).waitFor()
      const liveMs: number[] = []
      const purgeMs: number[] = []
      let stale = 0
      for (let i = 0; i < WRITES; i++) {
        const title = `Edge bench story ${i} ${Date.now()}`
        const id = `edge-bench-${i}`
        const started = performance.now()
        const since = Date.now()
        const res = await fetch(`${service.url}/v2023-05-03/data/mutate/production`, { method: 'POST', headers: auth, body: JSON.stringify({ mutations: [{ create: { _id: id, _type: 'article', title, slug: { _type: 'slug', current: id }, publishedAt: new Date().toISOString(), isLatestUpdate: true, excerpt: 'A story for the benchmark.' } }] }) })
        if (!res.ok) throw new Error(`Publish failed: ${res.status} ${await res.text()}`)
        const live = page.getByText(title).first().waitFor({ timeout: 30_000 }).then(() => liveMs.push(performance.now() - started))
        const purged = (async () => {
          while (!purger.purged.some((p) => p.documentId === id && p.at >= since)) await new Promise((r) => setTimeout(r, 5))
          purgeMs.push(performance.now() - started)
          const fresh = await (await fetch(`${edge.url}/`, { headers })).text()
          if (!fresh.includes(title)) stale++
        })()
        await Promise.all([live, purged])
      }
      rows.push(['publish -> open homepage (live, via Varnish)', '', '', `${ms(percentile(liveMs, 50))} / ${ms(percentile(liveMs, 95))}`])
      rows.push(['publish -> purge acknowledged (fresh load)', '', '', `${ms(percentile(purgeMs, 50))} / ${ms(percentile(purgeMs, 95))}`])
      notes.push(target(percentile(liveMs, 95) <= 150, `live p95 <= 150 ms through Varnish (measured ${ms(percentile(liveMs, 95))})`))
      notes.push(target(stale === 0, `a fresh load after each acknowledged purge never shows the old page (${stale} of ${WRITES} did)`))
      await browser.close()
      await purger.close()
      await edge.stop()
      await two.stop()
      await service.stop()
      return { title: 'Render tier and edge cache (homepage, Brotli)', columns: ['path', 'requests/s', 'vs 1 process', 'p50 / p95'], rows, notes }
    },
  }
}
