// The newsletter preferences page's content, an island (docs/decisions/031-islands.md) that wakes at
// its first use: it then saves the ticked newsletters from the page and says how it went. Until then,
// and without JavaScript, the browser posts the form and the service comes back to the page.
import { useEffect, useState } from 'react'
import { NewsletterPreferences as NewsletterPreferencesView } from '../../components/pages/NewsletterPreferences.tsx'
import { loadPreferences, savePreferences } from '../../content/clients/readerForms.ts'
import { preferencesMessages, type Preferences, type PreferencesView } from '../../content/pages/preferences.ts'
import { island } from '../../islands/island.tsx'

function SavedNewsletterPreferences({ view }: { view: PreferencesView }) {
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
  return <NewsletterPreferencesView view={shown} onSave={savePreferences} />
}

export const NewsletterPreferences = island('NewsletterPreferences', SavedNewsletterPreferences, { defer: 'interaction' })
