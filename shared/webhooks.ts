// Webhooks as the service keeps them and the admin shows them: one description for both ends (the
// service's `/newsroom/webhooks` answers and the admin's client), with the rules both apply to what
// an admin types, so the form and the service can never disagree about a URL or a trigger.

/** The changes a hook can fire on, as Sanity names them (and sends in `sanity-operation`). */
export const webhookTriggers = ['create', 'update', 'delete'] as const
export type WebhookTrigger = (typeof webhookTriggers)[number]

/** pending: waiting for its first or next attempt; delivered: a 2xx came back; failed: given up. */
export const deliveryStatuses = ['pending', 'delivered', 'failed'] as const
export type DeliveryStatus = (typeof deliveryStatuses)[number]

/** A hook as the admin sees it: everything but its secret, which is never sent back. */
export interface WebhookView {
  id: string
  name: string
  url: string
  dataset: string
  /** GROQ filter; empty matches every document. */
  filter: string
  /** GROQ projection; null sends the whole document. */
  projection: string | null
  triggers: WebhookTrigger[]
  /** Whether changes to drafts (and release versions) fire it too. */
  includeDrafts: boolean
  enabled: boolean
  createdAt: string
  /** Deliveries waiting and given up, for the list. */
  pending: number
  failed: number
}

/** One document change sent (or being sent) to one hook. */
export interface DeliveryView {
  id: string
  createdAt: string
  documentId: string
  operation: WebhookTrigger
  transactionId: string
  status: DeliveryStatus
  attempts: number
  /** The receiver's status code at the last attempt; null when it did not answer. */
  lastStatus: number | null
  /** Why the last attempt failed, in words; null after a success or before any attempt. */
  lastError: string | null
  /** When the next attempt is due (ISO), while pending. */
  nextAttemptAt: string | null
}

/** What an admin fills in to create a hook. */
export interface WebhookInput {
  name: string
  url: string
  dataset: string
  filter: string
  projection: string
  triggers: WebhookTrigger[]
  includeDrafts: boolean
  secret: string
}

export type WebhookField = keyof WebhookInput

export const maxUrlLength = 2048
export const maxQueryLength = 10_000
export const maxNameLength = 200
export const maxSecretLength = 512

/** Why a URL cannot be a hook's, or null when it can: only absolute http and https URLs are called. */
export function webhookUrlProblem(url: string): string | null {
  const trimmed = url.trim()
  if (trimmed === '') return 'Enter the URL to send changes to.'
  if (trimmed.length > maxUrlLength) return `The URL must be at most ${maxUrlLength} characters.`
  let parsed: URL
  try {
    parsed = new URL(trimmed)
  } catch {
    return 'Enter a full URL, such as https://example.com/hooks/publish.'
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'The URL must start with http:// or https://.'
  if (parsed.hostname === '') return 'The URL must name a host.'
  return null
}

/**
 * Whether a filter asks for drafts by naming them (`_id in path("drafts.**")`): such a hook is
 * meant to fire on drafts, so it does, as if its drafts box were ticked.
 */
export function filterNamesDrafts(filter: string): boolean {
  return /["']drafts\./.test(filter)
}
