// Numbers for the Audience components' stories and tests, in the shapes the service sends.

import type { ArticleAudience, AudienceOverview, HourReads, SourceReads } from '../../../shared/audience.ts'

const firstHour = Date.UTC(2026, 10, 27, 15) / 3_600_000 - 23

/** 24 hours from 16:00 the day before to 15:00 (London is on GMT in November), with these reads. */
export function hoursOf(reads: number[]): HourReads[] {
  return Array.from({ length: 24 }, (_, i) => ({ hour: new Date((firstHour + i) * 3_600_000).toISOString(), reads: reads[i] ?? 0 }))
}

export const busyHours = hoursOf([4, 2, 1, 0, 0, 0, 0, 1, 3, 8, 15, 22, 30, 26, 18, 20, 24, 40, 35, 28, 25, 60, 45, 93])

export const sourcesOf = (search: number, social: number, newsletter: number, other: number, internal: number, direct: number): SourceReads[] => [
  { source: 'search', reads: search },
  { source: 'social', reads: social },
  { source: 'newsletter', reads: newsletter },
  { source: 'other', reads: other },
  { source: 'internal', reads: internal },
  { source: 'direct', reads: direct },
]

export const overview: AudienceOverview = {
  generatedAt: '2026-11-27T15:42:39.000Z',
  scope: 'all',
  window: 'hour',
  counted: true,
  totals: { last5Minutes: 30, lastHour: 212, lastDay: 499 },
  hours: busyHours,
  sources: sourcesOf(210, 120, 60, 19, 64, 26),
  top: [
    { id: 'ferry', type: 'article', title: 'Thames ferry timetable changes', slug: 'ferry', lastHour: 120, lastDay: 260, hours: busyHours.map((h) => Math.round(h.reads / 2)) },
    { id: 'coast', type: 'imageGallery', title: 'The coast in winter', slug: 'coast', lastHour: 60, lastDay: 150, hours: busyHours.map((h) => Math.round(h.reads / 4)) },
    { id: 'gone', type: null, title: null, slug: null, lastHour: 1, lastDay: 3, hours: hoursOf([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 1]).map((h) => h.reads) },
  ],
}

export const nothingCounted: AudienceOverview = {
  ...overview,
  counted: false,
  totals: { last5Minutes: 0, lastHour: 0, lastDay: 0 },
  hours: hoursOf([]),
  sources: sourcesOf(0, 0, 0, 0, 0, 0),
  top: [],
}

export const articleReads: ArticleAudience = {
  id: 'ferry',
  type: 'article',
  title: 'Thames ferry timetable changes',
  slug: 'ferry',
  generatedAt: '2026-11-27T15:42:39.000Z',
  published: true,
  totals: { last5Minutes: 4, lastHour: 120, lastDay: 260, allTime: 1450 },
  hours: hoursOf(busyHours.map((h) => Math.round(h.reads / 2))),
  sources: sourcesOf(700, 400, 150, 50, 110, 40),
}
