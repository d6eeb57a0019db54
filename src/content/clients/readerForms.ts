// Sends the reader forms to the service that serves the site (server/http/readers.ts) and reads its
// answer. The same endpoints take the forms without JavaScript; here the app asks for JSON, so the
// reader stays on the page and sees the answer where they typed.

import type { ContactMessage, FormResult, Subscription } from '../../../shared/readerForms.ts'

/** Thrown when the service could not be reached or answered with something that is not a form result. */
export class FormSendError extends Error {}

function isFormResult(value: unknown): value is FormResult {
  return typeof value === 'object' && value !== null && typeof (value as { ok?: unknown }).ok === 'boolean'
}

async function send(path: string, body: unknown): Promise<FormResult> {
  // Read when a form is sent, in the browser: the reader client's module reads the page's origin as
  // it loads, and the server renders these pages without one.
  const { config } = await import('./reader.ts')
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
