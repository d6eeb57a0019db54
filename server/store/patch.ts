import { applyPatches, parsePatch } from '@sanity/diff-match-patch'

// The patch operations of Sanity's HTTP mutations API (set, setIfMissing, unset, inc, dec, insert,
// diffMatchPatch) applied to one document, addressed with JSONMatch paths:
//
//   title  'a b'  meta['a b']          attributes; single quotes for names that are not identifiers
//   tags[0]  tags[-1]                  indexes, negative ones counted from the end
//   tags[1:3]  tags[:2]  tags[2:]      slices, end exclusive
//   tags[*]  meta.*                    every member of an array, every attribute of an object
//   tags[0, 2]  [title, meta.x]        unions of any of these, paths included
//   ..text  body..[_key == "k"]        recursive descent: the rest of the path tried at every depth
//   items[v > 1]  tags[@ == "x"]       filters: == != < <= > >= against a literal, and `[v?]` for
//   body[_key == "k"]                  existence; `@` is the value itself
//
// Sanity's documentation defines the language and the operations. Where it says nothing, the rules
// are those of @sanity/mutator, the reference implementation, including the quirks clients see:
// `set` builds missing attributes as objects, even where the rest of the path then matches nothing,
// and replaces a string, number or null it has to walk through; setting an index past the end pads
// with nulls; setIfMissing never fills array members; a filter on an array selects members, and on
// any other value keeps or drops that value. Inserts at positions outside the array land at the
// nearest end. Where the reference contradicts the documentation, the documentation wins: a path
// names a set of locations and each is changed once (the reference repeats inc, dec, insert and
// diffMatchPatch on a value its walk reaches twice), and `..` searches only below its start.
//
// unset, inc, dec, diffMatchPatch and insert find every location before changing any; set and
// setIfMissing build as they walk, the deepest changes first.
//
// The service keeps rules of its own, stricter than the reference or kinder to clients: no path may
// replace the document or change its _id or _type; inc and dec refuse a value that is not a number
// and diffMatchPatch one that is not a string, where the reference skips them; and an append or
// prepend to a missing array starts it, where the reference does nothing.
//
// Patches are applied to a deep copy by the caller, so a failure leaves the stored document as it
// was. Every failure is a PatchError, which the service reports as a 400.

export class PatchError extends Error {}

export type FilterOperator = '?' | '==' | '!=' | '<' | '<=' | '>' | '>='
export type Literal = string | number | boolean | null

export type Segment =
  | { kind: 'attr'; name: string }
  | { kind: 'index'; index: number }
  | { kind: 'key'; key: string }
  | { kind: 'slice'; start: number | null; end: number | null }
  | { kind: 'wildcard' }
  /** `subject` is an attribute path, or null for `@` */
  | { kind: 'filter'; subject: string[] | null; op: FilterOperator; value?: Literal }
  | { kind: 'union'; terms: Segment[][] }
  /** the segments after this one are tried at this value and at every value inside it */
  | { kind: 'recursive' }

// No stored document is deeper than 100 levels, so a longer path addresses nothing, and `set` on it
// would build one object per segment from a request of a few megabytes.
const MAX_PATH_DEPTH = 100
// Brackets inside brackets are parsed recursively; real paths nest one or two.
const MAX_BRACKET_NESTING = 32
// Walking and building is recursive; documents are at most 100 deep and paths add at most 100.
const MAX_WALK_DEPTH = 256
// Budget of values visited and filters tested per path: a recursive descent with filters over the
// largest document stays far below it, a path crafted to multiply work does not.
const MAX_STEPS = 2_000_000
// `set` on tags[100000000] would allocate the padding before anything could refuse it.
const MAX_PADDING = 10_000

// --- Parsing --------------------------------------------------------------------------------------

type Token =
  | { type: 'punct'; text: '..' | '.' | ',' | ':' | '?' | '[' | ']' | '*' | '@' | '$'; at: number }
  | { type: 'op'; text: Exclude<FilterOperator, '?'>; at: number }
  | { type: 'name'; text: string; at: number }
  /** single quotes: an attribute name */
  | { type: 'quoted'; text: string; at: number }
  /** double quotes: a string literal */
  | { type: 'string'; text: string; at: number }
  | { type: 'number'; value: number; text: string; at: number }

const escapes: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' }

