// Proves that applyPatch applies patches as @sanity/mutator does. Random documents (nested objects,
// arrays of keyed objects and of numbers, strings that diffMatchPatch edits) get random patches with
// every operation and every path form the reference parses: attributes plain and quoted, indexes
// negative and past the end, slices, unions of members and of paths, a leading recursive descent,
// filters with each comparison, existence, `_key` and `@`. The reference applies them one path at a
// time in the documented order; each document our implementation produces must equal its result.
// Where the reference throws, ours may only throw PatchError. Left out, each with its reason where it
// is decided: the cases where the reference contradicts Sanity's documentation (for unset, inc, dec
// and diffMatchPatch the expected document is then the documented operation applied to exactly the
// locations the reference's own matcher reports), and the few behaviours this service keeps on
// purpose (refusing to change _id or _type, or to increment what is not a number, and creating a
// missing array on append), where ours must throw PatchError or is not compared. `*` and a recursive
// descent after a prefix, which the reference cannot do, are covered by the unit tests.

import { applyPatches, makePatches, parsePatch, stringifyPatches } from '@sanity/diff-match-patch'
import { extractWithPath, Mutation, type Mut } from '@sanity/mutator'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { applyPatch, PatchError } from './patch.ts'

type Json = unknown
type Doc = { _id: string; _type: string; [key: string]: Json }

// Documents follow a loose schema, so that random paths find things: `a` holds an object, `items`
// keyed objects, `tags` numbers, `v` a number, `text` a string diffMatchPatch can edit, and `a b` a
// name that needs quoting. One structure in sixteen breaks the schema, so paths meet the unexpected.
type Kind = 'object' | 'objects' | 'numbers' | 'leaf'
const fields: ReadonlyArray<readonly [string, Kind]> = [
  ['a', 'object'],
  ['items', 'objects'],
  ['tags', 'numbers'],
  ['v', 'leaf'],
  ['text', 'leaf'],
  ['a b', 'leaf'],
]
const keys = ['k1', 'k2', 'k3'] as const
const strings = ['hello world', 'good morning', 'x', 'y', ''] as const
const json = (v: Json): Json => JSON.parse(JSON.stringify(v))
const isIdentifier = (s: string) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(s)

const primitive = fc.oneof(fc.integer({ min: -1, max: 4 }), fc.constantFrom(...strings), fc.boolean(), fc.constant(null))
const anything: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof({ maxDepth: 2 }, primitive, fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(fc.constantFrom('a', 'v', 'text', 'w'), tie('value'), { maxKeys: 3, noNullPrototype: true })),
})).value
const mostly = <T>(usual: fc.Arbitrary<T>) => fc.oneof({ weight: 15, arbitrary: usual as fc.Arbitrary<Json> }, { weight: 1, arbitrary: anything })

const objectAt = (depth: number): fc.Arbitrary<Record<string, Json>> => {
  const inner = depth >= 2 ? null : objectAt(depth + 1)
  return fc
    .tuple(
      fc.record(
        {
          ...(inner ? { a: mostly(inner), items: mostly(fc.array(inner, { minLength: 1, maxLength: 3 })) } : {}),
          tags: mostly(fc.array(fc.integer({ min: -1, max: 4 }), { maxLength: 4 })),
          v: fc.integer({ min: -1, max: 4 }),
          text: fc.constantFrom(...strings),
          'a b': fc.oneof(fc.integer({ min: -1, max: 4 }), fc.constantFrom(...strings)),
        },
        // Arrays are always there, so that most inserts find theirs; `a` and `a b` may be missing.
        { requiredKeys: inner ? ['v', 'text', 'tags', 'items'] : ['v', 'text', 'tags'], noNullPrototype: true },
      ),
      fc.option(fc.constantFrom(...keys), { nil: undefined }),
    )
    .map(([o, key]) => (key === undefined ? o : { _key: key, ...o }))
}
// Through JSON, as stored documents are: no value appears twice by reference.
const document = objectAt(0).map(({ _key: _k, ...body }) => json({ _id: 'doc', _type: 'article', ...body }) as Doc)

// Written values use attribute names no path mentions. The reference walks a value it reaches twice
// again after writing into it, so a written object that matched the path would be patched once more;
// a path names locations in the document being patched, not in what the patch writes.
const written = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: -1, max: 4 }) },
  { weight: 2, arbitrary: primitive },
  { weight: 1, arbitrary: fc.array(primitive, { maxLength: 2 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('w', 'w2'), primitive, { maxKeys: 2, noNullPrototype: true }) },
)

