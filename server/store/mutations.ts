// Applies a transaction's mutations to a snapshot of the dataset without touching it: the store
// persists the outcome only when every mutation succeeded, which is what makes transactions atomic.

import { mutationError, typedError, type ApiError, type MutationItemError } from '../errors.ts'
import { isValidDocumentId, isoSeconds, randomId } from './ids.ts'
import { applyPatch, PatchError, type PatchOperations } from './patch.ts'
import { deeperThan, depthMessage, MAX_JSON_DEPTH } from '../input.ts'
import { correctionsProblem } from '../../shared/corrections.ts'

export type Doc = Record<string, unknown> & { _id: string; _type: string }

export type Mutation =
  | { create: Record<string, unknown> }
  | { createOrReplace: Record<string, unknown> }
  | { createIfNotExists: Record<string, unknown> }
  | { delete: { id?: string; query?: string; params?: Record<string, unknown> } }
  | { patch: PatchOperations & { id?: string; query?: string; params?: Record<string, unknown>; ifRevisionID?: string } }

export type Operation = 'create' | 'update' | 'delete' | 'none'

export interface MutationResult {
  id: string
  operation: Operation
  document?: Doc
}

export interface Change {
  id: string
  before: Doc | null
  after: Doc | null
  /** Positions of the transaction's mutations that wrote this document, in order. */
  mutations: number[]
}

export interface Snapshot {
  get(id: string): Doc | undefined
  /** Ids of the documents a GROQ query selects, evaluated on the snapshot with earlier changes applied. */
  selectIds(query: string, params: Record<string, unknown>, pending: ReadonlyMap<string, Doc | null>): Promise<string[]>
}

export interface TransactionOutcome {
  results: MutationResult[]
  /** One entry per touched document, in first-touch order, with its state before and after. */
  changes: Change[]
}

const mutationKinds = ['create', 'createOrReplace', 'createIfNotExists', 'delete', 'patch'] as const

function itemError(index: number, status: number, error: MutationItemError): ApiError {
  return mutationError(status, [{ index, error }])
}

