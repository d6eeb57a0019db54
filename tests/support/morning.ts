// A service started by a test would send the day's Morning Briefing by itself if it started in the
// hours after the morning time (07:00 on London's clock by default: it catches up a morning it
// missed), to whatever subscribers the test made, and a later "send the Morning Briefing now" would
// then be refused as already made. A test run may start at any hour, so the services tests start
// keep their morning half a day away from now.

const londonHour = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', hourCycle: 'h23' })

/** NEWSLETTER_MORNING_TIME twelve hours from now on London's clock, on the hour. */
export function morningAwayFromNow(now: number = Date.now()): string {
  const hour = Number(londonHour.format(now))
  return `${String((hour + 12) % 24).padStart(2, '0')}:00`
}
