import { createFileRoute } from '@tanstack/react-router'
import { MailLinkPage } from '../components/pages/MailLinkPage.tsx'
import { contactSentView } from '../content/pages/readerMail.ts'

// Where the contact form lands without JavaScript, once the service has stored the message.
export const Route = createFileRoute('/contact_/sent')({
  // The page's module (its views and head) loads with the page, outside the reader's first download (decision 018).
  head: async () => (await import('../content/pages/readerMail.ts')).mailPageHead('Message sent'),
  component: () => <MailLinkPage view={contactSentView} />,
})
