import { applyPatches, parsePatch } from '@sanity/diff-match-patch'

// Patch operations over JSONMatch-style paths, the subset Sanity clients send:
//   title            attribute
//   body[0] tags[-1] index (negative counts from the end)
//   body[_key=="k"]  keyed array member (also single quotes, spaces around ==)
//   tags[2:4]        slice (insert `replace` and unset)
//   a.b[_key=="k"].c nesting of all of the above
// Patches are applied to a deep copy by the caller, so a failure leaves the stored document as it
// was.

export type Segment =
  | { kind: 'attr'; name: string }
  | { kind: 'index'; index: number }
  | { kind: 'key'; key: string }
  | { kind: 'slice'; start: number | null; end: number | null }

export class PatchError extends Error {}

const attrPattern = /^[A-Za-z_$][\w$-]*/

export function parsePath(path: string): Segment[] {
  const segments: Segment[] = []
  let rest = path.trim()
  if (rest === '') throw new PatchError('Empty patch path')
  let expectAttr = true
  while (rest.length > 0) {
    if (rest.startsWith('.')) {
      rest = rest.slice(1)
      expectAttr = true
      continue
    }
    if (rest.startsWith('[')) {
      const close = findClose(rest)
      const inner = rest.slice(1, close).trim()
      rest = rest.slice(close + 1)
      segments.push(parseBracket(inner, path))
      expectAttr = false
      continue
    }
    const m = expectAttr ? attrPattern.exec(rest) : null
    if (!m) throw new PatchError(`Invalid patch path "${path}"`)
    segments.push({ kind: 'attr', name: m[0] })
    rest = rest.slice(m[0].length)
    expectAttr = false
  }
  return segments
}

function findClose(s: string): number {
  let quote: string | null = null
  for (let i = 1; i < s.length; i++) {
    const c = s[i]
    if (quote) {
      if (c === '\\') i++
      else if (c === quote) quote = null
    } else if (c === '"' || c === "'") quote = c
    else if (c === ']') return i
  }
  throw new PatchError(`Unclosed bracket in patch path "${s}"`)
}

function parseBracket(inner: string, path: string): Segment {
  if (/^-?\d+$/.test(inner)) return { kind: 'index', index: Number(inner) }
  const slice = /^(-?\d*)\s*:\s*(-?\d*)$/.exec(inner)
  if (slice) {
    return {
      kind: 'slice',
      start: slice[1] === '' ? null : Number(slice[1]),
      end: slice[2] === '' ? null : Number(slice[2]),
    }
  }
  const keyed = /^_key\s*==\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')$/.exec(inner)
  if (keyed?.[1]) {
    const raw = keyed[1]
    const key = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw.slice(1, -1).replace(/\\(.)/g, '$1')
    return { kind: 'key', key }
  }
  throw new PatchError(`Unsupported selector [${inner}] in patch path "${path}"`)
}

type Json = unknown
type Container = Record<string, Json> | Json[]

function isObject(v: Json): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** Array positions a segment selects, in ascending order; empty when nothing matches. */
function positions(arr: Json[], seg: Segment): number[] {
  switch (seg.kind) {
    case 'index': {
      const i = seg.index < 0 ? arr.length + seg.index : seg.index
      return i >= 0 && i < arr.length ? [i] : []
    }
    case 'key': {
      const i = arr.findIndex((item) => isObject(item) && item._key === seg.key)
      return i >= 0 ? [i] : []
    }
    case 'slice': {
      const norm = (n: number | null, dflt: number) =>
        n === null ? dflt : Math.min(Math.max(n < 0 ? arr.length + n : n, 0), arr.length)
      const start = norm(seg.start, 0)
      const end = norm(seg.end, arr.length)
      const out: number[] = []
      for (let i = start; i < end; i++) out.push(i)
      return out
    }
    case 'attr':
      return []
  }
}

interface Slot {
  parent: Container
  /** attribute name or array index */
  at: string | number
}

