// The data API: query, mutate and doc (docs/content-api.md). Listen has a file of its own.

import { mayWriteDocument, writerRoles, type Role } from '../../shared/roles.ts'
import { correctionsWithin } from '../../shared/corrections.ts'
import { httpError, insufficientPermissions } from '../errors.ts'
import { parseParam } from '../input.ts'
import { validateMutations, type Mutation } from '../store/mutations.ts'
import { modernVersion, normalisePerspective } from '../query/engine.ts'
import { mayRead } from '../access/visibility.ts'
import { isRecord, publicQueryCaching, sendJson, sendPublicQuery, sendRaw } from './respond.ts'
import type { ApiDeps, Context } from './route.ts'

export function query({ queries, store }: ApiDeps) {
  return async ({ req, res, url, params: { version, dataset }, who, json, address }: Context): Promise<void> => {
    let q: unknown
    let params: Record<string, unknown> = {}
    if (req.method === 'POST') {
      const body = await json()
      if (!isRecord(body)) throw httpError(400, 'The request body must be a JSON object with "query" and optional "params"')
      q = body.query
      if (body.params !== undefined) {
        if (!isRecord(body.params)) throw httpError(400, '"params" must be an object')
        params = body.params
      }
    } else {
      q = url.searchParams.get('query')
      for (const [name, value] of url.searchParams) {
        if (name.startsWith('$')) params[name.slice(1)] = parseParam(name, value)
      }
    }
    if (typeof q !== 'string' || q.trim() === '') throw httpError(400, 'Missing "query"')
    const principal = who()
    const perspective = normalisePerspective(url.searchParams.get('perspective'), version!)
    const reader = { anonymous: principal === null, identity: principal?.id, versions: modernVersion(version!) }
    const result = await queries.query(dataset!, q, params, perspective, reader, { client: address() })
    const echo = url.searchParams.get('returnQuery') === 'false' ? '' : `"query":${JSON.stringify(q)},`
    const head = `{${echo}"result":${result.json},"ms":`
    const body = Buffer.from(`${head}${result.ms}}`)
    // A signed-in answer may hold drafts (an editor's preview): no shared cache or browser keeps it.
    if (principal !== null) res.setHeader('Vary', 'Authorization')
    if (principal === null && req.method === 'GET') sendPublicQuery(req, res, body, dataset!, publicQueryCaching(req.url!, dataset!, (d, tx) => store.history.committed(d, tx)))
    else sendRaw(res, 200, body, principal === null ? 'no-store' : 'private, no-store')
    // Everything an anonymous GET's response depends on is in its URL; see the handler's shortcut.
    if (req.method === 'GET' && principal === null && result.revision !== null) {
      queries.rememberResponse(req.url!, dataset!, result.revision, result.ms === 0 ? body : Buffer.from(`${head}0}`))
    }
  }
}

/** The permission a transaction needs, named as the Content Lake names it: that of its first mutation. */
export async function mutatePermission({ json }: Context): Promise<string> {
  const first = validateMutations(await json())[0]
  return first && 'delete' in first ? 'delete' : first && 'patch' in first ? 'update' : 'create'
}

/**
 * Refuses the transaction unless the role may write every document it names (shared/roles.ts
 * mayWriteDocument): for a contributor, drafts of articles only. A patch or delete by query could
 * select any document, published ones included, so a contributor may not send one at all. The
 * refusal names the first mutation refused and the permission it needed.
 */
