// Sends queued editions over SMTP: a batch of messages at a time through nodemailer's pool (a few
// connections kept open, at a set rate). Each message is claimed ('sending', committed) before it
// is handed over and settled after, so a crash leaves in 'sending' only what was in flight; on the
// next start those are sent again (at most one extra copy each) and nothing is skipped. A temporary
// refusal (4xx, a timeout, a dropped connection) is retried later with a growing wait; a permanent
// one (5xx) is recorded, and an address refused for good three times is not mailed again. Before
// each message the subscriber is asked for again: one who unsubscribed (or dropped this newsletter)
// since the edition was queued gets nothing more.

import { randomUUID } from 'node:crypto'
import { createTransport } from 'nodemailer'
import { newsletterById } from '../../shared/newsletters.ts'
import type { ReaderStore } from '../readers/store.ts'
import type { Claimed, EditionStore, FrozenMessage, Outcome } from './store.ts'
import { personalise, type RenderedEdition } from './template.tsx'

export interface SenderSettings {
  /** null: nothing is sent (editions are kept, not sent). */
  smtpUrl: string | null
  from: string
  /** Messages a second at most (NEWSLETTER_RATE). */
  ratePerSecond: number
  /** Messages in flight at once (NEWSLETTER_BATCH): also the most a crash can send twice. */
  batch: number
  /** The first wait before retrying a temporary failure; it doubles with each attempt (NEWSLETTER_RETRY_MS). */
  retryBaseMs: number
  /** Tries before a temporary failure counts as failed. */
  maxAttempts: number
  /** How long one hand-over may take. */
  timeoutMs: number
}

export const defaultSenderSettings: Omit<SenderSettings, 'smtpUrl' | 'from'> = {
  ratePerSecond: 20,
  batch: 10,
  retryBaseMs: 60_000,
  maxAttempts: 5,
  timeoutMs: 30_000,
}

/** Each subscriber's own links: personal, signed, and useless to anyone else. */
export interface RecipientLinks {
  unsubscribeUrl(subscriberId: string): string
  preferencesUrl(subscriberId: string): string
}

type Log = (message: string) => void

/** How a refusal is taken: 5xx for good, anything else (4xx, timeouts, connections) for now. */
export function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode
  return typeof code === 'number' && code >= 500
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text.slice(0, 500)
}

/** The headers that let a mail program offer "Unsubscribe" itself (RFC 2369, RFC 8058). */
export function listHeaders(newsletter: FrozenMessage['newsletter'], unsubscribeUrl: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    'List-Id': `${newsletterById(newsletter).name} <${newsletter}.resonance.newsletter>`,
  }
}

export class NewsletterSender {
  /** This process's name on its claims: a claim by a worker that is gone is put back on start. */
  readonly worker = `${process.pid}-${randomUUID()}`
  private readonly transport: ReturnType<typeof createTransport> | null
  private running: Promise<void> | null = null
  private wake: NodeJS.Timeout | null = null
  private heart: NodeJS.Timeout | null = null
  private closed = false
  private readonly frozen = new Map<string, FrozenMessage>()

  constructor(
    private readonly store: EditionStore,
    private readonly readers: ReaderStore,
    private readonly links: RecipientLinks,
    private readonly settings: SenderSettings,
    private readonly log: Log = () => {},
    private readonly now: () => number = Date.now,
  ) {
    const timeout = settings.timeoutMs
    this.transport = settings.smtpUrl
      ? createTransport({
          url: settings.smtpUrl,
          pool: true,
          maxConnections: Math.max(1, Math.min(5, settings.batch)),
          maxMessages: 1000,
          rateDelta: 1000,
          rateLimit: settings.ratePerSecond,
          connectionTimeout: timeout,
          greetingTimeout: timeout,
          socketTimeout: timeout,
          dnsTimeout: timeout,
        })
      : null
  }

  get delivery(): 'smtp' | 'outbox' {
    return this.transport ? 'smtp' : 'outbox'
  }

  /** Takes up what a stopped process left: its in-flight messages go back in the queue, then sending resumes. */
  start(): void {
    this.store.beat(this.worker)
    const requeued = this.store.requeueOrphans(this.worker, 60_000)
    if (requeued > 0) this.log(`Newsletters: ${requeued} message(s) in flight when the service stopped are queued again`)
    // The beat also looks for work another process queued (the `content newsletter` command, or
    // retries it left): sending never waits for this process's own next edition.
    this.heart = setInterval(() => {
      this.store.beat(this.worker)
      this.kick()
    }, 10_000)
    this.heart.unref()
    this.kick()
  }

