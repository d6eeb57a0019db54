import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { adminDateTime, type Loadable } from '../../content/admin/display.ts'
import type { InboxSearch } from '../../content/admin/addresses.ts'
import { displaySubject, isUnread, replyLink } from '../../content/admin/inbox.ts'
import { type InboxMessage } from '../../../shared/newsroom.ts'
import './NewsroomList.css'
import { LoadError } from './LoadError.tsx'
import './MessageView.css'

export interface MessageViewProps {
  state: Loadable<InboxMessage>
  /** The inbox view the editor came from, which Back to inbox returns to. */
  back: InboxSearch
  /** Marks the message unread again; the button stays busy until it settles. */
  onMarkUnread: (message: InboxMessage) => Promise<unknown>
  onRetry?: () => void
}

/**
 * One reader's message in full: who sent it (with a reply link when their address is a plain one),
 * when, whether it has been read, and what they wrote, as plain text with its line breaks kept.
 */
export function MessageView({ state, back, onMarkUnread, onRetry }: MessageViewProps) {
  const [marking, setMarking] = useState(false)
  const subjectId = useId()
  const backLink = (
    <Link to="/admin/inbox" search={back} className="message-view__back">
      <span aria-hidden="true">‹ </span>Back to inbox
    </Link>
  )

  if (state.status !== 'ready') {
    return (
      <div className="newsroom-list message-view">
        {backLink}
        <h1 className="newsroom-list__title">Message</h1>
        {state.status === 'loading' ? (
          <p role="status">Loading message...</p>
        ) : (
          <LoadError what="the message" message={state.message} onRetry={onRetry} />
        )}
      </div>
    )
  }

  const message = state.data
  const reply = replyLink(message)
  const received = adminDateTime(message._createdAt)
  const read = adminDateTime(message.readAt)
  const markUnread = async () => {
    if (marking) return
    setMarking(true)
    try {
      await onMarkUnread(message)
    } finally {
      setMarking(false)
    }
  }

  return (
    <article className="newsroom-list message-view" aria-labelledby={subjectId}>
      {backLink}
      <h1 id={subjectId} className="newsroom-list__title message-view__subject">
        {displaySubject(message.subject)}
      </h1>
      <dl className="message-view__meta">
        <div>
          <dt>From</dt>
          <dd>
            {message.fullName.trim() || 'No name given'} <span className="message-view__email">&lt;{message.email}&gt;</span>
          </dd>
        </div>
        <div>
          <dt>Received</dt>
          <dd>{received ? <time dateTime={message._createdAt}>{received}</time> : 'Unknown'}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{isUnread(message) ? 'Unread' : read && message.readAt ? <>Read <time dateTime={message.readAt}>{read}</time></> : 'Read'}</dd>
        </div>
      </dl>
      <div className="message-view__actions">
        {reply ? (
          <a className="newsroom-list__button" href={reply}>
            Reply by email
          </a>
        ) : null}
        {isUnread(message) ? null : (
          <button type="button" className="newsroom-list__button" onClick={() => void markUnread()} aria-disabled={marking || undefined}>
            {marking ? 'Marking as unread...' : 'Mark as unread'}
          </button>
        )}
      </div>
      <h2 className="visually-hidden">Message</h2>
      <div className="message-view__body">{message.message}</div>
    </article>
  )
}
