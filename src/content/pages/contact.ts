// How readers reach the paper: the rules of the contact and subscription forms (valibot schemas,
// which the forms use as standard schemas) and the details the About, Contact and Subscribe pages
// show. No contact or subscribe call exists (docs/product-spec.md §7). Only the pages' lazy chunks import this
// module: a route's search validation would pull it, and valibot, into every page's first download.

import * as v from 'valibot'

export const contactMessages = {
  fullName: 'Please enter your full name.',
  emailMissing: 'Please enter your email address.',
  emailFormat: 'Please enter a valid email address.',
  subject: 'Please enter a subject.',
  message: 'Please enter your message.',
} as const

// Stop each field at its first problem: an empty email box should say it is empty, not also that
// it is badly formed.
const firstIssueOnly = { abortPipeEarly: true } as const

/** A required text field: blank or only spaces is missing. The output is trimmed. */
function requiredText(message: string) {
  return v.config(v.pipe(v.string(), v.trim(), v.nonEmpty(message)), firstIssueOnly)
}

export const fullNameSchema = requiredText(contactMessages.fullName)
export const subjectSchema = requiredText(contactMessages.subject)
export const messageSchema = requiredText(contactMessages.message)

export const emailSchema = v.config(
  v.pipe(v.string(), v.trim(), v.nonEmpty(contactMessages.emailMissing), v.email(contactMessages.emailFormat)),
  firstIssueOnly,
)

/** The contact form: all four fields required, the email in email format, no other bounds (docs/product-spec.md §5). */
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

export const emptyContactMessage: ContactMessage = { fullName: '', email: '', subject: '', message: '' }

export const subscriptionPlanIds = ['digital', 'digital-print', 'weekend'] as const
export type SubscriptionPlanId = (typeof subscriptionPlanIds)[number]

export const subscriptionSchema = v.object({
  plan: v.picklist(subscriptionPlanIds),
  email: emailSchema,
})

export type Subscription = v.InferOutput<typeof subscriptionSchema>

export interface SubscriptionPlan {
  id: SubscriptionPlanId
  name: string
  /** Monthly price in pence, so sums never meet floating point. */
  pricePence: number
  summary: string
  features: readonly string[]
}

export const subscriptionPlans: readonly SubscriptionPlan[] = [
  {
    id: 'digital',
    name: 'Digital',
    pricePence: 799,
    summary: 'Every story on the website, as it happens.',
    features: ['Unlimited articles on any device', 'Live homepage updates', 'The daily email briefing'],
  },
  {
    id: 'digital-print',
    name: 'Digital + Print',
    pricePence: 2499,
    summary: 'The printed paper every day, plus everything online.',
    features: ['The paper delivered Monday to Sunday', 'Everything in Digital', 'Puzzles and the weekend magazine'],
  },
  {
    id: 'weekend',
    name: 'Weekend',
    pricePence: 1299,
    summary: 'Saturday and Sunday in print, with full digital access.',
    features: ['The Saturday and Sunday papers delivered', 'Everything in Digital', 'The weekend magazine'],
  },
]

const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })

/** '£7.99' for 799. */
export function formatPence(pence: number): string {
  return pounds.format(pence / 100)
}

/** Invented details on reserved names and numbers: resonance.example and Ofcom's drama range 020 7946 0xxx. */
export const contactDetails = {
  email: 'hello@resonance.example',
  newsdeskEmail: 'newsdesk@resonance.example',
  pressEmail: 'press@resonance.example',
  phone: '020 7946 0123',
  pressPhone: '020 7946 0456',
  address: ['Resonance House', '12 Quill Court', 'London', 'EC4Y 0AA'],
} as const

/** A phone number as a tel: address in international form, for phones that dial from a link. */
export function telHref(ukNumber: string): string {
  return `tel:+44${ukNumber.replace(/\s+/g, '').replace(/^0/, '')}`
}

export const officeHours = ['Mon-Fri 9:00 AM-6:00 PM', 'Sat 10:00 AM-4:00 PM', 'Sun closed'] as const