function tokenize(path: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  const fail = (what: string): never => {
    throw new PatchError(`Invalid patch path "${path}": ${what} at position ${i}`)
  }
  while (i < path.length) {
    const c = path[i]!
    const at = i
    if (/\s/.test(c)) {
      i++
    } else if (c === '.') {
      const double = path[i + 1] === '.'
      tokens.push({ type: 'punct', text: double ? '..' : '.', at })
      i += double ? 2 : 1
    } else if (',:?[]*@$'.includes(c)) {
      tokens.push({ type: 'punct', text: c as ',' | ':' | '?' | '[' | ']' | '*' | '@' | '$', at })
      i++
    } else if (c === '=' || c === '!') {
      if (path[i + 1] !== '=') fail(`"${c}" must be followed by "="`)
      tokens.push({ type: 'op', text: c === '=' ? '==' : '!=', at })
      i += 2
    } else if (c === '<' || c === '>') {
      const orEqual = path[i + 1] === '='
      tokens.push({ type: 'op', text: (orEqual ? `${c}=` : c) as '<' | '<=' | '>' | '>=', at })
      i += orEqual ? 2 : 1
    } else if (c === "'" || c === '"') {
      let text = ''
      i++
      for (;;) {
        if (i >= path.length) fail(`unclosed ${c}`)
        const d = path[i]!
        if (d === c) break
        if (d === '\\') {
          const e = path[i + 1]
          if (e === undefined) fail('unfinished escape')
          if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(path.slice(i + 2, i + 6))) {
            text += String.fromCharCode(parseInt(path.slice(i + 2, i + 6), 16))
            i += 6
          } else {
            text += escapes[e!] ?? e
            i += 2
          }
        } else {
          text += d
          i++
        }
      }
      i++
      tokens.push({ type: c === "'" ? 'quoted' : 'string', text, at })
    } else if (/[0-9-]/.test(c)) {
      const m = /^-?\d+(\.\d+)?/.exec(path.slice(i))
      if (!m) fail(`unexpected "${c}"`)
      tokens.push({ type: 'number', value: Number(m![0]), text: m![0], at })
      i += m![0].length
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(path.slice(i))!
      tokens.push({ type: 'name', text: m[0], at })
      i += m[0].length
    } else {
      fail(`unexpected "${c}"`)
    }
  }
  return tokens
}

class PathParser {
  private pos = 0
  constructor(
    private readonly tokens: Token[],
    private readonly source: string,
  ) {}

  parse(): Segment[] {
    const segments = this.path(0)
    const extra = this.peek()
    if (extra) this.fail(`unexpected "${this.describe(extra)}"`)
    return segments
  }

  private path(nesting: number): Segment[] {
    const segments: Segment[] = []
    this.firstStep(segments, nesting)
    for (;;) {
      const t = this.peek()
      if (this.is(t, '.')) {
        this.pos++
        const name = this.peek()
        if (this.is(name, '*')) {
          this.pos++
          segments.push({ kind: 'wildcard' })
        } else if (name && (name.type === 'name' || name.type === 'quoted')) {
          this.pos++
          segments.push({ kind: 'attr', name: name.text })
        } else {
          this.fail('expected an attribute name after "."')
        }
      } else if (this.is(t, '..')) {
        this.pos++
        segments.push({ kind: 'recursive' })
        this.firstStep(segments, nesting)
      } else if (this.is(t, '[')) {
        segments.push(...this.bracket(nesting))
      } else {
        return segments
      }
    }
  }

  /** What may open a path, or follow `..`. */
  private firstStep(segments: Segment[], nesting: number): void {
    const t = this.peek()
    if (t && (t.type === 'name' || t.type === 'quoted')) {
      this.pos++
      segments.push({ kind: 'attr', name: t.text })
    } else if (this.is(t, '*')) {
      this.pos++
      segments.push({ kind: 'wildcard' })
    } else if (this.is(t, '[')) {
      segments.push(...this.bracket(nesting))
    } else if (this.is(t, '..')) {
      this.pos++
      segments.push({ kind: 'recursive' })
      this.firstStep(segments, nesting)
    } else {
      this.fail(t ? `unexpected "${this.describe(t)}"` : 'the path ends too early')
    }
  }

  private bracket(nesting: number): Segment[] {
    if (nesting >= MAX_BRACKET_NESTING) this.fail(`brackets nested deeper than ${MAX_BRACKET_NESTING}`)
    this.pos++
    const terms: Segment[][] = [this.term(nesting + 1)]
    while (this.is(this.peek(), ',')) {
      this.pos++
      terms.push(this.term(nesting + 1))
    }
    if (!this.is(this.peek(), ']')) this.fail(this.peek() ? `expected "," or "]" instead of "${this.describe(this.peek()!)}"` : 'unclosed "["')
    this.pos++
    // One term is not a union: `a[b.c]` is `a.b.c`, `tags[0]` an index.
    return terms.length === 1 ? terms[0]! : [{ kind: 'union', terms }]
  }

