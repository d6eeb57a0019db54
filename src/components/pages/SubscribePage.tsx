import type { Subscription } from '../../../shared/readerForms.ts'
import { SubscribeForm } from './SubscribeForm.tsx'
import './SubscribePage.css'

export interface SubscribePageProps {
  /** An address to start with (from `?email=`). */
  initialEmail?: string
  onSubscribe?: (subscription: Subscription) => void
}

export function SubscribePage({ initialEmail, onSubscribe }: SubscribePageProps) {
  return (
    <div className="subscribe-page">
      <header className="subscribe-page__header">
        <p className="subscribe-page__kicker">Support independent journalism</p>
        <h1>Subscribe to Resonance</h1>
        <p className="subscribe-page__intro">
          Resonance is paid for by its readers, not by advertisers. A subscription keeps our reporters at the council
          meeting, in the courtroom and on the ground around the world, and gives you every story we publish.
        </p>
      </header>
      <SubscribeForm initialEmail={initialEmail} onSubscribe={onSubscribe} />
    </div>
  )
}
