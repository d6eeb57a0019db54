// What the Audience report says, as the service sends it and the admin reads it: reads counted in
// the last 5 minutes, hour and day, hour by hour over the last 24 hours, and where readers came from
// (server/audience/report.ts computes it from the aggregates; nothing about a reader is in it).

/** Where a read came from, from the referrer's domain alone. */
export const readSources = ['search', 'social', 'newsletter', 'other', 'internal', 'direct'] as const
export type ReadSource = (typeof readSources)[number]

export const readSourceLabels: Record<ReadSource, string> = {
  search: 'Search engines',
  social: 'Social networks',
  newsletter: 'Newsletters',
  other: 'Other sites',
  internal: 'Resonance’s own pages',
  direct: 'Direct or unknown',
}

/** Which window ranks the top articles: the last 60 minutes, or the last 24 hours. */
export const audienceWindows = ['hour', 'day'] as const
export type AudienceWindow = (typeof audienceWindows)[number]

/** Hours in the hour-by-hour series: the current hour and the 23 before it. */
export const audienceHours = 24
/** Articles in the top list. */
export const topArticlesLimit = 10

export interface ReadTotals {
  last5Minutes: number
  lastHour: number
  /** The current hour and the 23 before it. */
  lastDay: number
}

/** Reads in one clock hour; `hour` is the hour's start, ISO 8601 in UTC. */
export interface HourReads {
  hour: string
  reads: number
}

export interface SourceReads {
  source: ReadSource
  reads: number
}

/** The published document's title and address; null when it is no longer published. */
export interface AudienceArticleRef {
  id: string
  /** `article` or `imageGallery` (a photo essay); null when nothing is published under the id. */
  type: string | null
  title: string | null
  slug: string | null
}

export interface TopArticle extends AudienceArticleRef {
  lastHour: number
  lastDay: number
  /** One number per hour of `AudienceOverview.hours`, oldest first. */
  hours: number[]
}

export interface AudienceOverview {
  /** When the numbers were read (ISO 8601). */
  generatedAt: string
  /** `all` for admins and editors; `own` for a contributor, whose numbers cover their own articles alone. */
  scope: 'all' | 'own'
  window: AudienceWindow
  /** Whether any read of these articles was ever counted (and is still kept): "No reads counted yet" when not. */
  counted: boolean
  totals: ReadTotals
  /** 24 hours, oldest first. */
  hours: HourReads[]
  /** Reads of the last 24 hours by source, in `readSources` order. */
  sources: SourceReads[]
  /** At most `topArticlesLimit` articles with reads in the window, most read first. */
  top: TopArticle[]
}

export interface ArticleAudience extends AudienceArticleRef {
  generatedAt: string
  /** Whether readers can open it now (a published document exists). */
  published: boolean
  totals: ReadTotals & { allTime: number }
  hours: HourReads[]
  /** Every counted read kept, by source, in `readSources` order. */
  sources: SourceReads[]
}