// --- Paths ----------------------------------------------------------------------------------------

type Step =
  | { t: 'attr'; name: string }
  | { t: 'index'; i: number }
  | { t: 'slice'; s: number | null; e: number | null }
  | { t: 'filter'; text: string }
  /** `attrs`: how many terms are a bare attribute name */
  | { t: 'union'; terms: string[]; attrs: number }

interface PathSpec {
  recursive: boolean
  steps: Step[]
}

const renderSlice = (s: { s: number | null; e: number | null }) => `${s.s ?? ''}:${s.e ?? ''}`

function renderStep(s: Step, first: boolean): string {
  switch (s.t) {
    case 'attr':
      return isIdentifier(s.name) ? `${first ? '' : '.'}${s.name}` : `['${s.name}']`
    case 'index':
      return `[${s.i}]`
    case 'slice':
      return `[${renderSlice(s)}]`
    case 'filter':
      return `[${s.text}]`
    case 'union':
      return `[${s.terms.join(', ')}]`
  }
}

function render(spec: PathSpec): string {
  return (spec.recursive ? '..' : '') + spec.steps.map((s, i) => renderStep(s, i === 0)).join('')
}

/**
 * Choices read from a tape of numbers, so that shrinking the tape towards zeros shrinks a path
 * towards the first, simplest option at every choice; past its end the tape reads zeros.
 */
class Choices {
  private at = 0
  constructor(private readonly tape: number[]) {}
  next(): number {
    return this.tape[this.at++] ?? 0
  }
}
type G = Choices
const pick = <T>(g: G, ...values: T[]): T => values[g.next() % values.length]!
const chance = (g: G, percent: number) => g.next() % 100 >= 100 - percent
const count = (g: G, min: number, max: number) => min + (g.next() % (max - min + 1))
const tape = fc.array(fc.nat({ max: 9999 }), { minLength: 40, maxLength: 40 })

const literal = (g: G, kind: 'number' | 'string' | 'any'): string => {
  const n = () => String(pick(g, -1, 0, 1, 2, 3, 4))
  const str = () => JSON.stringify(pick<string>(g, ...strings, ...keys))
  if (kind === 'number') return chance(g, 85) ? n() : str()
  if (kind === 'string') return chance(g, 85) ? str() : n()
  return pick(g, n, str, () => pick(g, 'true', 'false'))()
}
const operator = (g: G) => pick(g, '==', '!=', '<', '<=', '>', '>=')

/** A filter for members of `items` (objects) or of `tags` (numbers). */
function filter(g: G, members: 'objects' | 'numbers', everywhere = false): string {
  // Under `..` a filter also meets the document, which only a `_key` filter never matches.
  if (everywhere && members === 'objects') return chance(g, 70) ? `_key == "${pick(g, ...keys)}"` : `v ${operator(g)} ${literal(g, 'number')}`
  if (members === 'numbers') return chance(g, 85) ? `@ ${operator(g)} ${literal(g, 'number')}` : pick(g, '@?', `v ${operator(g)} 1`)
  return pick(
    g,
    () => `_key == "${pick(g, ...keys)}"`,
    () => `v ${operator(g)} ${literal(g, 'number')}`,
    () => `text ${operator(g)} ${literal(g, 'string')}`,
    () => `a.v ${operator(g)} ${literal(g, 'number')}`,
    () => `'a b' ${operator(g)} ${literal(g, 'any')}`,
    () => `${pick(g, 'v', 'text', '_key', 'a.v', "'a b'")}?`,
    () => `@ ${operator(g)} ${literal(g, 'any')}`,
  )()
}

/**
 * A member selector. With more path after it, indexes stay small and slices closed and positive:
 * the reference throws for a negative index or an open slice followed by more path, and for a
 * member past the end; under `..`, where every array is met, empty ones included, only filters.
 */