function invalid(index: number, description: string): ApiError {
  return itemError(index, 400, { type: 'invalidMutationError', description })
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

export function validateMutations(body: unknown): Mutation[] {
  if (!isRecord(body) || !Array.isArray(body.mutations)) {
    throw typedError(400, 'invalidRequestError', 'The request body must be an object with a "mutations" array')
  }
  body.mutations.forEach((m, index) => {
    if (!isRecord(m)) throw invalid(index, 'A mutation must be an object')
    const kinds = Object.keys(m).filter((k) => (mutationKinds as readonly string[]).includes(k))
    if (kinds.length !== 1 || Object.keys(m).length !== 1) {
      throw invalid(index, `A mutation must have exactly one of ${mutationKinds.join(', ')}`)
    }
    if (!isRecord(m[kinds[0]!])) throw invalid(index, `"${kinds[0]}" must be an object`)
  })
  return body.mutations as Mutation[]
}

export async function applyMutations(
  mutations: Mutation[],
  snapshot: Snapshot,
  transaction: { id: string; timestamp: Date },
): Promise<TransactionOutcome> {
  const pending = new Map<string, Doc | null>()
  const before = new Map<string, Doc | null>()
  const results: MutationResult[] = []
  const now = isoSeconds(transaction.timestamp)

  const writtenBy = new Map<string, number[]>()

  const current = (id: string): Doc | null => (pending.has(id) ? pending.get(id)! : (snapshot.get(id) ?? null))
  const write = (id: string, doc: Doc | null, index: number) => {
    if (!before.has(id)) before.set(id, snapshot.get(id) ?? null)
    pending.set(id, doc)
    const by = writtenBy.get(id)
    if (!by) writtenBy.set(id, [index])
    else if (by[by.length - 1] !== index) by.push(index)
  }
  const stamp = (index: number, doc: Record<string, unknown>, id: string, existing: Doc | null): Doc => {
    // Every stored document is cloned, serialised and queried whole, all recursively. Request bodies
    // are bounded already, but patches can build depth a body cannot carry (`set` on `a.a.a…`), and
    // imports arrive from files: the bound is checked on what would be written.
    if (deeperThan(doc, MAX_JSON_DEPTH)) throw invalid(index, depthMessage(`Document "${id}"`))
    // An article's corrections are shown to readers as they are stored: checked on every write, patches included.
    if (doc._type === 'article') {
      const problem = correctionsProblem(doc.corrections)
      if (problem) throw invalid(index, `Document "${id}": ${problem}`)
    }
    return {
      ...structuredClone(doc),
      _id: id,
      _type: doc._type as string,
      _rev: transaction.id,
      _createdAt: (existing?._createdAt as string | undefined) ?? now,
      _updatedAt: now,
    }
  }

  for (const [index, mutation] of mutations.entries()) {
    if ('create' in mutation || 'createOrReplace' in mutation || 'createIfNotExists' in mutation) {
      const kind = 'create' in mutation ? 'create' : 'createOrReplace' in mutation ? 'createOrReplace' : 'createIfNotExists'
      const doc = (mutation as Record<string, Record<string, unknown>>)[kind]!
      if (typeof doc._type !== 'string' || doc._type === '') throw invalid(index, 'The document must have a "_type"')
      let id = doc._id
      if (id === undefined && kind === 'create') id = randomId()
      else if (kind === 'create' && typeof id === 'string' && id.endsWith('.')) id = id + randomId()
      if (typeof id !== 'string' || !isValidDocumentId(id)) {
        throw invalid(index, `Invalid document id ${JSON.stringify(id)}: letters, digits, "_", "-" and "." only, at most 128 characters`)
      }
      const existing = current(id)
      if (kind === 'create' && existing) {
        throw itemError(index, 409, {
          type: 'documentAlreadyExistsError',
          id,
          description: `Document by ID "${id}" already exists`,
        })
      }
      if (kind === 'createIfNotExists' && existing) {
        results.push({ id, operation: 'none', document: existing })
        continue
      }
      const next = stamp(index, doc, id, kind === 'createOrReplace' ? existing : null)
      write(id, next, index)
      results.push({ id, operation: existing ? 'update' : 'create', document: next })
      continue
    }

    if ('delete' in mutation) {
      const spec = mutation.delete
      const ids = await targetIds(spec, index, snapshot, pending)
      for (const id of ids) {
        const existing = current(id)
        if (existing) write(id, null, index)
        results.push({ id, operation: 'delete', ...(existing ? { document: existing } : {}) })
      }
      continue
    }

    const spec = mutation.patch
    const ids = await targetIds(spec, index, snapshot, pending)
    if (spec.id !== undefined) {
      const existing = current(spec.id)
      if (!existing) {
        throw itemError(index, 404, {
          type: 'documentNotFoundError',
          id: spec.id,
          description: `The document with the ID "${spec.id}" was not found`,
        })
      }
    }
    for (const id of ids) {
      const existing = current(id)
      if (!existing) continue
      if (spec.ifRevisionID !== undefined && existing._rev !== spec.ifRevisionID) {
        throw itemError(index, 409, {
          type: 'documentRevisionIDDoesNotMatchError',
          id,
          currentRevisionID: existing._rev,
          expectedRevisionID: spec.ifRevisionID,
          description: `Document "${id}" has unexpected revision ID ("${String(existing._rev)}"), expected "${spec.ifRevisionID}"`,
        })
      }
      const draft = structuredClone(existing) as Record<string, unknown>
      try {
        const { id: _i, query: _q, params: _p, ifRevisionID: _r, ...operations } = spec
        applyPatch(draft, operations as PatchOperations & Record<string, unknown>)
      } catch (error) {
        if (error instanceof PatchError) throw invalid(index, error.message)
        throw error
      }
      if (typeof draft._type !== 'string' || draft._type === '') throw invalid(index, 'A patch cannot remove "_type"')
      const next = stamp(index, draft, id, existing)
      write(id, next, index)
      results.push({ id, operation: 'update', document: next })
    }
  }

  const changes: Change[] = [...before.entries()].map(([id, was]) => ({ id, before: was, after: pending.get(id) ?? null, mutations: writtenBy.get(id) ?? [] }))
  return { results, changes }
}

async function targetIds(
  spec: { id?: unknown; query?: unknown; params?: unknown },
  index: number,
  snapshot: Snapshot,
  pending: ReadonlyMap<string, Doc | null>,
): Promise<string[]> {
  if (typeof spec.id === 'string' && spec.query === undefined) return [spec.id]
  if (typeof spec.query === 'string' && spec.id === undefined) {
    if (spec.params !== undefined && !isRecord(spec.params)) throw invalid(index, '"params" must be an object')
    try {
      return await snapshot.selectIds(spec.query, (spec.params ?? {}) as Record<string, unknown>, pending)
    } catch (error) {
      throw invalid(index, `Invalid query: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  throw invalid(index, 'A delete or patch needs either "id" or "query"')
}
