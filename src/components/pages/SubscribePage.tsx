import type { FormResult, Subscription } from '../../../shared/readerForms.ts'
import type { SubscriptionPlanId } from '../../../shared/newsroom.ts'
import { SubscribeForm } from './SubscribeForm.tsx'
import './SubscribePage.css'

export interface SubscribePageProps {
  /** Signs the reader up with the service, answering what became of the confirmation email. */
  onSubscribe: (subscription: Subscription) => Promise<FormResult>
  /** An address to start with: typed into the About page's box, or into a form the service sent back. */
  initialEmail?: string
  initialPlan?: SubscriptionPlanId
  initialErrors?: Record<string, string>
  initialNotice?: string | null
}

export function SubscribePage({ onSubscribe, ...initial }: SubscribePageProps) {
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
      <SubscribeForm onSubscribe={onSubscribe} {...initial} />
    </div>
  )
}