/**
 * Every existing location the path points at. With `create`, missing attribute parents on the way
 * are created as objects (what `set` on `a.b.c` does), but array members are never invented.
 */
function resolve(root: Record<string, Json>, segments: Segment[], create: boolean): Slot[] {
  let current: Slot[] = [{ parent: { root } as Record<string, Json>, at: 'root' }]
  segments.forEach((seg, depth) => {
    const last = depth === segments.length - 1
    const next: Slot[] = []
    for (const slot of current) {
      let value = get(slot)
      if (seg.kind === 'attr') {
        if (!isObject(value)) {
          if (!create || value !== undefined) continue
          value = {}
          put(slot, value)
        }
        const obj = value as Record<string, Json>
        if (!last && obj[seg.name] === undefined && create) obj[seg.name] = {}
        next.push({ parent: obj, at: seg.name })
      } else {
        if (!Array.isArray(value)) continue
        for (const i of positions(value, seg)) next.push({ parent: value, at: i })
      }
    }
    current = next
  })
  return current
}

function get(slot: Slot): Json {
  return Array.isArray(slot.parent) ? slot.parent[slot.at as number] : (slot.parent as Record<string, Json>)[slot.at as string]
}

function put(slot: Slot, value: Json): void {
  if (Array.isArray(slot.parent)) slot.parent[slot.at as number] = value
  else (slot.parent as Record<string, Json>)[slot.at as string] = value
}

function checkNotRoot(segments: Segment[], op: string): void {
  const first = segments[0]
  if (first && first.kind === 'attr' && (first.name === '_id' || first.name === '_type') && segments.length === 1 && op !== 'setIfMissing') {
    throw new PatchError(`Cannot ${op} the document's ${first.name}`)
  }
}

export function applySet(doc: Record<string, Json>, path: string, value: Json, onlyIfMissing = false): void {
  const segments = parsePath(path)
  if (!onlyIfMissing) checkNotRoot(segments, 'set')
  for (const slot of resolve(doc, segments, true)) {
    if (onlyIfMissing && get(slot) !== undefined) continue
    put(slot, structuredClone(value))
  }
}

export function applyUnset(doc: Record<string, Json>, path: string): void {
  const segments = parsePath(path)
  checkNotRoot(segments, 'unset')
  const slots = resolve(doc, segments, false)
  // Remove array members from the highest index down so earlier removals do not shift later ones.
  const arrayRemovals = slots.filter((s) => Array.isArray(s.parent)).sort((a, b) => (b.at as number) - (a.at as number))
  for (const slot of slots) if (!Array.isArray(slot.parent)) delete (slot.parent as Record<string, Json>)[slot.at as string]
  for (const slot of arrayRemovals) (slot.parent as Json[]).splice(slot.at as number, 1)
}

export function applyInc(doc: Record<string, Json>, path: string, amount: Json): void {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) throw new PatchError(`inc/dec on "${path}" needs a number`)
  for (const slot of resolve(doc, parsePath(path), false)) {
    const current = get(slot)
    if (current === undefined) continue
    if (typeof current !== 'number') throw new PatchError(`Cannot increment "${path}": it is not a number`)
    put(slot, current + amount)
  }
}

export interface InsertSpec {
  before?: string
  after?: string
  replace?: string
  items: Json[]
}

