// What the newsletter preferences page (`/newsletters?token=…`, the link in every email)
// shows: whose choice it is, what they receive, and what became of a save. The service looks the
// link up and renders the page with the subscriber's choice (a form submission, never cached: it is
// one reader's), or answers the app with the same in JSON; this module only reads what it was given.

import { isNewsletterId, newsletterIds, type NewsletterId } from '../../../shared/newsletters.ts'
import { subscriberStatuses, type SubscriberStatus } from '../../../shared/newsroom.ts'
import type { FormSubmission } from '../../../shared/readerForms.ts'
import { newsletterIdsOf, receiveSentence } from './newsletters.ts'

/** A subscriber's choice, as the service hands it over: the address masked, since a link may be forwarded. */
export interface Preferences {
  email: string
  status: SubscriberStatus
  newsletters: NewsletterId[]
}

export type PreferencesView =
  | { kind: 'choose'; token: string; preferences: Preferences; outcome: PreferencesOutcome }
  /** The link cannot be used: the page says why and offers nothing to save. */
  | { kind: 'problem'; title: string; message: string }
  /** The app still has to ask the service (a page reached without the service's render). */
  | { kind: 'loading'; token: string }

/** What saving answers: the choice as the service now holds it, or why it was not saved. */
export type PreferencesSaveResult = { ok: true; preferences: Preferences } | { ok: false; invalid?: boolean; message: string }

/** What became of the last save: nothing yet, saved, or refused (with the words to show). */
export type PreferencesOutcome = { kind: 'none' } | { kind: 'saved' } | { kind: 'problem'; message: string }

const tokenLimit = 512

export const preferencesMessages = {
  invalid: 'This link is not valid, or the address is no longer on our list. Please open it again from one of our newsletters, or subscribe again.',
  incomplete: 'This link is incomplete. Please open it again from one of our newsletters.',
  busy: 'Too many changes were made from your connection just now, so nothing was saved. Please try again in a few minutes.',
  error: 'Something went wrong on our side, and nothing was saved. Please try again in a few minutes.',
} as const

function tokenOf(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 && value.length <= tokenLimit ? value : null
}

/** The subscriber's choice in a submission the service rendered the page with, when it holds one. */
export function preferencesOf(submission: FormSubmission | null | undefined): Preferences | null {
  if (submission?.form !== 'preferences') return null
  const { email, status, newsletters } = submission.values
  if (typeof email !== 'string' || !(subscriberStatuses as readonly string[]).includes(status ?? '')) return null
  return { email, status: status as SubscriberStatus, newsletters: newsletterIdsOf(newsletters ?? '') }
}

/** Reads the service's JSON answer; null when it is not one. */
export function readPreferences(value: unknown): Preferences | null {
  if (typeof value !== 'object' || value === null) return null
  const { email, status, newsletters } = value as Record<string, unknown>
  if (typeof email !== 'string' || typeof status !== 'string' || !(subscriberStatuses as readonly string[]).includes(status) || !Array.isArray(newsletters)) return null
  const chosen = newsletters.filter(isNewsletterId)
  return { email, status: status as SubscriberStatus, newsletters: newsletterIds.filter((id) => chosen.includes(id)) }
}

function outcomeOf(status: unknown): PreferencesOutcome {
  if (status === 'saved') return { kind: 'saved' }
  if (status === 'busy') return { kind: 'problem', message: preferencesMessages.busy }
  if (status === 'error') return { kind: 'problem', message: preferencesMessages.error }
  return { kind: 'none' }
}

/** The page, from its address (`?token=`, and after a save without JavaScript `?status=`) and what the service rendered it with. */
export function preferencesView(search: { token?: unknown; status?: unknown }, submission: FormSubmission | null | undefined): PreferencesView {
  const invalid = { kind: 'problem', title: 'Link not valid', message: preferencesMessages.invalid } as const
  if (search.status === 'invalid' || (submission?.form === 'preferences' && submission.errors.token)) return invalid
  const token = tokenOf(search.token)
  if (!token) return { kind: 'problem', title: 'Link not valid', message: preferencesMessages.incomplete }
  const preferences = preferencesOf(submission)
  if (!preferences) return { kind: 'loading', token }
  return { kind: 'choose', token, preferences, outcome: outcomeOf(search.status) }
}

/** Where the subscriber stands now, in a sentence. */
export function standingSentence(preferences: Preferences): string {
  if (preferences.status === 'unsubscribed' || preferences.newsletters.length === 0) {
    return 'You are unsubscribed, and receive no newsletters. Tick a newsletter and save to receive it again.'
  }
  const will = receiveSentence(preferences.newsletters)
  if (preferences.status === 'pending') return `Your address is not confirmed yet: nothing is sent until you open the link in the confirmation email. Then: ${will.replace(/^You/, 'you')}`
  return will
}

/** What the page says after a save. */
export function savedSentence(preferences: Preferences): string {
  if (preferences.newsletters.length === 0 || preferences.status === 'unsubscribed') return 'Saved: you will receive no newsletters. You are unsubscribed.'
  return `Saved: ${receiveSentence(preferences.newsletters).replace(/^You/, 'you')}`
}
