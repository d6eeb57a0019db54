// Counting reads (server/audience/): how many beacons the service absorbs a second, as fast as
// they are answered and at the target's 3,000 a second, while a reader reads the homepage, next to
// the same reader with no beacons, in one run; the memory one million
// distinct readers of a day take; and the homepage query's cost with counts folded into the
// documents, at each size (flat within 2x is the target).

import { Agent } from 'node:http'
import { pageOf, refusal } from '../server/audience/counter.ts'
import { DailyReaders } from '../server/audience/readers.ts'
import { homepageQuery } from '../src/content/homepage/query.ts'
import type { DatasetInfo } from './dataset.ts'
import type { BeaconLoad, BeaconResult } from './beacon-worker.ts'
import { clientHeaders, queryUrl, request } from './http.ts'
import { invalidatingWrite, type ServiceChild, serviceOnNewDataset } from './service.ts'
import { mib, ms, percentile, thousands } from './stats.ts'
import { target, type Section, type Table } from './table.ts'
import { runWorker } from './worker.ts'

const DATASET = 'production'
const PHASE_MS = 15_000
/** Beacon senders (keep-alive connections from as many loopback addresses) as fast as the service answers them. */
const SENDERS = 32
/** Beacon senders at the target's rate, each on its own schedule, enough that none waits on its last answer. */
const PACED_SENDERS = 64
const TARGETS = { readsPerSecond: 3_000, p99Ratio: 2, readersMiB: 100, flatRatio: 2 }
const COLD_ROUNDS = 20
const browserAgents = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
]

const log = (line: string) => process.stderr.write(`[reads] ${line}\n`)

function sizes(): number[] {
  const raw = process.env.BENCH_READS_SIZES?.trim()
  return raw ? raw.split(',').map((s) => Number(s.trim().replace(/_/g, ''))) : [1_000, 10_000]
}

interface Phase {
  /** The reader's homepage requests while the beacons' window was open (all of them in a quiet phase). */
  homepage: number[]
  beacons: BeaconResult | null
}

/**
 * A reader asking for the homepage query over and over, alone for PHASE_MS or beside a sender of
 * beacons in its own process (`senders` of them, `perSecond` on a schedule or 0 for as fast as
 * they are answered); only the reader's requests inside the senders' measured window count.
 */
async function phase(service: ServiceChild, slugs: string[], beacons: { senders: number; perSecond: number } | null): Promise<Phase> {
  const base = service.url
  const reader = new Agent({ keepAlive: true, maxSockets: 1 })
  const sending = beacons ? runWorker<BeaconLoad, BeaconResult>('./beacon-worker.ts', { url: `${base}/reads`, slugs, ...beacons, warmupMs: 3_000, durationMs: PHASE_MS, serverPid: service.pid, userAgents: browserAgents }) : null
  const samples: Array<{ at: number; ms: number }> = []
  let settled = false
  void sending?.then(
    () => (settled = true),
    () => (settled = true),
  )
  const deadline = performance.now() + PHASE_MS
  while (sending ? !settled : performance.now() < deadline) {
    const at = performance.timeOrigin + performance.now()
    const res = await request(queryUrl(base, DATASET, homepageQuery), { agent: reader, localAddress: '127.0.0.2', headers: clientHeaders })
    if (res.status === 200) samples.push({ at, ms: res.ms })
  }
  reader.destroy()
  const done = sending ? await sending : null
  return { homepage: done ? samples.filter((s) => s.at >= done.from && s.at + s.ms <= done.to).map((s) => s.ms) : samples.map((s) => s.ms), beacons: done }
}

/**
 * The bytes one million distinct readers of a day take, measured in this process, and how many
 * beacons a second the judging alone (bot list, page, daily readers; no HTTP) gets through.
 */