function member(g: G, members: 'objects' | 'numbers', last: boolean, filterOnly = false): Step {
  if (filterOnly) return { t: 'filter', text: filter(g, members, true) }
  const index = (): Step => ({ t: 'index', i: last ? pick(g, 0, -1, 1, 2, 5, -3) : 0 })
  const slice = (): Step =>
    last
      ? pick<Step>(g, { t: 'slice', s: 1, e: null }, { t: 'slice', s: null, e: 2 }, { t: 'slice', s: -2, e: null }, { t: 'slice', s: 0, e: 2 }, { t: 'slice', s: 1, e: 5 }, { t: 'slice', s: 2, e: 1 }, { t: 'slice', s: 0, e: -1 })
      : { t: 'slice', s: 0, e: 1 }
  const term = (): string => {
    const s = pick(g, index, slice, () => ({ t: 'filter', text: filter(g, members) }) as Step)()
    return s.t === 'index' ? String(s.i) : s.t === 'slice' ? renderSlice(s) : (s as { text: string }).text
  }
  return pick<() => Step>(
    g,
    index,
    index,
    slice,
    () => ({ t: 'filter', text: filter(g, members) }),
    () => ({ t: 'filter', text: filter(g, members) }),
    () => ({ t: 'union', terms: [term(), term()], attrs: 0 }),
  )()
}

type End = 'anything' | 'number' | 'string' | 'array'

/**
 * A path that mostly follows the schema: from the document (or, after a leading `..`, from any
 * kind of value) a few steps down, then on to the kind of value the operation wants.
 */
function path(g: G, end: End, matchValues = true): PathSpec {
  const recursive = chance(g, 25)
  let kind: Kind = 'object'
  const numbers: Kind[] = matchValues ? ['numbers'] : []
  if (recursive) kind = end === 'number' ? pick<Kind>(g, 'object', ...numbers) : end === 'anything' ? pick<Kind>(g, 'object', 'objects', ...numbers) : pick<Kind>(g, 'object', 'objects')
  const steps: Step[] = []
  if (recursive && kind === 'numbers') {
    // Under `..` a member selector meets every array, `items` as much as `tags`, and a filter every
    // value, the document's _id included: `@ > 1` keeps to numbers.
    steps.push({ t: 'filter', text: `@ ${pick(g, '>', '>=')} ${pick(g, 1, 2, 3)}` })
    kind = 'leaf'
  }
  // After `..` the reference walks each match once per route to it, which doubles with every step
  // (and overflows its stack on `..a.a.a`), so recursive paths stay short.
  const walk = count(g, recursive ? 0 : 1, recursive ? 1 : 3)
  const step = (last: boolean) => {
    if (end === 'anything' && matchValues && chance(g, 4)) {
      // Off the schema: a step that may not fit the value it meets.
      steps.push(pick<Step>(g, { t: 'attr', name: pick(g, 'a', 'v', 'items') }, { t: 'index', i: 0 }, { t: 'filter', text: 'v > 0' }))
      kind = pick<Kind>(g, 'object', 'objects', 'numbers')
    } else if (kind === 'object') {
      if (steps.length === 0 && !recursive && end === 'anything' && chance(g, 15)) {
        // A union of paths opening the path, as in [v, a.v].
        const terms = [pick(g, 'v', 'text'), pick(g, "'a b'", 'a.v')]
        steps.push({ t: 'union', terms, attrs: terms.filter((t) => !t.includes('.')).length })
        kind = 'leaf'
      } else {
        // `..a.a` makes the reference's walk exponential: under `..`, `a` only comes first.
        const usable = fields.filter(([name]) => !(recursive && steps.length > 0 && name === 'a'))
        const [name, next] = pick(g, ...usable.filter(([, k]) => (last && end === 'anything') || (k !== 'leaf' && (end === 'number' || end === 'anything' || k !== 'numbers'))))
        steps.push({ t: 'attr', name })
        kind = next
      }
    } else if (kind === 'objects' || kind === 'numbers') {
      steps.push(member(g, kind, last, recursive))
      kind = kind === 'objects' ? 'object' : 'leaf'
    }
  }
  for (let i = 0; i < walk && kind !== 'leaf'; i++) step(false)
  const finish = (name: string) => {
    if (kind === 'objects') {
      steps.push(member(g, 'objects', false, recursive))
      kind = 'object'
    }
    if (kind === 'object') steps.push({ t: 'attr', name })
  }
  if (end === 'number') {
    if (kind === 'numbers') steps.push(member(g, 'numbers', true))
    else finish('v')
  } else if (end === 'string') {
    finish('text')
  } else if (end === 'array') {
    finish(pick(g, 'items', 'tags'))
  } else if (kind !== 'leaf' && (steps.length === 0 || chance(g, 70) || (!matchValues && recursive))) {
    if (kind === 'object' && chance(g, 15)) {
      const terms = recursive ? [pick(g, 'v', 'tags'), pick(g, 'text', "'a b'")] : [pick(g, 'v', 'a.v'), pick(g, 'text', "'a b'", 'a')]
      steps.push({ t: 'union', terms, attrs: terms.filter((t) => !t.includes('.')).length })
    } else {
      step(true)
    }
  }
  if (steps.length === 0 || (!matchValues && recursive && kind === 'object' && steps[steps.length - 1]!.t === 'filter')) steps.push({ t: 'attr', name: 'v' })
  return { recursive, steps }
}

