// Counting reads (server/audience/): how many beacons the service absorbs a second while a reader
// reads the homepage, next to the same reader with no beacons, in one run; the memory one million
// distinct readers of a day take; and the homepage query's cost with counts folded into the
// documents, at each size (flat within 2x is the target).

import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { Agent } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pageOf, refusal } from '../server/audience/counter.ts'
import { DailyReaders } from '../server/audience/readers.ts'
import { homepageQuery } from '../src/content/homepage/query.ts'
import { onCleanup } from './cleanup.ts'
import { buildDataset, type DatasetInfo } from './dataset.ts'
import { clientHeaders, queryUrl, request } from './http.ts'
import { benchDirs, invalidatingWrite, signIn, startService, type ServiceChild } from './service.ts'
import { mib, ms, percentile, thousands } from './stats.ts'
import { target, type Section, type Table } from './table.ts'

const DATASET = 'production'
const PHASE_MS = 15_000
/** Beacons in flight at once, over keep-alive connections from many loopback addresses. */
const SENDERS = 32
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
  homepage: number[]
  beacons: number
  refused: number
  seconds: number
}

/** A reader asking the homepage query over and over for PHASE_MS, with SENDERS beacon senders beside it or not. */
async function phase(base: string, slugs: string[], beacons: boolean): Promise<Phase> {
  const reader = new Agent({ keepAlive: true, maxSockets: 1 })
  const started = performance.now()
  const deadline = started + PHASE_MS
  const result: Phase = { homepage: [], beacons: 0, refused: 0, seconds: 0 }
  const senders = beacons
    ? Array.from({ length: SENDERS }, async (_, s) => {
        const agent = new Agent({ keepAlive: true, maxSockets: 1 })
        let n = 0
        while (performance.now() < deadline) {
          n++
          // Distinct readers: the user agent and the page change, the address is the sender's.
          const body = JSON.stringify({ path: `/article/${slugs[(s * 7919 + n) % slugs.length]}`, referrer: n % 3 === 0 ? 'https://www.google.com/' : '' })
          const res = await request(`${base}/reads`, { method: 'POST', agent, body, localAddress: `127.0.${20 + (s >> 6)}.${(s % 64) + 1}`, headers: { 'Content-Type': 'application/json', 'User-Agent': `${browserAgents[n % browserAgents.length]} r${s}-${n}` } })
          if (res.status === 204) result.beacons++
          else result.refused++
        }
        agent.destroy()
      })
    : []
  while (performance.now() < deadline) {
    const res = await request(queryUrl(base, DATASET, homepageQuery), { agent: reader, localAddress: '127.0.0.2', headers: clientHeaders })
    if (res.status === 200) result.homepage.push(res.ms)
  }
  await Promise.all(senders)
  result.seconds = (performance.now() - started) / 1000
  reader.destroy()
  return result
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
  loaded?: Phase
  info: DatasetInfo
}

export function readsSection(): Section {
  return {
    name: 'reads',
    async run(): Promise<Table> {
      const results: SizeResult[] = []
      for (const articles of sizes()) {
        const tmp = mkdtempSync(join(tmpdir(), 'resonance-bench-reads-'))
        const forgetTmp = onCleanup(() => rmSync(tmp, { recursive: true, force: true }))
        let service: ServiceChild | null = null
        try {
          const { dataDir, staticDir } = benchDirs(tmp)
          log(`${thousands(articles)} articles: building the dataset`)
          const info = await buildDataset({ dataDir, dataset: DATASET, articles, chunk: 5_000 })
          const adminEmail = 'bench@resonance.example'
          const adminPassword = randomBytes(18).toString('base64url')
          // Counts are folded in every 10 s rather than every minute, so each phase includes folds.
          service = await startService({ dataDir, staticDir, adminEmail, adminPassword, env: { READS_FOLD_INTERVAL_MS: '10000', READS_PER_ADDRESS_PER_MINUTE: '0', VITE_SANITY_DATASET: DATASET } })
          const base = service.url
          const token = await signIn(base, adminEmail, adminPassword)
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
            result.quiet = await phase(base, slugs, false)
            log(`beacons: the same reader, and ${SENDERS} senders of beacons`)
            result.loaded = await phase(base, slugs, true)
          }
          results.push(result)
        } finally {
          await service?.stop()
          forgetTmp()
          rmSync(tmp, { recursive: true, force: true })
        }
      }
      log('memory: one million distinct readers')
      const memory = readersMemory()
      const first = results[0]!
      const quietP99 = percentile(first.quiet!.homepage, 99)
      const loadedP99 = percentile(first.loaded!.homepage, 99)
      const perSecond = first.loaded!.beacons / first.loaded!.seconds
      const coldRatio = percentile(results.at(-1)!.cold, 50) / percentile(first.cold, 50)
      return {
        title: 'Counting reads (POST /reads) and the homepage query with counts',
        columns: ['measure', ...results.map((r) => `${thousands(r.articles)} articles`)],
        rows: [
          ['homepage query with counts, cold (median)', ...results.map((r) => `${ms(percentile(r.cold, 50))} ms`)],
          ['homepage query with counts, warm (median)', ...results.map((r) => `${ms(percentile(r.warm, 50))} ms`)],
          ['beacons answered 204 a second', `${thousands(Math.round(perSecond))} (${first.loaded!.refused} refused)`],
          ['homepage p99, quiet', `${ms(quietP99)} ms (${first.quiet!.homepage.length} requests)`],
          ['homepage p99, absorbing beacons', `${ms(loadedP99)} ms (${first.loaded!.homepage.length} requests)`],
          ['one million distinct readers', `${mib(memory.tableBytes / 1024)} table (${mib(memory.heapGrowth / 1024)} heap growth)`],
          ['beacons judged a second, no HTTP (one thread)', thousands(Math.round(memory.judgedPerSecond))],
        ],
        notes: [
          `Beacons: ${SENDERS} senders on keep-alive connections from ${SENDERS} loopback addresses, each a new reader, counts folded in every 10 s; ${PHASE_MS / 1000} s per phase, the reader on its own address.`,
          target(perSecond >= TARGETS.readsPerSecond, `at least ${thousands(TARGETS.readsPerSecond)} reads absorbed a second (measured ${thousands(Math.round(perSecond))})`),
          target(loadedP99 <= TARGETS.p99Ratio * quietP99, `homepage p99 while absorbing within ${TARGETS.p99Ratio}x of quiet (measured ${(loadedP99 / quietP99).toFixed(2)}x)`),
          target(memory.heapGrowth <= TARGETS.readersMiB * 1024 * 1024, `one million distinct readers in at most ${TARGETS.readersMiB} MiB (measured ${mib(memory.heapGrowth / 1024)})`),
          target(coldRatio <= TARGETS.flatRatio, `homepage query with counts flat within ${TARGETS.flatRatio}x from ${thousands(first.articles)} to ${thousands(results.at(-1)!.articles)} articles (cold median ${coldRatio.toFixed(2)}x)`),
        ],
      }
    },
  }
}
