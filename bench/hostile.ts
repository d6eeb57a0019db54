// Hostile load: what readers see while anonymous clients send the slowest queries they can, next to
// the same readers with no attack, in one run; and the service's memory after many distinct large
// queries, against the cache bounds it is configured with.

import { randomBytes } from 'node:crypto'
import { Agent } from 'node:http'
import { articleBySlugQuery } from '../src/content/article/query.ts'
import { homepageQuery } from '../src/content/homepage/query.ts'
import { clientHeaders, queryUrl, request } from './http.ts'
import { invalidatingWrite, serviceOnNewDataset } from './service.ts'
import { mib, ms, percentile, thousands } from './stats.ts'
import { target, type Section, type Table } from './table.ts'

const DATASET = 'production'
const ARTICLES = Number(process.env.BENCH_HOSTILE_ARTICLES ?? 10_000)
const PHASE_MS = 15_000
const ATTACKERS = 4
const WRITE_EVERY_MS = 1_000
const LARGE_QUERIES = 200
const TARGETS = { p99Ratio: 5, maxMs: 1_000, memoryOverMiB: 100 }
/** The service's defaults (README, Limits): results and responses, rendered pages. */
const CACHE_BOUND_MIB = 64 + 32

const log = (line: string) => process.stderr.write(`[hostile] ${line}\n`)

/** The slowest queries found: scans nested inside scans, each a little different so none is shared. */
function attackQuery(n: number): string {
  const shapes = [
    `count(*[count(*[count(*[_id > "${n}"]) > 0]) > 0])`,
    `*{"a": *{"b": *[${n % 7}]}}`,
    `*[_type == "article"] | order(title) | order(_id) | order(slug.current) | order(publishedAt)[${n % 50}]`,
    `count(*[title match "${n}*" && count(*[references(^._id)]) > 0])`,
  ]
  return shapes[n % shapes.length]!
}

interface Phase {
  latencies: number[]
  /** The slowest requests: what they asked for and when in the phase. */
  slowest: Array<{ ms: number; what: string; at: number }>
  errors: number
  attackAnswers: Map<number, number>
}

async function readerPhase(base: string, token: string, slugs: string[], attack: boolean): Promise<Phase> {
  const reads = new Agent({ keepAlive: true, maxSockets: 1 })
  const writes = new Agent({ keepAlive: false, maxSockets: 1 })
  const deadline = performance.now() + PHASE_MS
  const phase: Phase = { latencies: [], slowest: [], errors: 0, attackAnswers: new Map() }
  const started = performance.now()
  let stop = false
  const attackers = attack
    ? Array.from({ length: ATTACKERS }, async (_, a) => {
        const agent = new Agent({ keepAlive: true, maxSockets: 1 })
        let n = a * 1_000_000 + Number(randomBytes(2).readUInt16BE())
        while (!stop) {
          try {
            const res = await request(queryUrl(base, DATASET, attackQuery(n++)), { agent, localAddress: `127.0.0.${11 + a}`, headers: clientHeaders, timeoutMs: 30_000 })
            phase.attackAnswers.set(res.status, (phase.attackAnswers.get(res.status) ?? 0) + 1)
            if (res.status === 503) await new Promise((resolve) => setTimeout(resolve, 50))
          } catch {
            phase.attackAnswers.set(0, (phase.attackAnswers.get(0) ?? 0) + 1)
          }
        }
      })
    : []
  let tick = 0
  const writer = (async () => {
    while (!stop) {
      await new Promise((resolve) => setTimeout(resolve, WRITE_EVERY_MS))
      if (stop) return
      await invalidatingWrite(base, DATASET, token, writes, ++tick)
    }
  })()
  // A reader alternating the homepage and an article, as a reader of the live site does.
  let i = 0
  while (performance.now() < deadline) {
    const url = i % 2 === 0 ? queryUrl(base, DATASET, homepageQuery) : queryUrl(base, DATASET, articleBySlugQuery, { slug: slugs[i % slugs.length] })
    i++
    const res = await request(url, { agent: reads, localAddress: '127.0.0.2', headers: clientHeaders, timeoutMs: 30_000 })
    if (res.status !== 200) phase.errors++
    phase.latencies.push(res.ms)
    if (res.ms > 200) phase.slowest.push({ ms: res.ms, what: i % 2 === 1 ? 'homepage' : 'article', at: performance.now() - started - res.ms })
  }
  stop = true
  await Promise.all([writer, ...attackers])
  reads.destroy()
  writes.destroy()
  return phase
}