const pathTo = (end: End, matchValues = true) => tape.map((t) => path(new Choices(t), end, matchValues))

// --- Patches --------------------------------------------------------------------------------------

const dmpPairs: Array<[string, string]> = [
  ['hello world', 'hello brave new world'],
  ['good morning', 'good evening'],
  ['x', 'xx'],
  ['hello world', 'world'],
]
const dmpPatch = fc.constantFrom(...dmpPairs.map(([a, b]) => stringifyPatches(makePatches(a, b))))

type InsertCase = { mode: 'before' | 'after' | 'replace'; prefix: PathSpec; selector: Step; items: Json[] }

// insert: an array attribute, reached by any path, then a selector of its members or positions.
const insert = fc.tuple(tape, fc.array(written, { minLength: 1, maxLength: 2 })).map(([t, items]): InsertCase => {
  const g = new Choices(t)
  const prefix = path(g, 'array')
  const last = prefix.steps[prefix.steps.length - 1]
  const members = last?.t === 'attr' && last.name === 'tags' ? 'numbers' : 'objects'
  const selector = chance(g, 25) ? { t: 'union' as const, terms: [String(pick(g, 0, 1, -1, 4)), pick(g, '0', '2', '1:3', '0:1')], attrs: 0 } : member(g, members, true)
  return { mode: pick(g, 'before', 'after', 'replace'), prefix, selector, items }
})

const entries = <T>(end: End, values: fc.Arbitrary<T>) => fc.array(fc.tuple(pathTo(end), values), { maxLength: 2 })
const patchCase = fc.record({
  set: entries('anything', written),
  // The reference throws when setIfMissing or unset meets a filter that lands on a single value.
  setIfMissing: fc.array(fc.tuple(pathTo('anything', false), written), { maxLength: 2 }),
  unset: fc.array(pathTo('anything', false), { maxLength: 2 }),
  diffMatchPatch: fc.array(fc.tuple(pathTo('string'), dmpPatch), { maxLength: 1 }),
  inc: entries('number', fc.integer({ min: 1, max: 3 })),
  dec: fc.array(fc.tuple(pathTo('number'), fc.integer({ min: 1, max: 3 })), { maxLength: 1 }),
  insert: fc.option(insert, { nil: undefined, freq: 2 }),
})
type PatchCase = {
  set: Array<[PathSpec, Json]>
  setIfMissing: Array<[PathSpec, Json]>
  unset: PathSpec[]
  diffMatchPatch: Array<[PathSpec, string]>
  inc: Array<[PathSpec, number]>
  dec: Array<[PathSpec, number]>
  insert: InsertCase | undefined
}

function ours(c: PatchCase): Record<string, Json> {
  const byPath = <T>(list: Array<[PathSpec, T]>) => (list.length ? Object.fromEntries(list.map(([p, v]) => [render(p), v])) : undefined)
  const patch: Record<string, Json> = {
    set: byPath(c.set),
    setIfMissing: byPath(c.setIfMissing),
    unset: c.unset.length ? c.unset.map(render) : undefined,
    diffMatchPatch: byPath(c.diffMatchPatch),
    inc: byPath(c.inc),
    dec: byPath(c.dec),
    insert: c.insert && { [c.insert.mode]: render(c.insert.prefix) + renderStep(c.insert.selector, false), items: c.insert.items },
  }
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined))
}

// --- The reference, step by step --------------------------------------------------------------------

type Op = 'set' | 'setIfMissing' | 'unset' | 'diffMatchPatch' | 'inc' | 'dec' | 'insert'

