// The archive's cost to the service: how long a start takes to the first homepage answer, and the
// resident memory after the start and after reading many articles, at each dataset size. Memory
// that grows with the archive, or a start that waits for it, shows here
// (docs/decisions/028-documents-read-from-sqlite.md).

import { Agent } from 'node:http'
import { loadavg } from 'node:os'
import { articleBySlugQuery } from '../src/content/article/query.ts'
import { homepageQuery } from '../src/content/homepage/query.ts'
import { categoryListingQuery } from '../src/content/listings/listings.ts'
import { sizesFromEnv } from './content.ts'
import { clientHeaders, queryUrl, request } from './http.ts'
import { invalidatingWrite, serviceOnNewDataset } from './service.ts'
import { mib, ms, pair, percentile, thousands } from './stats.ts'
import type { Section, Table } from './table.ts'

const DATASET = 'production'
/** Distinct articles read by slug after the start, each for the first time. */
const READS = 400
/** Cold and warm answers measured per page kind. */
const PAGE_SAMPLES = 30
const pageKinds = ['homepage', 'article by slug', 'section listing', '/sitemap.xml'] as const
type PageKind = (typeof pageKinds)[number]

interface Measurement {
  articles: number
  databaseMiB: number
  healthMs: number
  firstHomepageAtMs: number
  firstHomepageMs: number
  /** Failed answers (503, or out of time) the homepage query got before its first 200. */
  busy: number
  slugFirst: number[]
  /** The error that stopped the reads by slug, if one did. */
  slugFailed?: string
  rssStartKiB: number
  rssEndKiB: number
  peakRssKiB: number
  /** From spawning to the first /sitemap.xml that is not a 503 (after an upgrade, when its months have been counted again), or null if none came. */
  sitemapAtMs: number | null
  /** Per page kind: answers to a request first asked since the last write, and the same request asked again. */
  pages: Record<PageKind, { cold: number[]; warm: number[]; failed?: string }>
  loadAverage: number
}

/** A failed request's status and error for a table cell: the URL left out, the error's type or message kept. */
function shortError(message: string): string {
  const answered = /answered (\d+): (.*)$/s.exec(message)
  if (!answered) return message.slice(0, 120)
  const type = /"type":"(\w+)"/.exec(answered[2]!)?.[1] ?? /"message":"([^"]{0,80})/.exec(answered[2]!)?.[1]
  return `${answered[1]} ${type ?? answered[2]!.slice(0, 80)}`
}

const log = (line: string) => process.stderr.write(`[archive] ${line}\n`)

async function measure(articles: number): Promise<Measurement> {
  const bench = await serviceOnNewDataset({ section: 'archive', dataset: DATASET, articles, log, startTimeoutMs: 600_000 })
  try {
    const { info, service, startedAt, startMs: healthMs } = bench
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const get = async (url: string) => {
      const res = await request(url, { agent, headers: clientHeaders })
      if (res.status !== 200) throw new Error(`GET ${url.slice(0, 120)}… answered ${res.status}: ${res.body.toString('utf8').slice(0, 300)}`)
      return res
    }
    // Asked as a reader's page asks: a 503 (workers still loading, or too many queries waiting) or a
    // query that ran out of time is asked again a second later, as a reader's reload would be.
    let busy = 0
    // No answer within a minute counts as a failed answer too (a reader would have reloaded).
    const ask = () => request(queryUrl(service!.url, DATASET, homepageQuery), { headers: clientHeaders, timeoutMs: 60_000 }).catch(() => null)
    let home = await ask()
    const failed = () => home === null || home.status === 503 || (home.status === 400 && home.body.includes('queryTimeoutError'))
    while (failed() && performance.now() - startedAt < 900_000) {
      busy++
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      home = await ask()
    }
    if (!home || home.status !== 200) throw new Error(`The homepage query answered ${home ? `${home.status}: ${home.body.toString('utf8').slice(0, 300)}` : 'nothing within a minute'}`)
    const firstHomepageAtMs = performance.now() - startedAt
    const rssStartKiB = service.rssKiB()
    log(`  /health after ${ms(healthMs)} ms, first homepage answer after ${ms(firstHomepageAtMs)} ms (${ms(home.ms)} ms, after ${busy} failed answers), RSS ${mib(rssStartKiB)}`)
    const slugs = info.sample.map((s) => s.slug)
    const slugFirst: number[] = []
    let slugFailed: string | undefined
    for (let i = 0; i < READS && !slugFailed; i++) {
      // Distinct slugs where the sample has them, then the same ones asked with other whitespace in
      // the param (another cache key, the same article).
      const slug = slugs[i % slugs.length]!
      try {
        slugFirst.push((await get(queryUrl(service.url, DATASET, articleBySlugQuery, { slug, n: i }))).ms)
      } catch (error) {
        slugFailed = error instanceof Error ? error.message : String(error)
        log(`  reads by slug failed: ${slugFailed}`)
      }
    }
    const rssEndKiB = service.rssKiB()

    // Each page as readers' requests reach it: after a write (so no cached answer is current), the
    // first answer is cold; the same request again is warm. The section listing and the articles
    // change with i, so the cold ones also read documents the worker has not parsed yet.
    const token = await bench.token()
    const writes = new Agent({ keepAlive: false })
    const sections = (await get(queryUrl(service.url, DATASET, '*[_type == "category" && defined(slug.current)] | order(slug.current asc).slug.current'))).body
    const sectionSlugs = (JSON.parse(sections.toString('utf8')) as { result: string[] }).result
    const pageUrl = (kind: PageKind, i: number): string => {
      switch (kind) {
        case 'homepage':
          return queryUrl(service!.url, DATASET, homepageQuery)
        case 'article by slug':
          return queryUrl(service!.url, DATASET, articleBySlugQuery, { slug: slugs[(READS + i) % slugs.length] })
        case 'section listing':
          return queryUrl(service!.url, DATASET, categoryListingQuery({ start: 0, end: 20 }), { slug: sectionSlugs[i % sectionSlugs.length] })
        case '/sitemap.xml':
          return `${service!.url}/sitemap.xml`
      }
    }
    // After an upgrade the store counts the sitemap's months again and /sitemap.xml answers 503 with
    // Retry-After meanwhile (docs/decisions/048-sitemap-months-kept-by-the-store.md): the time it
    // first answers is measured, and its pages from then on.
    let sitemapAtMs: number | null = null
    while (performance.now() - startedAt < 1_800_000) {
      const res = await request(`${service.url}/sitemap.xml`, { headers: clientHeaders, timeoutMs: 60_000 }).catch(() => null)
      if (res && res.status !== 503) {
        sitemapAtMs = performance.now() - startedAt
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000))
    }
    log(`  first /sitemap.xml answer after ${sitemapAtMs === null ? 'none' : `${ms(sitemapAtMs)} ms`}`)
    const pages = Object.fromEntries(pageKinds.map((kind) => [kind, { cold: [] as number[], warm: [] as number[] }])) as Measurement['pages']
    let tick = 0
    for (let i = 0; i < PAGE_SAMPLES; i++) {
      for (const kind of pageKinds) {
        if (pages[kind].failed) continue
        try {
          await invalidatingWrite(service.url, DATASET, token, writes, ++tick)
          pages[kind].cold.push((await get(pageUrl(kind, i))).ms)
          pages[kind].warm.push((await get(pageUrl(kind, i))).ms)
        } catch (error) {
          // A page that fails is recorded as failed, with its error; the other pages are still measured.
          pages[kind].failed = error instanceof Error ? error.message : String(error)
          log(`  ${kind} failed: ${pages[kind].failed}`)
        }
      }
    }
    log(`  pages: ${pageKinds.map((kind) => `${kind} cold ${pair(pages[kind].cold)}, warm ${pair(pages[kind].warm)}`).join('; ')}`)
    writes.destroy()
    agent.destroy()
    return {
      articles,
      databaseMiB: info.databaseBytes / (1024 * 1024),
      healthMs,
      firstHomepageAtMs,
      firstHomepageMs: home.ms,
      busy,
      slugFirst,
      slugFailed,
      rssStartKiB,
      rssEndKiB,
      peakRssKiB: service.peakRssKiB(),
      sitemapAtMs,
      pages,
      loadAverage: loadavg()[0]!,
    }
  } finally {
    await bench.close()
  }
}

