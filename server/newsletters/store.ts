// The newsletters' own SQLite file (newsletters.db in DATA_DIR): the editions, and the send queue,
// one row per recipient and edition, written in one transaction before the first message goes out.
// Every change of a row's status is committed before (claim: 'sending') and after (settled) the
// message it stands for, so a crash leaves a record of exactly what may have been in flight
// (docs/decisions/026-newsletters.md). It holds addresses, so it sits beside readers.db, never in
// the content dataset.

import Database from 'better-sqlite3'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { isNewsletterId, type NewsletterId } from '../../shared/newsletters.ts'
import type { DeliveryStatus, DeliveryView, EditionCounts, EditionState, EditionView } from '../../shared/newsletterEditions.ts'
import type { Page } from '../readers/store.ts'
import { emailKey, type Recipient } from '../readers/store.ts'

interface EditionRow {
  id: string
  newsletter: string
  edition_key: string | null
  subject: string
  intro: string
  article_ids: string
  state: EditionState
  scheduled_for: string | null
  created_at: string
  updated_at: string
  started_at: string | null
  finished_at: string | null
  created_by: string | null
  revision: number
  html: string | null
  text: string | null
  folded_counts: string | null
  log_removed_at: string | null
}

interface DeliveryRow {
  edition_id: string
  subscriber_id: string
  email: string
  status: DeliveryStatus
  attempts: number
  next_at: number
  error: string | null
  claimed_by: string | null
  updated_at: string
  sent_at: string | null
}

/** A queued message, as the sender claims it. */
export interface Claimed {
  editionId: string
  subscriberId: string
  email: string
  attempts: number
}

/** The edition's message frozen when it was queued: a resumed send sends what the first part sent. */
export interface FrozenMessage {
  newsletter: NewsletterId
  subject: string
  html: string
  text: string
}

/** What became of one claimed message. */
export type Outcome = { status: 'sent' } | { status: 'skipped' | 'failed'; error: string; permanent?: boolean } | { status: 'retry'; error: string; at: number }

/** How many permanent refusals stop an address being mailed. */
export const permanentFailureLimit = 3

export class EditionStore {
  readonly db: Database.Database

