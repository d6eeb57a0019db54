// London's clock, for the Morning Briefing: 07:00 means 07:00 on the wall in London, in GMT and in
// BST alike, so the instant moves by an hour across each clock change. The time zone database
// (Intl) knows when London changes; nothing here hard-codes a date.

const zone = 'Europe/London'

const parts = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })

interface Wall {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

function wall(at: number): Wall {
  const get = Object.fromEntries(parts.formatToParts(new Date(at)).map((part) => [part.type, Number(part.value)]))
  return { year: get.year!, month: get.month!, day: get.day!, hour: get.hour!, minute: get.minute!, second: get.second! }
}

/** London's offset from UTC at an instant, in milliseconds (0 in GMT, an hour in BST). */
function offsetAt(at: number): number {
  const w = wall(at)
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(at / 1000) * 1000
}

/** The instant London's clock shows this date and time (a time skipped by a change counts as after it). */
export function londonInstant(year: number, month: number, day: number, hour: number, minute: number): number {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute)
  // The offset at the wall time read as UTC is right except within hours of a change; a second
  // step with the offset at the first guess settles it.
  return asUtc - offsetAt(asUtc - offsetAt(asUtc))
}

/** London's date at an instant, as YYYY-MM-DD: the Morning Briefing's day. */
export function londonDay(at: number): string {
  const w = wall(at)
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`
}

/** `HH:MM` (24-hour), as NEWSLETTER_MORNING_TIME is written; null when it is not a time of day. */
export function parseTimeOfDay(value: string): { hour: number; minute: number } | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value.trim())
  return m ? { hour: Number(m[1]), minute: Number(m[2]) } : null
}

/** The instant of `time` on London's clock on the London day of `at`. */
export function sameDayAt(at: number, time: { hour: number; minute: number }): number {
  const w = wall(at)
  return londonInstant(w.year, w.month, w.day, time.hour, time.minute)
}

/** The first instant strictly after `after` at which London's clock shows `time`. */
export function nextLondonTime(after: number, time: { hour: number; minute: number }): number {
  const today = sameDayAt(after, time)
  if (today > after) return today
  // Noon tomorrow is on tomorrow's date whatever the offset: step there, then to the time.
  const w = wall(after)
  const tomorrowNoon = londonInstant(w.year, w.month, w.day, 12, 0) + 86_400_000
  return sameDayAt(tomorrowNoon, time)
}
