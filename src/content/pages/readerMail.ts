// What the pages a reader lands on after the forms and the links in our emails say. The service
// decides what happened (server/readers); these pages only report it, by the few words in their
// address (never anything personal): `?delivery=` after a sign-up, `?status=` after a link.

import { subscriptionOutcome } from './contact.ts'
import { newsletterIdsOf, receiveSentence } from './newsletters.ts'

export interface MailPageView {
  title: string
  message: string
  /** A button that posts the link's token to the service, when the reader still has to act. */
  action?: { label: string; path: '/subscribe/confirm' | '/unsubscribe'; token: string }
  /** Whether the page reports a failure (the link did not work). */
  problem?: boolean
}

/** At most this much of a token is carried into the page: a real one is about 80 characters. */
const tokenLimit = 512

function tokenOf(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 && value.length <= tokenLimit ? value : null
}

export const contactSentView: MailPageView = {
  title: 'Message sent',
  message: 'Thank you. Your message has been received. Our newsroom reads every message, and if you asked us something we will reply to the email address you gave.',
}

export function subscriptionSentView(delivery: unknown): MailPageView {
  return { title: delivery === 'held' ? 'Sign-up saved' : 'Check your email', message: subscriptionOutcome(delivery === 'held' ? 'held' : 'sent') }
}

/**
 * The page behind the confirmation link. Once confirmed, the service names the newsletters chosen
 * (`&newsletters=`, ids only), and the page says exactly what will come and when.
 */
export function confirmView(search: { token?: unknown; status?: unknown; newsletters?: unknown }): MailPageView {
  if (search.status === 'confirmed') {
    const chosen = newsletterIdsOf(search.newsletters)
    const what = chosen.length > 0 ? ` ${receiveSentence(chosen)}` : ''
    return {
      title: 'Subscription confirmed',
      message: `Thank you: your subscription to Resonance is confirmed.${what} Every newsletter has a link to change what you receive or to unsubscribe.`,
    }
  }
  if (search.status === 'expired') {
    return { title: 'Link expired', message: 'This confirmation link has expired. Please sign up again and we will send you a new one.', problem: true }
  }
  if (search.status === 'invalid') {
    return { title: 'Link not valid', message: 'This confirmation link is not valid, or the address has since been unsubscribed. Please sign up again.', problem: true }
  }
  const token = tokenOf(search.token)
  if (!token) return { title: 'Link not valid', message: 'This confirmation link is incomplete. Please open it again from the email, or sign up again.', problem: true }
  return {
    title: 'Confirm your subscription',
    message: 'One more step: confirm that you would like to subscribe to Resonance with this email address.',
    action: { label: 'Confirm subscription', path: '/subscribe/confirm', token },
  }
}

export function unsubscribeView(search: { token?: unknown; status?: unknown }): MailPageView {
  if (search.status === 'done') return { title: 'Unsubscribed', message: 'You are unsubscribed from Resonance, and we will not email you again. You can sign up again at any time.' }
  if (search.status === 'invalid' || search.status === 'expired') {
    return { title: 'Link not valid', message: 'This unsubscribe link is not valid. Please open it again from one of our emails.', problem: true }
  }
  const token = tokenOf(search.token)
  if (!token) return { title: 'Link not valid', message: 'This unsubscribe link is incomplete. Please open it again from one of our emails.', problem: true }
  return {
    title: 'Unsubscribe',
    message: 'Stop receiving emails from Resonance at this address?',
    action: { label: 'Unsubscribe', path: '/unsubscribe', token },
  }
}

/**
 * The head of these pages: a title, and kept out of search engines and share cards, since their
 * addresses carry a reader's link token or say what one reader did.
 */
export function mailPageHead(title: string): { meta: Array<{ title: string } | { name: string; content: string }> } {
  return {
    meta: [{ title: `${title} | Resonance` }, { name: 'description', content: 'Resonance, the independent London newspaper.' }, { name: 'robots', content: 'noindex' }],
  }
}
