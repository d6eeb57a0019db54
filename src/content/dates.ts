// The one place dates become words, in British English.

import { format } from 'date-fns'

/** "Saturday 21 November 2026": the masthead's and the article pages' long date. */
export function longDate(date: Date): string {
  return format(date, 'EEEE d MMMM yyyy')
}
