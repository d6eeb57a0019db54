// Counting a read: the beacon a reader's page sends once it has been seen (POST /reads, see
// server/http/reads.ts) becomes one read of a published article or photo essay, at most once a day
// per reader and page, from a source; bots, prefetches, unknown pages and signed-in editors are not
// counted. Counts wait in memory and are folded in at most once a minute: into `audience.db`'s hourly
// aggregates (one SQL transaction) and into the documents' `readCount` and `readsLastDay` (one
// more, `Store.recordReads`), which the homepage's query reads like any other field.
// docs/decisions/024-counted-reads.md.

import { isbot } from 'isbot'
import { mayRead } from '../access/visibility.ts'
import type { Store } from '../store/store.ts'
import { DailyReaders } from './readers.ts'
import { sourceOf } from './sources.ts'
import { hourOf, minuteOf, type AudienceStore, type HourlyReads, type MinuteReads, type ReadSource } from './store.ts'

export interface CounterOptions {
  /** The dataset the reader's pages show. */
  dataset: string
  /** Hourly aggregates older than this many months are deleted. */
  retentionMonths: number
  /** How often buffered counts are folded in. */
  foldIntervalMs: number
  /** Distinct readers (of a page) recorded in a day; past it nobody new is counted. */
  maxReaders: number
  now?: () => number
  /** How long to wait before looking again for the articles with reads of the last day, while the keys they are found by are being written again after an upgrade. */
  recentRetryMs?: number
}

/** What a reader's page reports: where it is, and the referrer it was reached from. */
export interface Beacon {
  /** The page's path, with its query (`?ref=newsletter`). */
  path: string
  referrer: string
}

/** What is known of the request, for deciding whether it counts (none of it is kept). */
export interface ReadRequest {
  address: string
  userAgent: string
  /** `Sec-Purpose` or `Purpose`: a prefetch or prerender is not a read. */
  purpose: string
  /** Whether it carries a valid session or token: an editor reading is not a reader. */
  signedIn: boolean
  /** The paper's host, whose own links are moves within the site. */
  ownHost: string | null
}

export type Verdict = 'counted' | 'repeat' | 'bot' | 'prefetch' | 'signedIn' | 'unknown'

/** Reader pages of one published document: its type, the first segment of its path, and where its slug goes. */
const countedPages: Array<{ type: string; segment: string; pattern: RegExp }> = [
  { type: 'article', segment: 'article', pattern: /^\/article\/([^/]+)\/?$/ },
  { type: 'imageGallery', segment: 'photo-essays', pattern: /^\/photo-essays\/([^/]+)\/?$/ },
]

/**
 * A path the URL parser would leave as it is: a counted page's segment and a slug of letters,
 * digits, `-` and `_`, with no query, escape or dot segment. Nearly every beacon names one, and
 * it is read without parsing a URL.
 */
const plainPath = /^\/([a-z-]+)\/([\w-]+)\/?$/

/** Pages looked up and remembered at most; past it the answers are forgotten and looked up again. */
const knownPagesLimit = 10_000

/**
 * Published pages by type and slug, found through the documents table's slug index (one index
 * lookup), instead of asking GROQ on the thread that answers HTTP or holding a map of every
 * article. Each answer is remembered until the dataset next changes: the pages being read are few,
 * and the lookup costs far more than the rest of judging a beacon.
 */
class PublishedPages {
  /** The published document of a type and slug, or null for none. */
  private readonly known = new Map<string, string | null>()

  constructor(private readonly store: Store, private readonly dataset: string) {
    store.onTransaction((tx) => {
      if (tx.dataset === dataset && !tx.reads) this.known.clear()
    })
    // Another process wrote to the database (found by syncExternalWrites), or datasets changed.
    store.onReload(() => this.known.clear())
  }

