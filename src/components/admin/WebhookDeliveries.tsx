import { useId, type ReactNode } from 'react'
import { adminDateTime, type Loadable } from '../../content/admin/display.ts'
import { deliveryStatusLabels, logSummary, triggerLabels, type WebhookLogPage } from '../../content/admin/webhooks.ts'
import type { DeliveryView } from '../../../shared/webhooks.ts'
import { LoadError } from './LoadError.tsx'
import './NewsroomList.css'
import './WebhookDeliveries.css'

export interface WebhookDeliveriesProps {
  state: Loadable<WebhookLogPage>
  /** The hook's name while its log loads. */
  name?: string
  onRetry?: () => void
  /** Links to the log's other pages, below the table. */
  pagination?: ReactNode
}

/**
 * A hook's delivery log, newest first: which document and change, whether it went through (in
 * words, not colour alone), how many attempts it took, the receiver's last answer, why the last
 * attempt failed and when the next is due.
 */
export function WebhookDeliveries({ state, name, onRetry, pagination }: WebhookDeliveriesProps) {
  const titleId = useId()
  const title = state.status === 'ready' ? state.data.webhook.name : name
  return (
    <section className="newsroom-list webhook-deliveries" aria-labelledby={titleId}>
      <h2 id={titleId} className="webhook-deliveries__title">
        Delivery log{title ? `: ${title}` : ''}
      </h2>
      <p className="newsroom-list__summary" role="status">
        {state.status === 'loading' ? 'Loading deliveries...' : state.status === 'ready' ? logSummary(state.data) : ''}
      </p>
      {state.status === 'error' ? <LoadError what="the delivery log" message={state.message} onRetry={onRetry} /> : null}
      {state.status === 'ready' && state.data.deliveries.length > 0 ? (
        <div className="newsroom-list__scroll" role="region" aria-label="Deliveries" tabIndex={0}>
          <table className="newsroom-list__table webhook-deliveries__table">
            <caption className="newsroom-list__caption">Deliveries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Change</th>
                <th scope="col">Document</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last answer</th>
                <th scope="col">Last error</th>
              </tr>
            </thead>
            <tbody>
              {state.data.deliveries.map((delivery) => (
                <DeliveryRow key={delivery.id} delivery={delivery} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {pagination}
    </section>
  )
}

function DeliveryRow({ delivery }: { delivery: DeliveryView }) {
  const when = adminDateTime(delivery.createdAt)
  const next = adminDateTime(delivery.nextAttemptAt)
  return (
    <tr>
      <td>
        <span className="webhook-deliveries__operation">{triggerLabels[delivery.operation]}</span>
        {when ? (
          <time className="newsroom-list__date webhook-deliveries__when" dateTime={delivery.createdAt}>
            {when}
          </time>
        ) : null}
      </td>
      <th scope="row" className="webhook-deliveries__document">
        {delivery.documentId}
      </th>
      <td>
        <span className={`newsroom-list__badge webhook-deliveries__status webhook-deliveries__status--${delivery.status}`}>{deliveryStatusLabels[delivery.status]}</span>
        {delivery.status === 'pending' && next ? (
          <span className="webhook-deliveries__next">
            Next attempt <time dateTime={delivery.nextAttemptAt!}>{next}</time>
          </span>
        ) : null}
      </td>
      <td>{delivery.attempts}</td>
      <td>{delivery.lastStatus === null ? <span className="newsroom-list__none">{delivery.attempts === 0 ? 'Not tried yet' : 'No answer'}</span> : delivery.lastStatus}</td>
      <td className="webhook-deliveries__error">{delivery.lastError ?? <span className="newsroom-list__none">None</span>}</td>
    </tr>
  )
}