function readersMemory(): { tableBytes: number; heapGrowth: number; judgedPerSecond: number } {
  globalThis.gc?.()
  const before = process.memoryUsage()
  const readers = new DailyReaders()
  const started = performance.now()
  for (let i = 0; i < 1_000_000; i++) {
    const address = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`
    const userAgent = browserAgents[i % browserAgents.length]!
    const path = `/article/story-${i % 5000}`
    const page = refusal({ address, userAgent, purpose: '', signedIn: false, ownHost: null }) ? null : pageOf(path)
    if (page) readers.firstToday(address, userAgent, `${page.type}/${page.slug}`)
  }
  const seconds = (performance.now() - started) / 1000
  globalThis.gc?.()
  const after = process.memoryUsage()
  return { tableBytes: readers.bytes, heapGrowth: after.heapUsed + after.arrayBuffers - (before.heapUsed + before.arrayBuffers), judgedPerSecond: 1_000_000 / seconds }
}

interface SizeResult {
  articles: number
  cold: number[]
  warm: number[]
  quiet?: Phase
  /** Beacons as fast as SENDERS senders are answered. */
  flooded?: Phase
  /** Beacons offered at the target's rate. */
  paced?: Phase
  info: DatasetInfo
}

export function readsSection(): Section {
  return {
    name: 'reads',
    async run(): Promise<Table> {
      const results: SizeResult[] = []
      for (const articles of sizes()) {
        // Counts are folded in every 10 s rather than every minute, so each phase includes folds.
        const bench = await serviceOnNewDataset({ section: 'reads', dataset: DATASET, articles, log, env: { READS_FOLD_INTERVAL_MS: '10000', READS_PER_ADDRESS_PER_MINUTE: '0', VITE_SANITY_DATASET: DATASET } })
        try {
          const { info, service } = bench
          const base = service.url
          const token = await bench.token()
          const slugs = info.sample.map((s) => s.slug)
          const writes = new Agent({ keepAlive: false, maxSockets: 1 })
          const result: SizeResult = { articles, cold: [], warm: [], info }
          for (let i = 0; i < 20; i++) await request(queryUrl(base, DATASET, homepageQuery), { headers: clientHeaders })
          // The homepage query with counts in the documents: cold (the first after a write, as after
          // each fold) and warm (answered from the cache until the next).
          for (let round = 0; round < COLD_ROUNDS; round++) {
            await invalidatingWrite(base, DATASET, token, writes, round)
            result.cold.push((await request(queryUrl(base, DATASET, homepageQuery), { headers: clientHeaders })).ms)
            result.warm.push((await request(queryUrl(base, DATASET, homepageQuery), { headers: clientHeaders })).ms)
          }
          writes.destroy()
          if (articles === sizes()[0]) {
            log('quiet: one reader asking for the homepage')
            result.quiet = await phase(service, slugs, null)
            log(`beacons: the same reader, and ${SENDERS} senders of beacons as fast as they are answered`)
            result.flooded = await phase(service, slugs, { senders: SENDERS, perSecond: 0 })
            log(`beacons: the same reader, and ${thousands(TARGETS.readsPerSecond)} beacons a second from ${PACED_SENDERS} senders`)
            result.paced = await phase(service, slugs, { senders: PACED_SENDERS, perSecond: TARGETS.readsPerSecond })
          }
          results.push(result)
        } finally {
          await bench.close()
        }
      }
      log('memory: one million distinct readers')
      const first = results[0]!
      const quietP99 = percentile(first.quiet!.homepage, 99)
      const flooded = first.flooded!
      const paced = first.paced!
      const perSecond = (p: Phase) => (p.beacons!.answered * 1000) / (p.beacons!.to - p.beacons!.from)
      const p99 = (p: Phase) => percentile(p.homepage, 99)
      const beaconsRow = (p: Phase) => {
        const b = p.beacons!
        const cpuPerBeacon = (b.serverCpu * (b.to - b.from) * 1000) / Math.max(1, b.answered)
        return `${thousands(Math.round(perSecond(p)))} (${b.refused} refused; the service ${Math.round(b.serverCpu * 100)}% of a core, ${Math.round(cpuPerBeacon)} µs a beacon; the senders ${Math.round(b.clientCpu * 100)}%)`
      }
      const coldRatio = percentile(results.at(-1)!.cold, 50) / percentile(first.cold, 50)
      const memory = readersMemory()
      return {
        title: 'Counting reads (POST /reads) and the homepage query with counts',
        columns: ['measure', ...results.map((r) => `${thousands(r.articles)} articles`)],
        rows: [
          ['homepage query with counts, cold (median)', ...results.map((r) => `${ms(percentile(r.cold, 50))} ms`)],
          ['homepage query with counts, warm (median)', ...results.map((r) => `${ms(percentile(r.warm, 50))} ms`)],
          [`beacons answered 204 a second, ${SENDERS} senders as fast as answered`, beaconsRow(flooded)],
          [`beacons answered 204 a second, ${thousands(TARGETS.readsPerSecond)} a second offered`, beaconsRow(paced)],
          ['homepage p99, quiet', `${ms(quietP99)} ms (${first.quiet!.homepage.length} requests)`],
          [`homepage p99, beside ${SENDERS} senders as fast as answered`, `${ms(p99(flooded))} ms (${flooded.homepage.length} requests)`],
          [`homepage p99, absorbing ${thousands(TARGETS.readsPerSecond)} beacons a second`, `${ms(p99(paced))} ms (${paced.homepage.length} requests)`],
          ['one million distinct readers', `${mib(memory.tableBytes / 1024)} table (${mib(memory.heapGrowth / 1024)} heap growth)`],
          ['beacons judged a second, no HTTP (one thread)', thousands(Math.round(memory.judgedPerSecond))],
        ],
        notes: [
          `Beacons come from a process of their own (the senders' share of a core above), on keep-alive connections from one loopback address each, each a new reader; counts folded in every 10 s; ${PHASE_MS / 1000} s per phase after 3 s of warm-up, the reader on its own address in the benchmark's process.`,
          target(perSecond(flooded) >= TARGETS.readsPerSecond, `at least ${thousands(TARGETS.readsPerSecond)} reads absorbed a second (measured ${thousands(Math.round(perSecond(flooded)))} as fast as answered)`),
          target(perSecond(paced) >= 0.98 * TARGETS.readsPerSecond && p99(paced) <= TARGETS.p99Ratio * quietP99, `homepage p99 within ${TARGETS.p99Ratio}x of quiet while absorbing ${thousands(TARGETS.readsPerSecond)} a second (measured ${(p99(paced) / quietP99).toFixed(2)}x at ${thousands(Math.round(perSecond(paced)))} a second; ${(p99(flooded) / quietP99).toFixed(2)}x as fast as answered)`),
          target(memory.heapGrowth <= TARGETS.readersMiB * 1024 * 1024, `one million distinct readers in at most ${TARGETS.readersMiB} MiB (measured ${mib(memory.heapGrowth / 1024)})`),
          target(coldRatio <= TARGETS.flatRatio, `homepage query with counts flat within ${TARGETS.flatRatio}x from ${thousands(first.articles)} to ${thousands(results.at(-1)!.articles)} articles (cold median ${coldRatio.toFixed(2)}x)`),
        ],
      }
    },
  }
}
