// How readers reach the paper: the details the About, Contact and Subscribe pages show. The forms'
// rules are shared with the service that receives them (shared/readerForms.ts). Only the pages' lazy
// chunks import this module: a route's search validation would pull it, and valibot, into every
// page's first download.

import type { ContactMessage } from '../../../shared/readerForms.ts'

export const emptyContactMessage: ContactMessage = { fullName: '', email: '', subject: '', message: '' }

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

/**
 * What a reader is told once a sign-up is taken, by what became of the confirmation email: only
 * "sent" when an SMTP server took it. `email` is left out on the page a form without JavaScript
 * lands on, whose address carries nothing personal.
 */
export function subscriptionOutcome(delivery: 'sent' | 'held', email?: string): string {
  const to = email ? ` to ${email}` : ''
  if (delivery === 'sent') return `Thank you. We have sent a confirmation${to}. Open the link in it to confirm your subscription.`
  return `Thank you. Your sign-up is saved, but this site is not sending email yet, so no confirmation has been sent${to}. It is kept for our newsroom, who can send it on; your subscription starts once you confirm it.`
}

/** The contact form's fields from what a form the service sent back held (missing ones empty). */
export function formValues(values: Record<string, string>): ContactMessage {
  return { fullName: values.fullName ?? '', email: values.email ?? '', subject: values.subject ?? '', message: values.message ?? '' }
}
