// Who has an article open in the admin's form right now (docs/decisions/020-presence.md). Kept in
// memory only: presence is worth nothing after a restart, and every open form announces itself again
// within one heartbeat. One entry per signed-in session and browser tab; an entry that stops
// beating is dropped, so a closed laptop does not hold an article "open" for ever.

import { randomUUID } from 'node:crypto'

export interface PresenceLimits {
  /** How long an entry lives after its last heartbeat. */
  expireMs: number
  /** Entries one session may hold at once (its tabs times the articles they have open). */
  maxPerSession: number
  /** Entries over every dataset and document. */
  maxEntries: number
  /** How often expired entries are looked for. */
  sweepMs: number
}

export const defaultPresenceLimits: PresenceLimits = { expireMs: 30_000, maxPerSession: 16, maxEntries: 5_000, sweepMs: 5_000 }

/** Who announces: a session (a hash of its token, never the token) and one of its tabs. */
export interface PresenceHolder {
  session: string
  tab: string
  userId: string
  name: string
  role: string
}

/** What other editors are told about one entry. */
export interface PresentEditor {
  /** Stable while the entry lives, and tells nothing about the session. */
  key: string
  name: string
  role: string
  /** When this editor opened the article (ISO-8601). */
  since: string
}

interface Entry extends PresenceHolder {
  key: string
  since: number
  beat: number
}

/** An open listen stream that asked for a document's presence; its own tab is left out of what it is told. */
interface Watcher {
  session: string | null
  tab: string | null
  notify: (editors: PresentEditor[]) => void
  /** What it was last told: a change that leaves its view as it was (its own tab joining) is not news. */
  last: string
}

export class PresenceFullError extends Error {}

export class PresenceBook {
  /** By dataset and document, then by session and tab. */
  private readonly documents = new Map<string, Map<string, Entry>>()
  private readonly watchers = new Map<string, Set<Watcher>>()
  private readonly limits: PresenceLimits
  private readonly now: () => number
  private count = 0
  private timer: NodeJS.Timeout | null = null

  constructor(limits: PresenceLimits = defaultPresenceLimits, now: () => number = Date.now) {
    this.limits = limits
    this.now = now
  }

  /** Starts dropping expired entries on a timer (the service does; unit tests call sweep()). */
  start(): void {
    this.timer ??= setInterval(() => this.sweep(), this.limits.sweepMs)
    this.timer.unref()
  }

  close(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
  }

  get size(): number {
    return this.count
  }

  /**
   * Records a heartbeat: the first one adds the entry (and tells the document's watchers), later
   * ones keep it alive. Returns the others on the document. A session over its share loses its
   * oldest entry; a full book refuses with PresenceFullError.
   */
  announce(dataset: string, documentId: string, holder: PresenceHolder): PresentEditor[] {
    const now = this.now()
    const doc = documentKey(dataset, documentId)
    const key = holderKey(holder.session, holder.tab)
    const existing = this.documents.get(doc)?.get(key)
    if (existing) {
      existing.beat = now
      return this.others(doc, holder.session, holder.tab)
    }
    const mine = this.entriesOf(holder.session)
    if (mine.length >= this.limits.maxPerSession) {
      const oldest = mine.reduce((a, b) => (a.entry.beat <= b.entry.beat ? a : b))
      this.remove(oldest.doc, holderKey(oldest.entry.session, oldest.entry.tab))
    }
    if (this.count >= this.limits.maxEntries) throw new PresenceFullError('The service holds as many open forms as it may')
    let entries = this.documents.get(doc)
    if (!entries) this.documents.set(doc, (entries = new Map()))
    entries.set(key, { ...holder, key: randomUUID(), since: now, beat: now })
    this.count++
    this.changed(doc)
    return this.others(doc, holder.session, holder.tab)
  }

  /** The tab closed its form: the others are told at once, not after the expiry. */
  leave(dataset: string, documentId: string, session: string, tab: string): void {
    this.remove(documentKey(dataset, documentId), holderKey(session, tab))
  }

  /** Everyone on the document but the given tab of the given session. */
  list(dataset: string, documentId: string, session: string | null = null, tab: string | null = null): PresentEditor[] {
    return this.others(documentKey(dataset, documentId), session, tab)
  }

  /**
   * Tells `notify` who is on the document now and after each change, leaving out the watcher's own
   * tab. Returns the function that stops it.
   */
  watch(dataset: string, documentId: string, session: string | null, tab: string | null, notify: (editors: PresentEditor[]) => void): () => void {
    const doc = documentKey(dataset, documentId)
    const now = this.others(doc, session, tab)
    const watcher: Watcher = { session, tab, notify, last: JSON.stringify(now) }
    let set = this.watchers.get(doc)
    if (!set) this.watchers.set(doc, (set = new Set()))
    set.add(watcher)
    notify(now)
    return () => {
      const current = this.watchers.get(doc)
      if (!current) return
      current.delete(watcher)
      if (current.size === 0) this.watchers.delete(doc)
    }
  }

  /** Drops every entry whose last heartbeat is older than the expiry. */
  sweep(): void {
    const oldest = this.now() - this.limits.expireMs
    for (const [doc, entries] of [...this.documents]) {
      for (const [key, entry] of [...entries]) if (entry.beat < oldest) this.remove(doc, key)
    }
  }

  private entriesOf(session: string): Array<{ doc: string; entry: Entry }> {
    const found: Array<{ doc: string; entry: Entry }> = []
    for (const [doc, entries] of this.documents) for (const entry of entries.values()) if (entry.session === session) found.push({ doc, entry })
    return found
  }

  private remove(doc: string, key: string): void {
    const entries = this.documents.get(doc)
    if (!entries?.delete(key)) return
    this.count--
    if (entries.size === 0) this.documents.delete(doc)
    this.changed(doc)
  }

  private changed(doc: string): void {
    for (const watcher of this.watchers.get(doc) ?? []) {
      const now = this.others(doc, watcher.session, watcher.tab)
      const json = JSON.stringify(now)
      if (json === watcher.last) continue
      watcher.last = json
      watcher.notify(now)
    }
  }

  private others(doc: string, session: string | null, tab: string | null): PresentEditor[] {
    const entries = [...(this.documents.get(doc)?.values() ?? [])]
    return entries
      .filter((entry) => !(entry.session === session && entry.tab === tab))
      .sort((a, b) => a.since - b.since)
      .map((entry) => ({ key: entry.key, name: entry.name, role: entry.role, since: new Date(entry.since).toISOString() }))
  }
}

function documentKey(dataset: string, documentId: string): string {
  return `${dataset}\u0000${documentId}`
}

function holderKey(session: string, tab: string): string {
  return `${session}\u0000${tab}`
}
