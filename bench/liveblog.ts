// What a live blog costs as it grows (issue 24: "posting the 2,000th update costs what the first
// did"): two blogs in one paper of 1,000 articles, one with 10 updates and one with 2,000. Each
// round posts an update to each blog through the HTTP API, as the desk does, then loads its first
// page from the service (rendered afresh: the post changed it) and asks its first page's query
// with a new cache key; on the large blog it also loads its oldest and its newest older page (the
// small one has none). Rounds alternate the blogs so both meet the same load. Target: the large
// blog's medians within 2x of the small one's, its newest older page within 2x of its oldest and
// of the small blog's first page (docs/decisions/029-live-blog-pages.md).

import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { Agent } from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { firstPageQuery } from '../src/content/liveblog/query.ts'
import { fullPages } from '../src/content/liveblog/pages.ts'
import { onCleanup } from './cleanup.ts'
import { buildDataset } from './dataset.ts'
import { clientHeaders, mutateUrl, queryUrl, request, requestJson } from './http.ts'
import { benchDirs, root, signIn, startService } from './service.ts'
import { ms, percentile, thousands } from './stats.ts'
import { target, type Section, type Table } from './table.ts'

const DATASET = 'production'
const ARTICLES = 1_000
const ROUNDS = 30
const TARGET_RATIO = 2
const blogs = [
  { id: 'bench-blog-small', slug: 'bench-live-small', updates: 10 },
  { id: 'bench-blog-large', slug: 'bench-live-large', updates: 2_000 },
] as const

const log = (line: string) => process.stderr.write(`[liveblog] ${line}\n`)

interface Samples {
  post: number[]
  page: number[]
  query: number[]
  /** The large blog's older pages, rendered: `?page=1` and the newest (the one before the first page). */
  oldest: number[]
  newest: number[]
}

let counter = 0
function update(blog: string, at: Date): Record<string, unknown> {
  counter++
  return {
    _id: `bench-update-${counter}`,
    _type: 'liveUpdate',
    liveBlog: { _type: 'reference', _ref: blog },
    publishedAt: at.toISOString(),
    headline: counter % 5 === 0 ? `Update ${counter}` : undefined,
    isKeyEvent: counter % 40 === 0,
    body: [{ _type: 'block', _key: 'b', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's', text: `Update ${counter}: what happened, in a sentence or two, as a reporter posts it.`, marks: [] }] }],
  }
}

async function measure(): Promise<{ samples: Map<string, Samples>; loadAverage: number }> {
  const tmp = mkdtempSync(join(tmpdir(), 'resonance-bench-liveblog-'))
  const removeTmp = () => rmSync(tmp, { recursive: true, force: true })
  const forgetTmp = onCleanup(removeTmp)
  const staticDir = join(root, 'dist')
  if (!existsSync(join(staticDir, 'index.html'))) throw new Error('Run `npm run build` first: the live blog section renders pages from dist/')
  const admin = { email: 'bench@resonance.example', password: randomBytes(18).toString('base64url') }
  try {
    const { dataDir } = benchDirs(tmp)
    log(`${thousands(ARTICLES)} articles: building the dataset`)
    await buildDataset({ dataDir, dataset: DATASET, articles: ARTICLES, chunk: 5_000 })
    const service = await startService({ dataDir, staticDir, adminEmail: admin.email, adminPassword: admin.password })
    const token = await signIn(service.url, admin.email, admin.password)
    const writes = new Agent({ keepAlive: true, maxSockets: 1 })
    const reads = new Agent({ keepAlive: true, maxSockets: 1 })
    const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }
    const mutate = (mutations: unknown[]) => request(mutateUrl(service.url, DATASET), { method: 'POST', agent: writes, headers, body: JSON.stringify({ mutations }) })
    const started = Date.now() - 3 * 3_600_000
    // The blogs and their first updates, a few seconds apart, written in batches as a day's desk would have.
    for (const blog of blogs) {
      const article = { _id: blog.id, _type: 'article', title: `Live: ${blog.slug}`, slug: { _type: 'slug', current: blog.slug }, publishedAt: new Date(started).toISOString(), isLiveBlog: true }
      await requestJson(mutateUrl(service.url, DATASET), { method: 'POST', agent: writes, headers, body: JSON.stringify({ mutations: [{ createOrReplace: article }] }) })
      for (let done = 0; done < blog.updates; done += 250) {
        const batch = Array.from({ length: Math.min(250, blog.updates - done) }, (_, i) => ({ create: update(blog.id, new Date(started + (done + i) * 5_000)) }))
        const res = await mutate(batch)
        if (res.status !== 200) throw new Error(`Writing ${blog.slug}'s updates answered ${res.status}: ${res.body.toString('utf8').slice(0, 300)}`)
      }
      log(`  ${blog.slug}: ${thousands(blog.updates)} updates`)
    }
    const samples = new Map<string, Samples>(blogs.map((blog) => [blog.id, { post: [], page: [], query: [], oldest: [], newest: [] }]))
    const totals = new Map<string, number>(blogs.map((blog) => [blog.id, blog.updates]))
    // A warm-up round each, so the workers and the renderer have loaded before anything is timed.
    for (let round = -2; round < ROUNDS; round++) {
      for (const blog of blogs) {
        const posted = await mutate([{ create: update(blog.id, new Date()) }])
        if (posted.status !== 200) throw new Error(`A post answered ${posted.status}: ${posted.body.toString('utf8').slice(0, 300)}`)
        totals.set(blog.id, totals.get(blog.id)! + 1)
        const page = await request(`${service.url}/article/${blog.slug}`, { agent: reads, headers: { Accept: 'text/html' } })
        if (page.status !== 200) throw new Error(`/article/${blog.slug} answered ${page.status}`)
        const query = await request(queryUrl(service.url, DATASET, firstPageQuery, { blog: blog.id, n: round }), { agent: reads, headers: clientHeaders })
        if (query.status !== 200) throw new Error(`The first page's query answered ${query.status}: ${query.body.toString('utf8').slice(0, 300)}`)
        // The older pages (after the post, which changed neither): only the large blog has them.
        const newestOlder = fullPages(totals.get(blog.id)!) - 1
        const older = newestOlder >= 1 ? await Promise.all([1, newestOlder].map(async (n) => ({ n, res: await request(`${service.url}/article/${blog.slug}?page=${n}`, { agent: reads, headers: { Accept: 'text/html' } }) }))) : []
        for (const { n, res } of older) if (res.status !== 200) throw new Error(`/article/${blog.slug}?page=${n} answered ${res.status}`)
        if (round < 0) continue
        const s = samples.get(blog.id)!
        if (older.length === 2) {
          s.oldest.push(older[0]!.res.ms)
          s.newest.push(older[1]!.res.ms)
        }
        s.post.push(posted.ms)
        s.page.push(page.ms)
        s.query.push(query.ms)
      }
    }
    writes.destroy()
    reads.destroy()
    await service.stop()
    return { samples, loadAverage: loadavg()[0]! }
  } finally {
    removeTmp()
    forgetTmp()
  }
}

