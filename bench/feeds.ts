// Feeds and sitemaps at scale: for each dataset size, the time of each feed the first time it is
// asked for after a publish (cold: the feed cache and the query results are out of date) and once
// built (cached), next to the homepage query measured the same way in the same run, so the ratios
// say how a feed compares with the page every reader loads whatever the machine.

import { Agent, type OutgoingHttpHeaders } from 'node:http'
import { loadavg } from 'node:os'
import { homepageQuery } from '../src/content/homepage/query.ts'
import { sizesFromEnv } from './content.ts'
import { clientHeaders, mutateUrl, queryUrl, request, requestJson } from './http.ts'
import { serviceOnNewDataset } from './service.ts'
import { ms, percentile, thousands } from './stats.ts'
import { target, type Section, type Table } from './table.ts'

const DATASET = 'production'
const CACHED_ITERATIONS = 50
/** The anonymous query limit: a feed's first request after a publish should stay well inside it. */
const TARGET_COLD_MS = 1_000

function coldIterations(articles: number): number {
  return articles <= 10_000 ? 10 : 5
}

interface Endpoint {
  name: string
  path: string
  /** Sent as a client of the API sends it (the baseline), or as a feed reader does (gzip). */
  headers: OutgoingHttpHeaders
}

interface Row {
  name: string
  cold: number[]
  cached: number[]
  bytes: number
  gzipBytes: number
}

interface Measurement {
  articles: number
  /** The index after an article was unpublished (its month's kept count goes down in the write's transaction). */
  recountMs: number
  rows: Row[]
  loadAverage: number
}

const log = (line: string) => process.stderr.write(`[feeds] ${line}\n`)

async function measure(articles: number): Promise<Measurement> {
  const bench = await serviceOnNewDataset({ section: 'feeds', dataset: DATASET, articles, log })
  try {
    const { info } = bench
    const base = bench.service.url
    const token = await bench.token()
    const reads = new Agent({ keepAlive: true, maxSockets: 1 })
    const writes = new Agent({ keepAlive: false, maxSockets: 1 })
    const get = async (endpoint: Endpoint) => {
      const res = await request(`${base}${endpoint.path}`, { agent: reads, headers: endpoint.headers })
      if (res.status !== 200) throw new Error(`GET ${endpoint.path} answered ${res.status}: ${res.body.toString('utf8').slice(0, 300)}`)
      return res
    }
    // A publish: an article's title corrected, as an editor does, so its month and feeds change.
    let tick = 0
    const publish = async () => {
      const sample = info.sample[tick++ % info.sample.length]!
      await requestJson(mutateUrl(base, DATASET), {
        method: 'POST',
        agent: writes,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ mutations: [{ patch: { id: sample.id, set: { title: `Corrected ${tick}` } } }] }),
      })
    }

    // The first query of a started service: wait for it with the homepage query.
    await request(queryUrl(base, DATASET, homepageQuery), { agent: reads, headers: clientHeaders, timeoutMs: 600_000 })
    const firstIndex = await get({ name: 'index', path: '/sitemap.xml', headers: {} })
    const month = /<loc>[^<]*(\/sitemaps\/articles-\d{4}-\d{2}\.xml)<\/loc>/.exec(firstIndex.body.toString('utf8'))?.[1]
    if (!month) throw new Error('The sitemap index lists no month')
    const gzip: OutgoingHttpHeaders = { 'Accept-Encoding': 'gzip' }
    const endpoints: Endpoint[] = [
      { name: 'homepage query (baseline)', path: queryUrl('', DATASET, homepageQuery), headers: clientHeaders },
      { name: '/rss.xml', path: '/rss.xml', headers: gzip },
      { name: '/news/rss.xml (a section)', path: '/news/rss.xml', headers: gzip },
      { name: '/sitemap.xml', path: '/sitemap.xml', headers: gzip },
      { name: `${month} (newest month)`, path: month, headers: gzip },
      { name: '/sitemaps/news.xml', path: '/sitemaps/news.xml', headers: gzip },
    ]
    const rows: Row[] = endpoints.map((e) => ({ name: e.name, cold: [], cached: [], bytes: 0, gzipBytes: 0 }))
    for (let i = 0; i < coldIterations(articles); i++) {
      log(`  cold round ${i + 1}/${coldIterations(articles)}`)
      await publish()
      for (const [j, endpoint] of endpoints.entries()) rows[j]!.cold.push((await get(endpoint)).ms)
    }
    for (const [j, endpoint] of endpoints.entries()) {
      log(`  cached: ${endpoint.name}`)
      await get(endpoint)
      for (let i = 0; i < CACHED_ITERATIONS; i++) rows[j]!.cached.push((await get(endpoint)).ms)
      rows[j]!.bytes = (await get({ ...endpoint, headers: { ...endpoint.headers, 'Accept-Encoding': 'identity' } })).body.length
      rows[j]!.gzipBytes = (await get(endpoint)).body.length
    }
    // An unpublished article: its month loses it in the delete's transaction, and the index reads the kept months again.
    await requestJson(mutateUrl(base, DATASET), {
      method: 'POST',
      agent: writes,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ mutations: [{ delete: { id: info.sample[info.sample.length - 1]!.id } }] }),
    })
    const recount = await get({ name: 'index', path: '/sitemap.xml', headers: {} })
    log(`  /sitemap.xml after an unpublish ${ms(recount.ms)} ms`)
    reads.destroy()
    writes.destroy()
    return { articles, recountMs: recount.ms, rows, loadAverage: loadavg()[0]! }
  } finally {
    await bench.close()
  }
}

