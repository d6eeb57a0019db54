// The Audience API the admin reads (server/audience/report.ts computes it): what readers read, for
// the newsroom. Admins and editors see every article; a contributor sees the articles they wrote
// (Store.history.writtenBy) and nothing else; viewers are refused with 403, anonymous requests
// with 401 (the route is signedIn). Titles and addresses come from the published documents only,
// so a draft's title never shows here.

import type Database from 'better-sqlite3'
import { audienceWindows, type ArticleAudience, type AudienceArticleRef, type AudienceOverview, type AudienceWindow } from '../../shared/audience.ts'
import { draftPrefix, draftWriterRoles, writerRoles } from '../../shared/roles.ts'
import { AudienceReport, type ArticleScope } from '../audience/report.ts'
import { httpError } from '../errors.ts'
import type { Store } from '../store/store.ts'
import type { Principal } from '../access/auth.ts'
import { sendJson } from './respond.ts'
import type { Context } from './route.ts'

type Handle = (ctx: Context) => Promise<void>

const maxIdLength = 200

/** Who may see which articles' reads; refuses anyone else. */
function scopeOf(who: Principal | null, store: Store, dataset: string): ArticleScope {
  if (!who) throw httpError(401, 'Not signed in')
  if (writerRoles.has(who.role)) return { all: true }
  if (!draftWriterRoles.has(who.role)) throw httpError(403, 'Only admins, editors and contributors see what readers read')
  return { ids: store.history.writtenBy(dataset, who.id) }
}

function published(store: Store, dataset: string, id: string): AudienceArticleRef {
  const doc = store.dataset(dataset).docs.get(id)
  if (!doc) return { id, type: null, title: null, slug: null }
  const slug = (doc.slug as { current?: unknown } | undefined)?.current
  return { id, type: doc._type, title: typeof doc.title === 'string' ? doc.title : null, slug: typeof slug === 'string' ? slug : null }
}

function windowOf(url: URL): AudienceWindow {
  const asked = url.searchParams.get('window') ?? 'hour'
  const window = audienceWindows.find((w) => w === asked)
  if (!window) throw httpError(400, `Unknown window "${asked.slice(0, 20)}": use hour or day`)
  return window
}

/** `db` is audience.db, opened on the first request (so building the route table opens nothing). */
export function audienceHandlers(store: Store, db: () => Database.Database, now: () => number = Date.now): { overview: Handle; article: Handle } {
  let opened: AudienceReport | null = null
  const report = () => (opened ??= new AudienceReport(db(), now))
  return {
    async overview({ res, params, url, who }) {
      const dataset = params.dataset!
      store.dataset(dataset)
      const scope = scopeOf(who(), store, dataset)
      const window = windowOf(url)
      const numbers = report().overview(dataset, scope, window)
      const result: AudienceOverview = {
        generatedAt: new Date(now()).toISOString(),
        scope: 'all' in scope ? 'all' : 'own',
        window,
        counted: numbers.counted,
        totals: numbers.totals,
        hours: numbers.hours,
        sources: numbers.sources,
        top: numbers.top.map((t) => ({ ...published(store, dataset, t.id), ...t })),
      }
      sendJson(res, 200, { result })
    },
    async article({ res, params, who }) {
      const dataset = params.dataset!
      const docs = store.dataset(dataset).docs
      const scope = scopeOf(who(), store, dataset)
      let id = params.id!
      if (id.startsWith(draftPrefix)) id = id.slice(draftPrefix.length)
      if (id === '' || id.length > maxIdLength) throw httpError(400, `An article id has 1 to ${maxIdLength} characters`)
      if ('ids' in scope && !scope.ids.has(id)) throw httpError(403, 'A contributor sees the reads of their own articles only')
      const numbers = report().article(dataset, id)
      if (!docs.has(id) && !docs.has(draftPrefix + id) && numbers.totals.allTime === 0) throw httpError(404, `No article "${id.slice(0, 60)}"`)
      const ref = published(store, dataset, id)
      const result: ArticleAudience = { ...ref, generatedAt: new Date(now()).toISOString(), published: ref.type !== null, ...numbers }
      sendJson(res, 200, { result })
    },
  }
}