  private term(nesting: number): Segment[] {
    const t = this.peek()
    if (!t) return this.fail('unclosed "["')
    if (t.type === 'number' || this.is(t, ':')) {
      const start = t.type === 'number' ? this.integer() : null
      if (!this.is(this.peek(), ':')) return [{ kind: 'index', index: start! }]
      this.pos++
      const end = this.peek()?.type === 'number' ? this.integer() : null
      return [{ kind: 'slice', start, end }]
    }
    if (this.is(t, '@') || this.is(t, '$')) {
      this.pos++
      return [this.filter(null)]
    }
    if (this.is(t, '*') && (this.is(this.tokens[this.pos + 1], ',') || this.is(this.tokens[this.pos + 1], ']'))) {
      this.pos++
      return [{ kind: 'wildcard' }]
    }
    if (t.type === 'name' || t.type === 'quoted') {
      const save = this.pos
      const subject = [t.text]
      this.pos++
      while (this.is(this.peek(), '.') && (this.tokens[this.pos + 1]?.type === 'name' || this.tokens[this.pos + 1]?.type === 'quoted')) {
        subject.push(this.tokens[this.pos + 1]!.text)
        this.pos += 2
      }
      const next = this.peek()
      if (next && (next.type === 'op' || this.is(next, '?'))) return [this.filter(subject)]
      this.pos = save
    }
    if (t.type === 'string') this.fail(`a string literal must be compared with something, as in [_key == "${t.text}"]; attribute names take single quotes`)
    return this.path(nesting)
  }

  private filter(subject: string[] | null): Segment {
    const t = this.peek()
    if (this.is(t, '?')) {
      this.pos++
      return { kind: 'filter', subject, op: '?' }
    }
    if (!t || t.type !== 'op') return this.fail('expected a comparison (==, !=, <, <=, >, >=) or "?"')
    this.pos++
    const value = this.literal()
    if (subject && subject.length === 1 && subject[0] === '_key' && t.text === '==' && typeof value === 'string') return { kind: 'key', key: value }
    return { kind: 'filter', subject, op: t.text, value }
  }

  private literal(): Literal {
    const t = this.peek()
    this.pos++
    if (t?.type === 'string' || t?.type === 'number') return t.type === 'string' ? t.text : t.value
    // Single quotes name attributes in JSONMatch, but clients have always sent `[_key == 'k']`.
    if (t?.type === 'quoted') return t.text
    if (t?.type === 'name' && t.text === 'true') return true
    if (t?.type === 'name' && t.text === 'false') return false
    if (t?.type === 'name' && t.text === 'null') return null
    this.pos--
    return this.fail('expected a value to compare with: a "string", a number, true, false or null')
  }

  private integer(): number {
    const t = this.tokens[this.pos]!
    if (t.type !== 'number' || !Number.isSafeInteger(t.value)) this.fail(`"${this.describe(t)}" is not an array index`)
    this.pos++
    return (t as { value: number }).value
  }

  private peek(): Token | undefined {
    return this.tokens[this.pos]
  }

  private is(t: Token | undefined, punct: string): boolean {
    return t?.type === 'punct' && t.text === punct
  }

  private describe(t: Token): string {
    return t.type === 'string' ? `"${t.text}"` : t.type === 'quoted' ? `'${t.text}'` : t.text
  }

  private fail(what: string): never {
    const at = this.tokens[this.pos]?.at ?? this.source.length
    throw new PatchError(`Invalid patch path "${this.source}": ${what} at position ${at}`)
  }
}

function pathDepth(segments: Segment[]): number {
  let depth = 0
  for (const s of segments) depth += s.kind === 'union' ? Math.max(...s.terms.map(pathDepth)) : 1
  return depth
}

export function parsePath(path: string): Segment[] {
  if (typeof path !== 'string') throw new PatchError('A patch path must be a string')
  const tokens = tokenize(path)
  if (tokens.length === 0) throw new PatchError('Empty patch path')
  const segments = new PathParser(tokens, path).parse()
  if (pathDepth(segments) > MAX_PATH_DEPTH) throw new PatchError(`Patch path "${path.slice(0, 40)}…" is nested deeper than ${MAX_PATH_DEPTH} levels`)
  return segments
}

// --- Matching -------------------------------------------------------------------------------------

type Json = unknown
type Holder = Record<string, Json> | Json[]
type Key = string | number

function isObject(v: Json): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function isContainer(v: Json): boolean {
  return typeof v === 'object' && v !== null
}

