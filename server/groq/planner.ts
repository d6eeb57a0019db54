// A small query planner in front of groq-js.
//
// groq-js answers `*[filter]` by running its interpreter on every document (half a second for the
// homepage's twelve filters at 10,000 articles), and it sorts by evaluating each `order()` term the
// same way. While it does, the service answers nothing else. This module rewrites a parsed query
// before groq-js sees it: every `*[filter]` whose conditions it understands becomes a plain
// JavaScript loop over the documents, and the Filter node is replaced by a Value node holding the
// documents that matched; an `order()` straight after such a filter is done here too, picking only
// the first few when a slice `[0...5]` or an element `[0]` follows. groq-js then evaluates the rest
// (slices, projections, `->`, counts) on those few documents.
//
// Only a subset is compiled, and with exactly groq-js's semantics, quirks included: three-valued
// `&&`/`||`/`!`; `==` is always a boolean, true only for two nulls or two equal strings, numbers
// or booleans; `<`/`>`... compare two numbers, two strings or two booleans and are null otherwise;
// `.name` of anything but an object is null; `$name` reads the params object as groq-js does.
// filter.test.ts compares the two on generated data. Everything else (`^`, `->`, `path()`,
// `match`, sub-queries, functions not modelled here) stays with groq-js: a filter whose top-level
// `&&` chain mixes both kinds is narrowed by the compiled conditions first, then groq-js checks
// the others on what is left, which gives the same answer because `&&` is true only when every
// condition is true.

import type { ExprNode } from 'groq-js'
import { complement, everyKey, fieldCondition, intersect, keyedFieldOf, scopedScan, type KeyRange } from './keys.ts'
import { nullKey, sortKey } from '../store/documentColumns.ts'
import { compositeFieldOf } from './pairs.ts'
import { constantOf } from './constant.ts'
import { matchIndexType, textQueryOf } from './textMatch.ts'
import { needsAWord, scoreTermOf, textConditionOf, type ScoreTerm, type TextCondition } from './textScore.ts'

type Params = Record<string, unknown>

/**
 * How a plan finds the document a reference names (`->`): the same lookup groq-js is given for
 * the evaluation, carried in the params object under a symbol (no param name can be one), so the
 * compiled conditions of every evaluation use that evaluation's documents.
 */
const dereferenceKey = Symbol('dereference')
export type Dereference = (id: string) => unknown

function withDereference(params: Params, dereference: Dereference): Params {
  // A spread copies an own `__proto__` key as data (JSON.parse makes one), as the params object holds it.
  return { ...params, [dereferenceKey]: dereference }
}

function dereferenceOf(params: Params): Dereference {
  return (params as Record<symbol, Dereference | undefined>)[dereferenceKey] ?? (() => null)
}

/** groq-js without a dereference callback: the first document of the dataset with the id. */
function lookupIn(docs: readonly unknown[]): Dereference {
  let byId: Map<string, unknown> | null = null
  return (id) => {
    if (!byId) {
      byId = new Map()
      for (const doc of docs) {
        const docId = typeof doc === 'object' && doc !== null ? (doc as { _id?: unknown })._id : undefined
        if (typeof docId === 'string' && !byId.has(docId)) byId.set(docId, doc)
      }
    }
    return byId.get(id) ?? null
  }
}

/** A compiled expression: its GROQ value for one document, as plain JSON (null, never undefined). */
type Compiled = (doc: unknown, params: Params) => unknown

type Node = { type: string; [key: string]: unknown }

/** GROQ's type of a JSON value, as groq-js's getType names it. */
function typeOf(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  return Array.isArray(value) ? 'array' : typeof value
}

const orNull = (value: unknown): unknown => (value === undefined ? null : value)

function equal(a: unknown, b: unknown): boolean {
  // Values of two types, or two different values of one type, are never equal; nor are arrays and
  // objects, not even to themselves.
  if (a !== b) return false
  const type = typeof a
  return a === null || type === 'string' || type === 'number' || type === 'boolean'
}

/** `value.name` when value is an object and has that key of its own, else null. */
function attribute(value: unknown, name: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const found = (value as Record<string, unknown>)[name]
  if (found === undefined) return null
  // groq-js reads own keys only. Documents are JSON data (parsed, cloned or spread), so whatever is
  // inherited comes from Object.prototype: its functions, or `__proto__`. Checking just those keeps
  // the common case to one property read.
  if ((typeof found === 'function' || name === '__proto__') && !Object.hasOwn(value, name)) return null
  return found
}

/** groq-js's partialCompare: a sign for two values of one ordered type, otherwise null. */
function compare(a: unknown, b: unknown): number | null {
  const type = typeOf(a)
  if (type !== typeOf(b)) return null
  if (type === 'number' || type === 'boolean') return (a as number) - (b as number)
  if (type === 'string') return (a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0
  return null
}

/** The total order `order()` sorts by: numbers, then strings, then booleans, then everything else as equals. */
const typeRank: Record<string, number> = { number: 2, string: 3, boolean: 4 }
function totalCompare(a: unknown, b: unknown): number {
  const ra = typeRank[typeOf(a)] ?? 100
  const rb = typeRank[typeOf(b)] ?? 100
  return ra !== rb ? ra - rb : (compare(a, b) ?? 0)
}

function isPlainJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return true
  if (Array.isArray(value)) return value.every(isPlainJson)
  if (typeof value !== 'object') return false
  const proto = Object.getPrototypeOf(value) as unknown
  return (proto === Object.prototype || proto === null) && Object.values(value).every(isPlainJson)
}

const comparisons: Record<string, (sign: number) => boolean> = {
  '<': (s) => s < 0,
  '<=': (s) => s <= 0,
  '>': (s) => s > 0,
  '>=': (s) => s >= 0,
}

