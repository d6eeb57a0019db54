import type { ReactNode } from 'react'
import { newsletterById } from '../../../shared/newsletters.ts'
import { adminDateTime, type Loadable } from '../../content/admin/display.ts'
import { deliveryPageSize, deliveryStatusLabels, editionStateText, type DeliveryPage, type Edition, type EditionStory } from '../../content/admin/newsletters.ts'
import { LoadError } from './LoadError.tsx'
import './NewsroomList.css'
import './DeliveryLog.css'

export interface DeliveryLogProps {
  edition: Edition
  /** The stories it carried, in order. */
  stories: readonly EditionStory[]
  deliveries: Loadable<DeliveryPage>
  page: number
  onRetry?: () => void
  pagination?: ReactNode
}

/**
 * An edition once it went (or was kept, without a mail server): its state with the counts, and the
 * delivery log, one row per subscriber: sent, failed and why, retried, or not sent because they
 * unsubscribed meanwhile.
 */
export function DeliveryLog({ edition, stories, deliveries, page, onRetry, pagination }: DeliveryLogProps) {
  const { counts } = edition
  return (
    <div className="newsroom-list delivery-log">
      <div className="newsroom-list__header">
        <h1 className="newsroom-list__title">{edition.subject.trim() || '(no subject)'}</h1>
      </div>
      <p className="delivery-log__state">
        <strong>{newsletterById(edition.newsletter).name}:</strong> {editionStateText(edition)}
      </p>
      <dl className="delivery-log__counts">
        {edition.state === 'kept' ? (
          <Count label="Kept, not sent" value={counts.kept || counts.total} />
        ) : (
          <>
            <Count label="Subscribers" value={counts.total} />
            <Count label="Sent" value={counts.sent} />
            <Count label="Failed" value={counts.failed} />
            <Count label="Waiting or retrying" value={counts.waiting} />
            <Count label="Not sent (unsubscribed)" value={counts.skipped} />
          </>
        )}
      </dl>
      {edition.startedAt || edition.finishedAt ? (
        <p className="newsroom-list__summary">
          {edition.startedAt ? `Started ${adminDateTime(edition.startedAt)}` : ''}
          {edition.startedAt && edition.finishedAt ? '; ' : ''}
          {edition.finishedAt ? `finished ${adminDateTime(edition.finishedAt)}` : ''}.
        </p>
      ) : null}
      {stories.length > 0 ? (
        <details className="delivery-log__stories">
          <summary>The {stories.length === 1 ? 'story' : `${stories.length} stories`} it carried</summary>
          <ol>
            {stories.map((story) => (
              <li key={story._id}>{story.title}</li>
            ))}
          </ol>
        </details>
      ) : null}
      <h2 className="delivery-log__heading">Delivery log</h2>
      <p className="newsroom-list__summary" role="status">
        {deliveries.status === 'loading' ? 'Loading the delivery log...' : deliveries.status === 'ready' ? summary(deliveries.data, page, edition) : ''}
      </p>
      {deliveries.status === 'error' ? <LoadError what="the delivery log" message={deliveries.message} onRetry={onRetry} /> : null}
      {deliveries.status === 'ready' && deliveries.data.deliveries.length > 0 ? (
        <div className="newsroom-list__scroll" tabIndex={0} role="region" aria-label="Delivery log">
          <table className="newsroom-list__table">
            <caption className="newsroom-list__caption">One row per subscriber</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Outcome</th>
                <th scope="col">Attempts</th>
                <th scope="col">When</th>
                <th scope="col">Why it failed</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.deliveries.map((delivery) => (
                <tr key={delivery.email}>
                  <td>{delivery.email}</td>
                  <td>
                    <span className={`delivery-log__status delivery-log__status--${delivery.status}`}>{deliveryStatusLabels[delivery.status]}</span>
                  </td>
                  <td>{delivery.attempts}</td>
                  <td className="newsroom-list__date">{adminDateTime(delivery.sentAt ?? delivery.updatedAt) ?? ''}</td>
                  <td>{delivery.error ?? <span className="newsroom-list__none">None</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {pagination}
    </div>
  )
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value.toLocaleString('en-GB')}</dd>
    </div>
  )
}

function summary(data: DeliveryPage, page: number, edition: Edition): string {
  // Once the retention rule has removed the per-subscriber rows, an empty log must not read as if
  // nobody had been queued: the counts above are what is left of it.
  if (data.total === 0 && edition.logRemovedAt) {
    return `Each subscriber’s row was removed on ${adminDateTime(edition.logRemovedAt) ?? edition.logRemovedAt}, as the paper keeps them for a limited time; the counts above are kept.`
  }
  if (data.total === 0) return 'Nobody was queued for this edition.'
  if (data.deliveries.length === 0) return `There are no deliveries on page ${page}.`
  const first = (page - 1) * deliveryPageSize + 1
  return `Showing ${first}–${first + data.deliveries.length - 1} of ${data.total.toLocaleString('en-GB')}.`
}
