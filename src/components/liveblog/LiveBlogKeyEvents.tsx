import type { KeyEvent } from '../../content/liveblog/liveBlog.ts'
import { readableDate, updateClock } from '../../content/liveblog/format.ts'
import './LiveBlogKeyEvents.css'

export interface LiveBlogKeyEventsProps {
  /** Newest first, each linking to its update. */
  events: KeyEvent[]
  now: Date
}

/** The blog's key events, newest first, each a link to its update; nothing when there are none. */
export function LiveBlogKeyEvents({ events, now }: LiveBlogKeyEventsProps) {
  if (events.length === 0) return null
  return (
    <nav className="liveblog-key-events" aria-labelledby="liveblog-key-events-title">
      <h2 id="liveblog-key-events-title" className="liveblog-key-events__title">
        Key events
      </h2>
      <ol className="liveblog-key-events__list">
        {events.map((event) => {
          const at = readableDate(event.publishedAt)
          return (
            <li key={event.id}>
              <a href={event.href}>
                {at && event.publishedAt && (
                  <>
                    <time dateTime={event.publishedAt}>{updateClock(at, now)}</time>{' '}
                  </>
                )}
                <span className="liveblog-key-events__text">{event.title}</span>
              </a>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