/** The glob of `path("…")` with a literal pattern, as groq-js's Path builds it: `*` one segment, `**` any. */
function pathPattern(node: ExprNode): RegExp | null {
  if (node.type !== 'FuncCall' || node.namespace !== 'global' || node.name !== 'path' || node.args.length !== 1) return null
  const arg = node.args[0]!
  if (arg.type !== 'Value' || typeof arg.value !== 'string') return null
  const parts = arg.value.split('.').map((part) => (part === '*' ? '[^.]+' : part === '**' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
  return new RegExp(`^${parts.join('.')}$`)
}

/** The expression as a JavaScript function, or null when it uses anything outside the subset. */
function compile(node: ExprNode): Compiled | null {
  switch (node.type) {
    case 'This':
      return (doc) => doc
    case 'Value': {
      // Parsing with params inlines their values; anything but JSON (a DateTime, a Path) is groq-js's.
      if (!isPlainJson(node.value)) return null
      const value: unknown = node.value
      return () => value
    }
    case 'Parameter': {
      const name = node.name
      // A plain index, like groq-js: a missing `$toString` finds Object.prototype's (and is defined).
      return (_doc, params) => orNull(params[name])
    }
    case 'Group':
      return compile(node.base)
    case 'AccessAttribute': {
      const base = node.base ? compile(node.base) : (doc: unknown) => doc
      if (!base) return null
      const name = node.name
      return (doc, params) => attribute(base(doc, params), name)
    }
    case 'AccessElement': {
      const base = compile(node.base)
      if (!base) return null
      const index = node.index
      return (doc, params) => {
        const value = base(doc, params)
        return Array.isArray(value) ? orNull(value[index < 0 ? index + value.length : index]) : null
      }
    }
    case 'And':
    case 'Or': {
      const left = compile(node.left)
      const right = compile(node.right)
      if (!left || !right) return null
      // `false && x` is false and `true || x` is true whatever x is; otherwise null unless both are booleans.
      const decisive = node.type === 'And' ? false : true
      return (doc, params) => {
        const l = left(doc, params)
        if (l === decisive) return decisive
        const r = right(doc, params)
        if (r === decisive) return decisive
        return typeof l === 'boolean' && typeof r === 'boolean' ? !decisive : null
      }
    }
    case 'Not': {
      const base = compile(node.base)
      if (!base) return null
      return (doc, params) => {
        const value = base(doc, params)
        return typeof value === 'boolean' ? !value : null
      }
    }
    case 'Neg':
    case 'Pos': {
      const base = compile(node.base)
      if (!base) return null
      const sign = node.type === 'Neg' ? -1 : 1
      return (doc, params) => {
        const value = base(doc, params)
        return typeof value === 'number' ? sign * value : null
      }
    }
    case 'OpCall': {
      const left = compile(node.left)
      const right = node.op === 'in' && pathPattern(node.right) ? () => null : compile(node.right)
      if (!left || !right) return null
      const op = node.op
      if (op === '==') return (doc, params) => equal(left(doc, params), right(doc, params))
      const pattern = op === 'in' ? pathPattern(node.right) : null
      if (pattern) {
        // `in path("drafts.**")`: groq-js's own glob, and null unless the left side is a string.
        return (doc, params) => {
          const value = left(doc, params)
          return typeof value === 'string' ? pattern.test(value) : null
        }
      }
      if (op === '!=') return (doc, params) => !equal(left(doc, params), right(doc, params))
      if (op === '+') {
        // JSON has no datetimes (a string stays a string), so: numbers add, strings, arrays and objects join.
        return (doc, params) => {
          const l = left(doc, params)
          const r = right(doc, params)
          const type = typeOf(l)
          if (type !== typeOf(r)) return null
          if (type === 'number') {
            const sum = (l as number) + (r as number)
            return Number.isFinite(sum) ? sum : null
          }
          if (type === 'string') return (l as string) + (r as string)
          if (type === 'array') return (l as unknown[]).concat(r as unknown[])
          if (type === 'object') return { ...(l as object), ...(r as object) }
          return null
        }
      }
      if (op === 'in') {
        return (doc, params) => {
          // `in path(...)` is never compiled (path() is not), so the right side is an array or nothing.
          const list = right(doc, params)
          if (!Array.isArray(list)) return null
          const value = left(doc, params)
          return list.some((item) => equal(value, item))
        }
      }
      const holds = comparisons[op]
      if (!holds) return null
      return (doc, params) => {
        const sign = compare(left(doc, params), right(doc, params))
        return sign === null ? null : holds(sign)
      }
    }
    case 'InRange': {
      const base = compile(node.base)
      const low = compile(node.left)
      const high = compile(node.right)
      if (!base || !low || !high) return null
      const inclusive = node.isInclusive
      return (doc, params) => {
        const value = base(doc, params)
        const fromLow = compare(value, low(doc, params))
        if (fromLow === null) return null
        const fromHigh = compare(value, high(doc, params))
        if (fromHigh === null) return null
        return fromLow >= 0 && (inclusive ? fromHigh <= 0 : fromHigh < 0)
      }
    }
    case 'Deref': {
      // `ref->`: the document whose _id is the object's `_ref` string, through the evaluation's own
      // lookup (see withDereference), exactly as groq-js calls its dereference callback.
      const base = compile(node.base)
      if (!base) return null
      return (doc, params) => {
        const value = base(doc, params)
        if (typeOf(value) !== 'object') return null
        const id = (value as { _ref?: unknown })._ref
        return typeof id === 'string' ? orNull(dereferenceOf(params)(id)) : null
      }
    }
    case 'Object': {
      // Plain `{"name": value}` attributes only (a splat is groq-js's); `__proto__` would set a prototype.
      const attributes: Array<{ name: string; fn: Compiled }> = []
      for (const attribute of node.attributes) {
        if (attribute.type !== 'ObjectAttributeValue' || attribute.name === '__proto__') return null
        const fn = compile(attribute.value)
        if (!fn) return null
        attributes.push({ name: attribute.name, fn })
      }
      return (doc, params) => {
        const out: Record<string, unknown> = {}
        for (const { name, fn } of attributes) out[name] = fn(doc, params)
        return out
      }
    }
    case 'Select': {
      // The value of the first alternative whose condition is true (exactly true), else the fallback or null.
      const alternatives = node.alternatives.map((alternative) => ({ condition: compile(alternative.condition), value: compile(alternative.value) }))
      const fallback = node.fallback ? compile(node.fallback) : () => null
      if (!fallback || alternatives.some((a) => !a.condition || !a.value)) return null
      return (doc, params) => {
        for (const alternative of alternatives) if (alternative.condition!(doc, params) === true) return alternative.value!(doc, params)
        return fallback(doc, params)
      }
    }
    case 'FuncCall': {
      if (node.namespace === 'string' && node.name === 'split' && node.args.length === 2) {
        const [text, separator] = node.args.map(compile)
        if (!text || !separator) return null
        return (doc, params) => {
          const value = text(doc, params)
          const by = separator(doc, params)
          if (typeof value !== 'string' || typeof by !== 'string') return null
          return value.length === 0 ? [] : by.length === 0 ? Array.from(value) : value.split(by)
        }
      }
      if (node.namespace !== 'global') return null
      const args = node.args.map(compile)
      if (args.some((arg) => arg === null)) return null
      const fns = args as Compiled[]
      if ((node.name === 'lower' || node.name === 'upper') && fns.length === 1) {
        const [arg] = fns as [Compiled]
        const upper = node.name === 'upper'
        return (doc, params) => {
          const value = arg(doc, params)
          return typeof value === 'string' ? (upper ? value.toUpperCase() : value.toLowerCase()) : null
        }
      }
      if (node.name === 'defined' && fns.length === 1) {
        const [arg] = fns as [Compiled]
        return (doc, params) => arg(doc, params) !== null
      }
      if (node.name === 'coalesce') {
        return (doc, params) => {
          for (const fn of fns) {
            const value = fn(doc, params)
            if (value !== null) return value
          }
          return null
        }
      }
      return null
    }
    case 'ArrayCoerce': {
      const base = compile(node.base)
      if (!base) return null
      return (doc, params) => {
        const value = base(doc, params)
        return Array.isArray(value) ? value : null
      }
    }
    case 'Map': {
      // `categories[]._ref`: the expression for each element of an array (with the element as `@`), else null.
      const base = compile(node.base)
      const expr = compile(node.expr)
      if (!base || !expr) return null
      return (doc, params) => {
        const value = base(doc, params)
        return Array.isArray(value) ? value.map((item) => orNull(expr(item, params))) : null
      }
    }
    case 'Array': {
      const elements = node.elements.map((element) => ({ fn: compile(element.value), splat: element.isSplat }))
      if (elements.some((element) => element.fn === null)) return null
      return (doc, params) => {
        const out: unknown[] = []
        for (const { fn, splat } of elements) {
          const value = fn!(doc, params)
          // A splat of anything but an array adds nothing.
          if (!splat) out.push(value)
          else if (Array.isArray(value)) out.push(...(value as unknown[]))
        }
        return out
      }
    }
    default:
      return null
  }
}

/** The documents of a type whose key in a field is in one of the ranges (server/store/documentColumns.ts). */
export interface KeyNarrowing {
  by: 'key'
  values: string[]
  type: string
  field: string
  ranges: KeyRange[]
  /**
   * The filter's other keyed conditions (`liveBlog._ref == $blog` beside `isKeyEvent == true`), each
   * a superset of its answer too: the reader takes whichever holds the fewest index entries.
   */
  alternatives?: KeyNarrowing[]
}

/**
 * The documents of a type whose words can match a filter's `match` conditions (server/groq/textMatch.ts):
 * the index query finding them, or null when no document can.
 */
export interface TextNarrowing {
  by: 'text'
  values: string[]
  type: string
  query: string | null
}

/** Which stored documents can pass a filter, by a field an index holds (server/query/documents.ts). */
export type Narrowing = { by: 'id' | 'slug' | 'type'; values: string[] } | KeyNarrowing | TextNarrowing

/** A listing read in the order of its first order() term, a keyed field, within the range its filter allows. */
export interface OrderedScan {
  type: string
  field: string
  descending: boolean
  range: KeyRange
  /** Only the documents of this narrowing (a condition on another keyed field), read through the index alone. */
  within?: KeyNarrowing
  /** Ties in the first term are in id order (no other term, or `_id asc`): a group need not be read to its end. */
  idTies: boolean
  /** The filter's `_id in path("p.**")` conditions (or their negations): rows of other ids are passed over in the index. */
  ids?: CountSet['ids']
  /**
   * Every row of the scan passes the filter (one blog's updates, keyed for that blog alone, and a
   * filter naming only their type and the blog: keys.ts scopedScan), so ranks are counted from the
   * index without parsing a document.
   */
  covered?: boolean
}

/**
 * A count the index answers: the documents of `type` with a key in every condition of `all`, none
 * in `none`, and ids longer than each prefix and starting with it (or, negated, not).
 */
export interface CountSet {
  type: string
  /** `element`: the field is an array's (one key per element), so a document can have several keys in its ranges. */
  all: Array<{ field: string; ranges: KeyRange[]; element?: boolean }>
  none: Array<{ field: string; ranges: KeyRange[] }>
  ids: Array<{ prefix: string; negate: boolean }>
}

/** The path a condition's side reads: `_id`, `@._type`, `slug.current`, through parentheses. */
function pathOf(node: ExprNode): string | null {
  if (node.type === 'Group') return pathOf(node.base)
  if (node.type !== 'AccessAttribute') return null
  if (!node.base || node.base.type === 'This') return node.name
  const base = pathOf(node.base)
  return base === null ? null : `${base}.${node.name}`
}


const trueKey = sortKey(true)
const narrowable: Record<string, 'id' | 'slug' | 'type'> = { _id: 'id', 'slug.current': 'slug', _type: 'type' }
/** By what a filter is best narrowed: one id is one row, a slug a few, a flag or a reference some, a type many. */
const selectivity: Narrowing['by'][] = ['id', 'slug', 'text', 'key', 'type']

function covers(ranges: KeyRange[], key: Buffer): boolean {
  return ranges.some(
    (r) =>
      (r.low === null || Buffer.compare(key, r.low) > 0 || (r.lowInclusive && Buffer.compare(key, r.low) === 0)) &&
      (r.high === null || Buffer.compare(key, r.high) < 0 || (r.highInclusive && Buffer.compare(key, r.high) === 0)),
  )
}

/** The type a filter's `_type == s` condition names, or null. */
function typeOfFilter(expr: ExprNode, params: Params): string | null {
  for (const part of conjuncts(expr)) {
    if (part.type !== 'OpCall' || part.op !== '==') continue
    for (const [field, other] of [[part.left, part.right], [part.right, part.left]] as const) {
      const value = pathOf(field) === '_type' ? constantOf(other, params) : null
      if (value && typeof value.value === 'string') return value.value
    }
  }
  return null
}

/**
 * `_id in path("p.**")`, alone or negated: the ids longer than p that start with it (groq-js joins
 * a path's segments with a regular expression's `.`, any character), for a p with no `.` or `*`.
 */
function idPrefixOf(node: ExprNode): { prefix: string; negate: boolean } | null {
  if (node.type === 'Group') return idPrefixOf(node.base)
  if (node.type === 'Not') {
    const inner = idPrefixOf(node.base)
    return inner ? { prefix: inner.prefix, negate: !inner.negate } : null
  }
  if (node.type !== 'OpCall' || node.op !== 'in' || pathOf(node.left) !== '_id' || !pathPattern(node.right)) return null
  const pattern = ((node.right as { args: Array<{ value: string }> }).args[0]!).value
  const prefix = pattern.slice(0, -3)
  if (!pattern.endsWith('.**') || prefix.length === 0 || /[.*]/.test(prefix)) return null
  return { prefix, negate: false }
}

/**
 * The filter as a set the index counts, when every condition in its top-level `&&` chain is one:
 * `_type == s`, `_id in path("p.**")` and conditions on keyed fields (see fieldCondition), each
 * possibly negated. A condition true for documents without the field (`!(isBreakingNews == true)`)
 * is counted as the documents without a key where it is not true, so the sets read stay small.
 */
export function countSetOf(expr: ExprNode, params: Params): CountSet | null {
  const type = typeOfFilter(expr, params)
  if (type === null) return null
  const set: CountSet = { type, all: [], none: [], ids: [] }
  for (const part of conjuncts(expr)) {
    if (part.type === 'OpCall' && part.op === '==' && (pathOf(part.left) === '_type' || pathOf(part.right) === '_type')) {
      const value = constantOf(pathOf(part.left) === '_type' ? part.right : part.left, params)
      if (value?.value === type) continue
      return null
    }
    const ids = idPrefixOf(part)
    if (ids) {
      set.ids.push(ids)
      continue
    }
    const condition = fieldCondition(part, params)
    if (!condition) return null
    // Each document has exactly one key in a plain field: it passes when its key is in `yes`, that is, not in the rest.
    // `defined(slug.current)` too: every article but the few without one, so counted as those few.
    const definedOnly = !condition.field.element && complement(condition.yes).every((range) => range.low?.equals(nullKey) && range.high?.equals(nullKey))
    if ((covers(condition.yes, nullKey) || definedOnly) && !condition.field.element) {
      set.none.push({ field: condition.field.name, ranges: complement(condition.yes) })
      continue
    }
    // Both ends of a range on one plain field are one set to read (see narrowingOf).
    const same = condition.field.element || condition.yes.length !== 1 ? undefined : set.all.find((c) => c.field === condition.field.name && c.ranges.length === 1 && !c.element)
    if (same) same.ranges = [intersect(same.ranges[0]!, condition.yes[0]!)]
    else set.all.push({ field: condition.field.name, ranges: condition.yes, element: Boolean(condition.field.element) })
  }
  return set
}

/** How a listing `*[filter] | order(term, …)` is read in order: its first term a keyed field, its filter naming the type. */
export function orderedScanOf(expr: ExprNode, args: ExprNode[], params: Params): OrderedScan | null {
  const first = args[0]
  if (!first) return null
  const termOf = (arg: ExprNode) => (arg.type === 'Asc' || arg.type === 'Desc' ? arg.base : arg)
  const term = termOf(first)
  const type = typeOfFilter(expr, params)
  // Two terms in one direction that one key holds together (pairs.ts): read in that key's order.
  const descending = (arg: ExprNode) => arg.type === 'Desc'
  const composite = args.length >= 2 && descending(first) === descending(args[1]!) ? compositeFieldOf(term, termOf(args[1]!)) : null
  if (composite && type !== null) {
    const rest = args.slice(2)
    const idTies = rest.length === 0 || (rest.length === 1 && rest[0]!.type !== 'Desc' && pathOf(termOf(rest[0]!)) === '_id')
    return { type, field: composite.name, descending: descending(first), range: everyKey, idTies, ids: idPrefixesOf(expr) }
  }
  const field = keyedFieldOf(term)
  if (!field || field.element || type === null) return null
  let range = everyKey
  for (const part of conjuncts(expr)) {
    const condition = fieldCondition(part, params)
    if (condition && condition.field === field && condition.yes.length === 1) range = intersect(range, condition.yes[0]!)
  }
  const second = args[1]
  const idTies = args.length === 1 || (args.length === 2 && second!.type !== 'Desc' && pathOf(second!.type === 'Asc' ? second!.base : second!) === '_id')
  return { type, field: field.name, descending: first.type === 'Desc', range, idTies, ids: idPrefixesOf(expr) }
}

/** The `_id in path("p.**")` conditions of a filter's top-level `&&` chain. */
function idPrefixesOf(expr: ExprNode): CountSet['ids'] {
  return conjuncts(expr).flatMap((part) => idPrefixOf(part) ?? [])
}

/**
 * The narrowest set of stored documents a filter's top-level `&&` chain allows, from its conditions
 * `_id == s`, `_id in [s, …]`, `slug.current == s` and `_type == s` (either side, s a string or a
 * param): every document the filter passes has that id, slug or type, since `==` is true only for
 * two equal strings. Null when no condition narrows it. narrowing.property.test.ts checks the
 * claim against groq-js.
 */
export function narrowingOf(expr: ExprNode, params: Params): Narrowing | null {
  let best = null as Narrowing | null
  // A condition most documents pass (an editor's current version): taken only when nothing narrower is.
  let dense = null as Narrowing | null
  const type = typeOfFilter(expr, params)
  for (const part of conjuncts(expr)) {
    // A keyed field's condition that only documents with the field pass: a flag, a reference, a range.
    const narrower = best !== null && best.by !== 'type' && best.by !== 'key'
    const condition = type === null || narrower ? null : fieldCondition(part, params)
    // (A slug, or an id, found below is narrower still and takes its place.)
    if (condition && type !== null && !covers(condition.yes, nullKey) && condition.yes.length === 1) {
      const found: Narrowing = { by: 'key', values: [], type, field: condition.field.name, ranges: condition.yes }
      if (best?.by === 'key') {
        // Both ends of a range on one plain field (`publishedAt >= a && publishedAt < b`, a month) are
        // one range. Not an array's elements: `"a" in categories[]._ref && "b" in …` holds two elements.
        const same = [best, ...(best.alternatives ?? [])].find((k) => k.field === found.field)
        if (same && !condition.field.element && same.ranges.length === 1) same.ranges = [intersect(same.ranges[0]!, found.ranges[0]!)]
        // Another field's condition: the reader may find it narrower (DocumentReader.narrowest).
        else if (!same && !(condition.field as { dense?: boolean }).dense) best.alternatives = [...(best.alternatives ?? []), found]
      } else if ((condition.field as { dense?: boolean }).dense && condition.yes[0]!.low?.equals(trueKey)) dense ??= found
      // Dense where it holds (most articles are current; few are not).
      else best = found
    }
    if (part.type !== 'OpCall' || (part.op !== '==' && part.op !== 'in')) continue
    const sides: Array<[ExprNode, ExprNode]> = part.op === '==' ? [[part.left, part.right], [part.right, part.left]] : [[part.left, part.right]]
    for (const [field, other] of sides) {
      const path = pathOf(field)
      const by = path === null ? undefined : narrowable[path]
      const constant = by ? constantOf(other, params) : null
      if (!by || !constant) continue
      let values: string[]
      if (part.op === '==') {
        if (typeof constant.value !== 'string') continue
        values = [constant.value]
      } else {
        // `in` an array: only its strings can equal a string; `in` anything else is never true.
        if (by !== 'id' || !Array.isArray(constant.value)) continue
        values = constant.value.filter((v): v is string => typeof v === 'string')
      }
      if (!best || selectivity.indexOf(by) < selectivity.indexOf(best.by) || (by === best.by && values.length < best.values.length)) best = { by, values }
    }
  }
  // The words a `match` asks for: fewer documents than a flag, a reference or a type holds, as a rule.
  if (type === matchIndexType && (!best || selectivity.indexOf('text') < selectivity.indexOf(best.by))) {
    const text = textQueryOf(expr, params)
    if (text) return { by: 'text', values: [], type, query: text.query }
  }
  return best ?? dense
}

/** An order()'s term after `_score desc`: a keyed field, and its direction. */
export interface ThenBy {
  field: string
  descending: boolean
}

/**
 * A search filter the match index decides alone, without a document (textScore.ts): the article
 * type, perhaps `defined(slug.current)`, and conditions of `match`es on indexed texts and constants.
 */
export interface TextFilter {
  type: string
  slugDefined: boolean
  condition: TextCondition
}

/**
 * A filter whose every top-level condition is `_type == "article"`, `defined(slug.current)`, or a
 * condition textConditionOf decides, such that a document passing it holds one of its words; null
 * for any other (it is then read as before).
 */
export function textFilterOf(expr: ExprNode, params: Params): TextFilter | null {
  let typed = false
  let slugDefined = false
  let condition: TextCondition = { kind: 'constant', value: true }
  for (const part of conjuncts(expr)) {
    if (part.type === 'OpCall' && part.op === '==') {
      const [field, other] = pathOf(part.left) === '_type' ? [part.left, part.right] : [part.right, part.left]
      const value = pathOf(field) === '_type' ? constantOf(other, params) : null
      if (value) {
        if (value.value !== matchIndexType) return null
        typed = true
        continue
      }
    }
    if (part.type === 'FuncCall' && part.namespace === 'global' && part.name === 'defined' && part.args.length === 1 && pathOf(part.args[0]!) === 'slug.current') {
      slugDefined = true
      continue
    }
    const decided = textConditionOf(part, params)
    if (!decided) return null
    if (decided.kind === 'constant') {
      if (!decided.value) condition = decided
    } else if (!(condition.kind === 'constant' && !condition.value)) {
      condition = condition.kind === 'constant' ? decided : { kind: 'and', left: condition, right: decided }
    }
  }
  return typed && needsAWord(condition) ? { type: matchIndexType, slugDefined, condition } : null
}

interface FilterPlan {
  /** The compiled conditions, as text: identical filters in one query (the homepage's counts repeat its sections') run once. */
  key: string
  test: (doc: unknown, params: Params) => boolean
  /** The conditions left to groq-js, joined with `&&` again; null when every one was compiled. */
  rest: ExprNode | null
}

/** The operands of a top-level `a && b && c` chain, through parentheses. */
function conjuncts(node: ExprNode): ExprNode[] {
  if (node.type === 'And') return [...conjuncts(node.left), ...conjuncts(node.right)]
  if (node.type === 'Group') return conjuncts(node.base)
  return [node]
}

function planFilter(expr: ExprNode): FilterPlan | null {
  const compiled: Compiled[] = []
  const keys: string[] = []
  const rest: ExprNode[] = []
  for (const part of conjuncts(expr)) {
    const fn = compile(part)
    if (fn) {
      compiled.push(fn)
      keys.push(JSON.stringify(part))
    } else {
      rest.push(part)
    }
  }
  if (compiled.length === 0) return null
  return {
    key: keys.join('\u0000'),
    test: (doc, params) => {
      for (const fn of compiled) if (fn(doc, params) !== true) return false
      return true
    },
    rest: rest.length === 0 ? null : rest.reduce((left, right) => ({ type: 'And', left, right })),
  }
}

interface OrderPlan {
  terms: Compiled[]
  /** 1 for asc, -1 for desc. */
  directions: number[]
}

function planOrder(args: ExprNode[]): OrderPlan | null {
  const terms: Compiled[] = []
  const directions: number[] = []
  for (const arg of args) {
    const term = arg.type === 'Desc' || arg.type === 'Asc' ? arg.base : arg
    const fn = compile(term)
    if (!fn) return null
    terms.push(fn)
    directions.push(arg.type === 'Desc' ? -1 : 1)
  }
  return terms.length === 0 ? null : { terms, directions }
}

/** order()'s comparison of two items' term values, ties left to their order in the list. */
function compareKeys(plan: OrderPlan, a: readonly unknown[], b: readonly unknown[]): number {
  for (let i = 0; i < plan.directions.length; i++) {
    const c = totalCompare(a[i], b[i])
    if (c !== 0) return c * plan.directions[i]!
  }
  return 0
}

interface Keyed {
  item: unknown
  index: number
  keys: unknown[]
}

/**
 * groq-js's order(): by each term in turn, ties kept in their original order. Only the first
 * `limit` are returned: `order(...)[0...5]` needs five, and picking them from 60,000 trending
 * articles is far cheaper than sorting them all.
 */
function sortBy(items: readonly unknown[], plan: OrderPlan, params: Params, limit: number): unknown[] {
  const keyed = (item: unknown, index: number): Keyed => ({ item, index, keys: plan.terms.map((term) => term(item, params)) })
  const before = (a: Keyed, b: Keyed): number => compareKeys(plan, a.keys, b.keys) || a.index - b.index
  if (limit >= items.length) return items.map(keyed).sort(before).map((k) => k.item)
  // The index breaks every tie, so the first `limit` are the same as a full sort's.
  const top: Keyed[] = []
  for (let index = 0; index < items.length && limit > 0; index++) {
    const entry = keyed(items[index], index)
    if (top.length === limit && before(entry, top[limit - 1]!) > 0) continue
    let low = 0
    let high = top.length
    while (low < high) {
      const mid = (low + high) >>> 1
      if (before(top[mid]!, entry) < 0) low = mid + 1
      else high = mid
    }
    top.splice(low, 0, entry)
    if (top.length > limit) top.pop()
  }
  return top.map((k) => k.item)
}

/** How many items of its base a slice `[a...b]` or an element `[n]` can read; Infinity when it counts from the end. */
function prefixNeeded(node: Node): number {
  if (node.type === 'Slice' && typeof node.left === 'number' && typeof node.right === 'number' && node.left >= 0 && node.right >= 0) {
    return node.isInclusive ? node.right + 1 : node.right
  }
  if (node.type === 'AccessElement' && typeof node.index === 'number' && node.index >= 0) return node.index + 1
  return Infinity
}

// Plans are made once per parsed tree (the parse cache keeps trees), and run per evaluation.
const filterPlans = new WeakMap<object, FilterPlan | null>()
const orderPlans = new WeakMap<object, OrderPlan | null>()

function cached<T>(plans: WeakMap<object, T>, node: object, make: () => T): T {
  if (plans.has(node)) return plans.get(node)!
  const plan = make()
  plans.set(node, plan)
  return plan
}

/** The one value a planned node stands for: a Value that is not a list, or one element of a Value list. */
function singleValue(node: Node): { value: unknown } | null {
  if (node.type === 'Value') return Array.isArray(node.value) ? null : { value: node.value }
  if (node.type === 'AccessElement' && typeof node.index === 'number' && isNode(node.base) && node.base.type === 'Value' && Array.isArray(node.base.value)) {
    const list = node.base.value as unknown[]
    return { value: orNull(list[node.index < 0 ? node.index + list.length : node.index]) }
  }
  return null
}

const baseInScope = new Set(['PipeFuncCall', 'Projection', 'Map', 'FlatMap', 'Filter'])
/** Nodes whose children are evaluated in the same scope as they are (no `@` of their own). */
const sameScope = new Set(['Object', 'ObjectAttributeValue', 'Group', 'And', 'Or', 'Not', 'OpCall', 'FuncCall', 'AccessAttribute', 'AccessElement', 'Slice', 'Array', 'ArrayElement', 'Neg', 'Pos', 'InRange', 'Value'])

/**
 * The expression of a projection of `parent`, with each `^` that means `parent` replaced by its
 * value (and `^.name` by that attribute's): in a `*[filter]` straight inside it, through nodes that
 * open no scope of their own. Any other `^` stays as it is (and keeps its filter from being planned).
 */
function withParent(expr: Node, parent: unknown): Node {
  const inFilter = (node: Node): Node => {
    if (node.type === 'Parent' && node.n === 1) return { type: 'Value', value: parent }
    if (!sameScope.has(node.type)) return node
    const out = mapChildren(node, (child) => inFilter(child))
    // `^._id`: the attribute of the value, as groq-js reads it.
    if (out.type === 'AccessAttribute' && isNode(out.base) && out.base.type === 'Value' && out !== node) return { type: 'Value', value: attribute(out.base.value, out.name as string) }
    return out
  }
  const atProjection = (node: Node): Node => {
    if (node.type === 'Filter' && isNode(node.base) && node.base.type === 'Everything') return { ...node, expr: inFilter(node.expr as Node) }
    // These read their base in this scope, and give their other parts a scope of their own.
    if (baseInScope.has(node.type)) return isNode(node.base) ? { ...node, base: atProjection(node.base) } : node
    if (!sameScope.has(node.type)) return node
    return mapChildren(node, atProjection)
  }
  return atProjection(expr)
}

/** The node with `fn` applied to each child node (in arrays too); the node itself when none changed. */
function mapChildren(node: Node, fn: (child: Node) => Node): Node {
  let out = node
  for (const key of Object.keys(node)) {
    if (node.type === 'Value') break
    const child = node[key]
    let next: unknown = child
    if (Array.isArray(child)) {
      const mapped = child.map((item: unknown) => (isNode(item) ? fn(item) : item))
      if (mapped.some((item, i) => item !== child[i])) next = mapped
    } else if (isNode(child)) next = fn(child)
    if (next !== child) {
      if (out === node) out = { ...node }
      out[key] = next
    }
  }
  return out
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
}

/**
 * Where the documents matching a compiled filter come from: by default one pass over `docs`; a query
 * worker reads them from the stored rows (server/query/scan.ts).
 */
export interface Matcher {
  /** The documents passing `test`, in the order of `docs`; `key` is the filter's conditions as text. */
  filter(key: string, test: (doc: unknown) => boolean): readonly unknown[]
}

/**
 * The query with each plannable `*[filter]` (and an `order()` right after it) replaced by its
 * result over `docs`, which must be the `dataset` groq-js is then given. Never changes `tree`.
 */
/**
 * Where a query's documents come from when they are read from an index instead of a list of every
 * document (server/query/documents.ts): the documents a narrowed filter may pass, in the dataset's
 * order, or null when there are too many to read that way.
 */
export interface Source {
  /**
   * `accept`, when given, is the filter's own test: a source may then leave out the documents that
   * fail it as it reads them (the answer is filtered again), so it need not hold every candidate.
   */
  candidates(narrowing: Narrowing, accept?: (doc: unknown) => boolean): readonly unknown[] | null
  /**
   * The documents of a listing read in order (see DocumentReader.ordered): whole groups of equal
   * first keys, each in the dataset's order, until `enough` pass `accept` or none are left.
   */
  ordered?(scan: OrderedScan, accept: (doc: unknown) => boolean, enough: number): readonly unknown[] | null
  /**
   * The documents at ranks `[start, end)` of a covered listing (OrderedScan.covered), the ranks
   * before them counted from the index alone; null when the source cannot (then it is read whole).
   */
  orderedSlice?(scan: OrderedScan, accept: (doc: unknown) => boolean, start: number, end: number): readonly unknown[] | null
  /** How many documents the view shows in the set, from the index alone; null when its keys do not tell. */
  count?(set: CountSet): number | null
  /** How many documents a search filter passes, from the match index's counts alone; null when they do not tell. */
  textCount?(filter: TextFilter): number | null
  /**
   * The documents a search filter passes that come first by `score(…terms)`, at least `enough` of
   * them when there are, with all tied with the last (textScore.ts firstByScore), as score() gives
   * them: copies with their `_score`, by it, ties in the dataset's order; null when the counts do
   * not tell. `then`: the order's next term, a keyed field, by whose
   * keys the source may leave out those of the last score's tie that come after the first `enough`
   * (keeping every one whose key equals the last kept's).
   */
  textFirst?(filter: TextFilter, terms: readonly ScoreTerm[], enough: number, then: ThenBy | null): readonly unknown[] | null
  /** The document `->` finds for an id, as the evaluation's dereference callback finds it; none when absent. */
  dereference?: Dereference
}

/** What planTree reads a `*[filter]` from when it answers from a Source. */
interface Narrowed {
  candidates(node: Node, plan: FilterPlan | null): readonly unknown[] | null
  ordered(scan: OrderedScan, accept: (doc: unknown) => boolean, enough: number): readonly unknown[] | null
  orderedSlice(scan: OrderedScan, accept: (doc: unknown) => boolean, start: number, end: number): readonly unknown[] | null
  count(set: CountSet): number | null
  textCount(filter: TextFilter): number | null
  textFirst(filter: TextFilter, terms: readonly ScoreTerm[], enough: number, then: ThenBy | null): readonly unknown[] | null
  /** Some `*` cannot be answered from the source. */
  incomplete(): void
}

/**
 * The query with every `*[filter]` answered from `source`, or null when some `*` cannot be (a
 * filter no condition narrows, too many candidates, or `*` used otherwise): then the query needs
 * every document, and the caller plans it over them with planQuery.
 */
export function planFromSource(given: ExprNode, source: Source, givenParams: Params, now: Date = new Date()): ExprNode | null {
  const tree = atTime(given, now)
  const params = withDereference(givenParams, source.dereference ?? (() => null))
  // First without reading anything: a query with a `*` no condition narrows (the homepage's
  // listings) costs a walk of its tree, not a read of candidates it would then throw away.
  const dry: Source = {
    candidates: () => [],
    ordered: source.ordered && (() => []),
    orderedSlice: source.orderedSlice && (() => []),
    count: source.count && (() => 0),
    textCount: source.textCount && (() => 0),
    textFirst: source.textFirst && (() => []),
  }
  if (!answers(tree, params, dry).complete) return null
  const { planned, complete } = answers(tree, params, source)
  return complete ? planned : null
}

/**
 * The query with each `*[filter]` answered from `source` where an index can (a count, a listing
 * read in order, a narrowed filter's candidates), and by `match` (a pass over the rows) where it
 * cannot. Both read one read transaction, in the dataset's id order, so an answer is the same
 * whichever of the two gave it. A `*` neither answers is left for groq-js over every document.
 */
export function planMixed(tree: ExprNode, source: Source, params: Params, match: Matcher, now: Date = new Date()): ExprNode {
  const scoped = withDereference(params, source.dereference ?? (() => null))
  return answers(atTime(tree, now), scoped, source, match).planned
}

const readsNow = new WeakMap<object, boolean>()

function isNow(node: Node): boolean {
  return node.type === 'FuncCall' && node.namespace === 'global' && node.name === 'now' && Array.isArray(node.args) && node.args.length === 0
}

/**
 * The query with each `now()` written as the time it gives: groq-js gives one time to every
 * `now()` of an evaluation, so the query means the same, and a condition such as
 * `publishedAt <= now()` becomes one the index reads (the newsletter composer's story picker).
 * The query without `now()` is returned as it came (its plans are kept per tree).
 */
function atTime(tree: ExprNode, now: Date): ExprNode {
  const uses = (node: Node): boolean => {
    if (isNow(node)) return true
    let found = false
    mapChildren(node, (child) => {
      found ||= uses(child)
      return child
    })
    return found
  }
  let known = readsNow.get(tree)
  if (known === undefined) {
    known = uses(tree as unknown as Node)
    readsNow.set(tree, known)
  }
  if (!known) return tree
  const time = now.toISOString()
  const replace = (node: Node): Node => (isNow(node) ? { type: 'Value', value: time } : mapChildren(node, replace))
  return replace(tree as unknown as Node) as unknown as ExprNode
}

function answers(tree: ExprNode, params: Params, source: Source, match?: Matcher): { planned: ExprNode; complete: boolean } {
  let complete = true
  // A filter's candidates are read once per evaluation, though an order() and the filter both ask.
  const read = new Map<Node, readonly unknown[] | null>()
  const narrowed: Narrowed = {
    candidates: (node, plan) => {
      if (!complete) return null
      if (read.has(node)) return read.get(node)!
      const narrowing = plan ? narrowingOf(node.expr as ExprNode, params) : null
      const found = narrowing ? source.candidates(narrowing, (doc) => plan!.test(doc, params)) : null
      read.set(node, found)
      return found
    },
    ordered: (scan, accept, enough) => (complete && source.ordered ? source.ordered(scan, accept, enough) : null),
    orderedSlice: (scan, accept, start, end) => (complete && source.orderedSlice ? source.orderedSlice(scan, accept, start, end) : null),
    count: (set) => (complete && source.count ? source.count(set) : null),
    textCount: (filter) => (complete && source.textCount ? source.textCount(filter) : null),
    textFirst: (filter, terms, enough, then) => (complete && source.textFirst ? source.textFirst(filter, terms, enough, then) : null),
    incomplete: () => {
      complete = false
    },
  }
  const planned = planTree(tree, [], params, match, narrowed, match ? null : narrowed.incomplete)
  return { planned, complete }
}

/**
 * `dereference` must find what the evaluation's own dereference callback finds; by default, as
 * groq-js without one, the first of `docs` with the id.
 */
export function planQuery(tree: ExprNode, docs: readonly unknown[], params: Params, match?: Matcher, dereference?: Dereference): ExprNode {
  return planTree(tree, docs, withDereference(params, dereference ?? lookupIn(docs)), match, null, null)
}

function planTree(
  tree: ExprNode,
  docs: readonly unknown[],
  params: Params,
  match: Matcher | undefined,
  narrowed: Narrowed | null,
  everything: (() => void) | null,
): ExprNode {
  const matched = new Map<string, readonly unknown[]>()

  /**
   * A count, or an ordered listing, answered from the index when its filter has more candidates
   * than are read one by one: `count(*[filter])` when the index counts the filter exactly, and
   * `*[filter] | order(f, …)[a...b]` read from the end of f's keys until the slice is full.
   */
  const fromIndex = (node: Node, limit: number, source: Narrowed): Node | null => {
    const piped = node.type === 'PipeFuncCall' ? (node.base as Node) : undefined
    // An order() after a score() reads the score()'s filter (firstScored).
    const filter = node.type === 'FuncCall' ? (node.args as Node[])[0] : piped?.type === 'PipeFuncCall' && piped.name === 'score' ? (piped.base as Node) : piped
    if (!filter || filter.type !== 'Filter' || (filter.base as Node).type !== 'Everything') return null
    const expr = filter.expr as ExprNode
    if (node.type === 'FuncCall' && node.name === 'count' && node.namespace === 'global' && (node.args as Node[]).length === 1) {
      const set = countSetOf(expr, params)
      let counted = set ? source.count(set) : null
      if (counted === null) {
        // A search's total: from the match index's counts (textScore.ts), no document parsed.
        const text = textFilterOf(expr, params)
        counted = text ? source.textCount(text) : null
      }
      return counted === null ? null : { type: 'Value', value: counted }
    }
    if (node.type !== 'PipeFuncCall' || node.name !== 'order' || !Number.isFinite(limit)) return null
    const scored = firstScored(node, filter, limit, source)
    if (scored) return scored
    if (filter !== piped) return null
    const plan = cached(filterPlans, filter, () => planFilter(expr))
    const order = cached(orderPlans, node, () => planOrder(node.args as ExprNode[]))
    if (!plan || plan.rest || !order) return null
    // A document by id or slug is read and sorted as before; a listing is read in the order of its
    // first term's keys (within a narrower condition's documents, found from the index alone), its
    // documents parsed only until the slice is full.
    const narrowing = narrowingOf(expr, params)
    const scan = narrowing?.by === 'id' || narrowing?.by === 'slug' ? null : orderedScanOf(expr, node.args as ExprNode[], params)
    if (!scan) return null
    if (narrowing?.by === 'key') {
      // Within the documents of a condition on another field: any of them, the reader takes the narrowest.
      const [within, ...alternatives] = [narrowing, ...(narrowing.alternatives ?? [])].filter((k) => k.field !== scan.field)
      if (within) scan.within = { ...within, alternatives }
    }
    const accept = (doc: unknown) => plan.test(doc, params)
    const scoped = scopedScan(scan, expr, params)
    // Scoped keys being written again after an upgrade (keyRefill.ts): the scope's rows unscoped, as before them.
    const found = source.ordered(scoped, accept, limit) ?? (scoped !== scan ? source.ordered(scan, accept, limit) : null)
    return found ? { type: 'Value', value: sortBy(found, order, params, limit) } : null
  }
  /**
   * `*[filter] | score(…) | order(_score desc, …)[a...b]` for a search filter the match index
   * decides (textFilterOf): the filter and score() are answered from the counts (textScore.ts) with
   * the documents that score among the first b (and those tied with the last, or the part of the
   * tie the order's next term keeps), so order() and the slice, run by groq-js on them, give what
   * they give over every document: each one left out comes after them. `filter` is the Filter under
   * the order()'s base when that is a score().
   */
  const firstScored = (node: Node, filter: Node, limit: number, source: Narrowed): Node | null => {
    const score = node.base as Node
    const first = (node.args as Node[])[0]
    if (score.type !== 'PipeFuncCall' || score.name !== 'score' || score.base !== filter) return null
    if (first?.type !== 'Desc' || pathOf(first.base as ExprNode) !== '_score') return null
    const text = textFilterOf(filter.expr as ExprNode, params)
    const terms = text ? (score.args as ExprNode[]).map((arg) => scoreTermOf(arg, params)) : []
    if (!text || terms.some((term) => term === null)) return null
    // The order's second term, when it is a keyed field: the last score's tie is cut by its keys.
    const second = (node.args as ExprNode[])[1]
    const field = second ? keyedFieldOf(second.type === 'Asc' || second.type === 'Desc' ? second.base : second) : null
    const then = field && !field.element ? { field: field.name, descending: second!.type === 'Desc' } : null
    const scored = source.textFirst(text, terms as ScoreTerm[], limit, then)
    return scored ? { ...node, base: { type: 'Value', value: scored } } : null
  }
  /**
   * `*[filter] | order(f, …)[a...b]` with a > 0, when every row of the listing's keys passes the
   * filter (OrderedScan.covered: a live blog's older page): the slice itself, its a documents before
   * counted from the index and never parsed. Null leaves it to fromIndex, which reads from the start.
   */
  const sliceFromIndex = (node: Node, source: Narrowed): Node | null => {
    if (node.type !== 'Slice' || typeof node.left !== 'number' || node.left <= 0) return null
    const end = prefixNeeded(node)
    const order = node.base as Node
    if (!Number.isFinite(end) || order.type !== 'PipeFuncCall' || order.name !== 'order') return null
    const filter = order.base as Node
    if (filter.type !== 'Filter' || (filter.base as Node).type !== 'Everything') return null
    const expr = filter.expr as ExprNode
    const plan = cached(filterPlans, filter, () => planFilter(expr))
    const terms = cached(orderPlans, order, () => planOrder(order.args as ExprNode[]))
    const scan = plan && !plan.rest && terms ? orderedScanOf(expr, order.args as ExprNode[], params) : null
    const scoped = scan ? scopedScan(scan, expr, params) : null
    if (!scoped?.covered || !scoped.idTies || scoped.within) return null
    const found = source.orderedSlice(scoped, (doc) => plan!.test(doc, params), node.left, end)
    return found ? { type: 'Value', value: sortBy(found, terms!, params, Infinity) } : null
  }
  /** `limit`: how many of its first items the parent reads (it matters only to a planned order()). */
  const rewrite = (node: Node, limit = Infinity): Node => {
    // A Value's payload is data, not syntax, even where it has a `type` key.
    if (node.type === 'Value') return node
    if (node.type === 'Everything') everything?.()
    if (narrowed) {
      const answered = sliceFromIndex(node, narrowed) ?? fromIndex(node, limit, narrowed)
      if (answered) return answered
      if (node.type === 'Projection') {
        // `*[…][0]{…, "articles": *[… && ^._id in categories[]._ref]}`: once the one document
        // projected is known, `^` in the filters inside is that document, so they can be read
        // from the index like any other.
        const base = rewrite(node.base as Node, prefixNeeded(node))
        const parent = singleValue(base)
        // groq-js projects objects only: anything else (no such category) is null, whatever the projection holds.
        if (parent && typeOf(parent.value) !== 'object') return { type: 'Value', value: null }
        const expr = parent ? withParent(node.expr as Node, parent.value) : (node.expr as Node)
        return { ...node, base, expr: rewrite(expr) }
      }
    }
    if (node.type === 'Filter' && (node.base as Node).type === 'Everything') {
      const plan = cached(filterPlans, node, () => planFilter(node.expr as ExprNode))
      const candidates = narrowed ? narrowed.candidates(node, plan) : docs
      if (!candidates && !match) narrowed?.incomplete()
      if (plan && (candidates || match)) {
        let found = matched.get(plan.key)
        if (!found) {
          const test = (doc: unknown) => plan.test(doc, params)
          // From an index's candidates when it has them (planFromSource, planMixed), otherwise the matcher's.
          const pass = !match || (narrowed !== null && candidates !== null)
          found = pass ? candidates!.filter(test) : match.filter(plan.key, test)
          matched.set(plan.key, found)
        }
        const value: Node = { type: 'Value', value: found }
        return plan.rest ? { type: 'Filter', base: value, expr: rewrite(plan.rest as Node) } : value
      }
    }
    // Rebuild only the path to what changed, so an untouched query is handed over as it came.
    let out = node
    for (const key of Object.keys(node)) {
      const child = node[key]
      let next: unknown = child
      if (Array.isArray(child)) {
        const mapped = child.map((item: unknown) => (isNode(item) ? rewrite(item) : item))
        if (mapped.some((item, i) => item !== child[i])) next = mapped
      } else if (isNode(child)) {
        next = rewrite(child, key === 'base' ? prefixNeeded(node) : Infinity)
      }
      if (next !== child) {
        if (out === node) out = { ...node }
        out[key] = next
      }
    }
    if (out.type === 'PipeFuncCall' && out.name === 'order' && isNode(out.base) && out.base.type === 'Value' && Array.isArray(out.base.value)) {
      // Planned from the original terms: a rewritten one may hold this evaluation's documents.
      const plan = cached(orderPlans, node, () => planOrder(node.args as ExprNode[]))
      if (plan) return { type: 'Value', value: sortBy(out.base.value as unknown[], plan, params, limit) }
    }
    return out
  }

  return rewrite(tree as unknown as Node) as unknown as ExprNode
}

/**
 * An expression compiled alone, for values written beside a document (server/groq/pairs.ts): its
 * GROQ value for one document, references followed by `dereference`; null when it is not in the
 * compiled subset.
 */
export function compileExpression(node: ExprNode): ((doc: unknown, dereference: Dereference) => unknown) | null {
  const fn = compile(node)
  return fn ? (doc, dereference) => fn(doc, withDereference({}, dereference)) : null
}
