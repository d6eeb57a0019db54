import type { ContactMessage } from '../../../shared/readerForms.ts'
import { ContactDetails } from './ContactDetails.tsx'
import { ContactForm } from './ContactForm.tsx'
import './ContactPage.css'

export interface ContactPageProps {
  /** Receives a valid message from the form. */
  onSubmit?: (message: ContactMessage) => void
  /** Start values for the form, for stories. */
  initialValues?: ContactMessage
}

export function ContactPage({ onSubmit, initialValues }: ContactPageProps) {
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
        <ContactForm onSubmit={onSubmit} initialValues={initialValues} />
        <ContactDetails />
      </div>
    </div>
  )
}