const hasOwn = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key)

type FilterSegment = Extract<Segment, { kind: 'filter' }> | Extract<Segment, { kind: 'key' }>

/** Whether one value passes a filter. Only a plain value (null included) can be compared. */
function passes(seg: FilterSegment, value: Json): boolean {
  const subject = seg.kind === 'key' ? ['_key'] : seg.subject
  let lhs: Json = value
  if (subject === null) {
    if (isContainer(value)) return false
  } else {
    if (!isObject(value)) return false
    for (const name of subject) {
      if (!isObject(lhs) || !hasOwn(lhs, name)) return false
      lhs = lhs[name]
    }
    if (isContainer(lhs)) return false
  }
  if (seg.kind === 'key') return lhs === seg.key
  // JavaScript's own comparisons, coercions included ("10" > 9), as the reference compares.
  const a = lhs as number
  const b = seg.value as number
  switch (seg.op) {
    case '?':
      return true
    case '==':
      return a === b
    case '!=':
      return a !== b
    case '<':
      return a < b
    case '<=':
      return a <= b
    case '>':
      return a > b
    case '>=':
      return a >= b
  }
}

/**
 * A place in a path: the segment `at` of `segs`, then whatever `next` continues with (a union term
 * continues with the segments after its union). Frames are interned, so the same remaining path is
 * the same object, and a value that unions or `..` reach twice with it is walked once.
 */
interface Frame {
  readonly id: number
  readonly segs: readonly Segment[]
  readonly at: number
  readonly next: Frame | null
}

const DONE: Frame = { id: 0, segs: [], at: 0, next: null }

class Frames {
  private readonly table = new Map<string, Frame>()
  private readonly segIds = new Map<readonly Segment[], number>()

  at(segs: readonly Segment[], at: number, next: Frame): Frame {
    if (at >= segs.length) return next
    let segId = this.segIds.get(segs)
    if (segId === undefined) this.segIds.set(segs, (segId = this.segIds.size))
    const key = `${segId}:${at}:${next.id}`
    let frame = this.table.get(key)
    if (!frame) this.table.set(key, (frame = { id: this.table.size + 1, segs, at, next }))
    return frame
  }
}

/** What a path asks of the value it has reached. Indexes are resolved, and may lie outside the array. */
type Target = { kind: 'self' } | { kind: 'attr'; name: string } | { kind: 'index'; index: number } | { kind: 'range'; start: number; end: number }

interface Lead {
  key: Key
  frames: Frame[]
}

interface Visitor {
  /** set and setIfMissing build the objects their path walks through; the other operations only look */
  readonly builds: boolean
  /** an attribute the path continues into is missing; `frame` is what would have continued there */
  missing?(holder: Record<string, Json>, name: string, frame: Frame): void
  deliver(holder: Holder, key: Key, targets: Target[]): void
}

/**
 * One walk of one path over the document. Per value: first everything the path continues into, in
 * path order, then recursive descent into every child, then the targets at the value itself. That
 * order is what makes `set` on `a[b, b.c]` end with `b` set: the deeper change is made first.
 */
class Walk {
  readonly frames = new Frames()
  private steps = 0
  private converges = false
  private readonly visited = new Map<object, Map<Key, Set<number>>>()
  readonly root: Record<string, Json>

  constructor(
    readonly doc: Record<string, Json>,
    readonly path: string,
    private readonly visitor: Visitor,
  ) {
    this.root = { document: doc }
  }

  run(segments: Segment[]): void {
    // Without unions or a second `..`, every remaining path reaches each value by one route only,
    // so the bookkeeping that stops repeated walks is not needed.
    let recursions = 0
    const scan = (segs: Segment[]) => {
      for (const s of segs) {
        if (s.kind === 'union') {
          this.converges = true
          s.terms.forEach(scan)
        } else if (s.kind === 'recursive' && ++recursions > 1) {
          this.converges = true
        }
      }
    }
    scan(segments)
    this.visit(this.root, 'document', [this.frames.at(segments, 0, DONE)], 0)
  }

  /** Replaces a value, refusing what would change the document's identity. */
  put(holder: Holder, key: Key, value: Json): void {
    if (Object.is((holder as Record<Key, Json>)[key], value)) return
    this.guard(holder, key)
    ;(holder as Record<Key, Json>)[key] = value
  }

  /** Refuses to touch the document as a whole, its _id or its _type. */
  guard(holder: Holder, key: Key): void {
    if (holder === this.root) throw new PatchError(`Patch path "${this.path}" selects the whole document, which a patch cannot replace or remove`)
    if (holder === this.doc && (key === '_id' || key === '_type')) throw new PatchError(`Cannot change the document's ${key} with a patch ("${this.path}")`)
  }