/**
 * The patch as single-path steps in the documented order: set, setIfMissing, unset, inc, dec,
 * insert. Within one patch the reference runs setIfMissing before set, against that order, so it
 * gets one path at a time. diffMatchPatch, which the documented order leaves out, goes where the
 * reference runs it, after unset. As in `ours`, the later of two equal paths wins.
 */
function steps(c: PatchCase): Array<{ op: Op; path: string; spec: PathSpec | null; value: Json }> {
  const unique = <T>(list: Array<[PathSpec, T]>) => [...new Map(list.map(([p, v]) => [render(p), { spec: p, value: v }])).entries()]
  const out: Array<{ op: Op; path: string; spec: PathSpec | null; value: Json }> = []
  for (const op of ['set', 'setIfMissing'] as const) for (const [path, { spec, value }] of unique(c[op])) out.push({ op, path, spec, value })
  for (const spec of c.unset) out.push({ op: 'unset', path: render(spec), spec, value: null })
  for (const op of ['diffMatchPatch', 'inc', 'dec'] as const) for (const [path, { spec, value }] of unique<Json>(c[op])) out.push({ op, path, spec, value })
  if (c.insert) out.push({ op: 'insert', path: render(c.insert.prefix) + renderStep(c.insert.selector, false), spec: null, value: c.insert })
  return out
}

function reference(doc: Doc, patch: Record<string, Json>): Doc {
  const mutation: Mut = { patch: { id: doc._id, ...patch } as Mut['patch'] }
  return new Mutation({ mutations: [mutation] }).apply(doc) as Doc
}

const plain = (doc: Json): Json => {
  const { _rev: _r, _updatedAt: _u, ...rest } = json(doc) as Record<string, Json>
  return rest
}

/** Where a reference match sits in `root`, if a value is there. */
function locate(root: Json, path: Array<string | number>): { holder: Record<string | number, Json>; key: string | number } | null {
  let holder: Json = null
  let current: Json = root
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return null
    if (Array.isArray(current) ? typeof key !== 'number' || key < 0 || key >= current.length : typeof key !== 'string' || !Object.hasOwn(current, key)) return null
    holder = current
    current = (current as Record<string | number, Json>)[key]
  }
  return path.length === 0 ? null : { holder: holder as Record<string | number, Json>, key: path[path.length - 1]! }
}

/**
 * unset, inc, dec and diffMatchPatch as documented, on exactly the locations the reference's own
 * matcher (extractWithPath) reports for the path, each once. The reference's patch engine strays
 * from those in four ways, each a contradiction of the documented "the path selects these values,
 * the operation changes them": it applies inc, dec and diffMatchPatch again each time its walk
 * reaches a value by another route (a slice followed by more path, overlapping union terms, `..`);
 * it skips a value that a filter selects by itself rather than as an array member (`..[@ > 1]` on
 * an attribute); its unset removes array members one route at a time, so the second of
 * `[items[0], items[1]]` removes what was items[2]; and where a filter selects an object by itself,
 * its unset deletes an attribute named "" instead of the object.
 */
function asDocumented(state: Doc, op: Op, path: string, value: Json): Doc | 'not applicable' {
  const next = json(state) as Doc
  const seen = new Set<string>()
  const places = extractWithPath(path, next)
    .filter((m) => !seen.has(JSON.stringify(m.path)) && seen.add(JSON.stringify(m.path)))
    .map((m) => locate(next, m.path))
    .filter((p) => p !== null)
  if (op === 'unset') {
    const byHolder = new Map<object, Array<string | number>>()
    for (const p of places) byHolder.set(p.holder, [...(byHolder.get(p.holder) ?? []), p.key])
    for (const [holder, ks] of byHolder) {
      if (Array.isArray(holder)) for (const i of (ks as number[]).sort((x, y) => y - x)) holder.splice(i, 1)
      else for (const k of ks) delete (holder as Record<string, Json>)[k as string]
    }
    return next
  }
  for (const { holder, key } of places) {
    const current = holder[key]
    // Our service refuses these (kept from before, see the unit tests); the reference skips them.
    if (op === 'diffMatchPatch' ? typeof current !== 'string' : typeof current !== 'number') return 'not applicable'
    if (op === 'diffMatchPatch') holder[key] = applyPatches(parsePatch(value as string), current as string, { allowExceedingIndices: true })[0]
    else holder[key] = (current as number) + (op === 'dec' ? -(value as number) : (value as number))
  }
  return next
}

