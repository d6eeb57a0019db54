// Sends the paper's email over SMTP (nodemailer), and keeps every email in the outbox the admin
// reads, with how it went. With no SMTP server configured (the default) nothing leaves the
// machine: the email is kept in the outbox as "held", and the reader is told exactly that.

import { createTransport } from 'nodemailer'
import type { EmailStatus, OutboxEmail } from '../../shared/newsroom.ts'
import type { ReaderStore } from './store.ts'

export interface MailSettings {
  /** `smtp://host:port` (or `smtps://user:pass@host:port`); null keeps every email in the outbox. */
  smtpUrl: string | null
  /** The From address, such as `Resonance <newsletter@resonance.example>`. */
  from: string
  /** How long one email may take to hand over before it counts as failed. */
  timeoutMs?: number
}

export interface OutgoingEmail {
  to: string
  subject: string
  text: string
  /**
   * The one-click unsubscribe address. Every email the paper sends carries it (RFC 2369 and
   * RFC 8058), so a mail program can offer "Unsubscribe" without the reader opening anything.
   */
  unsubscribeUrl: string
}

export class Mailer {
  private readonly transport: ReturnType<typeof createTransport> | null

  constructor(
    private readonly store: ReaderStore,
    private readonly settings: MailSettings,
  ) {
    const timeout = settings.timeoutMs ?? 15_000
    // A slow or silent SMTP server must not hold a reader's request for minutes: every stage of the
    // hand-over is bounded, and the form then says the email could not be sent.
    this.transport = settings.smtpUrl
      ? createTransport({ url: settings.smtpUrl, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout, dnsTimeout: timeout })
      : null
  }

  /** `smtp` when emails go out, `outbox` when they are only kept for the admin to read. */
  get delivery(): 'smtp' | 'outbox' {
    return this.transport ? 'smtp' : 'outbox'
  }

  async send(email: OutgoingEmail): Promise<OutboxEmail> {
    if (!this.transport) return this.store.recordEmail({ to: email.to, subject: email.subject, text: email.text, status: 'held', error: null })
    let status: EmailStatus = 'sent'
    let error: string | null = null
    try {
      const info = await this.transport.sendMail({
        from: this.settings.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        headers: {
          'List-Unsubscribe': `<${email.unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      })
      if (info.rejected.length > 0) {
        status = 'failed'
        error = `The mail server refused ${info.rejected.map(String).join(', ')}`
      }
    } catch (failure) {
      status = 'failed'
      error = failure instanceof Error ? failure.message : String(failure)
    }
    return this.store.recordEmail({ to: email.to, subject: email.subject, text: email.text, status, error })
  }

  close(): void {
    this.transport?.close()
  }
}