  private spend(n: number): void {
    this.steps += n
    if (this.steps > MAX_STEPS) throw new PatchError(`Patch path "${this.path}" takes too much work to evaluate on this document`)
  }

  private firstVisit(holder: object, key: Key, frame: Frame): boolean {
    let byKey = this.visited.get(holder)
    if (!byKey) this.visited.set(holder, (byKey = new Map()))
    let ids = byKey.get(key)
    if (!ids) byKey.set(key, (ids = new Set()))
    if (ids.has(frame.id)) return false
    ids.add(frame.id)
    return true
  }

  private visit(holder: Holder, key: Key, incoming: Frame[], depth: number): void {
    if (depth > MAX_WALK_DEPTH) throw new PatchError(`Patch path "${this.path}" reaches deeper than ${MAX_WALK_DEPTH} levels`)
    const frames = this.converges ? incoming.filter((f) => this.firstVisit(holder, key, f)) : incoming
    if (frames.length === 0) return
    this.spend(1)
    const value = (holder as Record<Key, Json>)[key]
    const { leads, targets, recursive } = this.expand(value, frames)
    // The children as they are now: attributes that `set` builds below are not searched.
    const children: Key[] = recursive.length === 0 || !isContainer(value) ? [] : Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value as object)
    for (const lead of leads) this.follow(holder, key, lead, depth)
    if (children.length > 0) {
      for (const child of children) {
        const container = (holder as Record<Key, Json>)[key]
        if (isContainer(container)) this.visit(container as Holder, child, recursive, depth + 1)
      }
    }
    if (targets.length > 0) this.visitor.deliver(holder, key, targets)
  }

  private follow(holder: Holder, key: Key, lead: Lead, depth: number): void {
    const container = (holder as Record<Key, Json>)[key]
    if (typeof lead.key === 'number') {
      if (Array.isArray(container) && lead.key < container.length) this.visit(container, lead.key, lead.frames, depth + 1)
      return
    }
    if (isObject(container)) {
      if (!hasOwn(container, lead.key)) {
        if (!this.visitor.builds) {
          for (const frame of lead.frames) this.visitor.missing?.(container, lead.key, frame)
          return
        }
        this.put(container, lead.key, {})
      }
      this.visit(container, lead.key, lead.frames, depth + 1)
    } else if (this.visitor.builds && !Array.isArray(container)) {
      // Walking on through a string, number or null replaces it with an object, as the reference does.
      const built: Record<string, Json> = { [lead.key]: {} }
      this.put(holder, key, built)
      this.visit(built, lead.key, lead.frames, depth + 1)
    }
  }

  /** Everything the frames ask of `value`, in path order, without changing anything. */
  private expand(value: Json, incoming: Frame[]): { leads: Lead[]; targets: Target[]; recursive: Frame[] } {
    const leads: Lead[] = []
    const targets: Target[] = []
    const recursive: Frame[] = []
    const seenLeads = new Set<string>()
    const seenTargets = new Set<string>()
    const seenRecursive = new Set<number>()
    const deferred: Frame[] = []

    const target = (t: Target) => {
      if (this.converges) {
        const id = t.kind === 'self' ? 's' : t.kind === 'attr' ? `a${t.name}` : t.kind === 'index' ? `i${t.index}` : `r${t.start}:${t.end}`
        if (seenTargets.has(id)) return
        seenTargets.add(id)
      }
      targets.push(t)
    }
    const lead = (key: Key, frame: Frame) => {
      if (this.converges) {
        const id = `${typeof key}:${key}:${frame.id}`
        if (seenLeads.has(id)) return
        seenLeads.add(id)
      }
      leads.push({ key, frames: [frame] })
    }
    const atIndex = (index: number, rest: Frame, length: number) => {
      if (rest === DONE) target({ kind: 'index', index })
      else if (index >= 0 && index < length) lead(index, rest)
    }
    const atAttr = (name: string, rest: Frame) => {
      if (rest === DONE) target({ kind: 'attr', name })
      else lead(name, rest)
    }

    // `restricted`: the first step after `..` only goes where something already is, so a recursive
    // `set` never adds attributes to every object it passes.
    const work = (frames: Frame[], restricted: boolean) => {
      const stack: Array<[Frame, boolean]> = frames.map((f): [Frame, boolean] => [f, restricted]).reverse()
      while (stack.length > 0) {
        const [frame, limited] = stack.pop()!
        this.spend(1)
        if (frame === DONE) {
          target({ kind: 'self' })
          continue
        }
        const seg = frame.segs[frame.at]!
        const rest = this.frames.at(frame.segs, frame.at + 1, frame.next ?? DONE)
        switch (seg.kind) {
          case 'recursive':
            if (!seenRecursive.has(frame.id)) {
              seenRecursive.add(frame.id)
              recursive.push(frame)
              deferred.push(rest)
            }
            break
          case 'union':
            for (let i = seg.terms.length - 1; i >= 0; i--) stack.push([this.frames.at(seg.terms[i]!, 0, rest), limited])
            break
          case 'attr':
            if (isObject(value)) {
              if (!limited || hasOwn(value, seg.name)) atAttr(seg.name, rest)
            } else if (!Array.isArray(value) && this.visitor.builds && !limited) {
              atAttr(seg.name, rest)
            }
            break
          case 'index':
            if (Array.isArray(value)) atIndex(seg.index < 0 ? value.length + seg.index : seg.index, rest, value.length)
            break
          case 'slice':
            if (Array.isArray(value)) {
              const n = value.length
              const start = seg.start === null ? 0 : seg.start < 0 ? n + seg.start : seg.start
              const end = seg.end === null ? n : seg.end < 0 ? n + seg.end : seg.end
              if (rest === DONE) {
                target({ kind: 'range', start, end })
              } else {
                for (let i = Math.max(start, 0); i < Math.min(end, n); i++) lead(i, rest)
              }
            }
            break
          case 'wildcard':
            if (Array.isArray(value)) {
              this.spend(value.length)
              for (let i = 0; i < value.length; i++) atIndex(i, rest, value.length)
            } else if (isObject(value)) {
              for (const name of Object.keys(value)) atAttr(name, rest)
            }
            break
          case 'key':
          case 'filter':
            if (Array.isArray(value)) {
              this.spend(value.length)
              value.forEach((member, i) => {
                if (passes(seg, member)) atIndex(i, rest, value.length)
              })
            } else if (passes(seg, value)) {
              stack.push([rest, false])
            }
            break
        }
      }
    }

    work(incoming, false)
    while (deferred.length > 0) work(deferred.splice(0), true)
    return { leads, targets, recursive }
  }
}