async function largeQueries(base: string): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 4 })
  // Each a different slice of whole articles, about 3 MB, under the public answer limit of 4 MB.
  const jobs = Array.from({ length: LARGE_QUERIES }, (_, n) => () =>
    request(queryUrl(base, DATASET, `*[_type == "article"] | order(_id)[${n % 20}...${(n % 20) + 1500}]{..., "n": ${n}}`), { agent, localAddress: '127.0.0.3', headers: clientHeaders, timeoutMs: 60_000 }),
  )
  for (let k = 0; k < jobs.length; k += 4) await Promise.all(jobs.slice(k, k + 4).map((job) => job()))
  agent.destroy()
}

export function hostileSection(): Section {
  return {
    name: 'hostile',
    async run(): Promise<Table> {
      const bench = await serviceOnNewDataset({ section: 'hostile', dataset: DATASET, articles: ARTICLES, log })
      try {
        const { info, service } = bench
        const base = service.url
        const token = await bench.token()
        const slugs = info.sample.map((s) => s.slug)
        // Warm: the first queries build each worker's views and compile the query plans.
        for (let i = 0; i < 20; i++) {
          await request(queryUrl(base, DATASET, homepageQuery), { headers: clientHeaders })
          await request(queryUrl(base, DATASET, articleBySlugQuery, { slug: slugs[i % slugs.length] }), { headers: clientHeaders })
        }
        log('quiet: one reader, a write a second')
        const quiet = await readerPhase(base, token, slugs, false)
        log(`attack: the same reader and ${ATTACKERS} anonymous clients sending the slowest queries`)
        const attacked = await readerPhase(base, token, slugs, true)
        // Memory is compared at rest: after the attack has settled, and after the large queries have.
        const settle = () => new Promise((resolve) => setTimeout(resolve, 5_000))
        await settle()
        const rssBefore = service.rssKiB()
        log(`memory: ${LARGE_QUERIES} distinct large queries`)
        await largeQueries(base)
        await settle()
        const rssAfter = service.rssKiB()
        const alive = (await request(`${base}/health`)).status === 200

        const row = (name: string, p: Phase) => [name, String(p.latencies.length), ms(percentile(p.latencies, 50)), ms(percentile(p.latencies, 99)), ms(Math.max(...p.latencies)), String(p.errors)]
        const ratio = percentile(attacked.latencies, 99) / percentile(quiet.latencies, 99)
        const worst = Math.max(...attacked.latencies)
        const grewMiB = (rssAfter - rssBefore) / 1024
        const attackSummary = [...attacked.attackAnswers].sort(([a], [b]) => a - b).map(([status, count]) => `${count}×${status || 'no answer'}`).join(', ')
        return {
          title: `Hostile load (${thousands(ARTICLES)} articles; reader: homepage and article queries, a write a second)`,
          columns: ['phase', 'requests', 'p50 ms', 'p99 ms', 'max ms', 'errors'],
          rows: [row('quiet', quiet), row(`${ATTACKERS} attackers`, attacked)],
          notes: [
            `Attack queries answered: ${attackSummary}.`,
            `Slowest reader requests under attack: ${attacked.slowest.sort((a, b) => b.ms - a.ms).slice(0, 5).map((r) => `${r.what} ${ms(r.ms)} ms at ${(r.at / 1000).toFixed(1)} s`).join(', ') || 'none over 200 ms'}.`,
            target(ratio <= TARGETS.p99Ratio, `reader p99 under attack <= ${TARGETS.p99Ratio}x quiet p99 (measured ${ratio.toFixed(2)}x)`),
            target(worst <= TARGETS.maxMs && attacked.errors === 0, `no reader request over ${TARGETS.maxMs} ms or failed under attack (slowest ${ms(worst)} ms, ${attacked.errors} failed)`),
            target(grewMiB <= CACHE_BOUND_MIB + TARGETS.memoryOverMiB && alive, `resident memory after ${LARGE_QUERIES} distinct large queries within the cache bound (${CACHE_BOUND_MIB} MiB) + ${TARGETS.memoryOverMiB} MiB: ${mib(rssBefore)} -> ${mib(rssAfter)} (+${grewMiB.toFixed(0)} MiB)${alive ? '' : '; the service stopped answering'}`),
          ],
        }
      } finally {
        await bench.close()
      }
    },
  }
}
