// Sends the reader forms to the service that serves the site (server/http/readers.ts) and reads its
// answer. The same endpoints take the forms without JavaScript; here the app asks for JSON, so the
// reader stays on the page and sees the answer where they typed.

import type { NewsletterId } from '../../../shared/newsletters.ts'
import type { ContactMessage, FormResult, Subscription } from '../../../shared/readerForms.ts'
import { preferencesMessages, readPreferences, type Preferences, type PreferencesSaveResult } from '../pages/preferences.ts'
import { readerConfig } from './readerConfig.ts'

/** Thrown when the service could not be reached or answered with something that is not a form result. */
export class FormSendError extends Error {}

function isFormResult(value: unknown): value is FormResult {
  return typeof value === 'object' && value !== null && typeof (value as { ok?: unknown }).ok === 'boolean'
}

async function send(path: string, body: unknown): Promise<FormResult> {
  // Read when a form is sent, in the browser: the server renders these pages without an origin.
  const config = readerConfig()
  let res: Response
  try {
    res = await fetch(`${config.apiHost ?? ''}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    })
  } catch {
    throw new FormSendError('We could not reach Resonance just now. Please check your connection and try again.')
  }
  const answer: unknown = await res.json().catch(() => null)
  if (isFormResult(answer)) return answer
  throw new FormSendError('Something went wrong on our side, and nothing was sent. Please try again in a few minutes.')
}

export function sendContactMessage(message: ContactMessage): Promise<FormResult> {
  return send('/contact', message)
}

export function sendSubscription(subscription: Subscription): Promise<FormResult> {
  return send('/subscribe', subscription)
}

// --- The newsletter preferences page: the link's token is the only key ---------------------------

const preferencesPath = '/newsletters/preferences'

async function preferencesRequest(init: RequestInit, query = ''): Promise<{ status: number; body: unknown }> {
  const config = readerConfig()
  let res: Response
  try {
    res = await fetch(`${config.apiHost ?? ''}${preferencesPath}${query}`, { ...init, headers: { ...init.headers, accept: 'application/json' } })
  } catch {
    throw new FormSendError('We could not reach Resonance just now. Please check your connection and try again.')
  }
  return { status: res.status, body: await res.json().catch(() => null) }
}

/** The subscriber's choice behind a link's token, or null when the service says the link is not valid. */
export async function loadPreferences(token: string): Promise<Preferences | null> {
  const { status, body } = await preferencesRequest({ method: 'GET' }, `?${new URLSearchParams({ token })}`)
  const preferences = readPreferences(body)
  if (preferences) return preferences
  if (status === 400 || status === 404) return null
  throw new FormSendError(preferencesMessages.error)
}

/** Saves the ticked newsletters: the choice as the service now holds it, or why not. */
export async function savePreferences(token: string, newsletters: NewsletterId[]): Promise<PreferencesSaveResult> {
  const { status, body } = await preferencesRequest({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, newsletters }) })
  const preferences = readPreferences(body)
  if (preferences) return { ok: true, preferences }
  if (status === 429) return { ok: false, message: preferencesMessages.busy }
  if (status === 400 && (body as { reason?: unknown } | null)?.reason === 'invalid') return { ok: false, invalid: true, message: preferencesMessages.invalid }
  return { ok: false, message: preferencesMessages.error }
}
