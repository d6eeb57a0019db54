import { subscriberStatusDescriptions, subscriberStatusLabels, type SubscriberCounts as Counts } from '../../content/admin/subscribers.ts'
import { subscriberStatuses } from '../../../shared/newsroom.ts'
import './SubscriberCounts.css'

export interface SubscriberCountsProps {
  /** Every subscriber by status; null while they load. */
  counts: Counts | null
}

const numbers = new Intl.NumberFormat('en-GB')

/** How many subscribers are pending, confirmed and unsubscribed, whatever the list below shows. */
export function SubscriberCounts({ counts }: SubscriberCountsProps) {
  return (
    <dl className="subscriber-counts">
      {subscriberStatuses.map((status) => (
        <div key={status} className={`subscriber-counts__item subscriber-counts__item--${status}`}>
          <dt>{subscriberStatusLabels[status]}</dt>
          <dd className="subscriber-counts__number">{counts ? numbers.format(counts[status]) : '…'}</dd>
          <dd className="subscriber-counts__meaning">{subscriberStatusDescriptions[status]}</dd>
        </div>
      ))}
    </dl>
  )
}
