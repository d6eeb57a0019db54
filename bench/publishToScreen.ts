// Publish to screen (issue 24, Numbers): an editor's change reaching 1,000 open pages through
// Varnish, for a live blog's post and, in the same run, for the homepage's own publish. An open page
// is a light client (the fan-out worker, fanout-worker.ts) doing what the page's island does on a
// change: it holds the listen stream, and on each event fetches what the island fetches, through
// the edge. The listen and query addresses are not written here: they are captured from Chromium
// pages of the same paper, so the light clients send byte for byte what the islands send. A few
// Chromium pages of the live blog stay open through its run, timing when each update appears on
// screen, to check that the light clients' numbers are what a reader sees. Varnish's backend
// requests are counted for each change: how many of the pages' refetches reached the service.

import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { homepageQuery } from '../shared/homepage/query.ts'
import { sectionsFromQuery, type HomepageQueryResult } from '../shared/homepage/rules.ts'
import { startPurger } from '../server/edge/purger.ts'
import { hasVarnish } from '../scripts/varnish.mjs'
import { onCleanup } from './cleanup.ts'
import { renderTier, varnish } from './edge.ts'
import { clientHeaders, mutateUrl, queryUrl, requestJson } from './http.ts'
import { chromeFlags, chromiumPath } from './reader.ts'
import { root, signIn, startService } from './service.ts'
import { measureFanout, type FanoutOptions, type FanoutResult } from './sse.ts'
import { ms, percentile, thousands } from './stats.ts'
import { target, type Section, type Table } from './table.ts'

const DATASET = 'production'
const LISTENERS = 1_000
const BROWSER_PAGES = 3
const WRITES = 10
const SPACING_MS = 2_000
const TARGET_P95_MS = 1_000
const admin = { email: 'bench@resonance.example', password: 'bench-password-123' }
const secret = 'bench publish-to-screen secret'
const blog = { id: 'bench-live-blog', slug: 'bench-live-blog' }
/** The edge hook's projection from the README (Deployment): a live blog's update names its blog and flags. */
const purgeProjection = '{_id, _type, "liveBlog": liveBlog._ref, publishedAt, isKeyEvent, isPinned, "before": before(){publishedAt, isKeyEvent, isPinned}}'

const log = (line: string) => process.stderr.write(`[publish-to-screen] ${line}\n`)

const text = (s: string) => [{ _type: 'block', _key: 'b', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's', text: s, marks: [] }] }]

/** What an open page sends: its listen address, and the queries it asks after an event (`{event}` for the event's id). */
interface Captured {
  listenUrl: string
  refetchUrls: string[]
}

/**
 * Opens `path` in Chromium behind the edge, waits until it is live, makes one change and waits for it
 * on screen, and returns the listen URL and the query URLs the page asked for that change.
 */
async function capture(page: Page, url: string, change: (transactionId: string) => Promise<void>, shown: (transactionId: string) => Promise<void>): Promise<Captured> {
  const requests: string[] = []
  page.on('request', (request) => requests.push(request.url()))
  await page.goto(url, { waitUntil: 'load' })
  await page.getByRole('status').filter({ hasText: /^Live$/ }).first().waitFor({ timeout: 60_000 })
  await page.waitForLoadState('networkidle')
  const listenUrl = requests.find((u) => u.includes('/data/listen/'))
  if (!listenUrl) throw new Error(`${url} opened no listen stream`)
  const since = requests.length
  const transactionId = `bench-capture-${Date.now()}`
  await change(transactionId)
  await shown(transactionId)
  const refetchUrls = requests
    .slice(since)
    .filter((u) => u.includes('/data/query/'))
    .map((u) => u.replaceAll(encodeURIComponent(transactionId), '{event}').replaceAll(transactionId, '{event}'))
  if (refetchUrls.length === 0) throw new Error(`${url} fetched nothing after a change`)
  return { listenUrl, refetchUrls }
}

/** Records, in the page, when each update first appears (ms since the epoch, the worker's clock too). */
async function recordArrivals(page: Page): Promise<void> {
  // A string, not a function: the benchmark's own transpiler would name its functions with a helper the page lacks.
  await page.evaluate(`(() => {
    const arrived = {}
    window.benchArrived = arrived
    const look = () => {
      const now = performance.timeOrigin + performance.now()
      for (const element of document.querySelectorAll('[id^="update-"]')) if (!(element.id in arrived)) arrived[element.id] = now
    }
    look()
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true })
  })()`)
}

