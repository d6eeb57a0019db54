import { createFileRoute } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { NewsletterPreferences } from '../components/pages/NewsletterPreferences.tsx'
import { loadPreferences, savePreferences } from '../content/clients/readerForms.ts'
import { preferencesMessages, preferencesView, type Preferences } from '../content/pages/preferences.ts'
import { linkSearch } from './-linkSearch.ts'

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
  const view = preferencesView(search, submission)
  // Reached without the service's render (an app built for another host): ask the service here.
  const [asked, setAsked] = useState<{ token: string; preferences: Preferences | null; failed?: string } | null>(null)
  const token = view.kind === 'loading' ? view.token : null
  useEffect(() => {
    if (!token) return
    let current = true
    loadPreferences(token).then(
      (preferences) => current && setAsked({ token, preferences }),
      (error: unknown) => current && setAsked({ token, preferences: null, failed: error instanceof Error ? error.message : preferencesMessages.error }),
    )
    return () => {
      current = false
    }
  }, [token])
  const shown =
    view.kind !== 'loading' || asked?.token !== view.token
      ? view
      : asked.preferences
        ? ({ kind: 'choose', token: view.token, preferences: asked.preferences, outcome: { kind: 'none' } } as const)
        : ({ kind: 'problem', title: asked.failed ? 'Your newsletters' : 'Link not valid', message: asked.failed ?? preferencesMessages.invalid } as const)
  return <NewsletterPreferences view={shown} onSave={savePreferences} />
}
