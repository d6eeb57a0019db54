import { createFileRoute } from '@tanstack/react-router'
import { MailLinkPage } from '../components/pages/MailLinkPage.tsx'
import { confirmView, mailPageHead } from '../content/pages/readerMail.ts'
import { linkSearch } from './-linkSearch.ts'

// The confirmation email's link (`?token=`) and, after its button, how it went (`?status=`).
export const Route = createFileRoute('/subscribe_/confirm')({
  validateSearch: linkSearch,
  head: () => mailPageHead('Confirm your subscription'),
  component: Confirm,
})

function Confirm() {
  return <MailLinkPage view={confirmView(Route.useSearch())} />
}