/** Why an insert step cannot be compared with the reference, or null when it can. */
function insertExclusion(state: Doc, c: InsertCase): string | null {
  const prefix = render(c.prefix)
  const arrays = extractWithPath(prefix, state)
  const paths = arrays.map((m) => JSON.stringify(m.path))
  // The reference inserts once per route by which it reaches the array (a slice followed by more
  // path reaches each member once per member of the slice).
  if (new Set(paths).size !== paths.length) return 'reference inserts once per route'
  // Under `..` the reference walks the value its first step reaches twice (once for the rest of the
  // path, once more for the descent), so an array matched inside it gets the items twice.
  if (c.prefix.recursive) {
    const k = c.prefix.steps.length
    const found = arrays.map((m) => m.path)
    for (const p of found) {
      const twice = p.slice(0, Math.max(p.length - k + 1, 0))
      if (found.some((q) => q !== p && q.length > twice.length && twice.every((x, i) => q[i] === x))) return 'reference inserts again inside a match under ..'
    }
  }
  const last = c.prefix.steps[c.prefix.steps.length - 1]!
  if (last.t === 'attr' && !(c.prefix.recursive && c.prefix.steps.length === 1)) {
    const parentSpec = { recursive: c.prefix.recursive, steps: c.prefix.steps.slice(0, -1) }
    const parents = parentSpec.steps.length === 0 ? [state] : extractWithPath(render(parentSpec), state).map((m) => m.value)
    // The service's contract (tests/contract/mutate.test.ts): appending to a missing array starts it.
    if (parents.some((p) => typeof p === 'object' && p !== null && !Array.isArray(p) && !Object.hasOwn(p, last.name))) return 'creates a missing array'
  }
  const terms = c.selector.t === 'slice' ? [renderSlice(c.selector)] : c.selector.t === 'index' ? [String(c.selector.i)] : c.selector.t === 'union' ? c.selector.terms : []
  // Documented: an index outside the array lands at the nearest end. The reference resolves -3 in a
  // two-member array to -1 and then slices there, which counts from the end a second time.
  const lengths = arrays.map((m) => (Array.isArray(m.value) ? m.value.length : 0))
  if (terms.some((t) => /^-\d+$/.test(t) && lengths.some((n) => Number(t) + n < 0))) return 'reference reads a far negative index from the end twice'
  if (!terms.some((t) => t.includes(':'))) return null
  // Documented: items land immediately after the last matched member. The reference puts them
  // after the member that follows a slice (it inserts at end + 1).
  if (c.mode === 'after') return 'reference inserts one past a slice'
  // An empty slice: alone, the reference's before inserts at 0 and its replace duplicates the
  // array; beside other members, before takes the empty slice's start and replace ignores it.
  for (const { value: array } of arrays) {
    if (!Array.isArray(array)) continue
    const n = array.length
    const empty = terms.some((t) => {
      if (!t.includes(':')) return false
      const [s, e] = t.split(':').map((x) => (x === '' ? null : Number(x)))
      const start = s === null || s === undefined ? 0 : s < 0 ? n + s : s
      const end = e === null || e === undefined ? n : e < 0 ? n + e : e
      return start >= end
    })
    if (empty) return 'reference mishandles an empty slice'
  }
  return null
}

/** setIfMissing on several attributes of one object: the reference writes each from the object as it was, so only the last survives. */
function setIfMissingClobbers(spec: PathSpec): boolean {
  const last = spec.steps[spec.steps.length - 1]
  return last?.t === 'union' && last.attrs >= 2
}

/**
 * set through a union of a filter on the value itself and then an index or slice, at a value that
 * is neither an array nor an object: `v[@ != "x", 0]` with `v` a number. Documented: a path
 * resolves to locations in the document, and `v[0]` is none when `v` is a number (the reference
 * throws for `v[0]` alone, ours selects nothing), so the path names `v` only and set writes it once. The reference delivers the
 * index to the number anyway and applies the union's targets one after another to the value as the
 * earlier ones left it: where the filter term comes first and writes an array, the index then goes
 * into that array, so `v` ends as [[]] for the value []. That is no rule of re-resolving terms: its
 * indexes still count from the value as the path found it (`tags[5, -1]` sets tags[1]), and the
 * same locations spelled `v[0, @ != "x"]`, `v[@ != "x", -1]` or `[v, v[0]]` make it throw. A path
 * names locations in the document being patched, not in what the patch writes (as for `written`).
 * Any other value, the terms the other way round, or a filter that fails make the reference throw.
 */
