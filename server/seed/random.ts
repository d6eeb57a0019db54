// Seeded randomness for the demo and benchmark datasets. Everything the generators choose goes
// through here so that one seed always reproduces the same documents, ids and images byte for byte.

/** A source of floats in [0, 1). */
export type RandomSource = () => number

/** mulberry32: tiny, fast and good enough for picking words; not for anything security related. */
export function mulberry32(seed: number): RandomSource {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** FNV-1a, so labels can be turned into independent seeds. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/**
 * A seed for a named sub-stream. Separate streams keep, for example, category ids stable when the
 * text pools change and the main stream is consumed differently.
 */
export function deriveSeed(seed: number, label: string): number {
  let h = (hashString(label) ^ Math.imul(seed >>> 0, 0x9e3779b1)) >>> 0
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return (h ^ (h >>> 16)) >>> 0
}

export interface Rng {
  readonly seed: number
  /** A float in [0, 1). */
  next(): number
  uint32(): number
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number
  float(min: number, max: number): number
  pick<T>(items: readonly T[]): T
  /** A shuffled copy; the input is left alone. */
  shuffle<T>(items: readonly T[]): T[]
  /** `count` distinct items in random order (fewer if the input is shorter). */
  sample<T>(items: readonly T[], count: number): T[]
  chance(probability: number): boolean
  /** A version 4 shaped UUID drawn from this stream. */
  uuid(): string
  /** A 12 character hex `_key` in the style Sanity Studio writes. */
  key(): string
  fork(label: string): Rng
}

const HEX: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))

function hex32(value: number): string {
  return (
    (HEX[(value >>> 24) & 0xff] as string) +
    (HEX[(value >>> 16) & 0xff] as string) +
    (HEX[(value >>> 8) & 0xff] as string) +
    (HEX[value & 0xff] as string)
  )
}

export function createRng(seed: number): Rng {
  const source = mulberry32(seed)
  const uint32 = (): number => Math.floor(source() * 4294967296) >>> 0
  const int = (min: number, max: number): number => min + Math.floor(source() * (max - min + 1))

  const rng: Rng = {
    seed: seed >>> 0,
    next: source,
    uint32,
    int,
    float: (min, max) => min + source() * (max - min),
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('pick() from an empty list')
      return items[Math.floor(source() * items.length)] as T
    },
    shuffle<T>(items: readonly T[]): T[] {
      const copy = items.slice()
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(source() * (i + 1))
        const tmp = copy[i] as T
        copy[i] = copy[j] as T
        copy[j] = tmp
      }
      return copy
    },
    sample<T>(items: readonly T[], count: number): T[] {
      return rng.shuffle(items).slice(0, Math.max(0, count))
    },
    chance: (probability) => source() < probability,
    uuid() {
      const a = hex32(uint32())
      const b = hex32(uint32())
      const c = hex32(uint32())
      const d = hex32(uint32())
      const variant = '89ab'[uint32() & 3] as string
      return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${variant}${c.slice(1, 4)}-${c.slice(4)}${d}`
    },
    key: () => hex32(uint32()) + hex32(uint32()).slice(0, 4),
    fork: (label) => createRng(deriveSeed(seed, label)),
  }
  return rng
}
