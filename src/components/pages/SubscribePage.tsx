import type { ReactNode } from 'react'
import './SubscribePage.css'

export interface SubscribePageProps {
  /** The page's form (SubscribeForm), which the route connects to the service. */
  form: ReactNode
}

export function SubscribePage({ form }: SubscribePageProps) {
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
      {form}
    </div>
  )
}