// --- Operations -----------------------------------------------------------------------------------

/** Where an existing value sits, one entry per container, each key once. */
class Locations {
  readonly byHolder = new Map<Holder, Set<Key>>()

  add(holder: Holder, key: Key): void {
    let keys = this.byHolder.get(holder)
    if (!keys) this.byHolder.set(holder, (keys = new Set()))
    keys.add(key)
  }
}

/** Collects the existing values a path selects, for the operations that change values in place. */
function locate(doc: Record<string, Json>, path: string): { walk: Walk; found: Locations } {
  const found = new Locations()
  const walk: Walk = new Walk(doc, path, {
    builds: false,
    deliver(holder, key, targets) {
      const value = (holder as Record<Key, Json>)[key]
      for (const t of targets) {
        if (t.kind === 'self') {
          found.add(holder, key)
        } else if (t.kind === 'attr') {
          if (isObject(value) && hasOwn(value, t.name)) found.add(value, t.name)
        } else if (Array.isArray(value)) {
          const [from, to] = t.kind === 'index' ? [t.index, t.index + 1] : [t.start, t.end]
          for (let i = Math.max(from, 0); i < Math.min(to, value.length); i++) found.add(value, i)
        }
      }
    },
  })
  walk.run(parsePath(path))
  return { walk, found }
}

function applySet(doc: Record<string, Json>, path: string, value: Json, onlyIfMissing: boolean): void {
  const walk: Walk = new Walk(doc, path, {
    builds: true,
    deliver(holder, key, targets) {
      const before = (holder as Record<Key, Json>)[key]
      // Negative indexes count from the length before this value's own targets pad it.
      const length = Array.isArray(before) ? before.length : 0
      for (const t of targets) {
        const current = (holder as Record<Key, Json>)[key]
        if (t.kind === 'self') {
          // The value is there, or the path could not have reached it.
          if (!onlyIfMissing) walk.put(holder, key, structuredClone(value))
        } else if (t.kind === 'attr') {
          if (isObject(current)) {
            if (!onlyIfMissing || !hasOwn(current, t.name)) walk.put(current, t.name, structuredClone(value))
          } else if (!Array.isArray(current)) {
            walk.put(holder, key, { [t.name]: structuredClone(value) })
          }
        } else if (!onlyIfMissing && Array.isArray(current)) {
          // setIfMissing leaves array members alone: a member is there, or there is no member to fill.
          const [from, to] = t.kind === 'index' ? [t.index, t.index + 1] : [t.start, t.end]
          if (to - length > MAX_PADDING) throw new PatchError(`Patch path "${path}" reaches more than ${MAX_PADDING} places past the end of an array`)
          for (let i = Math.max(from, 0); i < to; i++) {
            while (current.length < i) current.push(null)
            current[i] = structuredClone(value)
          }
        }
      }
    },
  })
  walk.run(parsePath(path))
}

