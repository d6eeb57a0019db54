import type { ReactNode } from 'react'
import { ContactDetails } from './ContactDetails.tsx'
import './ContactPage.css'

export interface ContactPageProps {
  /** The page's form (ContactForm), which the route connects to the newsroom. */
  form: ReactNode
}

export function ContactPage({ form }: ContactPageProps) {
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
        {form}
        <ContactDetails />
      </div>
    </div>
  )
}
