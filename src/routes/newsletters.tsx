import { createFileRoute } from '@tanstack/react-router'
import { preferencesView } from '../content/pages/preferences.ts'
import { linkSearch } from './-linkSearch.ts'
import { NewsletterPreferences } from './-forms/NewsletterPreferences.island.tsx'

// The "choose your newsletters" link in every email (`?token=`). The service answers this address
// itself: it looks the link up and renders this page with the subscriber's choice, never cached
// (server/http/readers.ts). Saving posts to /newsletters/preferences, which comes back here.
export const Route = createFileRoute('/newsletters')({
  validateSearch: linkSearch,
  // The page's module (its views and head) loads with the page, outside the reader's first download (decision 018).
  head: async () => (await import('../content/pages/readerMail.ts')).mailPageHead('Your newsletters'),
  component: NewsletterPreferencesRoute,
})

function NewsletterPreferencesRoute() {
  const search = Route.useSearch()
  const { submission } = Route.useRouteContext()
  return <NewsletterPreferences view={preferencesView(search, submission)} />
}
