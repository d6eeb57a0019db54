import { useId, type ReactNode } from 'react'
import { adminDateTime, type Loadable } from '../../content/admin/display.ts'
import { deliveryNotices, emailStatusLabels, outboxPageSize, type OutboxPage } from '../../content/admin/outbox.ts'
import { type EmailDelivery, type OutboxEmail } from '../../../shared/newsroom.ts'
import './NewsroomList.css'
import { LoadError } from './LoadError.tsx'
import './OutboxList.css'

export interface OutboxListProps {
  state: Loadable<OutboxPage>
  /** The page shown, from 1. */
  page: number
  onRetry?: () => void
  /** Links to the other pages, below the list. */
  pagination?: ReactNode
}

/**
 * The emails the paper has sent or tried to send, newest first: to whom, what about, whether it went
 * (and why not), and its text, as plain text. Above them, plainly, whether email is being sent at all.
 */
export function OutboxList({ state, page, onRetry, pagination }: OutboxListProps) {
  const emails = state.status === 'ready' ? state.data.emails : []
  return (
    <div className="newsroom-list outbox-list">
      <div className="newsroom-list__header">
        <h1 className="newsroom-list__title">Outbox</h1>
      </div>
      {state.status === 'ready' ? <DeliveryNotice delivery={state.data.delivery} /> : null}
      <p className="newsroom-list__summary" role="status">
        {state.status === 'loading' ? 'Loading emails...' : state.status === 'ready' ? summaryText(state.data, page) : ''}
      </p>
      {state.status === 'error' ? (
        <LoadError what="the outbox" message={state.message} onRetry={onRetry} />
      ) : null}
      {emails.length > 0 ? (
        <ol className="outbox-list__emails" aria-label="Emails, newest first">
          {emails.map((email) => (
            <li key={email._id}>
              <EmailItem email={email} />
            </li>
          ))}
        </ol>
      ) : null}
      {pagination}
    </div>
  )
}

function DeliveryNotice({ delivery }: { delivery: EmailDelivery }) {
  return (
    <div className={`outbox-list__notice outbox-list__notice--${delivery}`}>
      <p>
        <strong>{delivery === 'outbox' ? 'Not sending. ' : 'Sending. '}</strong>
        {deliveryNotices[delivery]}
      </p>
    </div>
  )
}

function summaryText(data: OutboxPage, page: number): string {
  if (data.total === 0) return 'No emails yet.'
  if (data.emails.length === 0) return `There are no emails on page ${page}.`
  const first = (page - 1) * outboxPageSize + 1
  return `Showing ${first}–${first + data.emails.length - 1} of ${data.total} ${data.total === 1 ? 'email' : 'emails'}.`
}

function EmailItem({ email }: { email: OutboxEmail }) {
  const subjectId = useId()
  const written = adminDateTime(email._createdAt)
  const subject = email.subject.trim() || '(no subject)'
  return (
    <article className="outbox-list__email" aria-labelledby={subjectId}>
      <div className="outbox-list__email-header">
        <h2 id={subjectId} className="outbox-list__subject">
          {subject}
        </h2>
        <span className={`newsroom-list__badge outbox-list__status outbox-list__status--${email.status}`}>{emailStatusLabels[email.status]}</span>
      </div>
      <dl className="outbox-list__meta">
        <div>
          <dt>To</dt>
          <dd>{email.to}</dd>
        </div>
        <div>
          <dt>Written</dt>
          <dd>{written ? <time dateTime={email._createdAt}>{written}</time> : 'Unknown'}</dd>
        </div>
        {email.status === 'failed' ? (
          <div>
            <dt>Why it failed</dt>
            <dd>{email.error ?? 'The mail server gave no reason.'}</dd>
          </div>
        ) : null}
      </dl>
      <details className="outbox-list__text">
        <summary>
          Read the email<span className="visually-hidden"> “{subject}”</span>
        </summary>
        <div className="outbox-list__body">{email.text}</div>
      </details>
    </article>
  )
}
