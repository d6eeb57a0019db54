// The one place dates become words, in British English.

import { format, formatDistance } from 'date-fns'

/** "Saturday 21 November 2026": the masthead's and the article pages' long date. */
export function longDate(date: Date): string {
  return format(date, 'EEEE d MMMM yyyy')
}

/** "5 minutes ago", "about 2 hours ago": date-fns' standard thresholds, as the spec asks. */
export function timeAgo(date: Date | string, now: Date = new Date()): string {
  return formatDistance(typeof date === 'string' ? new Date(date) : date, now, { addSuffix: true })
}
