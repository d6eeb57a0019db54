// The admin's Webhooks page: the create form's values and the checks it makes before asking the
// service (the URL and the choices; whether the GROQ parses is the service's answer, in the same
// words), how a delivery's status is worded, and the log's pages.

import {
  webhookTriggers,
  webhookUrlProblem,
  maxSecretLength,
  type DeliveryStatus,
  type DeliveryView,
  type WebhookField,
  type WebhookInput,
  type WebhookTrigger,
  type WebhookView,
} from '../../../shared/webhooks.ts'

export interface WebhookFormValues {
  name: string
  url: string
  filter: string
  projection: string
  triggers: Record<WebhookTrigger, boolean>
  includeDrafts: boolean
  secret: string
}

export type WebhookFormErrors = Partial<Record<WebhookField, string>>

export const emptyWebhookForm: WebhookFormValues = {
  name: '',
  url: '',
  filter: '_type == "article"',
  projection: '',
  triggers: { create: true, update: true, delete: true },
  includeDrafts: false,
  secret: '',
}

export const triggerLabels: Record<WebhookTrigger, string> = { create: 'Create', update: 'Update', delete: 'Delete' }

/** The form's values as the service takes them, for the dataset the admin works on. */
export function webhookInput(values: WebhookFormValues, dataset: string): WebhookInput {
  return {
    name: values.name.trim(),
    url: values.url.trim(),
    dataset,
    filter: values.filter.trim(),
    projection: values.projection.trim(),
    triggers: webhookTriggers.filter((t) => values.triggers[t]),
    includeDrafts: values.includeDrafts,
    secret: values.secret,
  }
}

/** What the form can tell before asking the service; empty when it may be sent. */
export function webhookFormErrors(values: WebhookFormValues): WebhookFormErrors {
  const errors: WebhookFormErrors = {}
  const url = webhookUrlProblem(values.url)
  if (url) errors.url = url
  if (!webhookTriggers.some((t) => values.triggers[t])) errors.triggers = 'Choose at least one of create, update and delete.'
  if (values.secret === '') errors.secret = 'Enter a secret: each delivery is signed with it.'
  else if (values.secret.length > maxSecretLength) errors.secret = `The secret must be at most ${maxSecretLength} characters.`
  return errors
}

export const deliveryStatusLabels: Record<DeliveryStatus, string> = {
  pending: 'Waiting',
  delivered: 'Delivered',
  failed: 'Failed',
}

/** The triggers in words, in Sanity's order: "Create, update and delete". */
export function triggersText(triggers: readonly WebhookTrigger[]): string {
  const words = webhookTriggers.filter((t) => triggers.includes(t)).map((t) => triggerLabels[t].toLowerCase())
  if (words.length === 0) return 'Nothing'
  const sentence = words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
  return sentence.charAt(0).toUpperCase() + sentence.slice(1)
}

/** A hook's deliveries now: waiting and failed, or that all went through. */
export function deliveriesSummary(hook: Pick<WebhookView, 'pending' | 'failed'>): string {
  if (hook.pending === 0 && hook.failed === 0) return 'No deliveries waiting or failed'
  const parts = [hook.pending > 0 ? `${hook.pending} waiting` : null, hook.failed > 0 ? `${hook.failed} failed` : null].filter(Boolean)
  return parts.join(', ')
}

export interface WebhookLogPage {
  webhook: WebhookView
  deliveries: DeliveryView[]
  page: number
  pageCount: number
  total: number
}

/** The service sends 25 deliveries a page, newest first. */
export const webhookLogPageSize = 25

export function logSummary(log: WebhookLogPage): string {
  if (log.total === 0) return 'Nothing sent yet: deliveries appear here when a change matches the filter.'
  if (log.deliveries.length === 0) return `There are no deliveries on page ${log.page}.`
  const first = (log.page - 1) * webhookLogPageSize + 1
  return `Showing ${first}–${first + log.deliveries.length - 1} of ${log.total} ${log.total === 1 ? 'delivery' : 'deliveries'}, newest first.`
}