const median = (samples: number[]) => percentile(samples, 50)
const ratio = (value: number, baseline: number) => (Number.isFinite(value / baseline) ? `${(value / baseline).toFixed(2)}x` : 'n/a')
const kib = (bytes: number) => (bytes >= 10 * 1024 ? `${thousands(bytes / 1024)} KiB` : `${thousands(bytes)} B`)

export function feedsSection(sizes: number[] = sizesFromEnv()): Section {
  return {
    name: 'feeds',
    async run(): Promise<Table> {
      const results: Measurement[] = []
      const failures: string[] = []
      for (const size of sizes) {
        try {
          results.push(await measure(size))
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error)
          log(`  ${thousands(size)} articles failed: ${message}`)
          failures.push(`${thousands(size)} articles FAILED: ${message}`)
        }
      }
      const rows = results.flatMap((m) => {
        const [baseline] = m.rows
        return m.rows.map((row) => [
          thousands(m.articles),
          row.name,
          `${ms(median(row.cold))} ms`,
          `${ms(median(row.cached))} ms`,
          row === baseline ? '1.00x' : ratio(median(row.cold), median(baseline!.cold)),
          row === baseline ? '1.00x' : ratio(median(row.cached), median(baseline!.cached)),
          row === baseline ? kib(row.bytes) : `${kib(row.bytes)} (${kib(row.gzipBytes)} gzip)`,
        ])
      })
      const coldFeeds = results.flatMap((m) => m.rows.slice(1).map((row) => ({ m, row, cold: median(row.cold) })))
      const slowest = coldFeeds.reduce<(typeof coldFeeds)[number] | null>((a, b) => (!a || b.cold > a.cold ? b : a), null)
      return {
        title: 'Feeds and sitemaps (median over HTTP; cold = the first request after a publish, cached = built for this revision)',
        columns: ['articles', 'endpoint', 'cold', 'cached', 'cold / baseline', 'cached / baseline', 'bytes'],
        rows,
        notes: [
          'Target:',
          '  ' +
            target(
              slowest ? slowest.cold <= TARGET_COLD_MS : null,
              `every feed's first request after a publish <= ${TARGET_COLD_MS} ms` + (slowest ? ` (slowest: ${slowest.row.name} ${ms(slowest.cold)} ms at ${thousands(slowest.m.articles)})` : ''),
            ),
          '',
          'Cold: before each round an article is corrected (a one-field publish, each round another article, spread over the archive), then every endpoint is asked once;',
          `  ${results.map((m) => `${coldIterations(m.articles)} rounds at ${thousands(m.articles)}`).join(', ')}. Cached: the same request ${CACHED_ITERATIONS} times once built.`,
          '  Sequential GETs over one keep-alive connection; feeds asked with Accept-Encoding: gzip as feed readers ask, the baseline as @sanity/client sends it.',
          ...results.map(
            (m) =>
              `${thousands(m.articles)} articles: /sitemap.xml after an article was unpublished took ${ms(m.recountMs)} ms; load average ${m.loadAverage.toFixed(2)} at the end.`,
          ),
          ...failures,
        ],
      }
    },
  }
}