export function applyInsert(doc: Record<string, Json>, spec: InsertSpec): void {
  const modes = (['before', 'after', 'replace'] as const).filter((m) => spec[m] !== undefined)
  if (modes.length !== 1) throw new PatchError('insert takes exactly one of before, after or replace')
  if (!Array.isArray(spec.items)) throw new PatchError('insert needs an items array')
  const mode = modes[0]!
  const segments = parsePath(spec[mode]!)
  const selector = segments[segments.length - 1]
  if (!selector || selector.kind === 'attr') throw new PatchError(`insert path "${spec[mode]}" must select array members`)
  const arrayPath = segments.slice(0, -1)
  const items = structuredClone(spec.items)
  const arrays: Json[][] = []
  if (arrayPath.length === 0) throw new PatchError('insert path needs an array attribute')
  for (const slot of resolve(doc, arrayPath, true)) {
    let arr = get(slot)
    // An append or prepend to an array that does not exist yet starts it, as a newsroom tool expects.
    if (arr === undefined) {
      arr = []
      put(slot, arr)
    }
    if (Array.isArray(arr)) arrays.push(arr)
    else throw new PatchError(`Cannot insert into "${spec[mode]}": it is not an array`)
  }
  for (const arr of arrays) {
    const hit = positions(arr, selector)
    if (mode === 'replace') {
      if (hit.length === 0) {
        arr.push(...items)
      } else {
        arr.splice(hit[0]!, hit.length, ...items)
      }
      continue
    }
    if (hit.length === 0) {
      // `tags[-1]` / `tags[0]` on an empty array: there is no member, so place at the edge.
      if (selector.kind === 'index' || selector.kind === 'slice') {
        if (mode === 'after') arr.push(...items)
        else arr.unshift(...items)
        continue
      }
      throw new PatchError(`insert: no array member matches "${spec[mode]}"`)
    }
    const at = mode === 'before' ? hit[0]! : hit[hit.length - 1]! + 1
    arr.splice(at, 0, ...items)
  }
}

/** Applies a diff-match-patch text patch (what collaborative editors send) to strings at a path. */
export function applyDiffMatchPatch(doc: Record<string, Json>, path: string, patchText: Json): void {
  if (typeof patchText !== 'string') throw new PatchError(`diffMatchPatch on "${path}" needs a patch string`)
  let patches
  try {
    patches = parsePatch(patchText)
  } catch (error) {
    throw new PatchError(`Invalid diffMatchPatch for "${path}": ${(error as Error).message}`)
  }
  for (const slot of resolve(doc, parsePath(path), false)) {
    const current = get(slot)
    if (current === undefined) continue
    if (typeof current !== 'string') throw new PatchError(`Cannot apply diffMatchPatch to "${path}": it is not a string`)
    const [result] = applyPatches(patches, current, { allowExceedingIndices: true })
    put(slot, result)
  }
}

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

/** Applies a patch's operations in Sanity's order: set, setIfMissing, unset, inc, dec, insert, diffMatchPatch. */
export function applyPatch(doc: Record<string, Json>, patch: PatchOperations & Record<string, unknown>): void {
  for (const key of Object.keys(patch)) {
    if (!supported.has(key)) throw new PatchError(`Unsupported patch operation "${key}"`)
  }
  const objectOf = (name: string, v: unknown): Record<string, Json> => {
    if (v === undefined) return {}
    if (!isObject(v)) throw new PatchError(`${name} must be an object of path: value`)
    return v
  }
  for (const [p, v] of Object.entries(objectOf('set', patch.set))) applySet(doc, p, v)
  for (const [p, v] of Object.entries(objectOf('setIfMissing', patch.setIfMissing))) applySet(doc, p, v, true)
  if (patch.unset !== undefined) {
    if (!Array.isArray(patch.unset)) throw new PatchError('unset must be an array of paths')
    for (const p of patch.unset) applyUnset(doc, String(p))
  }
  for (const [p, v] of Object.entries(objectOf('inc', patch.inc))) applyInc(doc, p, v)
  for (const [p, v] of Object.entries(objectOf('dec', patch.dec))) applyInc(doc, p, typeof v === 'number' ? -v : v)
  if (patch.insert !== undefined) {
    if (!isObject(patch.insert)) throw new PatchError('insert must be an object')
    applyInsert(doc, patch.insert as unknown as InsertSpec)
  }
  for (const [p, v] of Object.entries(objectOf('diffMatchPatch', patch.diffMatchPatch))) applyDiffMatchPatch(doc, p, v)
}
