// How a live blog says when an update was posted: on London's clock, as British papers print it
// ("14.05 GMT"), with the day when it was not today in London.

import { editionTimeZone, londonDay } from '../format/dates.ts'

const clock = new Intl.DateTimeFormat('en-GB', { timeZone: editionTimeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' })
const day = new Intl.DateTimeFormat('en-GB', { timeZone: editionTimeZone, weekday: 'short', day: 'numeric', month: 'short' })

function parts(format: Intl.DateTimeFormat, date: Date): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of format.formatToParts(date)) out[part.type] = part.value
  return out
}

/** "14.05 GMT" today in London; "Thu 26 Nov 14.05 GMT" on another day. */
export function updateClock(date: Date, now: Date): string {
  const p = parts(clock, date)
  const time = `${p.hour}.${p.minute} ${p.timeZoneName}`
  if (londonDay(date) === londonDay(now)) return time
  const d = parts(day, date)
  return `${d.weekday} ${d.day} ${d.month} ${time}`
}

/** A date the service sent, or null when it is missing or unreadable. */
export function readableDate(value: string | null | undefined): Date | null {
  const date = typeof value === 'string' ? new Date(value) : null
  return date && !Number.isNaN(date.getTime()) ? date : null
}