const arrivals = (page: Page) => page.evaluate<Record<string, number>>('window.benchArrived')

interface Run {
  fanout: FanoutResult
  browser?: { latencies: number[]; missing: number }
}

/** A refetch address without the event it follows. */
const withoutEvent = (url: string) => url.replace(/([?&])lastLiveEventId=\{event\}(&|$)/, (_, before: string, after: string) => (after ? before : ''))

async function measure(): Promise<{ home: Run; live: Run; homeUnnamed: FanoutResult | null; unnamed: FanoutResult | null; captured: { home: Captured; live: Captured }; loadAverage: number }> {
  if (!existsSync(join(root, 'dist-server/entry-server.js'))) spawnSync(process.execPath, ['scripts/build.mjs', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
  const tmp = mkdtempSync(join(tmpdir(), 'resonance-bench-publish-'))
  onCleanup(async () => rmSync(tmp, { recursive: true, force: true }))
  const service = await startService({ dataDir: join(tmp, 'data'), staticDir: join(root, 'dist'), adminEmail: admin.email, adminPassword: admin.password, env: { SEED: 'demo', TRUSTED_PROXIES: '127.0.0.1' } })
  const render = await renderTier(service.url, 1)
  const varnishDir = mkdtempSync(join(tmpdir(), 'resonance-bench-varnish-'))
  onCleanup(async () => rmSync(varnishDir, { recursive: true, force: true }))
  const edge = await varnish(Number(new URL(service.url).port), render.port, varnishDir)
  // Purges as a deployment makes them: a post drops the blog's pages and the dataset's query answers at the edge.
  const purger = await startPurger({ port: 0, host: '127.0.0.1', cacheUrl: edge.url, secret })
  onCleanup(() => purger.close())
  const token = await signIn(service.url, admin.email, admin.password)
  const auth = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }
  const hook = await fetch(`${service.url}/newsroom/webhooks`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'Edge cache', url: `${purger.url}/purge`, dataset: DATASET, filter: '', projection: purgeProjection, triggers: ['create', 'update', 'delete'], includeDrafts: false, secret }) })
  if (hook.status !== 201) throw new Error(`Could not create the webhook: ${hook.status} ${await hook.text()}`)
  const mutate = (mutations: unknown[], transactionId?: string) => requestJson(mutateUrl(service.url, DATASET), { method: 'POST', headers: auth, body: JSON.stringify({ mutations, ...(transactionId ? { transactionId } : {}) }) })

  // A live blog in no homepage slot, with a morning's updates.
  const opened = Date.now() - 3_600_000
  await mutate([
    { createOrReplace: { _id: blog.id, _type: 'article', title: 'Live: the benchmark', slug: { _type: 'slug', current: blog.slug }, publishedAt: new Date(opened).toISOString(), isLiveBlog: true, excerpt: 'A live blog for the benchmark.' } },
    ...Array.from({ length: 10 }, (_, i) => ({ create: { _id: `bench-live-${i}`, _type: 'liveUpdate', liveBlog: { _type: 'reference', _ref: blog.id }, publishedAt: new Date(opened + i * 60_000).toISOString(), body: text(`Update ${i} of the morning.`) } })),
  ])
  // The homepage's change: a story in Latest has its title corrected (not the lead or breaking, which the feed refetches after a short delay).
  const homepage = await requestJson<{ result: HomepageQueryResult }>(queryUrl(service.url, DATASET, homepageQuery), { headers: clientHeaders })
  const story = sectionsFromQuery(homepage.result).sections.latest[0]
  if (!story) throw new Error('The demo homepage shows no story in Latest')

  const browser: Browser = await chromium.launch({ executablePath: chromiumPath, args: chromeFlags.filter((f) => f !== '--headless') })
  onCleanup(() => browser.close())
  log('capturing what an open homepage and an open live blog send')
  const homePage = await (await browser.newContext()).newPage()
  const home = await capture(
    homePage,
    `${edge.url}/`,
    (transactionId) => mutate([{ patch: { id: story._id, set: { title: `${story.title} (${transactionId})` } } }], transactionId).then(() => {}),
    (transactionId) => homePage.getByText(transactionId).first().waitFor({ timeout: 30_000 }),
  )
  await homePage.close()
  const pages: Page[] = []
  for (let i = 0; i < BROWSER_PAGES; i++) pages.push(await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage())
  const live = await capture(
    pages[0]!,
    `${edge.url}/article/${blog.slug}`,
    (transactionId) => mutate([{ create: { _id: `capture-${transactionId}`, _type: 'liveUpdate', liveBlog: { _type: 'reference', _ref: blog.id }, publishedAt: new Date().toISOString(), body: text('An update while the page opens.') } }], transactionId).then(() => {}),
    (transactionId) => pages[0]!.locator(`[id="update-capture-${transactionId}"]`).waitFor({ timeout: 30_000 }),
  )
  for (const page of pages.slice(1)) {
    await page.goto(`${edge.url}/article/${blog.slug}`, { waitUntil: 'load' })
    await page.getByRole('status').filter({ hasText: /^Live$/ }).first().waitFor({ timeout: 60_000 })
  }
  for (const page of pages) await recordArrivals(page)

  const common: FanoutOptions = { baseUrl: edge.url, dataset: DATASET, listeners: LISTENERS, query: '', token, documentIds: [], writes: WRITES, spacingMs: SPACING_MS, deliveryTimeoutMs: 15_000, varnishWorkdir: join(varnishDir, 'work') }
  log(`homepage: ${thousands(LISTENERS)} open homepages, ${WRITES} corrections`)
  const homeRun = await measureFanout({ ...common, listenUrl: home.listenUrl, refetch: { urls: home.refetchUrls }, documentIds: [story._id] })
  // The same homepages asking as they did before their refetch named the event (decision 036).
  const homeUnnamed = home.refetchUrls.map(withoutEvent)
  let homeUnnamedRun: FanoutResult | null = null
  if (homeUnnamed.some((u, i) => u !== home.refetchUrls[i])) {
    log(`homepage: ${thousands(LISTENERS)} open homepages asking without naming the event, ${WRITES} corrections`)
    homeUnnamedRun = await measureFanout({ ...common, listenUrl: home.listenUrl, refetch: { urls: homeUnnamed }, documentIds: [story._id] })
  }
  log(`live blog: ${thousands(LISTENERS)} open pages and ${BROWSER_PAGES} in Chromium, ${WRITES} posts`)
  const liveRun = await measureFanout({ ...common, listenUrl: live.listenUrl, refetch: { urls: live.refetchUrls }, post: { blog: blog.id } })
  // The same pages asking as they did before their refetch named the event (decision 036): what the edge does with that.
  const unnamed = live.refetchUrls.map(withoutEvent)
  let unnamedRun: FanoutResult | null = null
  if (unnamed.some((u, i) => u !== live.refetchUrls[i])) {
    log(`live blog: ${thousands(LISTENERS)} open pages asking without naming the event, ${WRITES} posts`)
    unnamedRun = await measureFanout({ ...common, listenUrl: live.listenUrl, refetch: { urls: unnamed }, post: { blog: blog.id } })
  }
  // What the Chromium pages saw of the same posts.
  const seen = await Promise.all(pages.map(arrivals))
  const browserLatencies: number[] = []
  let browserMissing = 0
  for (const write of liveRun.sent) {
    for (const arrived of seen) {
      const at = arrived[`update-${write.documentId}`]
      if (at === undefined) browserMissing++
      else browserLatencies.push(at - write.at)
    }
  }
  const loadAverage = loadavg()[0]!
  await browser.close()
  await purger.close()
  await edge.stop()
  await render.stop()
  await service.stop()
  return { home: { fanout: homeRun }, live: { fanout: liveRun, browser: { latencies: browserLatencies, missing: browserMissing } }, homeUnnamed: homeUnnamedRun, unnamed: unnamedRun, captured: { home, live }, loadAverage }
}

