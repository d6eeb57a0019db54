// The one place dates become words, in British English and on London's clock. Resonance is the
// London edition: a reader abroad sees the day it is in London, and the page the server renders
// reads the same as the page the browser then takes over (docs/decisions/005).

import { formatDistance } from 'date-fns'

export const editionTimeZone = 'Europe/London'

const dayParts = new Intl.DateTimeFormat('en-GB', { timeZone: editionTimeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
const numericParts = new Intl.DateTimeFormat('en-GB', { timeZone: editionTimeZone, day: '2-digit', month: '2-digit', year: 'numeric' })

function parts(format: Intl.DateTimeFormat, date: Date): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of format.formatToParts(date)) out[part.type] = part.value
  return out
}

/** "Saturday 21 November 2026": the masthead's and the article pages' long date. */
export function longDate(date: Date): string {
  const p = parts(dayParts, date)
  return `${p.weekday} ${p.day} ${p.month} ${p.year}`
}

/** "November 2026": the archive's month headings. */
export function monthLabel(date: Date): string {
  const p = parts(dayParts, date)
  return `${p.month} ${p.year}`
}

/** "2026-11-21": the London day, for `<time dateTime>` and for keys. */
export function londonDay(date: Date): string {
  const p = parts(numericParts, date)
  return `${p.year}-${p.month}-${p.day}`
}

/** "5 minutes ago", "about 2 hours ago": date-fns' standard thresholds, as the spec asks. */
export function timeAgo(date: Date | string, now: Date = new Date()): string {
  return formatDistance(typeof date === 'string' ? new Date(date) : date, now, { addSuffix: true })
}
