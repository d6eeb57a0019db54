// What a relative time ("5 minutes ago") says, as one rule for the server's page, the app, and the
// small script that keeps a document's relative times current (src/islands/relativeTimes.ts). The
// words are counted on the reader's clock once the page is open; the full London time is the title.

import { longDate, timeAgo } from './dates.ts'

/**
 * Which words a relative time uses: `ago` always counts ("about 3 hours ago", "12 days ago"); `card`,
 * a listing card's date, counts within the last seven days and gives the long date before that.
 */
export type RelativeRule = 'ago' | 'card'

export const relativeRules: readonly RelativeRule[] = ['ago', 'card']

const week = 7 * 24 * 60 * 60 * 1000

/**
 * The words for `date` at `now` by `rule`. A time a little in the future (a clock running fast) reads
 * as just now rather than "in 2 minutes".
 */
export function relativeWords(rule: RelativeRule, date: Date, now: Date): string {
  if (!stillCounting(rule, date, now)) return longDate(date)
  return timeAgo(date.getTime() > now.getTime() ? now : date, now)
}

/**
 * Whether the words for `date` by `rule` can still change as time passes: a card's long date, once
 * it is a week old, is the same tomorrow. The page's script leaves such a time alone, so it never
 * makes the date formatter a page would otherwise not need (src/content/format/dates.ts).
 */
export function stillCounting(rule: RelativeRule, date: Date, now: Date): boolean {
  return rule !== 'card' || now.getTime() - date.getTime() < week
}

/** A date the page was given, or null when it is missing or unreadable. */
export function dateOf(value: string | null | undefined): Date | null {
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/**
 * How a relative time is marked in a page: a `<time>` whose `data-relative` names its rule and whose
 * `dateTime` is the moment (src/components/ui/RelativeTime.tsx writes it, the document's script reads it).
 */
export const relativeTimeSelector = 'time[data-relative]'