export function assertMayWrite(role: Role, mutations: readonly Mutation[], docs: { get(id: string): { _type: string; corrections?: unknown } | undefined }): void {
  if (writerRoles.has(role)) return
  mutations.forEach((mutation, index) => {
    const refuse = (permission: string) => {
      throw insufficientPermissions(permission, index)
    }
    const typeOf = (id: string): string | null => docs.get(id)?._type ?? null
    if ('patch' in mutation || 'delete' in mutation) {
      const permission = 'patch' in mutation ? 'update' : 'delete'
      const spec = 'patch' in mutation ? mutation.patch : mutation.delete
      if (typeof spec.id !== 'string' || spec.query !== undefined) refuse(permission)
      else if (!mayWriteDocument(role, spec.id, typeOf(spec.id))) refuse(permission)
      // Corrections are the word of those who publish: a contributor's patch may not name them.
      else if ('patch' in mutation && namesCorrections(mutation.patch as Record<string, unknown>)) refuse(permission)
      return
    }
    const doc = Object.values(mutation)[0] as Record<string, unknown>
    const id = doc._id
    if (typeof id !== 'string' || typeof doc._type !== 'string') return refuse('create')
    if (!mayWriteDocument(role, id, doc._type) || !mayWriteDocument(role, id, typeOf(id))) refuse('create')
    // A contributor's draft carries the corrections an editor wrote as they are, never new ones.
    if (!correctionsWithin(doc.corrections, docs.get(id)?.corrections, docs.get(id.replace(/^drafts\./, ''))?.corrections)) refuse('create')
  })
}

/** Whether a patch's operations write anything under `corrections` (its paths, or a whole-document set). */
function namesCorrections(patch: Record<string, unknown>): boolean {
  const paths: string[] = []
  for (const [op, value] of Object.entries(patch)) {
    if (op === 'id' || op === 'query' || op === 'params' || op === 'ifRevisionID') continue
    if (Array.isArray(value)) paths.push(...value.filter((path): path is string => typeof path === 'string'))
    else if (typeof value === 'object' && value !== null) {
      const spec = value as Record<string, unknown>
      // insert names its place in before/after/replace; the other operations key their values by path.
      for (const place of ['before', 'after', 'replace']) if (typeof spec[place] === 'string') paths.push(spec[place] as string)
      if (op !== 'insert') paths.push(...Object.keys(spec))
    }
  }
  return paths.some((path) => /^\s*corrections\b/.test(path))
}

export function mutate({ store }: ApiDeps) {
  return async ({ res, url, params: { dataset }, who, json }: Context): Promise<void> => {
    const { docs } = store.dataset(dataset!)
    const body = await json()
    const mutations = validateMutations(body)
    assertMayWrite(who()!.role, mutations, docs)
    const transactionId = isRecord(body) && typeof body.transactionId === 'string' ? body.transactionId : undefined
    if (transactionId !== undefined && !/^[A-Za-z0-9_-]{1,128}$/.test(transactionId)) throw httpError(400, 'Invalid transactionId')
    const dryRun = url.searchParams.get('dryRun') === 'true'
    const tx = await store.commit(dataset!, mutations, { identity: who()!.id, transactionId, dryRun })
    const returnDocuments = url.searchParams.get('returnDocuments') === 'true'
    const results = tx.results.map((r) => (returnDocuments && r.document ? { id: r.id, operation: r.operation, document: r.document } : { id: r.id, operation: r.operation }))
    sendJson(res, 200, { transactionId: tx.id, results })
  }
}

export function doc({ store }: ApiDeps) {
  return async ({ res, url, params: { dataset, ids }, who }: Context): Promise<void> => {
    const viewer = { anonymous: who() === null }
    const docs = store.dataset(dataset!).docs
    const documents: unknown[] = []
    const omitted: Array<{ id: string; reason: 'existence' | 'permission' }> = []
    for (const id of ids!.split(',')) {
      if (!mayRead(viewer, id)) {
        omitted.push({ id, reason: 'permission' })
        continue
      }
      const found = docs.get(id)
      if (found) documents.push(url.searchParams.get('excludeContent') === 'true' ? { _id: found._id, _type: found._type, _rev: found._rev } : found)
      else omitted.push({ id, reason: 'existence' })
    }
    sendJson(res, 200, { ms: 0, documents, omitted })
  }
}
