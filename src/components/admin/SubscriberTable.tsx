import { useId, useState, type ReactNode } from 'react'
import { adminDateTime, type Loadable } from '../../content/admin/display.ts'
import { subscriberPageSize, subscriberNewsletterNames, subscriberStatusLabels, type SubscriberFilter, type SubscriberPage } from '../../content/admin/subscribers.ts'
import { subscriberStatuses, type Subscriber } from '../../../shared/newsroom.ts'
import { SubscriberCounts } from './SubscriberCounts.tsx'
import './NewsroomList.css'
import { LoadError } from './LoadError.tsx'
import './SubscriberTable.css'

export interface SubscriberTableProps {
  state: Loadable<SubscriberPage>
  /** The page shown, from 1. */
  page: number
  status: SubscriberFilter
  onStatus: (status: SubscriberFilter) => void
  /** Saves every subscriber the filter lets through as a CSV file; the button stays busy until it settles. */
  onExport: (status: SubscriberFilter) => Promise<unknown>
  onRetry?: () => void
  /** Another page or filter is loading: the rows shown stay, marked busy. */
  busy?: boolean
  /** Links to the other pages, below the table. */
  pagination?: ReactNode
}

/**
 * The newsletter's subscribers, newest first: the counts by status, a status filter, the export of
 * what the filter shows, and a table of address, newsletters, status and dates.
 */
export function SubscriberTable({ state, page, status, onStatus, onExport, onRetry, busy = false, pagination }: SubscriberTableProps) {
  const id = useId()
  const [exporting, setExporting] = useState(false)
  const subscribers = state.status === 'ready' ? state.data.subscribers : []
  const exportCsv = async () => {
    if (exporting) return
    setExporting(true)
    try {
      await onExport(status)
    } finally {
      setExporting(false)
    }
  }

  return (
    <div className="newsroom-list subscriber-table">
      <div className="newsroom-list__header">
        <h1 className="newsroom-list__title">Subscribers</h1>
      </div>
      <section aria-labelledby={`${id}-counts`}>
        <h2 id={`${id}-counts`} className="visually-hidden">
          Subscribers by status
        </h2>
        <SubscriberCounts counts={state.status === 'ready' ? state.data.counts : null} />
      </section>
      <div className="newsroom-list__bar">
        <div className="newsroom-list__field">
          <label htmlFor={`${id}-status`}>Status</label>
          <select id={`${id}-status`} value={status} onChange={(e) => onStatus(e.target.value as SubscriberFilter)}>
            <option value="all">All statuses</option>
            {subscriberStatuses.map((s) => (
              <option key={s} value={s}>
                {subscriberStatusLabels[s]}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="newsroom-list__button" onClick={() => void exportCsv()} aria-disabled={exporting || undefined} aria-describedby={`${id}-export`}>
          {exporting ? 'Exporting...' : 'Export CSV'}
        </button>
        <p id={`${id}-export`} className="subscriber-table__export-note">
          {status === 'all' ? 'Exports every subscriber, on every page.' : `Exports every ${subscriberStatusLabels[status].toLowerCase()} subscriber, on every page.`}
        </p>
      </div>
      <p className="newsroom-list__summary" role="status">
        {state.status === 'loading' || busy ? 'Loading subscribers...' : state.status === 'ready' ? summaryText(state.data, page, status) : ''}
      </p>
      {state.status === 'error' ? (
        <LoadError what="subscribers" message={state.message} onRetry={onRetry} />
      ) : null}
      {subscribers.length > 0 ? (
        <div className="newsroom-list__scroll" role="region" aria-labelledby={`${id}-caption`} tabIndex={0} aria-busy={busy || undefined}>
          <table className="newsroom-list__table">
            <caption id={`${id}-caption`} className="newsroom-list__caption">
              {status === 'all' ? 'Subscribers' : `${subscriberStatusLabels[status]} subscribers`}, newest first
            </caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Newsletters</th>
                <th scope="col">Status</th>
                <th scope="col">Subscribed</th>
                <th scope="col">Confirmed</th>
                <th scope="col">Unsubscribed</th>
              </tr>
            </thead>
            <tbody>
              {subscribers.map((subscriber) => (
                <SubscriberRow key={subscriber._id} subscriber={subscriber} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {pagination}
    </div>
  )
}

function summaryText(data: SubscriberPage, page: number, status: SubscriberFilter): string {
  const noun = status === 'all' ? 'subscribers' : `${subscriberStatusLabels[status].toLowerCase()} subscribers`
  if (data.total === 0) return status === 'all' ? 'No subscribers yet.' : `No ${noun}.`
  if (data.subscribers.length === 0) return `There are no subscribers on page ${page}.`
  const first = (page - 1) * subscriberPageSize + 1
  return `Showing ${first}–${first + data.subscribers.length - 1} of ${data.total} ${data.total === 1 ? noun.replace(/s$/, '') : noun}.`
}

function DateCell({ value }: { value: string | null }) {
  const shown = adminDateTime(value)
  return <td className="newsroom-list__date">{shown && value ? <time dateTime={value}>{shown}</time> : <span className="newsroom-list__none">—</span>}</td>
}

function SubscriberRow({ subscriber }: { subscriber: Subscriber }) {
  return (
    <tr>
      <th scope="row" className="subscriber-table__email">
        {subscriber.email}
      </th>
      <td>{subscriberNewsletterNames(subscriber.newsletters) || <span className="newsroom-list__none">None</span>}</td>
      <td>
        <span className={`newsroom-list__badge subscriber-table__status subscriber-table__status--${subscriber.status}`}>{subscriberStatusLabels[subscriber.status]}</span>
      </td>
      <DateCell value={subscriber._createdAt} />
      <DateCell value={subscriber.confirmedAt} />
      <DateCell value={subscriber.unsubscribedAt} />
    </tr>
  )
}
