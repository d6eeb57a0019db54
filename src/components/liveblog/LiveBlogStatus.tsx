import { longDateTime } from '../../content/format/dates.ts'
import { readableDate } from '../../content/liveblog/format.ts'
import './LiveBlogStatus.css'

export interface LiveBlogStatusProps {
  /** When the coverage ended (the article's `liveBlogEndedAt`); null while it is live. */
  endedAt: string | null | undefined
}

/** Above a live blog's headline: the LIVE mark while it runs, and once it has ended, that it has. */
export function LiveBlogStatus({ endedAt }: LiveBlogStatusProps) {
  const ended = readableDate(endedAt)
  if (endedAt && ended) {
    return (
      <p className="liveblog-status liveblog-status--ended">
        This live blog has ended. <span className="liveblog-status__when">Coverage ended <time dateTime={endedAt}>{longDateTime(ended)}</time>.</span>
      </p>
    )
  }
  return (
    <p className="liveblog-status">
      <span className="liveblog-status__mark">Live</span>
    </p>
  )
}
