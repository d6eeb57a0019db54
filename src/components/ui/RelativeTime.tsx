import { longDateTime } from '../../content/format/dates.ts'
import { dateOf, relativeWords, stillCounting, type RelativeRule } from '../../content/format/relative.ts'
import './RelativeTime.css'

export interface RelativeTimeProps {
  /** The moment, as the content gives it; nothing is shown when it is missing or unreadable. */
  date: string | null | undefined
  /** The time the words count from. */
  now: Date
  /** Which words (src/content/format/relative.ts): `ago` always counts, `card` gives the long date after a week. */
  rule?: RelativeRule
  className?: string
}

/**
 * "5 minutes ago", with the London time in full as its title. Marked with its rule while its words
 * can still change, so on a document the page's own script (src/islands/relativeTimes.ts) keeps them
 * current on the reader's clock; inside an island or the app, the clock that renders it does. A card
 * already a week old shows its long date for good and is not marked.
 */
export function RelativeTime({ date, now, rule = 'ago', className }: RelativeTimeProps) {
  const moment = dateOf(date)
  if (!moment) return null
  return (
    <time className={className ? `relative-time ${className}` : 'relative-time'} dateTime={moment.toISOString()} title={longDateTime(moment)} data-relative={stillCounting(rule, moment, now) ? rule : undefined}>
      {relativeWords(rule, moment, now)}
    </time>
  )
}
