// The admin's client for the Audience API (GET /v{version}/audience/{dataset}[/{id}]): what readers
// read, for the Audience page and an article's reads panel, with the signed-in user's token through
// serviceCall.ts like the newsroom client; every number is read as a whole count and every list in the
// length the components expect, so an odd answer never reaches a chart as NaN.

import {
  audienceHours,
  readSources,
  type ArticleAudience,
  type AudienceArticleRef,
  type AudienceOverview,
  type AudienceWindow,
  type HourReads,
  type ReadTotals,
  type SourceReads,
  type TopArticle,
} from '../../../shared/audience.ts'
import { count, fieldsOf, listOf, resultOf, serviceCall, ServiceError, textOrNull, unreadable, type Fields } from './serviceCall.ts'

export interface AudienceClient {
  overview(window: AudienceWindow): Promise<AudienceOverview>
  article(id: string): Promise<ArticleAudience>
}

function readTotals(value: unknown): ReadTotals {
  const t = fieldsOf(value ?? {})
  return { last5Minutes: count(t.last5Minutes), lastHour: count(t.lastHour), lastDay: count(t.lastDay) }
}

function readHours(value: unknown): HourReads[] {
  const hours = listOf(value)
    .map((entry) => fieldsOf(entry))
    .filter((h) => typeof h.hour === 'string' && !Number.isNaN(Date.parse(h.hour)))
    .map((h) => ({ hour: h.hour as string, reads: count(h.reads) }))
  if (hours.length !== audienceHours) throw new ServiceError(unreadable, null)
  return hours
}

function readSourcesOf(value: unknown): SourceReads[] {
  const given = new Map(listOf(value).map((entry) => fieldsOf(entry)).map((s) => [s.source, count(s.reads)]))
  return readSources.map((source) => ({ source, reads: given.get(source) ?? 0 }))
}

function readRef(f: Fields): AudienceArticleRef {
  if (typeof f.id !== 'string' || f.id === '') throw new ServiceError(unreadable, null)
  return { id: f.id, type: textOrNull(f.type), title: textOrNull(f.title), slug: textOrNull(f.slug) }
}

function readTop(value: unknown): TopArticle {
  const f = fieldsOf(value)
  const hours = listOf(f.hours).map(count)
  return { ...readRef(f), lastHour: count(f.lastHour), lastDay: count(f.lastDay), hours: hours.length === audienceHours ? hours : new Array<number>(audienceHours).fill(0) }
}

/** The Audience API with this user's token, for one dataset. `base` is the service's origin, no trailing slash. */
export function createAudienceClient(token: string, base: string, options: { apiVersion: string; dataset: string }, fetcher: typeof fetch = (...args) => fetch(...args)): AudienceClient {
  const root = `${base}/v${options.apiVersion}/audience/${encodeURIComponent(options.dataset)}`

  const result = async (url: string): Promise<Fields> => resultOf(await serviceCall(fetcher, url, token))

  return {
    async overview(window) {
      const r = await result(`${root}?${new URLSearchParams({ window })}`)
      return {
        generatedAt: typeof r.generatedAt === 'string' ? r.generatedAt : new Date().toISOString(),
        scope: r.scope === 'own' ? 'own' : 'all',
        window: r.window === 'day' ? 'day' : 'hour',
        counted: r.counted === true,
        totals: readTotals(r.totals),
        hours: readHours(r.hours),
        sources: readSourcesOf(r.sources),
        top: listOf(r.top).map(readTop),
      }
    },
    async article(id) {
      const r = await result(`${root}/${encodeURIComponent(id)}`)
      const totals = fieldsOf(r.totals ?? {})
      return {
        ...readRef(r),
        generatedAt: typeof r.generatedAt === 'string' ? r.generatedAt : new Date().toISOString(),
        published: r.published === true,
        totals: { ...readTotals(totals), allTime: count(totals.allTime) },
        hours: readHours(r.hours),
        sources: readSourcesOf(r.sources),
      }
    },
  }
}
