import { createFileRoute } from '@tanstack/react-router'
import { MailLinkPage } from '../components/pages/MailLinkPage.tsx'
import { contactSentView, mailPageHead } from '../content/pages/readerMail.ts'

// Where the contact form lands without JavaScript, once the service has stored the message.
export const Route = createFileRoute('/contact_/sent')({
  head: () => mailPageHead('Message sent'),
  component: () => <MailLinkPage view={contactSentView} />,
})
