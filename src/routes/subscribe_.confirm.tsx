import { createFileRoute } from '@tanstack/react-router'
import { MailLinkPage } from '../components/pages/MailLinkPage.tsx'
import { confirmView } from '../content/pages/readerMail.ts'
import { linkSearch } from './-linkSearch.ts'

// The confirmation email's link (`?token=`) and, after its button, how it went (`?status=`).
export const Route = createFileRoute('/subscribe_/confirm')({
  validateSearch: linkSearch,
  // The page's module (its views and head) loads with the page, outside the reader's first download (decision 018).
  head: async () => (await import('../content/pages/readerMail.ts')).mailPageHead('Confirm your subscription'),
  component: Confirm,
})

function Confirm() {
  return <MailLinkPage view={confirmView(Route.useSearch())} />
}