  /** Sends whatever is due, unless a run is already going (it will pick up new rows itself). */
  kick(): void {
    if (this.closed || !this.transport) return
    if (this.running) {
      this.again = true
      return
    }
    this.running = this.drain()
      .catch((error: unknown) => this.log(`Newsletters: sending stopped: ${describe(error)}`))
      .finally(() => {
        this.running = null
        if (this.again) {
          this.again = false
          this.kick()
        } else this.armRetry()
      })
  }

  private again = false

  /** Resolves once nothing is being sent (the queue may still hold retries for later). */
  async idle(): Promise<void> {
    while (this.running) await this.running
  }

  private armRetry(): void {
    if (this.wake) clearTimeout(this.wake)
    this.wake = null
    const at = this.store.nextRetryAt()
    if (at === null || this.closed) return
    this.wake = setTimeout(() => this.kick(), Math.min(Math.max(0, at - this.now()), 2 ** 31 - 1))
    this.wake.unref()
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.closed) break
      const batch = this.store.claim(this.worker, this.settings.batch)
      if (batch.length === 0) break
      // Each message is settled the moment the SMTP server answers for it, not when its batch-mates
      // do: a crash then resends only the messages really in flight (handed over, not yet answered),
      // never one the server had already accepted. A commit costs about 0.3 ms here (WAL).
      await Promise.all(batch.map(async (item) => this.store.settle(item, await this.deliver(item))))
      for (const id of this.store.finishDone()) this.log(`Newsletters: edition ${id} sent`)
    }
    for (const id of this.store.finishDone()) this.log(`Newsletters: edition ${id} sent`)
  }

  private message(editionId: string): FrozenMessage | null {
    let message = this.frozen.get(editionId)
    if (!message) {
      message = this.store.frozen(editionId) ?? undefined
      if (message) this.frozen.set(editionId, message)
    }
    return message ?? null
  }

  private async deliver(item: Claimed): Promise<Outcome> {
    const message = this.message(item.editionId)
    if (!message) return { status: 'failed', error: 'The edition has no message to send' }
    if (!this.readers.receives(item.subscriberId, message.newsletter)) {
      return { status: 'skipped', error: 'Unsubscribed, or chose other newsletters, before it was sent' }
    }
    if (this.store.suppressed(item.email)) return { status: 'skipped', error: 'Not mailed: the address was refused for good 3 times' }
    try {
      await this.send(item.email, item.subscriberId, message)
      return { status: 'sent' }
    } catch (error) {
      if (isPermanent(error)) return { status: 'failed', error: describe(error), permanent: true }
      if (item.attempts >= this.settings.maxAttempts) return { status: 'failed', error: `Gave up after ${item.attempts} tries: ${describe(error)}` }
      const wait = this.settings.retryBaseMs * 2 ** (item.attempts - 1)
      return { status: 'retry', error: describe(error), at: this.now() + wait }
    }
  }

  /** Hands one subscriber's copy to the SMTP server; throws nodemailer's error when it is refused. */
  async send(to: string, subscriberId: string, message: FrozenMessage | (RenderedEdition & { newsletter: FrozenMessage['newsletter'] })): Promise<void> {
    if (!this.transport) throw new Error('No SMTP server is configured: nothing is sent')
    const unsubscribeUrl = this.links.unsubscribeUrl(subscriberId)
    const personal = personalise(message, { unsubscribe: unsubscribeUrl, preferences: this.links.preferencesUrl(subscriberId) })
    const info = await this.transport.sendMail({
      from: this.settings.from,
      to,
      subject: personal.subject,
      html: personal.html,
      text: personal.text,
      headers: listHeaders(message.newsletter, unsubscribeUrl),
    })
    if (info.rejected.length > 0) throw Object.assign(new Error(`The mail server refused ${info.rejected.map(String).join(', ')}`), { responseCode: 550 })
  }

  async close(): Promise<void> {
    this.closed = true
    if (this.wake) clearTimeout(this.wake)
    if (this.heart) clearInterval(this.heart)
    await this.idle()
    this.transport?.close()
    this.store.forget(this.worker)
  }
}
