import { useState, type FormEvent } from 'react'
import { newsletters, type NewsletterId } from '../../../shared/newsletters.ts'
import { savedSentence, standingSentence, type Preferences, type PreferencesOutcome, type PreferencesSaveResult, type PreferencesView } from '../../content/pages/preferences.ts'
import { FormNotice } from './FormNotice.tsx'
import { NewsletterChoices } from './NewsletterChoices.tsx'
import './MailLinkPage.css'
import './NewsletterPreferences.css'

export interface NewsletterPreferencesProps {
  view: PreferencesView
  /** Saves the ticked newsletters with the link's token (with JavaScript; without, the form posts itself). */
  onSave: (token: string, newsletters: NewsletterId[]) => Promise<PreferencesSaveResult>
  /** The Morning Briefing's send time on London's clock. */
  morningTime?: string
}

/**
 * The page behind the link in every newsletter: which newsletters this address gets, as boxes to
 * tick, and Save. Without JavaScript the form posts to the service, which comes back to this page
 * saying it is saved. Its links are plain, as it hydrates on its own, outside the router (an island).
 */
export function NewsletterPreferences({ view, onSave, morningTime }: NewsletterPreferencesProps) {
  return (
    <section className="mail-link-page newsletter-preferences" aria-labelledby="newsletter-preferences-title">
      {view.kind === 'problem' ? (
        <>
          <h1 id="newsletter-preferences-title">{view.title}</h1>
          <FormNotice tone="problem">{view.message}</FormNotice>
          <p className="mail-link-page__links">
            <a href="/">Return to Home</a>
            <a href="/subscribe">Subscribe</a>
          </p>
        </>
      ) : (
        <>
          <h1 id="newsletter-preferences-title">Your newsletters</h1>
          {view.kind === 'loading' ? (
            <p className="mail-link-page__message" role="status">
              Loading your newsletters...
            </p>
          ) : (
            <PreferencesForm token={view.token} initial={view.preferences} initialOutcome={view.outcome} onSave={onSave} morningTime={morningTime} />
          )}
        </>
      )}
    </section>
  )
}

function PreferencesForm({
  token,
  initial,
  initialOutcome,
  onSave,
  morningTime,
}: {
  token: string
  initial: Preferences
  initialOutcome: PreferencesOutcome
  onSave: NewsletterPreferencesProps['onSave']
  morningTime?: string
}) {
  const [held, setHeld] = useState(initial)
  const [chosen, setChosen] = useState<NewsletterId[]>(initial.newsletters)
  const [outcome, setOutcome] = useState<PreferencesOutcome>(initialOutcome)
  const [saving, setSaving] = useState(false)
  const [invalid, setInvalid] = useState<string | null>(null)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (saving) return
    setSaving(true)
    setOutcome({ kind: 'none' })
    try {
      const result = await onSave(token, chosen)
      if (result.ok) {
        setHeld(result.preferences)
        setChosen(result.preferences.newsletters)
        setOutcome({ kind: 'saved' })
      } else if (result.invalid) setInvalid(result.message)
      else setOutcome({ kind: 'problem', message: result.message })
    } catch (error) {
      setOutcome({ kind: 'problem', message: error instanceof Error ? error.message : String(error) })
    } finally {
      setSaving(false)
    }
  }

  if (invalid) return <FormNotice tone="problem">{invalid}</FormNotice>
  return (
    <>
      <p className="mail-link-page__message">
        For <strong>{held.email}</strong>. {standingSentence(held)}
      </p>
      <form className="newsletter-preferences__form" method="post" action="/newsletters/preferences" onSubmit={(event) => void submit(event)} aria-label="Your newsletters">
        <input type="hidden" name="token" value={token} />
        {/* Sent even with no box ticked, so the service knows the choice is none. */}
        <input type="hidden" name="newsletters" value="" />
        <NewsletterChoices newsletters={newsletters} legend="Newsletters you receive" value={chosen} onChange={setChosen} morningTime={morningTime} />
        <p className="newsletter-preferences__help">Untick them all and save to unsubscribe from every newsletter.</p>
        {outcome.kind === 'problem' ? <FormNotice tone="problem">{outcome.message}</FormNotice> : null}
        <button type="submit" className="mail-link-page__button" aria-disabled={saving || undefined}>
          {saving ? 'Saving...' : 'Save'}
        </button>
        <p role="status" className="newsletter-preferences__status">
          {outcome.kind === 'saved' ? savedSentence(held) : null}
        </p>
      </form>
      <p className="mail-link-page__links">
        <a href="/">Return to Home</a>
      </p>
    </>
  )
}
