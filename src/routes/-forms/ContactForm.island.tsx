// The contact form, an island (docs/decisions/031-islands.md) that wakes at its first use: it then
// checks each field as the reader types and sends the message to the newsroom from the page. Until
// then, and without JavaScript, the browser posts the form and the service answers with a page.
import type { ContactMessage } from '../../../shared/readerForms.ts'
import { ContactForm as ContactFormView } from '../../components/pages/ContactForm.tsx'
import { sendContactMessage } from '../../content/clients/readerForms.ts'
import { island } from '../../islands/island.tsx'

export interface ContactFormStart {
  /** What was typed into a form the service sent back. */
  initialValues?: ContactMessage
  /** The service's problems with that form, by field, and with the whole of it. */
  initialErrors?: Record<string, string>
  initialNotice?: string | null
}

function SentContactForm(start: ContactFormStart) {
  return <ContactFormView onSubmit={sendContactMessage} {...start} />
}

export const ContactForm = island('ContactForm', SentContactForm, { defer: 'interaction' })
