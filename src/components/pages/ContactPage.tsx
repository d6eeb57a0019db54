import type { ContactMessage, FormResult } from '../../../shared/readerForms.ts'
import { ContactDetails } from './ContactDetails.tsx'
import { ContactForm } from './ContactForm.tsx'
import './ContactPage.css'

export interface ContactPageProps {
  /** Sends a valid message from the form to the newsroom, answering whether it was received. */
  onSubmit: (message: ContactMessage) => Promise<FormResult>
  /** Start values for the form: a story's, or what was typed into a form the service sent back. */
  initialValues?: ContactMessage
  /** The service's problems with a form it sent back, by field. */
  initialErrors?: Record<string, string>
  initialNotice?: string | null
}

export function ContactPage({ onSubmit, initialValues, initialErrors, initialNotice }: ContactPageProps) {
  return (
    <div className="contact-page">
      <header className="contact-page__header">
        <p className="contact-page__kicker">Help and feedback</p>
        <h1>Contact Us</h1>
        <p className="contact-page__intro">
          Spotted a mistake, have a story we should be covering, or want to tell us what you think? Our
          newsroom reads every message.
        </p>
      </header>
      <div className="contact-page__columns">
        <ContactForm onSubmit={onSubmit} initialValues={initialValues} initialErrors={initialErrors} initialNotice={initialNotice} />
        <ContactDetails />
      </div>
    </div>
  )
}