  get(type: string, slug: string): string | undefined {
    const key = `${type}\u0000${slug}`
    const hit = this.known.get(key)
    if (hit !== undefined) return hit ?? undefined
    const id = this.store.hasDataset(this.dataset) ? this.store.dataset(this.dataset).docs.slugHolders(type, slug).find((holder) => mayRead({ anonymous: true }, holder)) : undefined
    if (this.known.size >= knownPagesLimit) this.known.clear()
    this.known.set(key, id ?? null)
    return id
  }
}

/** Why a request is not a read before its page is even looked up; null when it may be one. */
export function refusal(request: ReadRequest): Verdict | null {
  if (request.signedIn) return 'signedIn'
  if (/\b(prefetch|prerender)\b/i.test(request.purpose)) return 'prefetch'
  if (!request.userAgent || isbot(request.userAgent)) return 'bot'
  return null
}

/** The reader page a beacon names: a counted type and slug, with the page's query; null for any other path. */
export function pageOf(path: string): { type: string; slug: string; landing: URLSearchParams } | null {
  const plain = plainPath.exec(path)
  if (plain) {
    const page = countedPages.find((candidate) => candidate.segment === plain[1])
    return page ? { type: page.type, slug: plain[2]!, landing: new URLSearchParams() } : null
  }
  let landing: URL
  try {
    landing = new URL(path, 'http://localhost')
  } catch {
    return null
  }
  // A draft's preview (`?preview`) is an editor's, never a reader's.
  if (landing.searchParams.has('preview') || landing.host !== 'localhost') return null
  for (const page of countedPages) {
    const m = page.pattern.exec(landing.pathname)
    if (!m) continue
    try {
      return { type: page.type, slug: decodeURIComponent(m[1]!), landing: landing.searchParams }
    } catch {
      return null
    }
  }
  return null
}

export class ReadCounter {
  private readonly readers: DailyReaders
  private readonly pages: PublishedPages
  private readonly now: () => number
  /** Reads not yet folded in, by article, hour and source. */
  private pending = new Map<string, HourlyReads>()
  /** The same reads by article and minute, for the Audience page's last 5 minutes and last hour. */
  private pendingMinutes = new Map<string, MinuteReads>()
  /** Articles whose documents carry reads of the last 24 hours: they must be told when those age out. */
  private recent = new Set<string>()
  /** Set while the articles with reads of the last day are still to be found (findRecent). */
  private findAgain: NodeJS.Timeout | null = null
  /** Articles found by findRecent that no fold has looked at yet: the next fold runs for them. */
  private recentUnfolded = false
  private lastHour = -1
  private timer: NodeJS.Timeout | null = null
  private folding: Promise<void> = Promise.resolve()

  constructor(
    private readonly store: Store,
    private readonly audience: AudienceStore,
    private readonly options: CounterOptions,
  ) {
    this.now = options.now ?? Date.now
    this.readers = new DailyReaders(options.maxReaders, this.now)
    this.pages = new PublishedPages(store, options.dataset)
    this.findRecent()
  }

  /**
   * The articles whose stored documents carry reads of the last 24 hours, found once after a start
   * from the listing keys of `readsLastDay` (an index, no document read), so a fold takes those
   * reads off when they age out. While those keys are being written again after an upgrade (half an
   * hour at a million articles), it looks again later; folds go on meanwhile, counting every read,
   * and the first fold after it takes off what has aged.
   */
  private findRecent(): void {
    this.findAgain = null
    const { dataset } = this.options
    try {
      if (!this.store.hasDataset(dataset)) return
      const found: string[] = []
      for (const type of countedPages.map((page) => page.type)) {
        const ids = this.store.dataset(dataset).docs.idsWithNumber(type, 'readsLastDay')
        if (ids === null) {
          this.findAgain = setTimeout(() => this.findRecent(), this.options.recentRetryMs ?? 10_000)
          this.findAgain.unref()
          return
        }
        found.push(...ids)
      }
      for (const id of found) this.recent.add(id)
      if (found.length > 0) this.recentUnfolded = true
    } catch (error) {
      console.error('Could not find the articles with reads of the last day:', error)
    }
  }

