// Counting reads in the render tier, for a Content Lake the tier cannot write SQL to (a hosted
// Sanity project): POST /reads is judged here by the content service's own rules
// (server/audience/counter.ts: bots, prefetches, unknown or unpublished pages, one read a day per
// reader and page), and what counts is written in batches, at most once a minute, with a write token:
// - `inc` patches, which commute, so any number of render processes count side by side without
//   coordinating: the article's `readCount`, and its reads of the hour in a counts document of its
//   own, `reads.{articleId}` (type `readCounts`, `hours: {"h{hour}": reads}`; an id with a dot, so
//   anonymous readers cannot read it);
// - then the article's `readsLastDay`, what Most read ranks, set to the sum of the last 24 hours
//   of its counts document, in a transaction guarded by that document's revision: a process whose
//   sum missed another's increment is refused, reads again and sets it again. Each hour, as old
//   hours leave the window, every article with reads in the last day is summed again the same way.
// Each process knows its own readers only: a reader whose requests are spread over several
// processes may be counted once by each of them in a day (`npm run serve:pages` sends every
// worker's reads to one counter in its primary process, so that is once per render tier host).

import type { IncomingMessage, ServerResponse } from 'node:http'
import type { SanityClient } from '@sanity/client'
import { pageOf, refusal } from '../audience/counter.ts'
import { DailyReaders } from '../audience/readers.ts'
import { hourOf } from '../audience/store.ts'
import { beaconLimiter, header, purposeOf, readBeacon } from '../http/reads.ts'

export interface LakeCounterOptions {
  /** Beacons one address may send a minute; 0: no limit. */
  perAddressPerMinute: number
  maxReaders: number
  foldIntervalMs: number
  /** Lookups of a page's document in flight at once; beacons past it are not counted. */
  maxLookups?: number
  log?: (line: string) => void
  now?: () => number
  /**
   * Where a read this process judged goes instead of its own count: a render process started by
   * `npm run serve:pages` sends it to the primary process, whose one counter knows every worker's readers.
   */
  forward?: (read: JudgedRead) => void
}

/** A beacon that passed the rules a render process can check itself, to be counted once a day per reader and page. */
export interface JudgedRead {
  type: string
  slug: string
  address: string
  userAgent: string
}

/** A judged read as it arrives from another process; null for anything else. */
export function judgedReadOf(message: unknown): JudgedRead | null {
  const read = (message as { read?: Record<string, unknown> } | null)?.read
  if (!read || typeof read !== 'object') return null
  const { type, slug, address, userAgent } = read
  if (typeof type !== 'string' || typeof slug !== 'string' || typeof address !== 'string' || typeof userAgent !== 'string') return null
  return { type, slug, address, userAgent }
}

/** How long a page's document id (or its absence) is believed. */
const lookupMs = 60_000
const maxKnownPages = 10_000
/** Hours in the last day: this one and the 23 before it. */
const dayHours = 24
/** Documents summed again in one guarded transaction, and attempts when another process wrote first. */
const settleChunk = 100
const settleAttempts = 3

/** The counts document of an article: its reads hour by hour, never shown to an anonymous reader. */
export const countsIdOf = (articleId: string): string => `reads.${articleId}`

interface CountsDoc {
  _id: string
  _rev: string
  article: string
  hours?: Record<string, number>
  lastDay?: number
}

/** The hour a key of `hours` stands for (`h491234`), or null for a key that is not one. */
function hourOfKey(key: string): number | null {
  return /^h\d+$/.test(key) ? Number(key.slice(1)) : null
}

export class LakeReadCounter {
  private readonly readers: DailyReaders
  private readonly limit: (req: IncomingMessage, address: string) => void
  /** Page (type/slug) to its published document's id, or null for none, with when it was asked. */
  private readonly known = new Map<string, { id: string | null; at: number }>()
  private lookups = 0
  private pending = new Map<string, number>()
  private timer: NodeJS.Timeout | null = null
  private flushing: Promise<void> = Promise.resolve()
  /** The hour every article's last 24 hours was last summed in; -1 before the first time. */
  private settledHour = -1
  private readonly counting = new Set<Promise<void>>()
  private readonly now: () => number

