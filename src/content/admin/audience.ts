// The admin's Audience page and an article's reads panel: how the numbers the service counts
// (shared/audience.ts) are worded, which hour is which in London, the text alternative of each chart,
// and where a listed article is edited. Counts change at most once a minute, so the page asks again
// every minute and whenever the editor comes back to it.

import { editionTimeZone } from '../format/dates.ts'
import { readSourceLabels, type AudienceWindow, type HourReads, type ReadTotals, type SourceReads } from '../../../shared/audience.ts'

/** How often the Audience page and the reads panel ask for new numbers. */
export const audienceRefreshMs = 60_000

export const audienceWindowLabels: Record<AudienceWindow, string> = { hour: 'Last hour', day: 'Last 24 hours' }

const numbers = new Intl.NumberFormat('en-GB')
const hourFormat = new Intl.DateTimeFormat('en-GB', { timeZone: editionTimeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
const timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: editionTimeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })

export const formatReads = (n: number): string => numbers.format(n)

export const readsPhrase = (n: number): string => `${formatReads(n)} ${n === 1 ? 'read' : 'reads'}`

/** An hour's start as London's clock shows it: "14:00". */
export function hourLabel(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : hourFormat.format(date)
}

/** The hour a row of the hour-by-hour table covers: "14:00–15:00". */
export function hourRangeLabel(iso: string): string {
  const start = new Date(iso)
  if (Number.isNaN(start.getTime())) return ''
  return `${hourFormat.format(start)}–${hourFormat.format(new Date(start.getTime() + 3_600_000))}`
}

/** When the numbers shown were read: "Updated at 14:05:09". */
export function updatedAtLabel(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : `Updated at ${timeFormat.format(date)}`
}

/** The three figures at the top of the page, in order, with their words. */
export function totalsFigures(totals: ReadTotals): Array<{ label: string; reads: number }> {
  return [
    { label: 'Last 5 minutes', reads: totals.last5Minutes },
    { label: 'Last hour', reads: totals.lastHour },
    { label: 'Last 24 hours', reads: totals.lastDay },
  ]
}

/**
 * A chart's text alternative: what a reader of the bars would take from them. "No reads counted in
 * the last 24 hours." or "125 reads in the last 24 hours; the most, 93, from 14:00 to 15:00."
 */
export function hoursSummary(hours: HourReads[]): string {
  const total = hours.reduce((sum, h) => sum + h.reads, 0)
  if (total === 0) return 'No reads counted in the last 24 hours.'
  const peak = hours.reduce((best, h) => (h.reads > best.reads ? h : best), hours[0]!)
  return `${readsPhrase(total)} in the last 24 hours; the most, ${formatReads(peak.reads)}, from ${hourRangeLabel(peak.hour).replace('–', ' to ')}.`
}

export interface SourceShare {
  source: SourceReads['source']
  label: string
  reads: number
  /** Whole per cent of all the reads listed, 0 when there are none. */
  percent: number
}

/** Each source with its words and its share of the reads, in the service's order. */
export function sourceShares(sources: SourceReads[]): SourceShare[] {
  const total = sources.reduce((sum, s) => sum + s.reads, 0)
  return sources.map((s) => ({ source: s.source, label: readSourceLabels[s.source], reads: s.reads, percent: total === 0 ? 0 : Math.round((s.reads / total) * 100) }))
}

/** What the page says when nothing was counted, in the scope the viewer sees. */
export function noReadsMessage(scope: 'all' | 'own'): string {
  return scope === 'own' ? 'No reads of your articles counted yet.' : 'No reads counted yet.'
}

/** Who sees which numbers, said once under the page's heading. */
export function scopeNote(scope: 'all' | 'own'): string {
  return scope === 'own'
    ? 'You see the reads of the articles you have written. Each reader counts once a day per article; nothing about them is kept.'
    : 'Reads of every published article and photo essay. Each reader counts once a day per article; nothing about them is kept.'
}

/** An article listed without a published document: read once, unpublished or deleted since. */
export const unpublishedTitle = 'No longer published'

/** Where a listed article is edited, by its type; null for one no longer published. */
export function audienceEditPath(type: string | null, id: string): { to: '/admin/edit/articles/$id' | '/admin/photo-essays/$id'; params: { id: string } } | null {
  if (type === 'article') return { to: '/admin/edit/articles/$id', params: { id } }
  if (type === 'imageGallery') return { to: '/admin/photo-essays/$id', params: { id } }
  return null
}
