// Presence in the article form (docs/decisions/020-presence.md): an open form announces itself with a
// POST every ~10 s and leaves with a DELETE; the other editors of the same article are told over
// their listen stream (`event: presence`, only on a signed-in writer's stream that asked with
// `presence={documentId}`). Who may: anyone who writes drafts (shared/roles.ts draftWriterRoles).

import { createHash } from 'node:crypto'
import { draftWriterRoles } from '../../shared/roles.ts'
import { ApiError, httpError } from '../errors.ts'
import { PresenceFullError, type PresenceHolder } from '../live/presence.ts'
import { isValidDocumentId, publishedIdOf } from '../store/ids.ts'
import { isRecord, sendJson } from './respond.ts'
import type { ApiDeps, Context } from './route.ts'

/** An announcement is a tab id: nothing more is read. */
const BODY_LIMIT = 1024
const tabPattern = /^[A-Za-z0-9_-]{1,64}$/

/** Refuses anyone but a signed-in writer of drafts: 401 without a session, 403 for a viewer. */
function requireWriter(ctx: Context): void {
  const who = ctx.who()
  if (!who) throw httpError(401, 'Not signed in')
  if (!draftWriterRoles.has(who.role)) throw httpError(403, 'Only people who write articles see who else is editing one')
}

/** The signed-in writer behind a request and the tab it names. */
function holderOf(ctx: Context, tab: unknown): PresenceHolder {
  requireWriter(ctx)
  const who = ctx.who()!
  if (typeof tab !== 'string' || !tabPattern.test(tab)) throw httpError(400, 'Give "tab": 1 to 64 letters, digits, "-" or "_"')
  return { session: sessionOf(ctx), tab, userId: who.id, name: who.email ?? 'Someone with an API token', role: who.role }
}

/** Tells a session's tabs apart from another session of the same person, without keeping its token. */
function sessionOf({ req }: Context): string {
  const token = /^Bearer\s+(\S+)/i.exec(req.headers.authorization ?? '')?.[1] ?? ''
  return createHash('sha256').update(token).digest('hex').slice(0, 32)
}

/** The article a form edits: its draft and its published document are one presence. */
function documentOf({ store }: ApiDeps, { params }: Context): { dataset: string; documentId: string } {
  store.dataset(params.dataset!)
  const id = params.id!
  const documentId = isValidDocumentId(id) ? publishedIdOf(id) : ''
  if (!isValidDocumentId(documentId)) throw httpError(400, `Invalid document id ${JSON.stringify(id.slice(0, 200))}`)
  return { dataset: params.dataset!, documentId }
}

export function announcePresence(deps: ApiDeps) {
  return async (ctx: Context): Promise<void> => {
    requireWriter(ctx)
    const { dataset, documentId } = documentOf(deps, ctx)
    const body = await ctx.json(BODY_LIMIT)
    const holder = holderOf(ctx, isRecord(body) ? body.tab : undefined)
    try {
      sendJson(ctx.res, 200, { documentId, editors: deps.presence.announce(dataset, documentId, holder) })
    } catch (error) {
      if (error instanceof PresenceFullError) throw new ApiError(503, httpError(503, error.message).body, { 'Retry-After': '30' })
      throw error
    }
  }
}

export function leavePresence(deps: ApiDeps) {
  return async (ctx: Context): Promise<void> => {
    requireWriter(ctx)
    const { dataset, documentId } = documentOf(deps, ctx)
    const holder = holderOf(ctx, ctx.url.searchParams.get('tab'))
    deps.presence.leave(dataset, documentId, holder.session, holder.tab)
    sendJson(ctx.res, 200, { ok: true })
  }
}

/**
 * For the listen endpoint: when a signed-in writer's stream asks for a document's presence
 * (`presence={id}`, and `presenceTab` to leave its own tab out), sends `event: presence` now and at
 * each change, and returns what stops it. Anyone else's stream gets nothing, and no error: the
 * stream is still the ordinary listen stream @sanity/client reads.
 */
export function watchPresence({ presence }: ApiDeps, ctx: Context, send: (event: string, json: string) => void): () => void {
  const asked = ctx.url.searchParams.get('presence')
  const who = ctx.who()
  if (asked === null || !who || !draftWriterRoles.has(who.role) || !isValidDocumentId(asked)) return () => {}
  const documentId = publishedIdOf(asked)
  if (!isValidDocumentId(documentId)) return () => {}
  const tab = ctx.url.searchParams.get('presenceTab')
  return presence.watch(ctx.params.dataset!, documentId, sessionOf(ctx), tab !== null && tabPattern.test(tab) ? tab : null, (editors) =>
    send('presence', JSON.stringify({ documentId, editors })),
  )
}
