// What readers may send the paper: the contact form and the newsletter sign-up. The form in the
// browser and the service that receives it check the same rules, so a message the form accepts is
// never refused by the server for a reason the reader was not shown, and a request made without
// the form (no JavaScript, or by hand) is held to the same rules.

import * as v from 'valibot'
import { newsletterIds } from './newsletters.ts'
import type { EmailStatus } from './newsroom.ts'

export const contactMessages = {
  fullName: 'Please enter your full name.',
  emailMissing: 'Please enter your email address.',
  emailFormat: 'Please enter a valid email address.',
  subject: 'Please enter a subject.',
  message: 'Please enter your message.',
} as const

/**
 * The spec sets no bounds beyond "required" (docs/product-spec.md §5), but the forms are open to
 * anyone on the internet, so each field has a ceiling far above any real message.
 */
export const readerFieldLimits = { fullName: 200, email: 254, subject: 300, message: 20_000 } as const

const tooLong = (what: string, limit: number) => `Please keep the ${what} under ${limit.toLocaleString('en-GB')} characters.`

// Stop each field at its first problem: an empty email box should say it is empty, not also that
// it is badly formed.
const firstIssueOnly = { abortPipeEarly: true } as const

/** A required text field: blank or only spaces is missing. The output is trimmed. */
function requiredText(message: string, what: string, limit: number) {
  return v.config(v.pipe(v.string(), v.trim(), v.nonEmpty(message), v.maxLength(limit, tooLong(what, limit))), firstIssueOnly)
}

export const fullNameSchema = requiredText(contactMessages.fullName, 'name', readerFieldLimits.fullName)
export const subjectSchema = requiredText(contactMessages.subject, 'subject', readerFieldLimits.subject)
export const messageSchema = requiredText(contactMessages.message, 'message', readerFieldLimits.message)

export const emailSchema = v.config(
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(contactMessages.emailMissing),
    v.maxLength(readerFieldLimits.email, contactMessages.emailFormat),
    v.email(contactMessages.emailFormat),
  ),
  firstIssueOnly,
)

/** The contact form: all four fields required, the email in email format (docs/product-spec.md §5). */
export const contactSchema = v.object({
  fullName: fullNameSchema,
  email: emailSchema,
  subject: subjectSchema,
  message: messageSchema,
})

export type ContactMessage = v.InferOutput<typeof contactSchema>
export type ContactFieldName = keyof ContactMessage

/** The order the fields appear in, which is the order a failed submit looks for the first problem. */
export const contactFieldOrder: readonly ContactFieldName[] = ['fullName', 'email', 'subject', 'message']


export const subscriptionMessages = {
  newsletters: 'Please choose at least one newsletter.',
} as const

/**
 * The newsletter sign-up: which of the paper's newsletters (shared/newsletters.ts), at least one, and
 * where to send them. A form sent without JavaScript posts each ticked box as its own `newsletters`
 * field, beside an empty one the page always sends, so the service can tell a form with nothing
 * ticked from the About page's box, which sends only an address.
 */
export const subscriptionSchema = v.object({
  newsletters: v.pipe(
    // Missing is the same as nothing ticked.
    v.optional(v.array(v.picklist(newsletterIds, subscriptionMessages.newsletters), subscriptionMessages.newsletters), []),
    v.minLength(1, subscriptionMessages.newsletters),
    v.transform((ids) => newsletterIds.filter((id) => ids.includes(id))),
  ),
  email: emailSchema,
})

export type Subscription = v.InferOutput<typeof subscriptionSchema>

/** Each field's first problem, by field name; empty when the values pass. */
export function fieldErrors(schema: v.GenericSchema, values: unknown): Record<string, string> {
  const result = v.safeParse(schema, values)
  if (result.success) return {}
  const errors: Record<string, string> = {}
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key
    if (typeof key === 'string' && !(key in errors)) errors[key] = issue.message
  }
  return errors
}

/**
 * What the service hands back to a page when it could not take a form sent without JavaScript: the
 * values as typed (so nothing is lost), each field's problem, and a message for the whole form. The
 * page is rendered again with them, at the address the form was sent to; nothing goes in a URL.
 */
export interface FormSubmission {
  form: 'contact' | 'subscribe' | 'preferences'
  values: Record<string, string>
  errors: Record<string, string>
  /** A problem with the whole submission: too many sent, or the email could not be delivered. */
  notice: string | null
}

/** The service's answer to a form sent with JavaScript (`Accept: application/json`). */
export interface FormResult {
  ok: boolean
  /** Present when a subscription's confirmation email was involved. */
  delivery?: EmailStatus
  errors?: Record<string, string>
  notice?: string | null
}
