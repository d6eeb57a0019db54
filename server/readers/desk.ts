// The reader desk: what happens when a reader writes to the paper or signs up, and when they follow
// a link in one of our emails. The HTTP layer (server/http/readers.ts) only reads requests and
// answers; every rule is here.

import * as v from 'valibot'
import { isNewsletterId, newsletterIds, type NewsletterId } from '../../shared/newsletters.ts'
import type { EmailStatus, SubscriberStatus } from '../../shared/newsroom.ts'
import { contactSchema, emailSchema, fieldErrors, type FormResult } from '../../shared/readerForms.ts'
import { alreadySubscribedEmail, confirmationEmail } from './emails.ts'
import { AddressLimiter, confirmationsPerEmailPerDay, contactLimit, preferencesLimit, subscribeLimit } from './limits.ts'
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
  chooseNewsletter: 'Please choose at least one newsletter.',
  unknownNewsletter: 'Please choose from the newsletters we send.',
} as const

/** What the preferences page shows: whose choice (the address masked: the link may be forwarded) and what it is. */
export interface Preferences {
  ok: true
  email: string
  status: SubscriberStatus
  newsletters: NewsletterId[]
}

/**
 * The newsletters a form asked for: a JSON array (or one id), or a form's repeated fields, empty
 * values left out (a form always sends one empty field, so a form with nothing ticked says so).
 * Undefined when the field was not sent at all.
 */
export function readNewsletterChoice(raw: unknown): { ids: NewsletterId[] } | { error: string } | undefined {
  if (raw === undefined) return undefined
  const given = (Array.isArray(raw) ? raw : [raw]).filter((value) => value !== '')
  if (given.length > newsletterIds.length * 4 || !given.every(isNewsletterId)) return { error: notices.unknownNewsletter }
  return { ids: newsletterIds.filter((id) => given.includes(id)) }
}

/** "r•••@example.com": enough for a reader to know the address is theirs, not enough to learn anyone's. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  return at < 1 ? '•••' : `${email[0]}•••${email.slice(at)}`
}

export interface DeskAnswer extends FormResult {
  /** The HTTP status the answer goes with. */
  status: number
  /** Seconds to wait before trying again (429). */
  retryAfter?: number
}

export class ReaderDesk {
  private readonly contactLimiter = new AddressLimiter(contactLimit)
  private readonly subscribeLimiter = new AddressLimiter(subscribeLimit)
  private readonly preferencesLimiter = new AddressLimiter(preferencesLimit)
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
  async subscribe(values: { email?: unknown; newsletters?: unknown }, address: string): Promise<DeskAnswer> {
    const errors = fieldErrors(v.object({ email: emailSchema }), { email: values.email })
    // Not sent at all (an app or a script that predates the choice): every newsletter.
    const choice = readNewsletterChoice(values.newsletters) ?? { ids: [...newsletterIds] }
    if ('error' in choice) errors.newsletters = choice.error
    else if (choice.ids.length === 0) errors.newsletters = notices.chooseNewsletter
    if (Object.keys(errors).length > 0 || 'error' in choice) return { status: 400, ok: false, errors }
    const wait = this.subscribeLimiter.take(address)
    if (wait > 0) return { status: 429, ok: false, notice: tooManyNotice(wait), retryAfter: wait }
    const email = v.parse(emailSchema, values.email)
    const chosen = choice.ids
    if (this.store.emailsTo(email, new Date(this.now() - 86_400_000)) >= confirmationsPerEmailPerDay) {
      return { status: 429, ok: false, notice: notices.tooManyEmails, retryAfter: 86_400 }
    }
    const subscriber = this.store.signUp(email, chosen)
    const unsubscribeUrl = this.unsubscribeUrl(subscriber._id)
    const text =
      subscriber.status === 'confirmed'
        ? alreadySubscribedEmail(this.preferencesUrl(subscriber._id), unsubscribeUrl)
        : confirmationEmail(chosen, this.link('/subscribe/confirm', this.links.sign('confirm', subscriber._id)), unsubscribeUrl)
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

  /** What the preferences link shows; an invalid token (forged, another purpose's, or a subscriber since gone) says so. */
  preferences(token: unknown): Preferences | { ok: false; reason: 'invalid' } {
    const check = this.links.check('preferences', token)
    const subscriber = check.ok ? this.store.subscriber(check.subscriberId) : null
    if (!subscriber) return { ok: false, reason: 'invalid' }
    return { ok: true, email: maskEmail(subscriber.email), status: subscriber.status, newsletters: subscriber.newsletters }
  }

  /** Saves a choice made on the preferences page: none unsubscribes (see ReaderStore.setNewsletters). */
  setPreferences(values: { token?: unknown; newsletters?: unknown }, address: string): DeskAnswer & { preferences?: Preferences; reason?: 'invalid' } {
    const wait = this.preferencesLimiter.take(address)
    if (wait > 0) return { status: 429, ok: false, notice: tooManyNotice(wait), retryAfter: wait }
    const check = this.links.check('preferences', values.token)
    if (!check.ok || !this.store.subscriber(check.subscriberId)) return { status: 400, ok: false, reason: 'invalid' }
    const choice = readNewsletterChoice(values.newsletters ?? [])!
    if ('error' in choice) return { status: 400, ok: false, errors: { newsletters: choice.error } }
    this.store.setNewsletters(check.subscriberId, choice.ids)
    return { status: 200, ok: true, preferences: this.preferences(values.token) as Preferences }
  }

  /** A subscriber's personal links, for the emails the paper sends them. */
  unsubscribeUrl(subscriberId: string): string {
    return this.link('/unsubscribe', this.links.sign('unsubscribe', subscriberId))
  }

  preferencesUrl(subscriberId: string): string {
    return this.link('/newsletters', this.links.sign('preferences', subscriberId))
  }

  private link(path: string, token: string): string {
    return `${this.siteUrl()}${path}?token=${encodeURIComponent(token)}`
  }
}