function applyUnset(doc: Record<string, Json>, path: string): void {
  const { walk, found } = locate(doc, path)
  for (const [holder, keys] of found.byHolder) {
    // A filter under `..` can match the document itself, which a patch cannot delete; the reference
    // leaves it too, and removes the other matches.
    if (holder === walk.root) continue
    for (const key of keys) walk.guard(holder, key)
    if (Array.isArray(holder)) {
      for (const i of [...keys].sort((a, b) => (b as number) - (a as number))) holder.splice(i as number, 1)
    } else {
      for (const key of keys) delete holder[key as string]
    }
  }
}

function applyInc(doc: Record<string, Json>, path: string, amount: number): void {
  const { walk, found } = locate(doc, path)
  for (const [holder, keys] of found.byHolder) {
    for (const key of keys) {
      const current = (holder as Record<Key, Json>)[key]
      if (typeof current !== 'number') throw new PatchError(`Cannot increment "${path}": it is not a number`)
      walk.put(holder, key, current + amount)
    }
  }
}

function applyDiffMatchPatch(doc: Record<string, Json>, path: string, patchText: Json): void {
  if (typeof patchText !== 'string') throw new PatchError(`diffMatchPatch on "${path}" needs a patch string`)
  let patches: ReturnType<typeof parsePatch>
  try {
    patches = parsePatch(patchText)
  } catch (error) {
    throw new PatchError(`Invalid diffMatchPatch for "${path}": ${(error as Error).message}`)
  }
  const { walk, found } = locate(doc, path)
  for (const [holder, keys] of found.byHolder) {
    for (const key of keys) {
      const current = (holder as Record<Key, Json>)[key]
      if (typeof current !== 'string') throw new PatchError(`Cannot apply diffMatchPatch to "${path}": it is not a string`)
      let result: string
      try {
        ;[result] = applyPatches(patches, current, { allowExceedingIndices: true })
      } catch (error) {
        throw new PatchError(`diffMatchPatch on "${path}" does not apply: ${(error as Error).message}`)
      }
      walk.put(holder, key, result)
    }
  }
}

export interface InsertSpec {
  before?: string
  after?: string
  replace?: string
  items: Json[]
}

/** A selector that names positions rather than members, so it means something in an empty array. */
function isPositional(seg: Segment): boolean {
  if (seg.kind === 'index' || seg.kind === 'slice') return true
  return seg.kind === 'union' && seg.terms.every((t) => t.length === 1 && isPositional(t[0]!))
}

