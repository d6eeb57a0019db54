import { createFileRoute } from '@tanstack/react-router'
import { MailLinkPage } from '../components/pages/MailLinkPage.tsx'
import { subscriptionSentView, mailPageHead } from '../content/pages/readerMail.ts'

// Where the subscribe form lands without JavaScript: `?delivery=` says whether the confirmation
// email went out (sent) or is kept because the site sends no email (held).
export const Route = createFileRoute('/subscribe_/sent')({
  validateSearch: (search: Record<string, unknown>): { delivery?: 'sent' | 'held' } => ({ delivery: search.delivery === 'held' ? 'held' : 'sent' }),
  head: () => mailPageHead('Subscribe'),
  component: SubscribeSent,
})

function SubscribeSent() {
  const { delivery } = Route.useSearch()
  return <MailLinkPage view={subscriptionSentView(delivery)} />
}
