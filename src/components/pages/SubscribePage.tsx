import type { FormResult, Subscription } from '../../../shared/readerForms.ts'
import type { NewsletterId } from '../../../shared/newsletters.ts'
import { SubscribeForm } from './SubscribeForm.tsx'
import './SubscribePage.css'

export interface SubscribePageProps {
  /** Signs the reader up with the service, answering what became of the confirmation email. */
  onSubscribe: (subscription: Subscription) => Promise<FormResult>
  /** An address to start with: typed into the About page's box, or into a form the service sent back. */
  initialEmail?: string
  initialNewsletters?: readonly NewsletterId[]
  initialErrors?: Record<string, string>
  initialNotice?: string | null
}

export function SubscribePage({ onSubscribe, ...initial }: SubscribePageProps) {
  return (
    <div className="subscribe-page">
      <header className="subscribe-page__header">
        <p className="subscribe-page__kicker">Free newsletters</p>
        <h1>Subscribe to Resonance</h1>
        <p className="subscribe-page__intro">
          Our journalism by email, free. Choose the newsletters you would like, give us your address, and confirm it from the
          email we send you.
        </p>
      </header>
      <SubscribeForm onSubscribe={onSubscribe} {...initial} />
    </div>
  )
}
