// Scheduled publishing in the admin (docs/decisions/011-scheduling.md): the paper's edition runs on
// London time, so editors choose and read a schedule's time in London whatever their own computer's
// time zone; the Scheduling API stores it in UTC. Pure rules only: the calls are
// src/content/clients/schedules.ts.

/** The paper's edition time zone: GMT in winter, BST in summer. */
export const editionTimeZone = 'Europe/London'

/** A pending schedule that will publish an article. */
export interface ScheduledPublish {
  id: string
  /** UTC, ISO-8601. */
  executeAt: string
}

/** A schedule as the Scheduling API lists it: what the admin reads of one. */
export interface ScheduleSummary {
  id: string
  action: 'publish' | 'unpublish'
  state: 'scheduled' | 'succeeded' | 'cancelled'
  executeAt: string
  documents: Array<{ documentId: string }>
}

const inputPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

/** London's wall clock at `date`, as its parts. */
function londonParts(date: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute', number> {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: editionTimeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(date)
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') }
}

/** `datetime-local` text for `date` on London's clock. */
export function londonInputOf(date: Date): string {
  const p = londonParts(date)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`
}

/**
 * The moment London's clock reads `text` (`datetime-local` text), or null when it is not a time.
 * In the hour the clocks go back a reading happens twice: the first is taken. A reading skipped
 * when they go forward is taken an hour later, as London's clock would show it.
 */
export function fromLondonInput(text: string): Date | null {
  const m = inputPattern.exec(text)
  if (!m) return null
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number]
  const asUtc = Date.UTC(year, month - 1, day, hour, minute)
  const check = new Date(asUtc)
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return null
  // London is UTC or one hour ahead: try both offsets, earliest first.
  for (const offsetHours of [1, 0]) {
    const candidate = new Date(asUtc - offsetHours * 3_600_000)
    if (londonInputOf(candidate) === text) return candidate
  }
  return new Date(asUtc)
}

/** How the admin says a schedule's time: "Tue 24 Nov 2026, 14:30", on London's clock. */
export function londonTime(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: editionTimeZone,
    hourCycle: 'h23',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(date)
    .replace(/^(\w+),? /, '$1 ')
}

/** What is wrong with a chosen schedule time, or null when it can be scheduled. */
export function scheduleTimeProblem(text: string, now: Date = new Date()): string | null {
  const at = fromLondonInput(text)
  if (!at) return 'Choose a date and time to publish.'
  if (at.getTime() <= now.getTime()) return 'Choose a time in the future.'
  return null
}

/** Each article's soonest pending publish, by its id: what the article list marks Scheduled. */
export function pendingPublishes(schedules: readonly ScheduleSummary[]): Map<string, ScheduledPublish> {
  const byArticle = new Map<string, ScheduledPublish>()
  for (const schedule of schedules) {
    if (schedule.state !== 'scheduled' || schedule.action !== 'publish') continue
    for (const { documentId } of schedule.documents) {
      const known = byArticle.get(documentId)
      if (!known || schedule.executeAt < known.executeAt) byArticle.set(documentId, { id: schedule.id, executeAt: schedule.executeAt })
    }
  }
  return byArticle
}