export function archiveSection(sizes: number[] = sizesFromEnv()): Section {
  return {
    name: 'archive',
    async run(): Promise<Table> {
      const results: Measurement[] = []
      const failures: string[] = []
      for (const size of sizes) {
        try {
          results.push(await measure(size))
        } catch (error) {
          // One size failing should not lose the others' numbers.
          const message = error instanceof Error ? error.message : String(error)
          log(`  ${thousands(size)} articles failed: ${message}`)
          failures.push(`${thousands(size)} articles failed: ${message.slice(0, 300)}`)
        }
      }
      return {
        title: 'Start and memory by archive size (the service as `npm run serve` starts it)',
        columns: [
          'articles',
          'database',
          'up (/health)',
          'first homepage answer',
          'its latency',
          `${READS} first reads by slug p50/p99`,
          'RSS after start → after reads (peak)',
          'first /sitemap.xml answer',
          ...pageKinds.map((kind) => `${kind} p99 cold / warm`),
          'load average',
        ],
        rows: results.map((m) => [
          thousands(m.articles),
          `${Math.round(m.databaseMiB)} MiB`,
          `${ms(m.healthMs)} ms`,
          `${ms(m.firstHomepageAtMs)} ms${m.busy ? ` (after ${m.busy} failed)` : ''}`,
          `${ms(m.firstHomepageMs)} ms`,
          m.slugFailed ? `failed after ${m.slugFirst.length} answers: ${shortError(m.slugFailed)}` : pair(m.slugFirst),
          `${mib(m.rssStartKiB)} → ${mib(m.rssEndKiB)} (peak ${mib(m.peakRssKiB)})`,
          m.sitemapAtMs === null ? 'none within 30 minutes' : `${ms(m.sitemapAtMs)} ms`,
          ...pageKinds.map((kind) => {
            const failed = m.pages[kind].failed
            if (failed) return `failed after ${m.pages[kind].cold.length} answers: ${shortError(failed)}`
            const cold = percentile(m.pages[kind].cold, 99)
            // The ratio to the smallest archive measured in this run: the target is at most 2x.
            const base = percentile(results[0]!.pages[kind].cold, 99)
            return `${ms(cold)} / ${ms(percentile(m.pages[kind].warm, 99))} ms${m === results[0] || !Number.isFinite(base) ? '' : ` (cold ${(cold / base).toFixed(2)}x)`}`
          }),
          m.loadAverage.toFixed(2),
        ]),
        notes: [
          'up: from spawning the process to its first 200 on /health; first homepage answer: from spawning to the homepage query answered (uncached).',
          `Reads: ${READS} article-by-slug queries, each a new cache key (the sample's slugs, an unused extra param varied), one at a time over keep-alive.`,
          `Pages: ${PAGE_SAMPLES} rounds; in each, per page, one small write, then the request (cold: no cached answer is current, documents as earlier requests left the worker's cache), then the same request again (warm: the service's query or feed cache). Article by slug and the section listing (categoryListingQuery, first page of 20) take another slug each round. Ratios: cold p99 against the smallest archive in the same run.`,
          ...failures,
        ],
      }
    },
  }
}
