import { Link } from '@tanstack/react-router'
import type { MailPageView } from '../../content/pages/readerMail.ts'
import { FormNotice } from './FormNotice.tsx'
import './MailLinkPage.css'

export interface MailLinkPageProps {
  view: MailPageView
}

/**
 * The page after a reader form, or behind a link in one of our emails. A link's action is a button
 * posting to the service (a plain form, so it works without JavaScript): opening the link alone
 * changes nothing, because mail scanners open links too.
 */
export function MailLinkPage({ view }: MailLinkPageProps) {
  return (
    <section className="mail-link-page" aria-labelledby="mail-link-page-title">
      <h1 id="mail-link-page-title">{view.title}</h1>
      {view.problem ? <FormNotice tone="problem">{view.message}</FormNotice> : <p className="mail-link-page__message">{view.message}</p>}
      {view.action ? (
        <form method="post" action={view.action.path} className="mail-link-page__form">
          <input type="hidden" name="token" value={view.action.token} />
          <button type="submit" className="mail-link-page__button">
            {view.action.label}
          </button>
        </form>
      ) : null}
      <p className="mail-link-page__links">
        <Link to="/">Return to Home</Link>
        {view.problem ? <Link to="/subscribe">Subscribe</Link> : null}
      </p>
    </section>
  )
}
