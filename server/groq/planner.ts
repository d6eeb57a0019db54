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

type Params = Record<string, unknown>

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
      const right = compile(node.right)
      if (!left || !right) return null
      const op = node.op
      if (op === '==') return (doc, params) => equal(left(doc, params), right(doc, params))
      if (op === '!=') return (doc, params) => !equal(left(doc, params), right(doc, params))
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
    case 'FuncCall': {
      if (node.namespace !== 'global') return null
      const args = node.args.map(compile)
      if (args.some((arg) => arg === null)) return null
      const fns = args as Compiled[]
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

/** Which stored documents can pass a filter, by a field an index holds (server/query/documents.ts). */
export type Narrowing = { by: 'id' | 'slug' | 'type'; values: string[] }

/** The path a condition's side reads: `_id`, `@._type`, `slug.current`, through parentheses. */
function pathOf(node: ExprNode): string | null {
  if (node.type === 'Group') return pathOf(node.base)
  if (node.type !== 'AccessAttribute') return null
  if (!node.base || node.base.type === 'This') return node.name
  const base = pathOf(node.base)
  return base === null ? null : `${base}.${node.name}`
}

/** A constant side's value: a literal or a param (the parser usually inlines params as literals). */
function constantOf(node: ExprNode, params: Params): { value: unknown } | null {
  if (node.type === 'Group') return constantOf(node.base, params)
  if (node.type === 'Value') return { value: node.value }
  if (node.type === 'Parameter') return { value: params[node.name] }
  if (node.type === 'Array' && node.elements.every((e) => !e.isSplat && e.value.type === 'Value')) return { value: node.elements.map((e) => (e.value as { value: unknown }).value) }
  return null
}

const narrowable: Record<string, Narrowing['by']> = { _id: 'id', 'slug.current': 'slug', _type: 'type' }
/** By what a filter is best narrowed: one id is one row, a slug a few, a type many. */
const selectivity: Narrowing['by'][] = ['id', 'slug', 'type']

/**
 * The narrowest set of stored documents a filter's top-level `&&` chain allows, from its conditions
 * `_id == s`, `_id in [s, …]`, `slug.current == s` and `_type == s` (either side, s a string or a
 * param): every document the filter passes has that id, slug or type, since `==` is true only for
 * two equal strings. Null when no condition narrows it. narrowing.property.test.ts checks the
 * claim against groq-js.
 */
export function narrowingOf(expr: ExprNode, params: Params): Narrowing | null {
  let best: Narrowing | null = null
  for (const part of conjuncts(expr)) {
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
  return best
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
  /** The terms as text. */
  key: string
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
  return terms.length === 0 ? null : { key: JSON.stringify(args), terms, directions }
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

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
}

/**
 * Where the documents matching a compiled filter come from: by default one pass over `docs`; a query
 * worker answers from the matches it keeps current per filter (server/query/views.ts).
 */
export interface Matcher {
  /** The documents passing `test`, in the order of `docs`; `key` is the filter's conditions as text. */
  filter(key: string, test: (doc: unknown) => boolean): readonly unknown[]
  /**
   * The same filter's documents sorted as `order()` sorts them: by `compare` on their `keys`, ties in
   * the order of `docs`. `order` is the order's terms as text. Null leaves the sort to the planner.
   */
  sorted(key: string, order: string, keys: (doc: unknown) => unknown[], compare: (a: unknown[], b: unknown[]) => number): readonly unknown[] | null
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
  candidates(narrowing: Narrowing): readonly unknown[] | null
}

/**
 * The query with every `*[filter]` answered from `source`, or null when some `*` cannot be (a
 * filter no condition narrows, too many candidates, or `*` used otherwise): then the query needs
 * every document, and the caller plans it over them with planQuery.
 */
export function planFromSource(tree: ExprNode, source: Source, params: Params): ExprNode | null {
  // First without reading anything: a query with a `*` no condition narrows (the homepage's
  // listings) costs a walk of its tree, not a read of candidates it would then throw away.
  if (!narrowsEverything(tree, params, () => [])) return null
  let complete = true
  const planned = planTree(tree, [], params, undefined, narrowedBy(params, (narrowing) => (complete ? source.candidates(narrowing) : null), () => (complete = false)), () => {
    complete = false
  })
  return complete ? planned : null
}

function narrowsEverything(tree: ExprNode, params: Params, candidates: Source['candidates']): boolean {
  let complete = true
  planTree(tree, [], params, undefined, narrowedBy(params, candidates, () => (complete = false)), () => {
    complete = false
  })
  return complete
}

function narrowedBy(params: Params, candidates: Source['candidates'], incomplete: () => void) {
  return (node: Node, plan: FilterPlan | null): readonly unknown[] | null => {
    const narrowing = plan ? narrowingOf(node.expr as ExprNode, params) : null
    const found = narrowing ? candidates(narrowing) : null
    if (!found) incomplete()
    return found
  }
}

export function planQuery(tree: ExprNode, docs: readonly unknown[], params: Params, match?: Matcher): ExprNode {
  return planTree(tree, docs, params, match, null, null)
}

function planTree(
  tree: ExprNode,
  docs: readonly unknown[],
  params: Params,
  match: Matcher | undefined,
  narrowed: ((node: Node, plan: FilterPlan | null) => readonly unknown[] | null) | null,
  everything: (() => void) | null,
): ExprNode {
  const matched = new Map<string, readonly unknown[]>()
  /** The filter key of each list of matches the matcher gave. */
  const keptBy = new Map<readonly unknown[], string>()

  /** `limit`: how many of its first items the parent reads (it matters only to a planned order()). */
  const rewrite = (node: Node, limit = Infinity): Node => {
    // A Value's payload is data, not syntax, even where it has a `type` key.
    if (node.type === 'Value') return node
    if (node.type === 'Everything') everything?.()
    if (node.type === 'Filter' && (node.base as Node).type === 'Everything') {
      const plan = cached(filterPlans, node, () => planFilter(node.expr as ExprNode))
      const candidates = narrowed ? narrowed(node, plan) : docs
      if (plan && candidates) {
        let found = matched.get(plan.key)
        if (!found) {
          const test = (doc: unknown) => plan.test(doc, params)
          found = match ? match.filter(plan.key, test) : candidates.filter(test)
          matched.set(plan.key, found)
          if (match) keptBy.set(found, plan.key)
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
      if (plan) {
        const key = keptBy.get(out.base.value as unknown[])
        const sorted = match && key !== undefined ? match.sorted(key, plan.key, (doc) => plan.terms.map((term) => term(doc, params)), (a, b) => compareKeys(plan, a, b)) : null
        if (sorted) return { type: 'Value', value: limit >= sorted.length ? sorted : sorted.slice(0, limit) }
        return { type: 'Value', value: sortBy(out.base.value as unknown[], plan, params, limit) }
      }
    }
    return out
  }

  return rewrite(tree as unknown as Node) as unknown as ExprNode
}
