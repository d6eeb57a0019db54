import { createFileRoute } from '@tanstack/react-router'
import { MailLinkPage } from '../components/pages/MailLinkPage.tsx'
import { subscriptionSentView } from '../content/pages/readerMail.ts'

// Where the subscribe form lands without JavaScript: `?delivery=` says whether the confirmation
// email went out (sent) or is kept because the site sends no email (held).
export const Route = createFileRoute('/subscribe_/sent')({
  validateSearch: (search: Record<string, unknown>): { delivery?: 'sent' | 'held' } => ({ delivery: search.delivery === 'held' ? 'held' : 'sent' }),
  // The page's module (its views and head) loads with the page, outside the reader's first download (decision 018).
  head: async () => (await import('../content/pages/readerMail.ts')).mailPageHead('Subscribe'),
  component: SubscribeSent,
})

function SubscribeSent() {
  const { delivery } = Route.useSearch()
  return <MailLinkPage view={subscriptionSentView(delivery)} />
}
