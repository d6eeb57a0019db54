// The History API (Sanity's `/data/history`): documents as they were at a revision or a time, and
// the transactions that wrote them, with who and when. The store keeps the history
// (server/store/history.ts, docs/decisions/010-document-history.md); here every input is checked, so
// a bad one is a 400 in the protocol's shape, never a failure further down.

import { httpError } from '../errors.ts'
import { isValidDocumentId } from '../store/ids.ts'
import type { HistoryPoint, TransactionQuery } from '../store/history.ts'
import { sendJson } from './respond.ts'
import type { ApiDeps, Context } from './route.ts'

/** Ids one request may name: the doc endpoint's batch size in @sanity/client. */
export const MAX_HISTORY_IDS = 100
/** Transactions listed when the request names no limit, and the most it may ask for. */
export const DEFAULT_TRANSACTION_LIMIT = 100
export const MAX_TRANSACTION_LIMIT = 1000

export function historyDocuments({ store }: ApiDeps) {
  return async ({ res, url, params: { dataset, ids } }: Context): Promise<void> => {
    store.dataset(dataset!)
    const documents = store.history.documentsAt(dataset!, documentIds(ids!), historyPoint(url.searchParams))
    sendJson(res, 200, { documents })
  }
}

export function historyTransactions({ store }: ApiDeps) {
  return async ({ res, url, params: { dataset, ids } }: Context): Promise<void> => {
    store.dataset(dataset!)
    const search = url.searchParams
    const query: TransactionQuery = {
      ids: documentIds(ids!),
      excludeContent: flag(search, 'excludeContent'),
      fromTime: time(search, 'fromTime'),
      toTime: time(search, 'toTime'),
      fromTransaction: transactionId(search, 'fromTransaction'),
      toTransaction: transactionId(search, 'toTransaction'),
      authors: authors(search),
      reverse: flag(search, 'reverse'),
      limit: limit(search),
    }
    const lines = store.history.transactions(dataset!, query).map((tx) => `${JSON.stringify(tx)}\n`)
    const body = lines.join('')
    // NDJSON, as the Content Lake sends it: @sanity/client hands the text over unparsed.
    res.writeHead(200, {
      'Content-Type': 'application/x-ndjson; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      'Cache-Control': 'no-store',
    })
    res.end(body)
  }
}

/** How far back Recently deleted looks: the newsroom's window for bringing an article back. */
export const DELETED_WINDOW_DAYS = 30
/** Deleted documents one listing names at most, newest first. */
export const MAX_DELETED_LISTED = 200

/**
 * Documents deleted in the last 30 days and not written since (an article and its draft as one),
 * newest first, each with its last kept revision and who deleted it, for the admin's Recently
 * deleted list. Not part of Sanity's History API: the Content Lake has no such listing, so the
 * answer is this service's own JSON. `type` narrows it to one document type.
 */
export function historyDeleted({ store, auth }: ApiDeps) {
  return async ({ res, url, params: { dataset } }: Context): Promise<void> => {
    store.dataset(dataset!)
    const type = url.searchParams.get('type') ?? undefined
    if (type !== undefined && !/^[A-Za-z0-9_.-]{1,100}$/.test(type)) throw httpError(400, `Invalid type ${JSON.stringify(type.slice(0, 60))}`)
    const since = new Date(Date.now() - DELETED_WINDOW_DAYS * 24 * 60 * 60 * 1000)
    const emails = emailsOf(auth)
    const documents = store.history.deletedSince(dataset!, since, { type, limit: MAX_DELETED_LISTED }).map((d) => ({
      ...d,
      deletedByEmail: emails.get(d.deletedBy) ?? null,
    }))
    sendJson(res, 200, { since: since.toISOString(), documents })
  }
}

/**
 * The people behind history's identities: `{identities: [{id, email}]}` for the ids asked, in that
 * order. Transactions name their author by identity (a user id, or `robot:…` for an API token, which
 * has no email); the History panel shows editors by email.
 */
