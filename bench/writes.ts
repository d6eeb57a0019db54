// What a write costs as the archive grows: for each dataset size, an editor publishes a new story
// 20 times through the HTTP API (a draft saved, then published: the published article written and
// the draft deleted in one transaction, as the admin does). Timed: the publish's round trip, the
// time from sending it to an open homepage's listen event for the story, and to the homepage query
// (as the reader's client sends it, after the event) showing the story at the top of Latest Updates.
// Ratios are against the smallest size in the same run: a write should cost the documents it
// changes, not the archive, so they should stay near 1.

import { randomBytes } from 'node:crypto'
import { Agent, get, type ClientRequest } from 'node:http'
import { loadavg } from 'node:os'
import { homepageListenQuery, homepageQuery } from '../src/content/homepage/query.ts'
import { sizesFromEnv } from './content.ts'
import { apiVersion, clientHeaders, listenUrl, mutateUrl, queryUrl, request, requestJson } from './http.ts'
import { serviceOnNewDataset } from './service.ts'
import { SseParser } from './sse.ts'
import { ms, percentile, thousands } from './stats.ts'
import { target, type Section, type Table } from './table.ts'

const DATASET = 'production'
const WRITES = 20
/** Each size's median within this factor of the smallest size's. */
const TARGET_RATIO = 2
const EVENT_TIMEOUT_MS = 30_000

interface Measurement {
  articles: number
  /** Round trip of each publish (mutate request). */
  publishMs: number[]
  /** From sending the publish to the open homepage's listen event for the story. */
  eventMs: number[]
  /** From sending the publish to the homepage query answering with the story first in Latest Updates. */
  homepageMs: number[]
  /** Homepage queries asked per write until one showed the story (1 when the first did). */
  homepageTries: number[]
  loadAverage: number
}

const log = (line: string) => process.stderr.write(`[writes] ${line}\n`)

type Article = Record<string, unknown> & { _id: string }

/** One open homepage's listen stream: resolves each wait when the event for a document arrives. */
function openListener(base: string): { ready: Promise<void>; next(documentId: string): Promise<number>; close(): void } {
  const arrived = new Map<string, number>()
  const waiting = new Map<string, (at: number) => void>()
  let welcome: () => void = () => {}
  let fail: (error: Error) => void = () => {}
  const ready = new Promise<void>((resolve, reject) => {
    welcome = resolve
    fail = reject
  })
  const req: ClientRequest = get(listenUrl(base, DATASET, homepageListenQuery), { headers: { Accept: 'text/event-stream' } }, (res) => {
    if (res.statusCode !== 200) return fail(new Error(`The listen stream answered ${res.statusCode}`))
    res.setEncoding('utf8')
    const parser = new SseParser((event, data) => {
      if (event === 'welcome') welcome()
      if (event !== 'mutation') return
      const at = performance.now()
      const { documentId } = JSON.parse(data) as { documentId: string }
      const resolve = waiting.get(documentId)
      if (resolve) {
        waiting.delete(documentId)
        resolve(at)
      } else arrived.set(documentId, at)
    })
    res.on('data', (chunk: string) => parser.push(chunk))
  })
  req.on('error', (error) => fail(error))
  return {
    ready,
    next: (documentId) =>
      new Promise<number>((resolve, reject) => {
        const at = arrived.get(documentId)
        if (at !== undefined) return resolve(at)
        const timer = setTimeout(() => reject(new Error(`No listen event for ${documentId} within ${EVENT_TIMEOUT_MS} ms`)), EVENT_TIMEOUT_MS)
        waiting.set(documentId, (time) => {
          clearTimeout(timer)
          resolve(time)
        })
      }),
    close: () => req.destroy(),
  }
}