  /** Folds in once a minute (or as configured) until closed. */
  start(): void {
    this.timer ??= setInterval(() => void this.fold(), this.options.foldIntervalMs)
    this.timer.unref()
  }

  /** Readers recorded today, and the bytes their table takes. */
  get memory(): { readers: number; bytes: number } {
    return { readers: this.readers.size, bytes: this.readers.bytes }
  }

  /** Decides whether a beacon is a read, and buffers it when it is. Never throws on what a reader sent. */
  count(beacon: Beacon, request: ReadRequest): Verdict {
    const refused = refusal(request)
    if (refused) return refused
    const page = pageOf(beacon.path)
    const id = page ? this.pages.get(page.type, page.slug) : undefined
    if (!page || id === undefined) return 'unknown'
    if (!this.readers.firstToday(request.address, request.userAgent, `${page.type}/${page.slug}`)) return 'repeat'
    const source: ReadSource = sourceOf(beacon.referrer, page.landing, request.ownHost)
    const hour = hourOf(this.now())
    const key = `${id}\u0000${hour}\u0000${source}`
    const row = this.pending.get(key)
    if (row) row.reads++
    else this.pending.set(key, { dataset: this.options.dataset, articleId: id, hour, source, reads: 1 })
    const minute = minuteOf(this.now())
    const perMinute = this.pendingMinutes.get(`${id}\u0000${minute}`)
    if (perMinute) perMinute.reads++
    else this.pendingMinutes.set(`${id}\u0000${minute}`, { dataset: this.options.dataset, articleId: id, minute, reads: 1 })
    return 'counted'
  }

  /**
   * Folds the buffered reads in: the hourly aggregates in one SQL transaction, then each changed
   * article's total and last 24 hours into its document in one more. With nothing new and the same
   * hour, does nothing. Folds run one after another.
   */
  fold(): Promise<void> {
    this.folding = this.folding.then(() => this.foldNow()).catch((error: unknown) => console.error('Could not fold in counted reads:', error))
    return this.folding
  }

  private async foldNow(): Promise<void> {
    const rows = [...this.pending.values()]
    const minutes = [...this.pendingMinutes.values()]
    this.pending = new Map()
    this.pendingMinutes = new Map()
    const hour = hourOf(this.now())
    if (rows.length === 0 && hour === this.lastHour && !this.recentUnfolded) return
    const newHour = hour !== this.lastHour
    this.lastHour = hour
    const { dataset } = this.options
    if (rows.length > 0) this.audience.add(rows, minutes, this.now())
    const added = new Map<string, number>()
    for (const row of rows) added.set(row.articleId, (added.get(row.articleId) ?? 0) + row.reads)
    // The last 24 hours: this hour so far and the 23 before it.
    const lastDay = this.audience.readsSince(dataset, hour - 23)
    const ids = new Set([...added.keys(), ...lastDay.keys(), ...this.recent])
    this.recentUnfolded = false
    await this.store.recordReads(dataset, [...ids].map((id) => ({ id, add: added.get(id) ?? 0, lastDay: lastDay.get(id) ?? 0 })))
    // Those found after a start while this fold wrote (findRecent) are taken off at the next one.
    const foundMeanwhile = [...this.recent].filter((id) => !ids.has(id))
    this.recent = new Set([...lastDay.keys(), ...foundMeanwhile])
    if (newHour) this.audience.prune(hourOf(monthsBefore(this.now(), this.options.retentionMonths)))
  }

  /** Folds in what is buffered and stops. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    if (this.findAgain) clearTimeout(this.findAgain)
    this.findAgain = null
    await this.fold()
  }
}

/** The same moment `months` calendar months earlier (UTC). */
export function monthsBefore(epochMs: number, months: number): number {
  const date = new Date(epochMs)
  date.setUTCMonth(date.getUTCMonth() - months)
  return date.getTime()
}