function applyInsert(doc: Record<string, Json>, spec: InsertSpec): void {
  const modes = (['before', 'after', 'replace'] as const).filter((m) => spec[m] !== undefined)
  if (modes.length !== 1) throw new PatchError('insert takes exactly one of before, after or replace')
  if (!Array.isArray(spec.items)) throw new PatchError('insert needs an items array')
  const mode = modes[0]!
  const path = spec[mode]
  if (typeof path !== 'string') throw new PatchError(`insert ${mode} must be a path`)
  const segments = parsePath(path)
  const selector = segments[segments.length - 1]!
  if (selector.kind === 'attr' || selector.kind === 'recursive') throw new PatchError(`insert path "${path}" must select array members, as in "${path}[-1]"`)

  const arrays = new Map<Json[], Array<Extract<Target, { kind: 'index' | 'range' }>>>()
  const created = new Map<Record<string, Json>, Set<string>>()
  const walk: Walk = new Walk(doc, path, {
    builds: false,
    // An append or prepend to an array that does not exist yet starts it: the service has always
    // done so (see the contract tests), where the reference leaves the document unchanged.
    missing(holder, name, frame) {
      if (frame !== finalSelector || !isPositional(selector) || segments[segments.length - 2]?.kind !== 'attr') return
      let names = created.get(holder)
      if (!names) created.set(holder, (names = new Set()))
      names.add(name)
    },
    deliver(holder, key, targets) {
      const value = (holder as Record<Key, Json>)[key]
      for (const t of targets) {
        if (t.kind === 'index' || t.kind === 'range') {
          let list = arrays.get(value as Json[])
          if (!list) arrays.set(value as Json[], (list = []))
          list.push(t)
        } else if (t.kind === 'self' && Array.isArray(holder)) {
          let list = arrays.get(holder)
          if (!list) arrays.set(holder, (list = []))
          list.push({ kind: 'index', index: key as number })
        } else {
          walk.guard(holder, key)
          const name = t.kind === 'attr' ? t.name : key
          throw new PatchError(`insert path "${path}" selects the attribute "${String(name)}", not array members`)
        }
      }
    },
  })
  const finalSelector = walk.frames.at(segments, segments.length - 1, DONE)
  walk.run(segments)

  for (const [array, all] of arrays) {
    // An empty slice selects nothing; it gives the position only when nothing else does.
    const selecting = all.filter((t) => t.kind === 'index' || t.start < t.end)
    const targets = selecting.length > 0 ? selecting : all
    const starts = targets.map((t) => (t.kind === 'index' ? t.index : t.start))
    // After a slice means after its last member: its end, or its start when it is empty.
    const ends = targets.map((t) => (t.kind === 'index' ? t.index + 1 : Math.max(t.start, t.end)))
    let at = mode === 'after' ? Math.max(...ends) : Math.min(...starts)
    if (mode === 'replace') {
      const gone = new Set<number>()
      for (const t of targets) {
        const [from, to] = t.kind === 'index' ? [t.index, t.index + 1] : [t.start, t.end]
        for (let i = Math.max(from, 0); i < Math.min(to, array.length); i++) gone.add(i)
      }
      for (const i of [...gone].sort((a, b) => b - a)) array.splice(i, 1)
    }
    at = Math.min(Math.max(at, 0), array.length)
    array.splice(at, 0, ...structuredClone(spec.items))
  }
  for (const [holder, names] of created) {
    for (const name of names) if (!hasOwn(holder, name)) walk.put(holder, name, structuredClone(spec.items))
  }
}

// --- The patch ------------------------------------------------------------------------------------

export interface PatchOperations {
  diffMatchPatch?: Record<string, Json>
  set?: Record<string, Json>
  setIfMissing?: Record<string, Json>
  unset?: string[]
  inc?: Record<string, Json>
  dec?: Record<string, Json>
  insert?: InsertSpec
}

const supported = new Set(['id', 'query', 'params', 'ifRevisionID', 'set', 'setIfMissing', 'unset', 'inc', 'dec', 'insert', 'diffMatchPatch'])

function entries(name: string, v: unknown): Array<[string, Json]> {
  if (v === undefined) return []
  if (!isObject(v)) throw new PatchError(`${name} must be an object of path: value`)
  return Object.entries(v)
}

function amount(path: string, v: Json): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new PatchError(`inc/dec on "${path}" needs a number`)
  return v
}

/**
 * Applies a patch's operations in the documented order (set, setIfMissing, unset, inc, dec, insert),
 * with diffMatchPatch, which that order leaves out, after unset as the reference places it; it only
 * touches strings, so only its place before insert matters.
 */
export function applyPatch(doc: Record<string, Json>, patch: PatchOperations & Record<string, unknown>): void {
  for (const key of Object.keys(patch)) {
    if (!supported.has(key)) throw new PatchError(`Unsupported patch operation "${key}"`)
  }
  try {
    for (const [p, v] of entries('set', patch.set)) applySet(doc, p, v, false)
    for (const [p, v] of entries('setIfMissing', patch.setIfMissing)) applySet(doc, p, v, true)
    if (patch.unset !== undefined) {
      if (!Array.isArray(patch.unset)) throw new PatchError('unset must be an array of paths')
      for (const p of patch.unset) {
        if (typeof p !== 'string') throw new PatchError('unset must be an array of paths')
        applyUnset(doc, p)
      }
    }
    for (const [p, v] of entries('diffMatchPatch', patch.diffMatchPatch)) applyDiffMatchPatch(doc, p, v)
    for (const [p, v] of entries('inc', patch.inc)) applyInc(doc, p, amount(p, v))
    for (const [p, v] of entries('dec', patch.dec)) applyInc(doc, p, -amount(p, v))
    if (patch.insert !== undefined) {
      if (!isObject(patch.insert)) throw new PatchError('insert must be an object')
      applyInsert(doc, patch.insert as unknown as InsertSpec)
    }
  } catch (error) {
    // A document or value nested past what the walk expects is a bad request, not a crash.
    if (error instanceof RangeError) throw new PatchError(`Patch could not be applied: ${error.message}`)
    throw error
  }
}
