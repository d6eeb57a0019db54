// Which documents a filter's conditions select, in terms of the keys the store writes for each
// document (server/store/documentColumns.ts): the ranges of keys a field's condition is true (and
// false) for, exactly as groq-js decides it. The planner (planner.ts) reads an ordered listing from
// the range a filter allows, and counts a filter made only of such conditions without reading a
// document (server/query/documents.ts). documents.test.ts checks both against groq-js.

import type { ExprNode } from 'groq-js'
import { keyedFields, keyRank, nullKey, scopedFieldName, scopedKeys, sortKey, type KeyedField } from '../store/documentColumns.ts'
import { pairFieldOf } from './pairs.ts'
import type { OrderedScan } from './planner.ts'

type Params = Record<string, unknown>

/** Keys from `low` to `high` (either end open when null). */
export interface KeyRange {
  low: Buffer | null
  lowInclusive: boolean
  high: Buffer | null
  highInclusive: boolean
}

const point = (key: Buffer): KeyRange => ({ low: key, lowInclusive: true, high: key, highInclusive: true })
const classStart = (rank: number) => Buffer.from([rank])
const everyKey: KeyRange = { low: null, lowInclusive: true, high: null, highInclusive: true }

/** The path a condition's side reads (`publishedAt`, `@.author._ref`), through parentheses. */
export function attributePath(node: ExprNode): string | null {
  if (node.type === 'Group') return attributePath(node.base)
  if (node.type !== 'AccessAttribute') return null
  if (!node.base || node.base.type === 'This') return node.name
  const base = attributePath(node.base)
  return base === null ? null : `${base}.${node.name}`
}

/** The keyed field a side reads: a plain path (`readsLastDay`), or an element field (`categories[]._ref`). */
export function keyedFieldOf(node: ExprNode): KeyedField | null {
  const pair = pairFieldOf(node)
  if (pair) return pair
  if (node.type === 'Group') return keyedFieldOf(node.base)
  if (node.type === 'Map' && node.base.type === 'ArrayCoerce' && node.expr.type === 'AccessAttribute' && node.expr.base?.type === 'This') {
    const base = attributePath(node.base.base)
    return keyedFields.find((f) => f.element === (node.expr as { name: string }).name && f.path.join('.') === base) ?? null
  }
  if (node.type === 'FuncCall' && node.namespace === 'global' && node.name === 'coalesce' && node.args.length === 2) {
    const [first, second] = node.args.map(attributePath)
    if (!first || !second) return null
    return keyedFields.find((f) => f.fallback && f.path.join('.') === first && f.fallback.join('.') === second) ?? null
  }
  const path = attributePath(node)
  return path === null ? null : (keyedFields.find((f) => !f.element && !f.fallback && f.path.join('.') === path) ?? null)
}

/** A literal or param value (params are usually inlined by the parser). */
function constant(node: ExprNode, params: Params): { value: unknown } | null {
  if (node.type === 'Group') return constant(node.base, params)
  if (node.type === 'Value') return { value: node.value }
  if (node.type === 'Parameter') return { value: params[node.name] ?? null }
  return null
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
}

/** The keys a comparison `field op value` is true for and false for (null for every other key). */
function comparison(op: string, value: unknown): { yes: KeyRange[]; no: KeyRange[] } | null {
  if (op === '==' || op === '!=') {
    if (!isScalar(value)) return null
    const eq = [point(sortKey(value))]
    const ne = complement(eq)
    return op === '==' ? { yes: eq, no: ne } : { yes: ne, no: eq }
  }
  // Ordering compares two numbers or two strings (booleans too, but no listing asks that); any other pair is null.
  if (typeof value !== 'number' && typeof value !== 'string') return null
  const rank = typeof value === 'number' ? keyRank.number : keyRank.string
  const key = sortKey(value)
  const start = classStart(rank)
  const end = classStart(rank + 1)
  const below = (inclusive: boolean): KeyRange => ({ low: start, lowInclusive: true, high: key, highInclusive: inclusive })
  const above = (inclusive: boolean): KeyRange => ({ low: key, lowInclusive: inclusive, high: end, highInclusive: false })
  switch (op) {
    case '<':
      return { yes: [below(false)], no: [above(true)] }
    case '<=':
      return { yes: [below(true)], no: [above(false)] }
    case '>':
      return { yes: [above(false)], no: [below(true)] }
    case '>=':
      return { yes: [above(true)], no: [below(false)] }
    default:
      return null
  }
}

