// What readers send the paper and what the paper sends them: contact messages, newsletter
// subscribers and the outbox of emails. Kept in their own SQLite file beside the users, never in the
// content dataset: it is personal data, so it must not travel with content exports, replicas or
// listen streams, and only editors read it (docs/decisions/008-reader-mail.md).

import Database from 'better-sqlite3'
import { randomBytes, randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { isNewsletterId, newsletterIds, type NewsletterId } from '../../shared/newsletters.ts'
import type { EmailStatus, InboxMessage, OutboxEmail, Subscriber, SubscriberStatus } from '../../shared/newsroom.ts'

export interface Page<T> {
  items: T[]
  page: number
  pageCount: number
  total: number
}

interface MessageRow {
  id: string
  created_at: string
  full_name: string
  email: string
  subject: string
  message: string
  read_at: string | null
}

interface SubscriberRow {
  id: string
  created_at: string
  email: string
  status: SubscriberStatus
  confirmed_at: string | null
  unsubscribed_at: string | null
  /** The newsletters chosen, comma-separated (subscriberColumns' subquery). */
  newsletters: string | null
}

/** One confirmed subscriber of a newsletter, as the sender queues them. */
export interface Recipient {
  id: string
  email: string
}

interface EmailRow {
  id: string
  created_at: string
  to_address: string
  subject: string
  text: string
  status: EmailStatus
  error: string | null
}

const toMessage = (row: MessageRow): InboxMessage => ({
  _id: row.id,
  _type: 'contactMessage',
  _createdAt: row.created_at,
  fullName: row.full_name,
  email: row.email,
  subject: row.subject,
  message: row.message,
  readAt: row.read_at,
})

const toSubscriber = (row: SubscriberRow): Subscriber => ({
  _id: row.id,
  _type: 'subscriber',
  _createdAt: row.created_at,
  email: row.email,
  newsletters: chosen(row.newsletters),
  status: row.status,
  confirmedAt: row.confirmed_at,
  unsubscribedAt: row.unsubscribed_at,
})

const toEmail = (row: EmailRow): OutboxEmail => ({
  _id: row.id,
  _type: 'email',
  _createdAt: row.created_at,
  to: row.to_address,
  subject: row.subject,
  text: row.text,
  status: row.status,
  error: row.error,
})

/** The newsletters in a comma-separated list, in the catalogue's order, unknown ids left out. */
function chosen(list: string | null): NewsletterId[] {
  const ids = (list ?? '').split(',')
  return newsletterIds.filter((id) => ids.includes(id))
}

// A subscriber's row with their choices, in one statement (lists and the export never ask twice per row).
const subscriberColumns = `s.id, s.created_at, s.email, s.status, s.confirmed_at, s.unsubscribed_at,
  (SELECT group_concat(newsletter) FROM subscriber_newsletters c WHERE c.subscriber_id = s.id) AS newsletters`

/** The key an address is found by: domains are case-insensitive, and so, in practice, is everything else. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase()
}

function paged<R, T>(total: number, page: number, size: number, rows: (limit: number, offset: number) => R[], map: (row: R) => T): Page<T> {
  const pageCount = Math.max(1, Math.ceil(total / size))
  return { items: page <= pageCount ? rows(size, (page - 1) * size).map(map) : [], page, pageCount, total }
}

export class ReaderStore {
  readonly db: Database.Database

  constructor(dataDir: string, private readonly now: () => Date = () => new Date()) {
    this.db = new Database(join(dataDir, 'readers.db'))
    this.db.pragma('journal_mode = WAL')
    this.db.pragma('synchronous = FULL')
    this.db.pragma('busy_timeout = 5000')
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS contact_messages (
        id TEXT PRIMARY KEY, created_at TEXT NOT NULL, full_name TEXT NOT NULL, email TEXT NOT NULL,
        subject TEXT NOT NULL, message TEXT NOT NULL, read_at TEXT
      );
      CREATE INDEX IF NOT EXISTS contact_messages_newest ON contact_messages (created_at DESC, id DESC);
      CREATE TABLE IF NOT EXISTS subscribers (
        id TEXT PRIMARY KEY, created_at TEXT NOT NULL, email TEXT NOT NULL, email_key TEXT NOT NULL UNIQUE,
        status TEXT NOT NULL, confirmed_at TEXT, unsubscribed_at TEXT
      );
      CREATE INDEX IF NOT EXISTS subscribers_newest ON subscribers (status, created_at DESC, id DESC);
      CREATE TABLE IF NOT EXISTS outbox (
        id TEXT PRIMARY KEY, created_at TEXT NOT NULL, to_address TEXT NOT NULL, subject TEXT NOT NULL,
        text TEXT NOT NULL, status TEXT NOT NULL, error TEXT
      );
      CREATE INDEX IF NOT EXISTS outbox_newest ON outbox (created_at DESC, id DESC);
      CREATE INDEX IF NOT EXISTS outbox_to ON outbox (lower(to_address), created_at);
      CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
    `)
    this.migrateChoices()
  }

  /**
   * Which newsletters each subscriber gets. Before there was a choice every subscriber signed up to
   * "the newsletter" (with a paid plan that never existed), so each is given every newsletter; the
   * plan column goes. One transaction: a crash leaves the old shape, and the next start migrates.
   */
  private migrateChoices(): void {
    this.db.transaction(() => {
      const had = this.db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'subscriber_newsletters'`).get()
      this.db.exec(`
        CREATE TABLE IF NOT EXISTS subscriber_newsletters (
          subscriber_id TEXT NOT NULL, newsletter TEXT NOT NULL, PRIMARY KEY (subscriber_id, newsletter)
        ) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS subscriber_newsletters_by_newsletter ON subscriber_newsletters (newsletter, subscriber_id);
      `)
      if (!had) {
        const give = this.db.prepare(`INSERT OR IGNORE INTO subscriber_newsletters (subscriber_id, newsletter) SELECT id, ? FROM subscribers`)
        for (const id of newsletterIds) give.run(id)
      }
      const columns = this.db.prepare(`PRAGMA table_info(subscribers)`).all() as Array<{ name: string }>
      if (columns.some((column) => column.name === 'plan')) this.db.exec(`ALTER TABLE subscribers DROP COLUMN plan`)
    })()
  }

  close(): void {
    this.db.close()
  }

  private stamp(): string {
    return this.now().toISOString()
  }

  /**
   * The key the service signs its email links with, made on first use and kept with the data, so
   * links in emails already sent keep working across restarts.
   */
  linkSecret(): Buffer {
    const row = this.db.prepare(`SELECT value FROM settings WHERE name = 'link_secret'`).get() as { value: string } | undefined
    if (row) return Buffer.from(row.value, 'base64url')
    const secret = randomBytes(32)
    this.db.prepare(`INSERT OR IGNORE INTO settings (name, value) VALUES ('link_secret', ?)`).run(secret.toString('base64url'))
    return this.linkSecret()
  }

  // --- Contact messages ---------------------------------------------------------------------

  addMessage(message: { fullName: string; email: string; subject: string; message: string }): InboxMessage {
    const row: MessageRow = { id: randomUUID(), created_at: this.stamp(), full_name: message.fullName, email: message.email, subject: message.subject, message: message.message, read_at: null }
    this.db.prepare(`INSERT INTO contact_messages VALUES (@id, @created_at, @full_name, @email, @subject, @message, @read_at)`).run(row)
    return toMessage(row)
  }

  messages(page: number, size: number, unreadOnly: boolean): Page<InboxMessage> & { unread: number } {
    const unread = (this.db.prepare(`SELECT count(*) AS n FROM contact_messages WHERE read_at IS NULL`).get() as { n: number }).n
    const where = unreadOnly ? 'WHERE read_at IS NULL' : ''
    const total = unreadOnly ? unread : (this.db.prepare(`SELECT count(*) AS n FROM contact_messages`).get() as { n: number }).n
    const list = this.db.prepare(`SELECT * FROM contact_messages ${where} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`)
    return { ...paged(total, page, size, (limit, offset) => list.all(limit, offset) as MessageRow[], toMessage), unread }
  }

  message(id: string): InboxMessage | null {
    const row = this.db.prepare(`SELECT * FROM contact_messages WHERE id = ?`).get(id) as MessageRow | undefined
    return row ? toMessage(row) : null
  }

  /** Marks a message read (keeping when it was first read) or unread; null when there is no such message. */
  markMessage(id: string, read: boolean): InboxMessage | null {
    if (read) this.db.prepare(`UPDATE contact_messages SET read_at = coalesce(read_at, ?) WHERE id = ?`).run(this.stamp(), id)
    else this.db.prepare(`UPDATE contact_messages SET read_at = NULL WHERE id = ?`).run(id)
    return this.message(id)
  }

  // --- Subscribers --------------------------------------------------------------------------

  subscriberByEmail(email: string): Subscriber | null {
    const row = this.db.prepare(`SELECT ${subscriberColumns} FROM subscribers s WHERE email_key = ?`).get(emailKey(email)) as SubscriberRow | undefined
    return row ? toSubscriber(row) : null
  }

  subscriber(id: string): Subscriber | null {
    const row = this.db.prepare(`SELECT ${subscriberColumns} FROM subscribers s WHERE id = ?`).get(id) as SubscriberRow | undefined
    return row ? toSubscriber(row) : null
  }

  /**
   * Records a sign-up. A new address, or one that had unsubscribed, starts again unconfirmed with the
   * newsletters chosen now; a pending one keeps waiting with the new choice; a confirmed one is left
   * as it is (they change their choice from the link in any of their emails, not from a form anyone
   * can fill in with their address).
   */
  signUp(email: string, newsletters: readonly NewsletterId[]): Subscriber {
    return this.db.transaction(() => {
      const existing = this.subscriberByEmail(email)
      if (existing?.status === 'confirmed') return existing
      const id = existing?._id ?? randomUUID()
      if (!existing) {
        this.db
          .prepare(`INSERT INTO subscribers (id, created_at, email, email_key, status) VALUES (?, ?, ?, ?, 'pending')`)
          .run(id, this.stamp(), email.trim(), emailKey(email))
      } else {
        this.db.prepare(`UPDATE subscribers SET status = 'pending', email = ?, unsubscribed_at = NULL, confirmed_at = NULL WHERE id = ?`).run(email.trim(), id)
      }
      this.writeChoices(id, newsletters)
      return this.subscriber(id)!
    })()
  }

  private writeChoices(id: string, newsletters: readonly NewsletterId[]): void {
    this.db.prepare(`DELETE FROM subscriber_newsletters WHERE subscriber_id = ?`).run(id)
    const add = this.db.prepare(`INSERT OR IGNORE INTO subscriber_newsletters (subscriber_id, newsletter) VALUES (?, ?)`)
    for (const newsletter of newsletters) if (isNewsletterId(newsletter)) add.run(id, newsletter)
  }

  /** The newsletters a subscriber has chosen, in the catalogue's order (empty for an unknown id). */
  newslettersOf(subscriberId: string): NewsletterId[] {
    const rows = this.db.prepare(`SELECT newsletter FROM subscriber_newsletters WHERE subscriber_id = ?`).all(subscriberId) as Array<{ newsletter: string }>
    return chosen(rows.map((row) => row.newsletter).join(','))
  }

  /**
   * Changes a subscriber's choice, from the preferences link in their own email. Choosing none
   * unsubscribes them; choosing some again after unsubscribing confirms them (the link reached
   * their inbox, which is what the double opt-in asks to know). A pending subscriber stays pending.
   * Null for an unknown subscriber.
   */
  setNewsletters(subscriberId: string, newsletters: readonly NewsletterId[]): Subscriber | null {
    return this.db.transaction(() => {
      const subscriber = this.subscriber(subscriberId)
      if (!subscriber) return null
      this.writeChoices(subscriberId, newsletters)
      if (newsletters.length === 0) this.unsubscribe(subscriberId)
      else if (subscriber.status === 'unsubscribed') {
        this.db.prepare(`UPDATE subscribers SET status = 'confirmed', confirmed_at = ?, unsubscribed_at = NULL WHERE id = ?`).run(this.stamp(), subscriberId)
      }
      return this.subscriber(subscriberId)
    })()
  }

  private receivesQuery: Database.Statement | null = null

  /** Whether a subscriber is confirmed and gets this newsletter now: asked before each message of an edition goes out. */
  receives(subscriberId: string, newsletter: NewsletterId): boolean {
    // Asked before every newsletter message: prepared once, not once a message (see EditionStore.sql).
    this.receivesQuery ??= this.db.prepare(`SELECT 1 FROM subscribers s JOIN subscriber_newsletters c ON c.subscriber_id = s.id WHERE s.id = ? AND s.status = 'confirmed' AND c.newsletter = ?`)
    return this.receivesQuery.get(subscriberId, newsletter) !== undefined
  }

  /**
   * The confirmed subscribers who chose a newsletter, a batch at a time in id order (pending and
   * unsubscribed addresses never): what an edition is queued to.
   */
  *eachRecipient(newsletter: NewsletterId, batch = 1000): Generator<Recipient> {
    const next = this.db.prepare(
      `SELECT s.id, s.email FROM subscriber_newsletters c JOIN subscribers s ON s.id = c.subscriber_id
       WHERE c.newsletter = ? AND c.subscriber_id > ? AND s.status = 'confirmed' ORDER BY c.subscriber_id LIMIT ?`,
    )
    let after = ''
    for (;;) {
      const rows = next.all(newsletter, after, batch) as Recipient[]
      for (const row of rows) yield row
      if (rows.length < batch) return
      after = rows[rows.length - 1]!.id
    }
  }

  /**
   * How many confirmed subscribers get a newsletter, leaving out the addresses in `except` (email
   * keys: those the newsletters no longer mail), so the number is who an edition would reach now.
   */
  recipientCount(newsletter: NewsletterId, except: readonly string[] = []): number {
    const from = `FROM subscriber_newsletters c JOIN subscribers s ON s.id = c.subscriber_id WHERE c.newsletter = ? AND s.status = 'confirmed'`
    let n = (this.db.prepare(`SELECT count(*) AS n ${from}`).get(newsletter) as { n: number }).n
    // In slices, within SQLite's limit on bound values.
    for (let i = 0; i < except.length; i += 500) {
      const keys = except.slice(i, i + 500)
      n -= (this.db.prepare(`SELECT count(*) AS n ${from} AND s.email_key IN (${keys.map(() => '?').join(',')})`).get(newsletter, ...keys) as { n: number }).n
    }
    return n
  }

  /** Confirms a pending subscriber; null when there is none by that id or it is no longer pending. */
  confirm(id: string): Subscriber | null {
    const result = this.db.prepare(`UPDATE subscribers SET status = 'confirmed', confirmed_at = ? WHERE id = ? AND status = 'pending'`).run(this.stamp(), id)
    return result.changes > 0 ? this.subscriber(id) : null
  }

  /** Unsubscribes (or withdraws a pending sign-up); returns the subscriber, or null when unknown. */
  unsubscribe(id: string): Subscriber | null {
    this.db.prepare(`UPDATE subscribers SET status = 'unsubscribed', unsubscribed_at = coalesce(unsubscribed_at, ?) WHERE id = ? AND status != 'unsubscribed'`).run(this.stamp(), id)
    return this.subscriber(id)
  }

  subscriberCounts(): Record<SubscriberStatus, number> {
    const counts: Record<SubscriberStatus, number> = { pending: 0, confirmed: 0, unsubscribed: 0 }
    for (const row of this.db.prepare(`SELECT status, count(*) AS n FROM subscribers GROUP BY status`).all() as Array<{ status: SubscriberStatus; n: number }>) {
      counts[row.status] = row.n
    }
    return counts
  }

  subscribers(page: number, size: number, status: SubscriberStatus | null): Page<Subscriber> & { counts: Record<SubscriberStatus, number> } {
    const counts = this.subscriberCounts()
    const total = status ? counts[status] : counts.pending + counts.confirmed + counts.unsubscribed
    const list = status
      ? this.db.prepare(`SELECT ${subscriberColumns} FROM subscribers s WHERE status = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`)
      : this.db.prepare(`SELECT ${subscriberColumns} FROM subscribers s ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`)
    const rows = (limit: number, offset: number) => (status ? list.all(status, limit, offset) : list.all(limit, offset)) as SubscriberRow[]
    return { ...paged(total, page, size, rows, toSubscriber), counts }
  }

  /**
   * Every subscriber (of one status), newest first, a batch at a time: the export never holds them
   * all, and no statement stays open while the response waits to drain (the connection would be
   * busy for every other request).
   */
  *eachSubscriber(status: SubscriberStatus | null, batch = 500): Generator<Subscriber> {
    const filter = status ? 'status = @status AND' : ''
    const first = this.db.prepare(`SELECT ${subscriberColumns} FROM subscribers s WHERE ${filter} 1 ORDER BY created_at DESC, id DESC LIMIT @batch`)
    const next = this.db.prepare(
      `SELECT ${subscriberColumns} FROM subscribers s WHERE ${filter} (created_at < @at OR (created_at = @at AND id < @id)) ORDER BY created_at DESC, id DESC LIMIT @batch`,
    )
    const only = status ? { status } : {}
    let rows = first.all({ ...only, batch }) as SubscriberRow[]
    while (rows.length > 0) {
      for (const row of rows) yield toSubscriber(row)
      const last = rows[rows.length - 1]!
      rows = rows.length < batch ? [] : (next.all({ ...only, batch, at: last.created_at, id: last.id }) as SubscriberRow[])
    }
  }

  // --- Outbox -------------------------------------------------------------------------------

  recordEmail(email: { to: string; subject: string; text: string; status: EmailStatus; error: string | null }): OutboxEmail {
    const row: EmailRow = { id: randomUUID(), created_at: this.stamp(), to_address: email.to, subject: email.subject, text: email.text, status: email.status, error: email.error }
    this.db.prepare(`INSERT INTO outbox VALUES (@id, @created_at, @to_address, @subject, @text, @status, @error)`).run(row)
    return toEmail(row)
  }

  emails(page: number, size: number): Page<OutboxEmail> {
    const total = (this.db.prepare(`SELECT count(*) AS n FROM outbox`).get() as { n: number }).n
    const list = this.db.prepare(`SELECT * FROM outbox ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`)
    return paged(total, page, size, (limit, offset) => list.all(limit, offset) as EmailRow[], toEmail)
  }

  /** Emails to one address since a time: how many confirmations it has been sent lately. */
  emailsTo(address: string, since: Date): number {
    return (this.db.prepare(`SELECT count(*) AS n FROM outbox WHERE lower(to_address) = ? AND created_at >= ?`).get(emailKey(address), since.toISOString()) as { n: number }).n
  }
}
