// Counting reads in the render tier, for a Content Lake the tier cannot write SQL to (a hosted
// Sanity project): POST /reads is judged here by the content service's own rules
// (server/audience/counter.ts: bots, prefetches, unknown or unpublished pages, one read a day per
// reader and page), and what counts is written in batches, at most once a minute, as Sanity `inc`
// patches with a write token. Increments commute, so any number of render processes count side by
// side without coordinating. Each process knows its own readers only: a reader whose requests are
// spread over several processes may be counted once by each of them in a day.

import type { IncomingMessage, ServerResponse } from 'node:http'
import type { SanityClient } from '@sanity/client'
import { pageOf, refusal } from '../audience/counter.ts'
import { DailyReaders } from '../audience/readers.ts'
import { beaconLimiter, header, purposeOf, readBeacon } from '../http/reads.ts'

export interface LakeCounterOptions {
  /** Beacons one address may send a minute; 0: no limit. */
  perAddressPerMinute: number
  maxReaders: number
  foldIntervalMs: number
  /** Lookups of a page's document in flight at once; beacons past it are not counted. */
  maxLookups?: number
  log?: (line: string) => void
}

/** How long a page's document id (or its absence) is believed. */
const lookupMs = 60_000
const maxKnownPages = 10_000

export class LakeReadCounter {
  private readonly readers: DailyReaders
  private readonly limit: (req: IncomingMessage, address: string) => void
  /** Page (type/slug) to its published document's id, or null for none, with when it was asked. */
  private readonly known = new Map<string, { id: string | null; at: number }>()
  private lookups = 0
  private pending = new Map<string, number>()
  private timer: NodeJS.Timeout | null = null
  private flushing: Promise<void> = Promise.resolve()

  /** `client` reads the published perspective and writes with the token. */
  constructor(private readonly client: SanityClient, private readonly options: LakeCounterOptions) {
    this.readers = new DailyReaders(options.maxReaders)
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
    if (page) void this.count(`${page.type}/${page.slug}`, page.type, page.slug, address, userAgent)
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

  /** Writes what was counted as one transaction of `inc` patches; on failure keeps it for the next time. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.pending.size === 0) return
      const batch = this.pending
      this.pending = new Map()
      const tx = this.client.transaction()
      for (const [id, reads] of batch) tx.patch(id, (patch) => patch.setIfMissing({ readCount: 0 }).inc({ readCount: reads }))
      try {
        await tx.commit({ visibility: 'async', tag: 'reads' })
      } catch (error) {
        this.options.log?.(`Could not write counted reads: ${error instanceof Error ? error.message : String(error)}`)
        // Kept for the next time, but only for documents still there: one deleted meanwhile would fail every batch.
        const ids = [...batch.keys()]
        const existing = await this.client.fetch<string[]>('*[_id in $ids]._id', { ids }, { perspective: 'published', tag: 'reads' }).catch(() => ids)
        for (const id of existing) if (batch.has(id)) this.pending.set(id, (this.pending.get(id) ?? 0) + batch.get(id)!)
      }
    })
    return this.flushing
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    await this.flush()
  }
}
