import { createFileRoute } from '@tanstack/react-router'
import { MailLinkPage } from '../components/pages/MailLinkPage.tsx'
import { unsubscribeView } from '../content/pages/readerMail.ts'
import { linkSearch } from './-linkSearch.ts'

// Every email's unsubscribe link (`?token=`) and, after its button, how it went (`?status=`). Mail
// programs unsubscribe in one click by posting to the same address (server/http/readers.ts).
export const Route = createFileRoute('/unsubscribe')({
  validateSearch: linkSearch,
  // The page's module (its views and head) loads with the page, outside the reader's first download (decision 018).
  head: async () => (await import('../content/pages/readerMail.ts')).mailPageHead('Unsubscribe'),
  component: Unsubscribe,
})

function Unsubscribe() {
  return <MailLinkPage view={unsubscribeView(Route.useSearch())} />
}
