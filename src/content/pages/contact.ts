// How readers reach the paper: the details the About, Contact and Subscribe pages show. The forms'
// rules are shared with the service that receives them (shared/readerForms.ts). Only the pages' lazy
// chunks import this module: a route's search validation would pull it, and valibot, into every
// page's first download.

import type { ContactMessage } from '../../../shared/readerForms.ts'

export const emptyContactMessage: ContactMessage = { fullName: '', email: '', subject: '', message: '' }

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