const flipped: Record<string, string> = { '==': '==', '!=': '!=', '<': '>', '<=': '>=', '>': '<', '>=': '<=' }

function holds(op: string, a: unknown, b: unknown): boolean | null {
  if (op === '==') return a === b && (a === null || isScalar(a))
  if (op === '!=') return !(a === b && (a === null || isScalar(a)))
  const type = (v: unknown) => (v === null ? 'null' : typeof v)
  if (type(a) !== type(b) || !(typeof a === 'number' || typeof a === 'string' || typeof a === 'boolean')) return null
  const sign = (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0
  return op === '<' ? sign < 0 : op === '<=' ? sign <= 0 : op === '>' ? sign > 0 : sign >= 0
}

/** A condition on one field: the keys it is true for, and those it is false for (null for the rest). */
export interface FieldCondition {
  field: KeyedField
  yes: KeyRange[]
  /** Null when which documents it is false for is not known from the keys (an element field). */
  no: KeyRange[] | null
}

/**
 * The condition as ranges of one field's keys, or null when it is not one: `f == v`, `f != v`,
 * `f < v` (and the other orderings), `coalesce(f, d) > v`, `defined(f)`, `v in f[]._ref`, `!c`.
 */
export function fieldCondition(node: ExprNode, params: Params): FieldCondition | null {
  // A condition that reads the other half (pairs.ts) is true exactly where its key is, false where it is false.
  const pair = pairFieldOf(node)
  if (pair?.condition) return { field: pair, yes: [point(sortKey(true))], no: [point(sortKey(false))] }
  switch (node.type) {
    case 'Group':
      return fieldCondition(node.base, params)
    case 'Not': {
      const inner = fieldCondition(node.base, params)
      return inner && inner.no ? { field: inner.field, yes: inner.no, no: inner.yes } : null
    }
    case 'FuncCall': {
      if (node.namespace !== 'global' || node.name !== 'defined' || node.args.length !== 1) return null
      const field = keyedFieldOf(node.args[0]!)
      if (!field || field.element) return null
      return { field, yes: complement([point(nullKey)]), no: [point(nullKey)] }
    }
    case 'OpCall': {
      if (node.op === 'in') {
        const field = keyedFieldOf(node.right)
        const value = constant(node.left, params)
        if (!field?.element || !value || typeof value.value !== 'string') return null
        return { field, yes: [point(sortKey(value.value))], no: null }
      }
      const op = node.op
      if (!(op in flipped)) return null
      for (const [side, other, sideOp] of [
        [node.left, node.right, op],
        [node.right, node.left, flipped[op]!],
      ] as const) {
        const value = constant(other, params)
        if (!value) continue
        const field = keyedFieldOf(side)
        if (field && !field.element) {
          const ranges = comparison(sideOp, value.value)
          return ranges ? { field, ...ranges } : null
        }
        // coalesce(f, d) op v: f's comparison where f is not null, d's where it is.
        if (side.type === 'FuncCall' && side.namespace === 'global' && side.name === 'coalesce' && side.args.length === 2) {
          const inner = keyedFieldOf(side.args[0]!)
          const fallback = constant(side.args[1]!, params)
          if (!inner || inner.element || !fallback || (fallback.value !== null && !isScalar(fallback.value))) return null
          const ranges = comparison(sideOp, value.value)
          if (!ranges) return null
          const whenNull = fallback.value === null ? (sideOp === '==' || sideOp === '!=' ? holds(sideOp, null, value.value) : null) : holds(sideOp, fallback.value, value.value)
          return {
            field: inner,
            yes: whenNull === true ? [...ranges.yes, point(nullKey)] : ranges.yes,
            no: whenNull === false ? [...ranges.no, point(nullKey)] : ranges.no,
          }
        }
      }
      return null
    }
    default:
      return null
  }
}

function compareBound(a: Buffer | null, b: Buffer | null, side: 'low' | 'high'): number {
  if (a === null && b === null) return 0
  if (a === null) return side === 'low' ? -1 : 1
  if (b === null) return side === 'low' ? 1 : -1
  return Buffer.compare(a, b)
}

/** Every key not in `ranges` (the result may hold empty ranges, which select nothing). */
export function complement(ranges: KeyRange[]): KeyRange[] {
  const sorted = [...ranges].sort((a, b) => compareBound(a.low, b.low, 'low') || (a.lowInclusive === b.lowInclusive ? 0 : a.lowInclusive ? -1 : 1))
  const out: KeyRange[] = []
  // Where the keys not yet covered start: null is before every key.
  let cursor: Buffer | null = null
  let cursorInclusive = true
  for (const range of sorted) {
    const gap = range.low !== null && (cursor === null || Buffer.compare(cursor, range.low) < 0 || (Buffer.compare(cursor, range.low) === 0 && cursorInclusive && !range.lowInclusive))
    if (gap) out.push({ low: cursor, lowInclusive: cursorInclusive, high: range.low, highInclusive: !range.lowInclusive })
    if (range.high === null) return out
    const c = cursor === null ? 1 : Buffer.compare(range.high, cursor)
    // (k, exclusive) starts after (k, inclusive).
    if (c > 0 || (c === 0 && cursorInclusive && range.highInclusive)) {
      cursor = range.high
      cursorInclusive = !range.highInclusive
    }
  }
  out.push({ low: cursor, lowInclusive: cursorInclusive, high: null, highInclusive: true })
  return out
}

/** The intersection of two ranges (possibly empty: low above high). */
export function intersect(a: KeyRange, b: KeyRange): KeyRange {
  const lowCmp = compareBound(a.low, b.low, 'low')
  const highCmp = compareBound(a.high, b.high, 'high')
  return {
    low: lowCmp >= 0 ? a.low : b.low,
    lowInclusive: lowCmp > 0 ? a.lowInclusive : lowCmp < 0 ? b.lowInclusive : a.lowInclusive && b.lowInclusive,
    high: highCmp <= 0 ? a.high : b.high,
    highInclusive: highCmp < 0 ? a.highInclusive : highCmp > 0 ? b.highInclusive : a.highInclusive && b.highInclusive,
  }
}

/** `field == v` for one of `fields` and a string, number or boolean v (either side): the one key it is true for. */
function equalityOn(node: ExprNode, fields: readonly KeyedField[], params: Params): { field: KeyedField; value: string | number | boolean } | null {
  if (node.type === 'Group') return equalityOn(node.base, fields, params)
  if (node.type !== 'OpCall' || node.op !== '==') return null
  for (const [side, other] of [
    [node.left, node.right],
    [node.right, node.left],
  ] as const) {
    const path = attributePath(side)
    const field = path === null ? undefined : fields.find((f) => !f.element && f.path.join('.') === path)
    const value = field ? constant(other, params) : null
    if (field && value && isScalar(value.value)) return { field, value: value.value }
  }
  return null
}

const typeField: KeyedField = { name: '_type', path: ['_type'] }

function conjunctsOf(node: ExprNode): ExprNode[] {
  if (node.type === 'And') return [...conjunctsOf(node.left), ...conjunctsOf(node.right)]
  if (node.type === 'Group') return conjunctsOf(node.base)
  return [node]
}

/** `v in f[]._ref` for the element field `scope` and a string v (a constant or param): v, else null. */
function elementOn(node: ExprNode, scope: KeyedField, params: Params): string | null {
  if (node.type === 'Group') return elementOn(node.base, scope, params)
  if (node.type !== 'OpCall' || node.op !== 'in') return null
  const field = keyedFieldOf(node.right)
  if (!field?.element || field.element !== scope.element || field.path.join('.') !== scope.path.join('.')) return null
  const value = constant(node.left, params)
  return value && typeof value.value === 'string' ? value.value : null
}

/**
 * The scope value a condition names, a string: `liveBlog._ref == $blog` (either side) for a plain
 * scope, `$section in categories[]._ref` for an element scope; null for any other condition.
 */
function scopeValueOf(node: ExprNode, scope: KeyedField, params: Params): string | null {
  if (scope.element) return elementOn(node, scope, params)
  const value = equalityOn(node, [scope], params)?.value
  return typeof value === 'string' ? value : null
}

/**
 * A listing of one scope's documents (one blog's updates: `liveBlog._ref == $blog` in its `&&`
 * chain; one author's or one section's articles) read from the keys written for that value alone
 * (documentColumns.ts, scopedKeys), so it stops at its slice without walking the rest of the type;
 * and, when the chain also holds `isPinned == true` or another scoped field's equality, within
 * those documents only, found from the index alone (otherwise within the narrowing it had on
 * another field, if any). Every document the filter passes has the scope's keys, since `==` is
 * true only for two equal strings, and `v in categories[]._ref` only where an element's `_ref` is
 * v. The scan as it was when the filter names no one value, or its first term is not keyed within
 * it.
 */
export function scopedScan(scan: OrderedScan, expr: ExprNode, params: Params): OrderedScan {
  const parts = conjunctsOf(expr)
  for (const { scope, fields } of scopedKeys) {
    const value = parts.map((part) => scopeValueOf(part, scope, params)).find((v) => v !== null)
    if (typeof value !== 'string' || !fields.some((f) => f.name === scan.field)) continue
    const { within: unscoped, ...rest } = scan
    // Every row of the scoped keys passes a filter naming only the type (the rows' own) and the scope.
    const covered = parts.every((part) => scopeValueOf(part, scope, params) === value || equalityOn(part, [typeField], params)?.value === scan.type)
    const scoped: OrderedScan = { ...rest, field: scopedFieldName(scan.field, scope.name, value), ...(covered && !scan.ids?.length ? { covered } : {}) }
    // A narrowing on another field (a section's videos) still narrows the scope's rows; the scope's own is the scan itself.
    const others = unscoped ? [unscoped, ...(unscoped.alternatives ?? [])].filter((k) => k.field !== scope.name) : []
    if (others.length > 0) scoped.within = { ...others[0]!, alternatives: others.slice(1).map(({ alternatives: _none, ...k }) => k) }
    for (const part of parts) {
      const condition = equalityOn(part, fields, params)
      if (condition && condition.field.name !== scan.field) {
        scoped.within = { by: 'key', values: [], type: scan.type, field: scopedFieldName(condition.field.name, scope.name, value), ranges: [point(sortKey(condition.value))] }
      }
    }
    return scoped
  }
  return scan
}

/** SQL true for a `key` column in one of the ranges, its bounds pushed onto `args` in order. */
export function keyRangeSql(ranges: KeyRange[], args: unknown[]): string {
  if (ranges.length === 0) return '0'
  return `(${ranges
    .map((range) => {
      const parts: string[] = []
      if (range.low) {
        parts.push(`key ${range.lowInclusive ? '>=' : '>'} ?`)
        args.push(range.low)
      }
      if (range.high) {
        parts.push(`key ${range.highInclusive ? '<=' : '<'} ?`)
        args.push(range.high)
      }
      return parts.length === 0 ? '1' : `(${parts.join(' AND ')})`
    })
    .join(' OR ')})`
}

export { everyKey }