async function measure(articles: number): Promise<Measurement> {
  const bench = await serviceOnNewDataset({ section: 'writes', dataset: DATASET, articles, log })
  let listener: ReturnType<typeof openListener> | null = null
  try {
    const { info } = bench
    const base = bench.service.url
    const token = await bench.token()
    const reads = new Agent({ keepAlive: true, maxSockets: 1 })
    const writes = new Agent({ keepAlive: false, maxSockets: 1 })
    const editor = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }
    const mutate = (mutations: unknown[]) => requestJson(mutateUrl(base, DATASET), { method: 'POST', agent: writes, headers: editor, body: JSON.stringify({ mutations }) })
    const homepage = async () => {
      const res = await request(queryUrl(base, DATASET, homepageQuery), { agent: reads, headers: clientHeaders, timeoutMs: 600_000 })
      if (res.status !== 200) throw new Error(`The homepage query answered ${res.status}: ${res.body.toString('utf8').slice(0, 300)}`)
      return JSON.parse(res.body.toString('utf8')) as { result: { latest: Array<{ _id: string }> } }
    }

    // The first queries of a started service: on a busy machine that can take longer than a query may wait (503) or
    // an anonymous query may run (queryTimeoutError). Then the homepage is open and listening.
    for (let attempt = 1; ; attempt++) {
      try {
        await homepage()
        break
      } catch (error) {
        const loading = error instanceof Error && (error.message.includes(' 503') || error.message.includes('queryTimeoutError'))
        if (attempt >= 60 || !loading) throw error
        await new Promise((resolve) => setTimeout(resolve, 2_000))
      }
    }
    listener = openListener(base)
    await listener.ready
    const { documents } = await requestJson<{ documents: Article[] }>(`${base}/${apiVersion}/data/doc/${DATASET}/${info.sample[0]!.id}`, { agent: reads, headers: editor })
    const template = documents[0]!
    const result: Measurement = { articles, publishMs: [], eventMs: [], homepageMs: [], homepageTries: [], loadAverage: 0 }
    const run = randomBytes(4).toString('hex')
    for (let i = 0; i < WRITES; i++) {
      const id = `bench-${run}-${i}`
      // Newest of all, and flagged for Latest Updates: the homepage's first latest story once published.
      const story: Article = {
        ...template,
        _id: `drafts.${id}`,
        title: `Breaking in the benchmark ${i}`,
        slug: { _type: 'slug', current: `bench-${run}-${i}` },
        publishedAt: new Date(Date.now() + 60_000 * (i + 1)).toISOString(),
        isLatestUpdate: true,
        isBreakingNews: false,
        isLeadStory: false,
      }
      delete story._rev
      await mutate([{ create: story }])
      const sent = performance.now()
      await mutate([{ createOrReplace: { ...story, _id: id } }, { delete: { id: `drafts.${id}` } }])
      result.publishMs.push(performance.now() - sent)
      const heard = listener.next(id)
      result.eventMs.push((await heard) - sent)
      // The reader's client refetches on the event; asked again until the answer shows the story.
      let tries = 0
      for (;;) {
        tries++
        const answer = await homepage()
        if (answer.result.latest[0]?._id === id) break
        if (tries >= 200) throw new Error(`The homepage did not show ${id} after ${tries} queries`)
      }
      result.homepageMs.push(performance.now() - sent)
      result.homepageTries.push(tries)
    }
    log(`  publish p50 ${ms(percentile(result.publishMs, 50))} ms, homepage p50 ${ms(percentile(result.homepageMs, 50))} ms`)
    result.loadAverage = loadavg()[0]!
    reads.destroy()
    writes.destroy()
    return result
  } finally {
    listener?.close()
    await bench.close()
  }
}

const p50 = (samples: number[]) => percentile(samples, 50)
const pair = (samples: number[]) => `${ms(p50(samples))} / ${ms(percentile(samples, 95))} ms`
const ratio = (value: number, baseline: number) => (Number.isFinite(value / baseline) ? `${(value / baseline).toFixed(2)}x` : 'n/a')

export function writesSection(sizes: number[] = sizesFromEnv()): Section {
  return {
    name: 'writes',
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
      const [baseline] = results
      const rows = results.map((m) => [
        thousands(m.articles),
        pair(m.publishMs),
        ratio(p50(m.publishMs), p50(baseline!.publishMs)),
        pair(m.eventMs),
        pair(m.homepageMs),
        ratio(p50(m.homepageMs), p50(baseline!.homepageMs)),
      ])
      const within = (pick: (m: Measurement) => number[]) =>
        baseline && results.length > 1 ? results.every((m) => p50(pick(m)) <= TARGET_RATIO * p50(pick(baseline))) : null
      const largest = results[results.length - 1]
      return {
        title: `Writes (${WRITES} publishes of a new story through the HTTP API; p50 / p95)`,
        columns: ['articles', 'publish', 'publish / smallest', 'to listen event', 'to homepage', 'homepage / smallest'],
        rows,
        notes: [
          'Targets (medians, against the smallest size in this run):',
          '  ' + target(within((m) => m.publishMs), `publish within ${TARGET_RATIO}x at every size` + (largest && baseline ? ` (${ratio(p50(largest.publishMs), p50(baseline.publishMs))} at ${thousands(largest.articles)})` : '')),
          '  ' + target(within((m) => m.homepageMs), `publish to homepage within ${TARGET_RATIO}x at every size` + (largest && baseline ? ` (${ratio(p50(largest.homepageMs), p50(baseline.homepageMs))} at ${thousands(largest.articles)})` : '')),
          '',
          'Each write: a draft saved (not timed), then published: the article written and its draft deleted in one transaction, as the admin publishes.',
          '  publish = the mutate round trip; to listen event = from sending it to an anonymous listener on the homepage\'s filter receiving the story;',
          '  to homepage = from sending it to the homepage query (as the reader\'s client sends it) answering with the story first in Latest Updates,',
          '  asked after the event as the homepage asks, and again until it shows it.',
          ...results.map(
            (m) =>
              `${thousands(m.articles)} articles: homepage queries per write until it showed the story: max ${Math.max(...m.homepageTries)}; load average ${m.loadAverage.toFixed(2)} at the end.`,
          ),
          ...failures,
        ],
      }
    },
  }
}