const p50p95 = (values: number[]) => (values.length === 0 ? 'n/a' : `${ms(percentile(values, 50))} / ${ms(percentile(values, 95))} ms`)
/** The pages' refetches that reached the service for one change: Varnish's backend requests less the write itself. */
const refetches = (counts: number[]) => counts.map((n) => n - 1)
const spread = (values: number[]) => (values.length === 0 ? 'n/a' : `${thousands(percentile(values, 50))} (${thousands(Math.min(...values))}–${thousands(Math.max(...values))})`)

export function publishToScreenSection(): Section {
  return {
    name: 'publish-to-screen',
    async run(): Promise<Table> {
      const columns = ['open pages', 'change', 'listen event p50 / p95', 'on screen p50 / p95', 'refetches reaching the service per change, median (min–max)', 'not on screen']
      const title = `Publish to screen: ${thousands(LISTENERS)} open pages through Varnish (demo paper, ${WRITES} changes each, ${SPACING_MS / 1000} s apart)`
      if (!hasVarnish()) return { title, columns, rows: [], notes: ['– skipped: varnish and varnish-modules are not installed'] }
      const { home, live, homeUnnamed, unnamed, captured, loadAverage } = await measure()
      const notOnScreen = (f: FanoutResult) => `${f.missing + f.staleAnswers} of ${thousands(LISTENERS * WRITES)}`
      const liveP95 = percentile(live.fanout.screenLatencies, 95)
      const homeP95 = percentile(home.fanout.screenLatencies, 95)
      const browserP95 = percentile(live.browser!.latencies, 95)
      return {
        title,
        columns,
        rows: [
          [`${thousands(LISTENERS)} homepages (light clients)`, "a story's title corrected", p50p95(home.fanout.latencies), p50p95(home.fanout.screenLatencies), spread(refetches(home.fanout.backendRequests)), notOnScreen(home.fanout)],
          ...(homeUnnamed
            ? [[`${thousands(LISTENERS)} homepages, the refetch not naming the event`, "a story's title corrected", p50p95(homeUnnamed.latencies), p50p95(homeUnnamed.screenLatencies), spread(refetches(homeUnnamed.backendRequests)), notOnScreen(homeUnnamed)]]
            : []),
          [`${thousands(LISTENERS)} live blog pages (light clients)`, 'an update posted', p50p95(live.fanout.latencies), p50p95(live.fanout.screenLatencies), spread(refetches(live.fanout.backendRequests)), notOnScreen(live.fanout)],
          [`${BROWSER_PAGES} live blog pages in Chromium, alongside`, 'the same posts', '', p50p95(live.browser!.latencies), '', `${live.browser!.missing} of ${BROWSER_PAGES * WRITES}`],
          ...(unnamed
            ? [[`${thousands(LISTENERS)} live blog pages, the refetch not naming the event`, 'an update posted', p50p95(unnamed.latencies), p50p95(unnamed.screenLatencies), spread(refetches(unnamed.backendRequests)), notOnScreen(unnamed)]]
            : []),
        ],
        notes: [
          target(live.fanout.screenLatencies.length > 0 && liveP95 <= TARGET_P95_MS && live.fanout.missing + live.fanout.staleAnswers === 0, `a post on ${thousands(LISTENERS)} open live blog pages within ${TARGET_P95_MS} ms at p95 (measured ${ms(liveP95)} ms; the homepage's own ${ms(homeP95)} ms, ${(liveP95 / homeP95).toFixed(2)}x)`),
          target(live.browser!.missing === 0 && browserP95 <= TARGET_P95_MS, `the Chromium pages within ${TARGET_P95_MS} ms at p95 too (measured ${ms(browserP95)} ms)`),
          'A light client holds the listen stream the page opens and, on each event of a change, GETs what the page then asks (captured from Chromium, so the same',
          `  addresses byte for byte: the homepage ${captured.home.refetchUrls.length} quer${captured.home.refetchUrls.length === 1 ? 'y' : 'ies'}, the live blog ${captured.live.refetchUrls.length}); "on screen" is when that answer holds the change, "not on screen" a missed event or an older answer.`,
          '  Listen streams, refetches and the writes all go through Varnish, in front of the content service and one render process; the edge purger is purging as deployed.',
          `Load average ${loadAverage.toFixed(2)} at the end; the listeners and the writes run in one process, the Chromium pages in another, each timed from the write's start.`,
        ],
      }
    },
  }
}
