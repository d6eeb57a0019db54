// The reader desk: what happens when a reader writes to the paper or signs up, and when they follow
// a link in one of our emails. The HTTP layer (server/http/readers.ts) only reads requests and
// answers; every rule is here.

import * as v from 'valibot'
import type { EmailStatus } from '../../shared/newsroom.ts'
import { contactSchema, fieldErrors, subscriptionSchema, type FormResult } from '../../shared/readerForms.ts'
import { alreadySubscribedEmail, confirmationEmail } from './emails.ts'
import { AddressLimiter, confirmationsPerEmailPerDay, contactLimit, subscribeLimit } from './limits.ts'
import { LinkSigner, type LinkCheck } from './links.ts'
import type { Mailer } from './mailer.ts'
import type { ReaderStore } from './store.ts'

/** What the reader is told when their address has used up its tries, and when to come back. */
export function tooManyNotice(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
  return `You have sent this form too many times. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}

export const notices = {
  deliveryFailed: 'We could not send the confirmation email just now, so you are not subscribed yet. Please try again in a few minutes.',
  tooManyEmails: 'We have already sent several emails to this address today. Please look for them in your inbox (and spam folder), or try again tomorrow.',
} as const

export interface DeskAnswer extends FormResult {
  /** The HTTP status the answer goes with. */
  status: number
  /** Seconds to wait before trying again (429). */
  retryAfter?: number
}

export class ReaderDesk {
  private readonly contactLimiter = new AddressLimiter(contactLimit)
  private readonly subscribeLimiter = new AddressLimiter(subscribeLimit)
  readonly links: LinkSigner

  constructor(
    readonly store: ReaderStore,
    readonly mailer: Mailer,
    /** The site's public origin, for the links in emails (never the request's Host, which a sender controls). */
    private readonly siteUrl: () => string,
    private readonly now: () => number = Date.now,
  ) {
    this.links = new LinkSigner(store.linkSecret(), now)
  }

  /** A contact message from `address` (the sender's network address, for the rate limit). */
  contact(values: unknown, address: string): DeskAnswer {
    const errors = fieldErrors(contactSchema, values)
    if (Object.keys(errors).length > 0) return { status: 400, ok: false, errors }
    const wait = this.contactLimiter.take(address)
    if (wait > 0) return { status: 429, ok: false, notice: tooManyNotice(wait), retryAfter: wait }
    this.store.addMessage(v.parse(contactSchema, values))
    return { status: 200, ok: true }
  }

  /**
   * A sign-up: the subscriber is kept unconfirmed and sent a link to confirm. An address already
   * confirmed is told so by email, and the page says the same as for anyone else, so the form does
   * not reveal who subscribes.
   */
  async subscribe(values: unknown, address: string): Promise<DeskAnswer> {
    const errors = fieldErrors(subscriptionSchema, values)
    if (Object.keys(errors).length > 0) return { status: 400, ok: false, errors }
    const wait = this.subscribeLimiter.take(address)
    if (wait > 0) return { status: 429, ok: false, notice: tooManyNotice(wait), retryAfter: wait }
    const { email, plan } = v.parse(subscriptionSchema, values)
    if (this.store.emailsTo(email, new Date(this.now() - 86_400_000)) >= confirmationsPerEmailPerDay) {
      return { status: 429, ok: false, notice: notices.tooManyEmails, retryAfter: 86_400 }
    }
    const subscriber = this.store.signUp(email, plan)
    const unsubscribeUrl = this.link('/unsubscribe', this.links.sign('unsubscribe', subscriber._id))
    const text =
      subscriber.status === 'confirmed'
        ? alreadySubscribedEmail(unsubscribeUrl)
        : confirmationEmail(plan, this.link('/subscribe/confirm', this.links.sign('confirm', subscriber._id)), unsubscribeUrl)
    const sent = await this.mailer.send({ to: email, ...text, unsubscribeUrl })
    const delivery: EmailStatus = sent.status
    if (delivery === 'failed') return { status: 502, ok: false, delivery, notice: notices.deliveryFailed }
    return { status: 200, ok: true, delivery }
  }

  /** Follows a confirmation link: the subscriber is confirmed (again is fine). */
  confirm(token: unknown): LinkCheck {
    const check = this.links.check('confirm', token)
    if (!check.ok) return check
    const subscriber = this.store.subscriber(check.subscriberId)
    // Unsubscribed since, or never there: the link no longer stands for a wish to subscribe.
    if (!subscriber || subscriber.status === 'unsubscribed') return { ok: false, reason: 'invalid' }
    if (subscriber.status === 'pending') this.store.confirm(subscriber._id)
    return check
  }

  /** Follows an unsubscribe link (from the page or a mail program's one-click button). */
  unsubscribe(token: unknown): LinkCheck {
    const check = this.links.check('unsubscribe', token)
    if (!check.ok) return check
    if (!this.store.unsubscribe(check.subscriberId)) return { ok: false, reason: 'invalid' }
    return check
  }

  private link(path: string, token: string): string {
    return `${this.siteUrl()}${path}?token=${encodeURIComponent(token)}`
  }
}
