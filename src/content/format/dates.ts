// The one place dates become words, in British English and on London's clock. Resonance is the
// London edition: a reader abroad sees the day it is in London, and the page the server renders
// reads the same as the page the browser then takes over (docs/decisions/005).

import { differenceInMonths } from 'date-fns'

export const editionTimeZone = 'Europe/London'

/**
 * A formatter made at its first use, not when this module loads: the first `Intl.DateTimeFormat` with
 * a time zone in a page loads the browser's locale and zone data, 14 to 90 ms on this machine's
 * Chromium, and every document's own script imports this module (src/islands/pageScript.ts) for
 * words that mostly need no formatter at all ("5 minutes ago"). Made at load, it was a long task after
 * every page's first paint.
 */
function formatter(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined
  return () => (made ??= new Intl.DateTimeFormat('en-GB', { timeZone: editionTimeZone, ...options }))
}

const dayParts = formatter({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
const numericParts = formatter({ day: '2-digit', month: '2-digit', year: 'numeric' })

function parts(format: () => Intl.DateTimeFormat, date: Date): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of format().formatToParts(date)) out[part.type] = part.value
  return out
}

/** "Saturday 21 November 2026": the masthead's and the article pages' long date. */
export function longDate(date: Date): string {
  const p = parts(dayParts, date)
  return `${p.weekday} ${p.day} ${p.month} ${p.year}`
}

const clockParts = formatter({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' })

/**
 * "Saturday 21 November 2026 14.05 GMT": a moment to the minute, on London's clock and named as
 * British papers name it (a full stop in the time, GMT or BST), for an article's "Updated" line.
 */
export function longDateTime(date: Date): string {
  const p = parts(clockParts, date)
  // en-GB names London's summer time "BST" and its winter time "GMT"; anything else is spelt as given.
  return `${longDate(date)} ${p.hour}.${p.minute} ${p.timeZoneName}`
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

const minutesInDay = 1440
const minutesInMonth = 30 * minutesInDay

/** "1 minute", "5 minutes", "about 2 hours": a count and its unit, plural unless one. */
function count(n: number, unit: string, prefix = ''): string {
  return `${prefix}${n} ${unit}${n === 1 ? '' : 's'}`
}

/**
 * The distance between two moments in date-fns' words and thresholds (its `formatDistance`, en-US):
 * under 2 minutes "less than a minute" or "1 minute", then minutes up to 45, "about N hours" up to
 * a day, days up to 30, "about N months" up to 60 days, then whole calendar months and "about",
 * "over" or "almost" N years. Written here, with only date-fns' calendar-month difference, because
 * the homepage shows these words on its first render and date-fns' formatDistance brings its whole
 * English locale (parsing included) into the first download. Its tests hold it to date-fns' output.
 */
function distance(earlier: Date, later: Date): string {
  const seconds = Math.trunc((later.getTime() - earlier.getTime()) / 1000)
  // Minutes on the local wall clock, as date-fns counts them: a change of clocks in between counts.
  const offsetSeconds = (later.getTimezoneOffset() - earlier.getTimezoneOffset()) * 60
  const minutes = Math.round((seconds - offsetSeconds) / 60)
  // Within an hour after clocks go back, date-fns' wall-clock minutes can be negative
  // ("-15 minutes ago"); the same words here keep the server's page and the browser's alike.
  if (minutes < 2) return minutes === 0 ? 'less than a minute' : count(minutes, 'minute')
  if (minutes < 45) return count(minutes, 'minute')
  if (minutes < 90) return 'about 1 hour'
  if (minutes < minutesInDay) return count(Math.round(minutes / 60), 'hour', 'about ')
  if (minutes < 2520) return '1 day'
  if (minutes < minutesInMonth) return count(Math.round(minutes / minutesInDay), 'day')
  if (minutes < 2 * minutesInMonth) return count(Math.round(minutes / minutesInMonth), 'month', 'about ')
  const months = differenceInMonths(later, earlier)
  if (months < 12) return count(Math.round(minutes / minutesInMonth), 'month')
  const years = Math.trunc(months / 12)
  const extraMonths = months % 12
  if (extraMonths < 3) return count(years, 'year', 'about ')
  if (extraMonths < 9) return count(years, 'year', 'over ')
  return count(years + 1, 'year', 'almost ')
}

/** "5 minutes ago", "about 2 hours ago" ("in 5 minutes" for a time still to come): date-fns' standard thresholds, as the spec asks. */
export function timeAgo(date: Date | string, now: Date = new Date()): string {
  const then = typeof date === 'string' ? new Date(date) : date
  const difference = then.getTime() - now.getTime()
  if (Number.isNaN(difference)) throw new RangeError('Invalid time value')
  return difference > 0 ? `in ${distance(now, then)}` : `${distance(then, now)} ago`
}