  /** `client` reads the published perspective and writes with the token. */
  constructor(private readonly client: SanityClient, private readonly options: LakeCounterOptions) {
    this.now = options.now ?? Date.now
    this.readers = new DailyReaders(options.maxReaders, this.now)
    this.limit = beaconLimiter(options.perAddressPerMinute)
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.options.foldIntervalMs)
    this.timer.unref()
  }

  /** Answers a beacon: 204 at once, counted or not, or the protocol's error for a bad one. */
  async handle(req: IncomingMessage, res: ServerResponse, address: string): Promise<void> {
    this.limit(req, address)
    const beacon = await readBeacon(req)
    const userAgent = header(req, 'user-agent')
    // The tier cannot check a token; a request that carries one is an editor's, never a reader's.
    const refused = refusal({ address, userAgent, purpose: purposeOf(req), signedIn: header(req, 'authorization') !== '', ownHost: null })
    const page = refused ? null : pageOf(beacon.path)
    res.writeHead(204, { 'Cache-Control': 'no-store' })
    res.end()
    if (!page) return
    if (this.options.forward) this.options.forward({ type: page.type, slug: page.slug, address, userAgent })
    else void this.countJudged({ type: page.type, slug: page.slug, address, userAgent })
  }

  /** Counts a read judged here or by a worker: once a day per reader and page. */
  countJudged(read: JudgedRead): Promise<void> {
    const counting = this.count(`${read.type}/${read.slug}`, read.type, read.slug, read.address, read.userAgent)
    // Closing waits for reads whose page is still being looked up.
    this.counting.add(counting)
    void counting.finally(() => this.counting.delete(counting))
    return counting
  }

  private async count(key: string, type: string, slug: string, address: string, userAgent: string): Promise<void> {
    const id = await this.documentOf(key, type, slug)
    if (id === null || !this.readers.firstToday(address, userAgent, key)) return
    this.pending.set(id, (this.pending.get(id) ?? 0) + 1)
  }

  /** The published document a page shows, asked of the Content Lake and kept a minute. */
  private async documentOf(key: string, type: string, slug: string): Promise<string | null> {
    const hit = this.known.get(key)
    if (hit && Date.now() - hit.at < lookupMs) return hit.id
    if (this.lookups >= (this.options.maxLookups ?? 8)) return null
    this.lookups++
    try {
      const id = await this.client.fetch<string | null>('*[_type == $type && slug.current == $slug][0]._id', { type, slug }, { perspective: 'published', tag: 'reads' })
      if (this.known.size >= maxKnownPages) this.known.delete(this.known.keys().next().value!)
      this.known.set(key, { id: typeof id === 'string' ? id : null, at: Date.now() })
      return typeof id === 'string' ? id : null
    } catch {
      return null
    } finally {
      this.lookups--
    }
  }

  /**
   * Writes what was counted as one transaction of `inc` patches (on failure kept for the next
   * time), then sets the changed articles' last 24 hours; in a new hour, every article's.
   */
  flush(): Promise<void> {
    // A process that forwards its reads holds none, and leaves the summing to the one that counts.
    if (this.options.forward) return this.flushing
    this.flushing = this.flushing.then(async () => {
      const hour = hourOf(this.now())
      const batch = this.pending
      this.pending = new Map()
      if (batch.size > 0 && !(await this.add(batch, hour))) return
      if (hour !== this.settledHour) {
        // Hours leave the window: every article whose last day is not 0 is summed again.
        const counted = await this.client.fetch<string[]>('*[_type == "readCounts" && lastDay > 0].article', {}, { tag: 'reads' }).catch(() => null)
        if (counted === null) return
        await this.settle([...new Set([...batch.keys(), ...counted])], hour)
        this.settledHour = hour
      } else if (batch.size > 0) await this.settle([...batch.keys()], hour)
    }).catch((error: unknown) => this.options.log?.(`Could not write counted reads: ${error instanceof Error ? error.message : String(error)}`))
    return this.flushing
  }

  /** The reads as increments: the articles' totals and their counts documents' hour. False when it failed. */
  private async add(batch: Map<string, number>, hour: number): Promise<boolean> {
    const tx = this.client.transaction()
    const key = `hours.h${hour}`
    for (const [id, reads] of batch) {
      tx.createIfNotExists({ _id: countsIdOf(id), _type: 'readCounts', article: id })
      tx.patch(countsIdOf(id), (patch) => patch.setIfMissing({ [key]: 0 }).inc({ [key]: reads }))
      tx.patch(id, (patch) => patch.setIfMissing({ readCount: 0 }).inc({ readCount: reads }))
    }
    try {
      await tx.commit({ visibility: 'sync', tag: 'reads' })
      return true
    } catch (error) {
      this.options.log?.(`Could not write counted reads: ${error instanceof Error ? error.message : String(error)}`)
      // Kept for the next time, but only for documents still there: one deleted meanwhile would fail every batch.
      const ids = [...batch.keys()]
      const existing = await this.client.fetch<string[]>('*[_id in $ids]._id', { ids }, { perspective: 'published', tag: 'reads' }).catch(() => ids)
      for (const id of existing) if (batch.has(id)) this.pending.set(id, (this.pending.get(id) ?? 0) + batch.get(id)!)
      return false
    }
  }

  /**
   * Sets each article's `readsLastDay` to the sum of its counts document's last 24 hours and drops
   * the older hours, guarded by the counts document's revision: another process's increment since
   * it was read refuses the transaction, and it is read and summed again. Failing that, the next
   * flush that touches the article (or the next hour's) sets it.
   */
  private async settle(ids: string[], hour: number): Promise<void> {
    for (let at = 0; at < ids.length; at += settleChunk) {
      const chunk = ids.slice(at, at + settleChunk)
      for (let attempt = 1; attempt <= settleAttempts; attempt++) {
        const rows = await this.client.fetch<Array<{ counts: CountsDoc | null; id: string; readsLastDay?: number }>>(
          '*[_id in $ids]{"id": _id, readsLastDay, "counts": *[_id == "reads." + ^._id][0]{_id, _rev, article, hours, lastDay}}',
          { ids: chunk },
          { perspective: 'published', tag: 'reads' },
        )
        const tx = this.client.transaction()
        let changes = 0
        for (const row of rows) {
          if (!row.counts) continue
          let lastDay = 0
          const old: string[] = []
          for (const [key, reads] of Object.entries(row.counts.hours ?? {})) {
            const h = hourOfKey(key)
            if (h !== null && h > hour - dayHours && h <= hour) lastDay += typeof reads === 'number' ? reads : 0
            else if (h !== null && h <= hour - dayHours) old.push(`hours.${key}`)
          }
          if (lastDay === (row.readsLastDay ?? 0) && lastDay === (row.counts.lastDay ?? 0) && old.length === 0) continue
          changes++
          const counts = row.counts
          tx.patch(counts._id, (patch) => (old.length > 0 ? patch.ifRevisionId(counts._rev).set({ lastDay }).unset(old) : patch.ifRevisionId(counts._rev).set({ lastDay })))
          tx.patch(row.id, (patch) => (lastDay > 0 ? patch.set({ readsLastDay: lastDay }) : patch.unset(['readsLastDay'])))
        }
        if (changes === 0) break
        try {
          await tx.commit({ visibility: 'async', tag: 'reads' })
          break
        } catch (error) {
          // 409: another process wrote one of these counts documents since they were read.
          if ((error as { statusCode?: number }).statusCode !== 409 || attempt === settleAttempts) {
            this.options.log?.(`Could not set the last 24 hours' reads: ${error instanceof Error ? error.message : String(error)}`)
            break
          }
        }
      }
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    await Promise.all(this.counting)
    await this.flush()
  }
}
