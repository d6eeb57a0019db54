import { createFileRoute } from '@tanstack/react-router'
import { MailLinkPage } from '../components/pages/MailLinkPage.tsx'
import { unsubscribeView, mailPageHead } from '../content/pages/readerMail.ts'

interface LinkSearch {
  token?: string
  status?: string
}

// Every email's unsubscribe link (`?token=`) and, after its button, how it went (`?status=`). Mail
// programs unsubscribe in one click by posting to the same address (server/http/readers.ts).
export const Route = createFileRoute('/unsubscribe')({
  validateSearch: (search: Record<string, unknown>): LinkSearch => ({
    token: typeof search.token === 'string' ? search.token : undefined,
    status: typeof search.status === 'string' ? search.status : undefined,
  }),
  head: () => mailPageHead('Unsubscribe'),
  component: Unsubscribe,
})

function Unsubscribe() {
  return <MailLinkPage view={unsubscribeView(Route.useSearch())} />
}
