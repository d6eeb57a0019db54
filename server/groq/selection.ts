// Which documents a delete or patch by query selects. Only signed-in writers send such mutations,
// and the store needs the answer inside its transaction, so it is evaluated here, on the store's
// own snapshot, rather than in a query worker.

import { evaluate, parse, type ExprNode } from 'groq-js'
import { typedError } from '../errors.ts'
import { planQuery } from './planner.ts'
import type { Doc } from '../store/mutations.ts'

const parseCache = new Map<string, ExprNode>()
const PARSE_CACHE_LIMIT = 100

/**
 * Parses GROQ, with the parameters given to the parser too: it binds them where it needs a
 * constant (`[$start...$end]`, `[$i]`, `title[$lang]`), as the Content Lake does. A query that is
 * not GROQ is the protocol's queryParseError.
 */
export function parseGroq(query: string, params: Record<string, unknown>): ExprNode {
  try {
    return parse(query, { params })
  } catch (error) {
    const e = error as Error & { position?: number }
    const start = typeof e.position === 'number' ? e.position : 0
    throw typedError(400, 'queryParseError', e.message, { query, start, end: start + 1 })
  }
}

function parseCached(query: string, params: Record<string, unknown>): ExprNode {
  const key = `${query}\u0000${JSON.stringify(params)}`
  const cached = parseCache.get(key)
  if (cached) return cached
  const tree = parseGroq(query, params)
  if (parseCache.size >= PARSE_CACHE_LIMIT) parseCache.delete(parseCache.keys().next().value!)
  parseCache.set(key, tree)
  return tree
}

/** The ids of the documents a query selects from `docs`: its result's `_id`s, or its strings. */
export async function selectIds(docs: ReadonlyMap<string, Doc>, query: string, params: Record<string, unknown>): Promise<string[]> {
  const tree = parseCached(query, params)
  const all = [...docs.values()]
  const dereference = (id: string) => docs.get(id) ?? null
  const value = await evaluate(planQuery(tree, all, params, undefined, dereference), { dataset: all, params, dereference: ({ _ref }) => dereference(_ref) })
  const result = (await value.get()) as unknown
  const list = Array.isArray(result) ? result : result === null || result === undefined ? [] : [result]
  return list.map((item) => (typeof item === 'string' ? item : (item as { _id?: unknown } | null)?._id)).filter((id): id is string => typeof id === 'string')
}