export function historyIdentities({ auth }: ApiDeps) {
  return async ({ res, params: { ids } }: Context): Promise<void> => {
    const asked = [...new Set(ids!.split(','))]
    if (asked.length > MAX_HISTORY_IDS || asked.some((id) => id === '' || id.length > 200)) throw httpError(400, `Give 1 to ${MAX_HISTORY_IDS} comma-separated identities`)
    const emails = emailsOf(auth)
    sendJson(res, 200, { identities: asked.map((id) => ({ id, email: emails.get(id) ?? null })) })
  }
}

function emailsOf(auth: ApiDeps['auth']): Map<string, string> {
  return new Map(auth.listUsers().map((user) => [user.id, user.email]))
}

function documentIds(list: string): string[] {
  const ids = [...new Set(list.split(','))]
  const bad = ids.find((id) => !isValidDocumentId(id))
  if (bad !== undefined) throw httpError(400, `Invalid document id ${JSON.stringify(bad.slice(0, 200))}`)
  if (ids.length > MAX_HISTORY_IDS) throw httpError(400, `At most ${MAX_HISTORY_IDS} document ids per request`)
  return ids
}

function historyPoint(search: URLSearchParams): HistoryPoint {
  const revision = search.get('revision')
  const at = time(search, 'time')
  const last = flag(search, 'lastRevision')
  const given = [revision !== null, at !== undefined, last].filter(Boolean).length
  if (given !== 1) throw httpError(400, 'Give exactly one of "revision", "time" or "lastRevision=true"')
  if (at) return { time: at }
  if (last) return { lastRevision: true }
  return { revision: transactionId(search, 'revision')! }
}

const isoTime = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/i

/** An ISO-8601 date or date-time; one without a zone is UTC, as the Content Lake's own are. */
function time(search: URLSearchParams, name: string): Date | undefined {
  const value = search.get(name)
  if (value === null) return undefined
  if (!isoTime.test(value)) throw httpError(400, `"${name}" must be an ISO-8601 time such as 2025-01-31T09:30:00Z, not ${JSON.stringify(value.slice(0, 60))}`)
  const zoned = value.includes('T') && !/(?:Z|[+-]\d{2}:\d{2})$/i.test(value) ? `${value}Z` : value
  const date = new Date(zoned.replace(/(\.\d{3})\d+/, '$1'))
  if (Number.isNaN(date.getTime())) throw httpError(400, `"${name}" is not a valid time: ${JSON.stringify(value.slice(0, 60))}`)
  return date
}

function transactionId(search: URLSearchParams, name: string): string | undefined {
  const value = search.get(name)
  if (value === null) return undefined
  if (!/^[A-Za-z0-9._-]{1,128}$/.test(value)) throw httpError(400, `Invalid ${name} ${JSON.stringify(value.slice(0, 60))}`)
  return value
}

function flag(search: URLSearchParams, name: string): boolean {
  const value = search.get(name)
  if (value === null || value === 'false') return false
  if (value === 'true') return true
  throw httpError(400, `"${name}" must be true or false`)
}

function authors(search: URLSearchParams): string[] | undefined {
  const value = search.get('authors')
  if (value === null) return undefined
  const list = value.split(',')
  if (list.some((a) => a === '' || a.length > 200) || list.length > MAX_HISTORY_IDS) throw httpError(400, '"authors" must be a comma-separated list of identities')
  return list
}

function limit(search: URLSearchParams): number {
  const value = search.get('limit')
  if (value === null) return DEFAULT_TRANSACTION_LIMIT
  const n = /^\d{1,7}$/.test(value) ? Number(value) : NaN
  if (!(n >= 1 && n <= MAX_TRANSACTION_LIMIT)) throw httpError(400, `"limit" must be a whole number from 1 to ${MAX_TRANSACTION_LIMIT}`)
  return n
}