const p50p95 = (values: number[]) => `${ms(percentile(values, 50))}/${ms(percentile(values, 95))} ms`

export function liveBlogSection(): Section {
  return {
    name: 'liveblog',
    async run(): Promise<Table> {
      const { samples, loadAverage } = await measure()
      const small = samples.get(blogs[0].id)!
      const large = samples.get(blogs[1].id)!
      const ratio = (pick: (s: Samples) => number[]) => percentile(pick(large), 50) / percentile(pick(small), 50)
      const ratios = { post: ratio((s) => s.post), page: ratio((s) => s.page), query: ratio((s) => s.query) }
      const newestOlder = { byOldest: percentile(large.newest, 50) / percentile(large.oldest, 50), bySmallFirst: percentile(large.newest, 50) / percentile(small.page, 50) }
      const row = (blog: (typeof blogs)[number], s: Samples, ratioCell: (key: keyof typeof ratios) => string) => [
        `${thousands(blog.updates)} (+${ROUNDS + 2} posted)`,
        p50p95(s.post),
        p50p95(s.page),
        p50p95(s.query),
        s.newest.length > 0 ? `${p50p95(s.oldest)} / ${p50p95(s.newest)}` : 'none',
        `${ratioCell('post')} / ${ratioCell('page')} / ${ratioCell('query')}`,
      ]
      return {
        title: `A live blog's cost by its number of updates (${thousands(ARTICLES)} articles beside it, load average ${loadAverage.toFixed(2)})`,
        columns: ['updates', 'post p50/p95', 'first page rendered p50/p95', "first page's query p50/p95", 'older pages rendered p50/p95 (page 1 / newest)', 'median vs 10 updates (post / page / query)'],
        rows: [row(blogs[0], small, () => '1.00x'), row(blogs[1], large, (key) => `${ratios[key].toFixed(2)}x`)],
        notes: [
          `Each of ${ROUNDS} rounds posts one update to each blog (POST /data/mutate, one create), then GETs its first page (rendered after the post) and its first page's query with a new cache key; the blogs alternate.`,
          target(ratios.post <= TARGET_RATIO, `posting to the blog of 2,000 updates within ${TARGET_RATIO}x of the blog of 10 (median ${ratios.post.toFixed(2)}x)`),
          target(ratios.page <= TARGET_RATIO, `its first page within ${TARGET_RATIO}x (median ${ratios.page.toFixed(2)}x)`),
          target(ratios.query <= TARGET_RATIO, `its first page's query within ${TARGET_RATIO}x (median ${ratios.query.toFixed(2)}x)`),
          `The large blog's oldest (?page=1) and newest older page are loaded after each of its posts; the blog of 10 updates has no older page, so its first page is the baseline.`,
          target(
            newestOlder.byOldest <= TARGET_RATIO && newestOlder.bySmallFirst <= TARGET_RATIO,
            `the newest older page at 2,000 updates within ${TARGET_RATIO}x of page 1 (median ${newestOlder.byOldest.toFixed(2)}x) and of the first page at 10 updates (${newestOlder.bySmallFirst.toFixed(2)}x)`,
          ),
        ],
      }
    },
  }
}
