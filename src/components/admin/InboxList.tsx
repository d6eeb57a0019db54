import { Link } from '@tanstack/react-router'
import { useId, type ReactNode } from 'react'
import { adminDateTime, type Loadable } from '../../content/admin/display.ts'
import { displaySubject, inboxPageSize, inboxShowLabels, inboxShows, isUnread, messagePreview, withUnread, type InboxPage, type InboxShow } from '../../content/admin/inbox.ts'
import { type InboxMessage } from '../../../shared/newsroom.ts'
import './NewsroomList.css'
import { LoadError } from './LoadError.tsx'
import './InboxList.css'

export interface InboxListProps {
  state: Loadable<InboxPage>
  /** The page shown, from 1. */
  page: number
  show: InboxShow
  onShow: (show: InboxShow) => void
  onRetry?: () => void
  /** Another page or filter is loading: the rows shown stay, marked busy. */
  busy?: boolean
  /** Links to the other pages, below the table. */
  pagination?: ReactNode
}

/**
 * Readers' messages from the contact form, newest first: who wrote, the subject (opening the
 * message) and its first words, when it came, and whether anyone has read it yet, in words and in
 * weight as well as colour. Everything a reader wrote is shown as text.
 */
export function InboxList({ state, page, show, onShow, onRetry, busy = false, pagination }: InboxListProps) {
  const captionId = useId()
  const messages = state.status === 'ready' ? state.data.messages : []
  return (
    <div className="newsroom-list inbox-list">
      <div className="newsroom-list__header">
        <h1 className="newsroom-list__title">Inbox</h1>
      </div>
      <div className="newsroom-list__bar">
        <div className="newsroom-list__toggles" role="group" aria-label="Show messages">
          {inboxShows.map((option) => (
            <button key={option} type="button" aria-pressed={option === show} onClick={() => option !== show && onShow(option)}>
              {inboxShowLabels[option]}
            </button>
          ))}
        </div>
      </div>
      {/* Always present, so a screen reader hears the new count whenever the list changes. */}
      <p className="newsroom-list__summary" role="status">
        {state.status === 'loading' || busy ? 'Loading messages...' : state.status === 'ready' ? summaryText(state.data, page, show) : ''}
      </p>
      {state.status === 'error' ? (
        <LoadError what="messages" message={state.message} onRetry={onRetry} />
      ) : null}
      {messages.length > 0 ? (
        <div className="newsroom-list__scroll" role="region" aria-labelledby={captionId} tabIndex={0} aria-busy={busy || undefined}>
          <table className="newsroom-list__table">
            <caption id={captionId} className="newsroom-list__caption">
              {show === 'unread' ? 'Unread messages, newest first' : 'Messages, newest first'}
            </caption>
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Subject</th>
                <th scope="col">From</th>
                <th scope="col">Received</th>
              </tr>
            </thead>
            <tbody>
              {messages.map((message) => (
                <MessageRow key={message._id} message={message} show={show} page={page} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {pagination}
    </div>
  )
}

function summaryText(data: InboxPage, page: number, show: InboxShow): string {
  const unread = data.unread === 0 ? 'No unread messages.' : `${data.unread} unread.`
  if (data.total === 0) return show === 'unread' ? 'No unread messages.' : 'No messages yet.'
  if (data.messages.length === 0) return `${unread} There are no messages on page ${page}.`
  const first = (page - 1) * inboxPageSize + 1
  const noun = show === 'unread' ? (data.total === 1 ? 'unread message' : 'unread messages') : data.total === 1 ? 'message' : 'messages'
  const range = `Showing ${first}–${first + data.messages.length - 1} of ${data.total} ${noun}.`
  return show === 'unread' ? range : `${unread} ${range}`
}

function MessageRow({ message, show, page }: { message: InboxMessage; show: InboxShow; page: number }) {
  const unread = isUnread(message)
  const received = adminDateTime(message._createdAt)
  const subject = displaySubject(message.subject)
  return (
    <tr className={unread ? 'inbox-list__row inbox-list__row--unread' : 'inbox-list__row'}>
      <td>
        {unread ? (
          <span className="newsroom-list__badge inbox-list__unread">
            <span aria-hidden="true">● </span>Unread
          </span>
        ) : (
          <span className="inbox-list__read">Read</span>
        )}
      </td>
      <th scope="row" className="inbox-list__subject">
        <Link
          to="/admin/inbox/$id"
          params={{ id: message._id }}
          search={{ show: show === 'unread' ? 'unread' : undefined, page: page > 1 ? page : undefined }}
          className="inbox-list__open"
          aria-label={unread ? withUnread(subject, true) : undefined}
        >
          {subject}
        </Link>
        <span className="inbox-list__preview">{messagePreview(message.message)}</span>
      </th>
      <td>
        <span className="inbox-list__name">{message.fullName.trim() || 'No name given'}</span>
        <span className="inbox-list__email">{message.email}</span>
      </td>
      <td className="newsroom-list__date">{received ? <time dateTime={message._createdAt}>{received}</time> : <span className="newsroom-list__none">Unknown</span>}</td>
    </tr>
  )
}
