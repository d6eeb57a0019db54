import { createFileRoute } from '@tanstack/react-router'
import { MailLinkPage } from '../components/pages/MailLinkPage.tsx'
import { confirmView, mailPageHead } from '../content/pages/readerMail.ts'

interface LinkSearch {
  token?: string
  status?: string
}

const linkSearch = (search: Record<string, unknown>): LinkSearch => ({
  token: typeof search.token === 'string' ? search.token : undefined,
  status: typeof search.status === 'string' ? search.status : undefined,
})

// The confirmation email's link (`?token=`) and, after its button, how it went (`?status=`).
export const Route = createFileRoute('/subscribe_/confirm')({
  validateSearch: linkSearch,
  head: () => mailPageHead('Confirm your subscription'),
  component: Confirm,
})

function Confirm() {
  return <MailLinkPage view={confirmView(Route.useSearch())} />
}
