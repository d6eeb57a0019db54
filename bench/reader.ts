// The reader's experience: the JavaScript `/` downloads, Lighthouse's mobile scores for `/` and an
// article, and how long a write takes to show on an open homepage. Runs on the built app with the
// demo newspaper, against the service as a child process, in Debian's Chromium.

import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { onCleanup } from './cleanup.ts'
import { root, startService, type ServiceChild } from './service.ts'
import { percentile } from './stats.ts'
import { target, type Section, type Table } from './table.ts'

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const chromeFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
const admin = { email: 'bench@resonance.example', password: 'bench-password-123' }
/** Text that only admin or editor code contains: none of it may reach a reader. */
const adminMarkers = ['ProseMirror', 'Admin Sign In', 'resonance.session', 'Article created successfully.']

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`)
}

interface Bundle {
  /** JavaScript (gzip bytes as sent) requested before the load event. */
  initialBytes: number
  initialFiles: number
  /** What loaded after that: the live feed (statechart runtime and content client), started when idle. */
  laterBytes: number
  laterFiles: number
  adminCode: string[]
}

/**
 * The JavaScript `/` downloads, split at the load event: before it is what a reader waits for; after
 * it, what loads while they read (the live feed's island, hydrated when the browser is idle).
 */
async function initialJavaScript(browser: Browser, url: string): Promise<Bundle> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const bodies: string[] = []
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return
    bodies.push(await response.text().catch(() => ''))
  })
  await page.goto(`${url}/`, { waitUntil: 'networkidle' })
  await page.getByRole('region', { name: 'Lead Story' }).waitFor()
  await page.getByRole('status').filter({ hasText: 'Live' }).waitFor()
  // A string, not a function: the TypeScript runner would wrap a function with helpers the page lacks.
  const entries = (await page.evaluate(`(() => {
    const loaded = performance.getEntriesByType('navigation')[0].loadEventStart;
    return performance.getEntriesByType('resource')
      .filter((e) => new URL(e.name).pathname.endsWith('.js'))
      .map((e) => ({ bytes: e.encodedBodySize, before: e.startTime < loaded }));
  })()`)) as Array<{ bytes: number; before: boolean }>
  await context.close()
  const sum = (list: Array<{ bytes: number }>) => list.reduce((total, e) => total + e.bytes, 0)
  const before = entries.filter((e) => e.before)
  const later = entries.filter((e) => !e.before)
  return {
    initialBytes: sum(before),
    initialFiles: before.length,
    laterBytes: sum(later),
    laterFiles: later.length,
    adminCode: adminMarkers.filter((marker) => bodies.some((body) => body.includes(marker))),
  }
}

export interface LighthouseResult {
  performance: number
  accessibility: number
  cls: number
  lcpMs: number
  /** Total blocking time, simulated. */
  tbtMs: number
}

/** Lighthouse's mobile run of one page; `extraArgs` go to its command line (e.g. `--extra-headers`). */
export async function lighthouse(url: string, extraArgs: string[] = []): Promise<LighthouseResult> {
  const dir = mkdtempSync(join(tmpdir(), 'resonance-lighthouse-'))
  const forget = onCleanup(() => rmSync(dir, { recursive: true, force: true }))
  try {
    const out = join(dir, 'report.json')
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [join(root, 'node_modules/lighthouse/cli/index.js'), url, '--quiet', '--output=json', `--output-path=${out}`, '--only-categories=performance,accessibility', `--chrome-flags=${chromeFlags.join(' ')}`, ...extraArgs],
        { cwd: root, env: { ...process.env, CHROME_PATH: chromiumPath }, stdio: ['ignore', 'ignore', 'pipe'] },
      )
      let errors = ''
      child.stderr.on('data', (d: Buffer) => (errors += d.toString()))
      // 'close', not 'exit': a child's output may still be unread when it exits, and its last lines say why it failed.
      child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`lighthouse exited with ${code}: ${errors.slice(-2000)}`))))
    })
    const report = JSON.parse(readFileSync(out, 'utf8')) as {
      categories: Record<string, { score: number }>
      audits: Record<string, { numericValue?: number }>
    }
    return {
      performance: Math.round(report.categories.performance!.score * 100),
      accessibility: Math.round(report.categories.accessibility!.score * 100),
      cls: report.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      lcpMs: report.audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbtMs: report.audits['total-blocking-time']?.numericValue ?? NaN,
    }
  } finally {
    forget()
    rmSync(dir, { recursive: true, force: true })
  }
}

async function writeToScreen(browser: Browser, service: ServiceChild, writes: number): Promise<number[]> {
  const login = await fetch(`${service.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) })
  const { access_token: token } = (await login.json()) as { access_token: string }
  const leadRes = await fetch(`${service.url}/v2023-05-03/data/query/production?query=${encodeURIComponent('*[_type == "article" && isLeadStory == true] | order(publishedAt desc, _id asc)[0]._id')}`)
  const leadId = ((await leadRes.json()) as { result: string }).result
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${service.url}/`)
  await page.getByRole('status').filter({ hasText: 'Live' }).waitFor()
  const samples: number[] = []
  for (let i = 0; i < writes; i++) {
    const title = `Bench headline ${i} ${Date.now()}`
    // The page notes, on its own clock, when the headline appears; both clocks are this machine's.
    // A string, not a function: the TypeScript runner would wrap a function with helpers the page lacks.
    const seen = page.evaluate(`new Promise((resolve) => {
      const text = ${JSON.stringify(title)};
      const observer = new MutationObserver(() => {
        if (document.body.innerText.includes(text)) {
          observer.disconnect();
          resolve(performance.timeOrigin + performance.now());
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    })`) as Promise<number>
    await page.waitForTimeout(50)
    const started = performance.timeOrigin + performance.now()
    const res = await fetch(`${service.url}/v2023-05-03/data/mutate/production`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ mutations: [{ patch: { id: leadId, set: { title } } }] }),
    })
    if (!res.ok) throw new Error(`write failed: ${res.status} ${await res.text()}`)
    samples.push((await seen) - started)
    await page.waitForTimeout(150)
  }
  await context.close()
  return samples
}

export function readerSection(): Section {
  return {
    name: 'reader',
    async run(): Promise<Table> {
      run(process.execPath, ['scripts/build.mjs', '--logLevel', 'error'])
      const dataDir = mkdtempSync(join(tmpdir(), 'resonance-bench-reader-'))
      onCleanup(() => rmSync(dataDir, { recursive: true, force: true }))
      run(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'seed'], { ...process.env, DATA_DIR: dataDir, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password })
      const service = await startService({ dataDir, staticDir: join(root, 'dist'), adminEmail: admin.email, adminPassword: admin.password })
      const browser = await chromium.launch({ executablePath: chromiumPath, args: chromeFlags })
      onCleanup(() => browser.close())
      const bundle = await initialJavaScript(browser, service.url)
      const slugRes = await fetch(`${service.url}/v2023-05-03/data/query/production?query=${encodeURIComponent('*[_type == "article" && defined(body)] | order(publishedAt desc)[0].slug.current')}`)
      const slug = ((await slugRes.json()) as { result: string }).result
      const home = await lighthouse(`${service.url}/`)
      const article = await lighthouse(`${service.url}/article/${slug}`)
      const delays = await writeToScreen(browser, service, 20)
      await browser.close()
      await service.stop()
      const kb = bundle.initialBytes / 1024
      const laterKb = bundle.laterBytes / 1024
      const p95 = percentile(delays, 95)
      const p50 = percentile(delays, 50)
      const lh = (r: LighthouseResult) => [String(r.performance), String(r.accessibility), r.cls.toFixed(3), `${Math.round(r.lcpMs)} ms`]
      return {
        title: 'Reader (built app, demo newspaper, Chromium; Lighthouse mobile with simulated throttling)',
        columns: ['measure', 'value'],
        rows: [
          ['initial JavaScript for / (gzip, before the load event)', `${kb.toFixed(1)} KB in ${bundle.initialFiles} files`],
          ['JavaScript loaded after that (live feed, gzip)', `${laterKb.toFixed(1)} KB in ${bundle.laterFiles} files`],
          ['admin or editor code loaded on /', bundle.adminCode.length === 0 ? 'none' : bundle.adminCode.join(', ')],
          ['Lighthouse / (performance, accessibility, CLS, LCP)', lh(home).join(', ')],
          [`Lighthouse /article/${slug.slice(0, 24)}…`, lh(article).join(', ')],
          ['write to open homepage, 20 writes (median, p95)', `${Math.round(p50)} ms, ${Math.round(p95)} ms`],
        ],
        notes: [
          'Targets:',
          `  ${target(kb <= 100, `initial JavaScript for / <= 100 KB gzip (measured ${kb.toFixed(1)} KB)`)}`,
          `  ${target(bundle.adminCode.length === 0, 'no admin or editor code on /')}`,
          `  ${target(home.performance >= 95 && article.performance >= 95, `Lighthouse performance >= 95 (/ ${home.performance}, article ${article.performance})`)}`,
          `  ${target(home.accessibility === 100 && article.accessibility === 100, `Lighthouse accessibility 100 (/ ${home.accessibility}, article ${article.accessibility})`)}`,
          `  ${target(home.cls <= 0.01 && article.cls <= 0.01, `CLS <= 0.01 (/ ${home.cls.toFixed(3)}, article ${article.cls.toFixed(3)})`)}`,
          `  ${target(p95 <= 300, `write shows on an open homepage p95 <= 300 ms (measured ${Math.round(p95)} ms)`)}`,
          'Initial JavaScript: every script requested before the load event; the live feed (its island, xstate,',
          '  @sanity/client) is requested after it, when the browser is idle, and is listed on its own line.',
          'Write to screen: from just before the mutate request to a MutationObserver in the page seeing the new headline.',
        ],
      }
    },
  }
}