  constructor(dataDir: string, private readonly now: () => number = Date.now) {
    this.db = new Database(join(dataDir, 'newsletters.db'))
    this.db.pragma('journal_mode = WAL')
    // Every claim and settlement must survive a power cut as well as a kill: the queue's promise.
    this.db.pragma('synchronous = FULL')
    this.db.pragma('busy_timeout = 5000')
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS editions (
        id TEXT PRIMARY KEY, newsletter TEXT NOT NULL, edition_key TEXT UNIQUE, subject TEXT NOT NULL, intro TEXT NOT NULL,
        article_ids TEXT NOT NULL, state TEXT NOT NULL, scheduled_for TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
        started_at TEXT, finished_at TEXT, created_by TEXT, revision INTEGER NOT NULL, html TEXT, text TEXT
      );
      CREATE INDEX IF NOT EXISTS editions_newest ON editions (created_at DESC, id DESC);
      CREATE INDEX IF NOT EXISTS editions_by_state ON editions (state, scheduled_for);
      CREATE TABLE IF NOT EXISTS deliveries (
        edition_id TEXT NOT NULL, subscriber_id TEXT NOT NULL, email TEXT NOT NULL, status TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0, next_at INTEGER NOT NULL DEFAULT 0, error TEXT, claimed_by TEXT,
        updated_at TEXT NOT NULL, sent_at TEXT, PRIMARY KEY (edition_id, subscriber_id)
      ) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS deliveries_work ON deliveries (status, next_at);
      CREATE INDEX IF NOT EXISTS deliveries_by_edition ON deliveries (edition_id, status);
      CREATE TABLE IF NOT EXISTS bounces (email_key TEXT PRIMARY KEY, failures INTEGER NOT NULL, last_error TEXT, last_at TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS workers (id TEXT PRIMARY KEY, pid INTEGER NOT NULL, beat_at INTEGER NOT NULL);
    `)
    // Files from before the retention rule: an edition's counts outlive its per-recipient rows.
    const columns = new Set((this.sql(`SELECT name FROM pragma_table_info('editions')`).all() as Array<{ name: string }>).map((c) => c.name))
    if (!columns.has('folded_counts')) this.db.exec(`ALTER TABLE editions ADD COLUMN folded_counts TEXT`)
    if (!columns.has('log_removed_at')) this.db.exec(`ALTER TABLE editions ADD COLUMN log_removed_at TEXT`)
    this.db.exec(`CREATE INDEX IF NOT EXISTS editions_finished ON editions (finished_at) WHERE folded_counts IS NULL`)
  }

  close(): void {
    this.db.close()
  }

  /**
   * Each statement prepared once and kept: the sender runs a handful per message, and statements
   * prepared afresh each time hold native memory the garbage collector does not see until it runs,
   * so a long send's resident memory climbed with the list. The texts are constants: the map stays small.
   */
  private readonly statements = new Map<string, Database.Statement>()
  private sql(text: string): Database.Statement {
    let statement = this.statements.get(text)
    if (!statement) {
      statement = this.db.prepare(text)
      this.statements.set(text, statement)
    }
    return statement
  }

  private stamp(): string {
    return new Date(this.now()).toISOString()
  }

  // --- Editions ---------------------------------------------------------------------------

  create(edition: { newsletter: NewsletterId; subject: string; intro: string; articleIds: string[]; createdBy: string | null; key?: string | null }): EditionView {
    const id = randomUUID()
    const at = this.stamp()
    this.db
      .prepare(
        `INSERT INTO editions (id, newsletter, edition_key, subject, intro, article_ids, state, created_at, updated_at, created_by, revision)
         VALUES (?, ?, ?, ?, ?, ?, 'draft', ?, ?, ?, 1)`,
      )
      .run(id, edition.newsletter, edition.key ?? null, edition.subject, edition.intro, JSON.stringify(edition.articleIds), at, at, edition.createdBy)
    return this.edition(id)!
  }

  /** The edition with this key (the Morning Briefing's London day), if one was made. */
  byKey(key: string): EditionView | null {
    const row = this.sql(`SELECT id FROM editions WHERE edition_key = ?`).get(key) as { id: string } | undefined
    return row ? this.edition(row.id) : null
  }

  edition(id: string): EditionView | null {
    const row = this.sql(`SELECT * FROM editions WHERE id = ?`).get(id) as EditionRow | undefined
    return row ? this.view(row) : null
  }

  editions(page: number, size: number): Page<EditionView> {
    const total = (this.sql(`SELECT count(*) AS n FROM editions`).get() as { n: number }).n
    const pageCount = Math.max(1, Math.ceil(total / size))
    const rows = page <= pageCount ? (this.sql(`SELECT * FROM editions ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`).all(size, (page - 1) * size) as EditionRow[]) : []
    return { items: rows.map((row) => this.view(row)), page, pageCount, total }
  }

  /** The most recent edition of a newsletter that went out (or was kept), for the Morning Briefing's "anything new?". */
  lastStarted(newsletter: NewsletterId): EditionView | null {
    const row = this.db
      .prepare(`SELECT * FROM editions WHERE newsletter = ? AND started_at IS NOT NULL ORDER BY started_at DESC LIMIT 1`)
      .get(newsletter) as EditionRow | undefined
    return row ? this.view(row) : null
  }

  /**
   * Saves a draft's words and stories, if `revision` is still the current one; otherwise nothing
   * changes and the caller says why (someone else saved first, or it is no longer a draft).
   */
  update(id: string, revision: number, change: { subject?: string; intro?: string; articleIds?: string[] }): { edition: EditionView } | { conflict: 'revision' | 'state' | 'missing' } {
    return this.db.transaction(() => {
      const row = this.sql(`SELECT * FROM editions WHERE id = ?`).get(id) as EditionRow | undefined
      if (!row) return { conflict: 'missing' as const }
      if (row.state !== 'draft') return { conflict: 'state' as const }
      if (row.revision !== revision) return { conflict: 'revision' as const }
      this.db
        .prepare(`UPDATE editions SET subject = ?, intro = ?, article_ids = ?, updated_at = ?, revision = revision + 1 WHERE id = ?`)
        .run(change.subject ?? row.subject, change.intro ?? row.intro, change.articleIds ? JSON.stringify(change.articleIds) : row.article_ids, this.stamp(), id)
      return { edition: this.edition(id)! }
    })()
  }

  deleteDraft(id: string): boolean {
    return this.sql(`DELETE FROM editions WHERE id = ? AND state = 'draft'`).run(id).changes > 0
  }

  /** Schedules a draft (or moves a schedule); false when it is neither. */
  schedule(id: string, at: Date | null): boolean {
    const result = at
      ? this.sql(`UPDATE editions SET state = 'scheduled', scheduled_for = ?, updated_at = ?, revision = revision + 1 WHERE id = ? AND state IN ('draft', 'scheduled')`).run(at.toISOString(), this.stamp(), id)
      : this.sql(`UPDATE editions SET state = 'draft', scheduled_for = NULL, updated_at = ?, revision = revision + 1 WHERE id = ? AND state = 'scheduled'`).run(this.stamp(), id)
    return result.changes > 0
  }

  /** Scheduled editions due by `now`, and when the next one after that is due. */
  scheduled(): Array<{ id: string; at: number }> {
    return (this.sql(`SELECT id, scheduled_for FROM editions WHERE state = 'scheduled' ORDER BY scheduled_for`).all() as Array<{ id: string; scheduled_for: string }>).map((row) => ({
      id: row.id,
      at: Date.parse(row.scheduled_for),
    }))
  }

  /**
   * Freezes an edition's message and queues it to every recipient, in one transaction: either the
   * whole queue is written or none of it (a crash here leaves a draft, sent to nobody). Addresses
   * that have failed for good three times are left out. With `keep` (no SMTP server) the rows are
   * written as kept, not sent. False when the edition is not a draft or scheduled any more (another
   * process or request got there first).
   */
  enqueue(id: string, message: { subject: string; html: string; text: string }, recipients: Iterable<Recipient>, keep: boolean): boolean {
    return this.db.transaction(() => {
      const at = this.stamp()
      const started = this.db
        .prepare(`UPDATE editions SET state = ?, subject = ?, html = ?, text = ?, started_at = ?, updated_at = ?, scheduled_for = NULL, revision = revision + 1 WHERE id = ? AND state IN ('draft', 'scheduled')`)
        .run(keep ? 'kept' : 'sending', message.subject, message.html, message.text, at, at, id)
      if (started.changes === 0) return false
      const suppressed = this.sql(`SELECT 1 FROM bounces WHERE email_key = ? AND failures >= ${permanentFailureLimit}`)
      const add = this.sql(`INSERT OR IGNORE INTO deliveries (edition_id, subscriber_id, email, status, updated_at, error) VALUES (?, ?, ?, ?, ?, ?)`)
      for (const recipient of recipients) {
        const stopped = suppressed.get(emailKey(recipient.email)) !== undefined
        add.run(id, recipient.id, recipient.email, stopped ? 'skipped' : keep ? 'kept' : 'queued', at, stopped ? `Not mailed: the address was refused for good ${permanentFailureLimit} times` : null)
      }
      if (keep) this.sql(`UPDATE editions SET finished_at = ? WHERE id = ?`).run(at, id)
      return true
    })()
  }

  /** The message an edition froze when it was queued. */
  frozen(id: string): FrozenMessage | null {
    const row = this.sql(`SELECT newsletter, subject, html, text FROM editions WHERE id = ?`).get(id) as { newsletter: string; subject: string; html: string | null; text: string | null } | undefined
    if (!row || row.html === null || row.text === null || !isNewsletterId(row.newsletter)) return null
    return { newsletter: row.newsletter, subject: row.subject, html: row.html, text: row.text }
  }

  counts(id: string): EditionCounts {
    const folded = this.sql(`SELECT folded_counts FROM editions WHERE id = ?`).get(id) as { folded_counts: string | null } | undefined
    return folded?.folded_counts ? (JSON.parse(folded.folded_counts) as EditionCounts) : this.countRows(id)
  }

  private countRows(id: string): EditionCounts {
    const counts: EditionCounts = { total: 0, sent: 0, failed: 0, skipped: 0, waiting: 0, kept: 0 }
    for (const row of this.sql(`SELECT status, count(*) AS n FROM deliveries WHERE edition_id = ? GROUP BY status`).all(id) as Array<{ status: DeliveryStatus; n: number }>) {
      counts.total += row.n
      if (row.status === 'queued' || row.status === 'sending' || row.status === 'retry') counts.waiting += row.n
      else counts[row.status] += row.n
    }
    return counts
  }

  deliveries(id: string, page: number, size: number, status: DeliveryStatus | null): Page<DeliveryView> {
    const where = status ? `edition_id = ? AND status = ?` : `edition_id = ?`
    const args = status ? [id, status] : [id]
    const total = (this.sql(`SELECT count(*) AS n FROM deliveries WHERE ${where}`).get(...args) as { n: number }).n
    const pageCount = Math.max(1, Math.ceil(total / size))
    const rows =
      page <= pageCount
        ? (this.sql(`SELECT * FROM deliveries WHERE ${where} ORDER BY updated_at DESC, subscriber_id LIMIT ? OFFSET ?`).all(...args, size, (page - 1) * size) as DeliveryRow[])
        : []
    return {
      items: rows.map((row) => ({ email: row.email, status: row.status, attempts: row.attempts, error: row.error, updatedAt: row.updated_at, sentAt: row.sent_at })),
      page,
      pageCount,
      total,
    }
  }

  // --- Retention ------------------------------------------------------------------------------

  /**
   * The retention rule for addresses: the per-recipient rows of every edition that finished (sent,
   * or kept) before `finishedBefore` are folded into the edition's counts, which stay, and deleted.
   * One edition a transaction, so sending is never held up for long. Returns the editions folded.
   */
  foldDeliveries(finishedBefore: number): string[] {
    const due = this.db
      .prepare(`SELECT id FROM editions WHERE folded_counts IS NULL AND state IN ('sent', 'kept') AND finished_at IS NOT NULL AND finished_at < ? ORDER BY finished_at`)
      .all(new Date(finishedBefore).toISOString()) as Array<{ id: string }>
    const fold = this.db.transaction((id: string) => {
      const counts = this.countRows(id)
      this.sql(`UPDATE editions SET folded_counts = ?, log_removed_at = ? WHERE id = ? AND folded_counts IS NULL`).run(JSON.stringify(counts), this.stamp(), id)
      this.sql(`DELETE FROM deliveries WHERE edition_id = ?`).run(id)
    })
    for (const { id } of due) fold(id)
    return due.map((row) => row.id)
  }

  // --- The queue --------------------------------------------------------------------------

  /** Registers (or keeps alive) a sending process: its claims stand while it beats. */
  beat(worker: string): void {
    this.sql(`INSERT INTO workers (id, pid, beat_at) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET beat_at = excluded.beat_at`).run(worker, process.pid, this.now())
  }

  forget(worker: string): void {
    this.sql(`DELETE FROM workers WHERE id = ?`).run(worker)
  }

  /**
   * Puts back in the queue the messages a dead process had in flight: they may or may not have
   * reached the server, and a reader getting one twice is better than one not getting it at all
   * (at most one copy per message in flight at the crash). A worker is dead when its process is
   * gone, when its pid is ours but the worker is not, or when it has not beaten for `staleMs`.
   */
  requeueOrphans(me: string, staleMs: number): number {
    const alive = (pid: number): boolean => {
      try {
        process.kill(pid, 0)
        return true
      } catch (error) {
        return (error as NodeJS.ErrnoException).code === 'EPERM'
      }
    }
    const workers = this.sql(`SELECT id, pid, beat_at FROM workers`).all() as Array<{ id: string; pid: number; beat_at: number }>
    const living = new Set(workers.filter((w) => w.id === me || (w.pid !== process.pid && alive(w.pid) && this.now() - w.beat_at < staleMs)).map((w) => w.id))
    return this.db.transaction(() => {
      let moved = 0
      const claimants = this.sql(`SELECT DISTINCT claimed_by FROM deliveries WHERE status = 'sending'`).all() as Array<{ claimed_by: string | null }>
      for (const { claimed_by } of claimants) {
        if (claimed_by && living.has(claimed_by)) continue
        moved += this.sql(`UPDATE deliveries SET status = 'queued', claimed_by = NULL WHERE status = 'sending' AND claimed_by IS ?`).run(claimed_by).changes
      }
      for (const worker of workers) if (!living.has(worker.id)) this.forget(worker.id)
      return moved
    })()
  }

  /**
   * Claims up to `limit` messages that are due, oldest edition first: each is marked 'sending' by
   * this worker, with its attempt counted, and committed before anything is sent.
   */
  claim(worker: string, limit: number): Claimed[] {
    return this.db.transaction(() => {
      const rows = this.db
        .prepare(
          `SELECT d.edition_id, d.subscriber_id, d.email, d.attempts FROM deliveries d
           WHERE d.status IN ('queued', 'retry') AND d.next_at <= ? LIMIT ?`,
        )
        .all(this.now(), limit) as Array<{ edition_id: string; subscriber_id: string; email: string; attempts: number }>
      const mark = this.sql(`UPDATE deliveries SET status = 'sending', claimed_by = ?, attempts = attempts + 1, updated_at = ? WHERE edition_id = ? AND subscriber_id = ? AND status IN ('queued', 'retry')`)
      const at = this.stamp()
      return rows
        .filter((row) => mark.run(worker, at, row.edition_id, row.subscriber_id).changes > 0)
        .map((row) => ({ editionId: row.edition_id, subscriberId: row.subscriber_id, email: row.email, attempts: row.attempts + 1 }))
    })()
  }

  /** When the next retry falls due (ms since the epoch), or null when none waits. */
  nextRetryAt(): number | null {
    const row = this.sql(`SELECT min(next_at) AS at FROM deliveries WHERE status = 'retry'`).get() as { at: number | null }
    return row.at
  }

  settle(item: Claimed, outcome: Outcome): void {
    const at = this.stamp()
    this.db.transaction(() => {
      if (outcome.status === 'sent') {
        this.sql(`UPDATE deliveries SET status = 'sent', sent_at = ?, updated_at = ?, error = NULL, claimed_by = NULL WHERE edition_id = ? AND subscriber_id = ?`).run(at, at, item.editionId, item.subscriberId)
        // A delivered message shows the address works again: its count of refusals starts over.
        this.sql(`DELETE FROM bounces WHERE email_key = ?`).run(emailKey(item.email))
      } else if (outcome.status === 'retry') {
        this.db
          .prepare(`UPDATE deliveries SET status = 'retry', next_at = ?, error = ?, updated_at = ?, claimed_by = NULL WHERE edition_id = ? AND subscriber_id = ?`)
          .run(outcome.at, outcome.error, at, item.editionId, item.subscriberId)
      } else {
        this.db
          .prepare(`UPDATE deliveries SET status = ?, error = ?, updated_at = ?, claimed_by = NULL WHERE edition_id = ? AND subscriber_id = ?`)
          .run(outcome.status, outcome.error, at, item.editionId, item.subscriberId)
        if (outcome.status === 'failed' && outcome.permanent) {
          this.db
            .prepare(`INSERT INTO bounces (email_key, failures, last_error, last_at) VALUES (?, 1, ?, ?) ON CONFLICT (email_key) DO UPDATE SET failures = failures + 1, last_error = excluded.last_error, last_at = excluded.last_at`)
            .run(emailKey(item.email), outcome.error, at)
        }
      }
    })()
  }

  /** Whether an address has been refused for good often enough to stop mailing it. */
  /** The addresses (email keys) no longer mailed: refused for good too many times. */
  suppressedKeys(): string[] {
    return (this.sql(`SELECT email_key FROM bounces WHERE failures >= ${permanentFailureLimit}`).all() as Array<{ email_key: string }>).map((row) => row.email_key)
  }

  suppressed(email: string): boolean {
    return this.sql(`SELECT 1 FROM bounces WHERE email_key = ? AND failures >= ${permanentFailureLimit}`).get(emailKey(email)) !== undefined
  }

  /** Marks sent every sending edition with nothing left to send; returns their ids. */
  finishDone(): string[] {
    return this.db.transaction(() => {
      const done = this.db
        .prepare(`SELECT id FROM editions e WHERE state = 'sending' AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.edition_id = e.id AND d.status IN ('queued', 'sending', 'retry'))`)
        .all() as Array<{ id: string }>
      const finish = this.sql(`UPDATE editions SET state = 'sent', finished_at = ?, updated_at = ? WHERE id = ?`)
      for (const { id } of done) finish.run(this.stamp(), this.stamp(), id)
      return done.map((row) => row.id)
    })()
  }

  private view(row: EditionRow): EditionView {
    return {
      _id: row.id,
      newsletter: isNewsletterId(row.newsletter) ? row.newsletter : 'editors-edition',
      subject: row.subject,
      intro: row.intro,
      articleIds: JSON.parse(row.article_ids) as string[],
      state: row.state,
      scheduledFor: row.scheduled_for,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      startedAt: row.started_at,
      finishedAt: row.finished_at,
      createdBy: row.created_by,
      revision: row.revision,
      counts: row.folded_counts ? (JSON.parse(row.folded_counts) as EditionCounts) : this.countRows(row.id),
      logRemovedAt: row.log_removed_at,
    }
  }
}