function setIndexesIntoItsOwnValue(state: Doc, spec: PathSpec, value: Json): boolean {
  if (!Array.isArray(value)) return false
  return spec.steps.some((step, i) => {
    if (step.t !== 'union') return false
    // A filter on the value itself, then an index or slice.
    const self = step.terms.findIndex((t) => t.startsWith('@'))
    if (self < 0 || !step.terms.slice(self + 1).some((t) => /^-?\d+$|^-?\d*:-?\d*$/.test(t))) return false
    const prefix: PathSpec = { recursive: spec.recursive, steps: spec.steps.slice(0, i) }
    let reached: Json[]
    try {
      reached = i === 0 ? [state] : extractWithPath(render(prefix), state).map((m) => m.value)
    } catch {
      // The matcher cannot walk an attribute through a number, where set replaces the number with
      // objects; the union then meets an object, not a number.
      reached = []
    }
    return reached.some((v) => typeof v !== 'object' || v === null)
  })
}

/**
 * set along a path that reaches one value by two routes (`items[0, 0]`, or `items[0, v > 1]` where
 * both select member 0), where the first walk makes that value an array, or a longer one, and the
 * next step selects members by their count or contents. The reference walks the value once per
 * route, and the second walk selects in what the first one wrote: `items[0, 0].items[2, -3]` on a
 * one-member array pads it to three and then also writes items[0].items[0] (-3 counted from the
 * padded array), `[2, 1:]` overwrites the null padding, and `items[0, 0].tags[@?]` with `tags` the
 * number 0 and the value [0] writes [0] and then, finding an array, [[0]]. Documented: the path
 * names a set of locations in the document, each set once; in a one-member array -3 names nothing
 * and `1:` no member, and at a number `@?` names the number. With one route
 * (`items[0].items[2, -3]`) the reference agrees with ours. The rule of `written` and
 * `setIndexesIntoItsOwnValue`: a path names locations in the document, not in what the patch writes.
 * Left out only where the second walk changes the outcome: where the same set, with each of those
 * locations walked once (a union of their plain paths, `[items[0].items][2, -3]`), gives the
 * reference another document; and, since no union can name it, where one of them is the document.
 */
function setRewalksWhatItWrote(state: Doc, spec: PathSpec, value: Json, next: Doc): boolean {
  // What a longer array, or a new one, changes: a negative index, a slice with a negative start or
  // a negative or open end, and a filter (the nulls of the padding pass `@?` and `@ < 1`).
  const slice = (s: number | null, e: number | null) => (s !== null && s < 0) || e === null || e < 0
  const term = (t: string): boolean => {
    if (/^-?\d+$/.test(t)) return Number(t) < 0
    const bounds = /^(-?\d*):(-?\d*)$/.exec(t)
    if (!bounds) return true // a filter
    const bound = (x: string) => (x === '' ? null : Number(x))
    return slice(bound(bounds[1]!), bound(bounds[2]!))
  }
  const rereads = (step: Step) =>
    step.t === 'index' ? step.i < 0 : step.t === 'slice' ? slice(step.s, step.e) : step.t === 'filter' ? true : step.t === 'union' ? step.terms.some(term) : false
  let rewritten = false
  // The last such step reached twice, and the distinct locations the steps before it reach.
  let last: { at: number; routes: Array<Array<string | number>> } | null = null
  for (let j = 1; j < spec.steps.length; j++) {
    if (!rereads(spec.steps[j]!)) continue
    let routes: Array<Array<string | number>>
    try {
      routes = extractWithPath(render({ recursive: spec.recursive, steps: spec.steps.slice(0, j) }), state).map((m) => m.path)
    } catch {
      // As in setIndexesIntoItsOwnValue: set builds objects where the matcher cannot walk.
      continue
    }
    const distinct = [...new Map(routes.map((r) => [JSON.stringify(r), r])).values()]
    if (distinct.length === routes.length) continue
    last = { at: j, routes: distinct }
    for (const route of routes.filter((r, i) => routes.findIndex((q) => JSON.stringify(q) === JSON.stringify(r)) !== i)) {
      const before = locate(state, route)
      const after = locate(next, route)
      if (before === null || after === null) continue
      const [b, a] = [before.holder[before.key], after.holder[after.key]]
      if (Array.isArray(a) && (!Array.isArray(b) || a.length > b.length)) rewritten = true
    }
  }
  if (!rewritten || last === null) return false
  const { at, routes } = last
  if (routes.some((r) => r.length === 0)) return true
  const plainPath = (route: Array<string | number>) => render({ recursive: false, steps: route.map((k): Step => (typeof k === 'number' ? { t: 'index', i: k } : { t: 'attr', name: k })) })
  const once = `[${routes.map(plainPath).join(', ')}]` + spec.steps.slice(at).map((s) => renderStep(s, false)).join('')
  try {
    return JSON.stringify(plain(reference(state, { set: { [once]: value } }))) !== JSON.stringify(plain(next))
  } catch {
    return true
  }
}

type Outcome = { kind: 'compare'; expected: Doc; strayed: boolean } | { kind: 'refuse' } | { kind: 'reference throws' } | { kind: 'excluded'; why: string }

function expectation(doc: Doc, c: PatchCase): Outcome {
  let state = doc
  let strayed = false
  for (const s of steps(c)) {
    let next: Doc
    try {
      next = reference(state, s.op === 'insert' ? { insert: { [(s.value as InsertCase).mode]: s.path, items: (s.value as InsertCase).items } } : { [s.op]: s.op === 'unset' ? [s.path] : { [s.path]: s.value } })
    } catch {
      return { kind: 'reference throws' }
    }
    if (s.op === 'setIfMissing' && s.spec && setIfMissingClobbers(s.spec) && JSON.stringify(next) !== JSON.stringify(state)) return { kind: 'excluded', why: 'setIfMissing clobbers' }
    if (s.op === 'set' && s.spec && setIndexesIntoItsOwnValue(state, s.spec, s.value)) return { kind: 'excluded', why: 'reference sets an index of the array it has just written' }
    if (s.op === 'set' && s.spec && setRewalksWhatItWrote(state, s.spec, s.value, next)) return { kind: 'excluded', why: 'reference walks again what it has just written' }
    if (s.op === 'unset' || s.op === 'inc' || s.op === 'dec' || s.op === 'diffMatchPatch') {
      let documented: Doc | 'not applicable'
      try {
        documented = asDocumented(state, s.op, s.path, s.value)
      } catch {
        return { kind: 'reference throws' }
      }
      if (documented === 'not applicable') return { kind: 'refuse' }
      if (JSON.stringify(plain(documented)) !== JSON.stringify(plain(next))) strayed = true
      next = documented
    }
    // The service never lets a patch replace the document or change its _id or _type (see the unit
    // tests); a filter under `..` can select the document itself.
    if (typeof next !== 'object' || next === null || Array.isArray(next) || next._id !== state._id || next._type !== state._type) return { kind: 'refuse' }
    if (s.op === 'insert') {
      const why = insertExclusion(state, s.value as InsertCase)
      if (why) return { kind: 'excluded', why }
    }
    state = json(next) as Doc
  }
  return { kind: 'compare', expected: state, strayed }
}

describe('applyPatch agrees with @sanity/mutator', () => {
  it('on random documents and patches', { timeout: 30_000 }, () => {
    // Counts of each outcome, printed if too few cases were compared.
    const tally: Record<string, number> = {}
    const note = (key: string) => (tally[key] = (tally[key] ?? 0) + 1)
    fc.assert(
      fc.property(document, patchCase, (doc, c) => {
        const outcome = expectation(doc, c as PatchCase)
        note(outcome.kind === 'excluded' ? `excluded: ${outcome.why}` : outcome.kind)
        if (outcome.kind === 'compare' && outcome.strayed) note('compared with the documented operation')
        const draft = structuredClone(doc) as Record<string, Json>
        let error: unknown = null
        try {
          applyPatch(draft, ours(c as PatchCase))
        } catch (e) {
          error = e
        }
        if (error !== null && !(error instanceof PatchError)) throw error
        if (outcome.kind === 'compare') {
          if (error) throw error
          expect(plain(draft)).toEqual(plain(outcome.expected))
        } else if (outcome.kind === 'refuse') {
          expect(error).toBeInstanceOf(PatchError)
        }
      }),
      { numRuns: 1000 },
    )
    // Most cases must be real comparisons, or the property says little.
    expect(tally.compare ?? 0, JSON.stringify(tally)).toBeGreaterThan(1000 * 0.5)
  })
})
