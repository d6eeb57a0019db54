// A least-recently-used map bounded by the bytes of its keys and values, for every cache that
// anonymous requests can fill (query results, responses, rendered pages): a bound by entries alone
// lets a few huge entries take all the memory there is.

export class ByteLru<V> {
  private readonly entries = new Map<string, V>()
  private bytes = 0
  private readonly limit: number
  private readonly weigh: (value: V) => number

  /** `weigh` tells the bytes of a value; by default the size of its `value` string or buffer. */
  constructor(limitBytes: number, weigh: (value: V) => number = defaultWeight) {
    this.limit = limitBytes
    this.weigh = weigh
  }

  /** Bytes held now; never more than the limit. */
  get size(): number {
    return this.bytes
  }

  get count(): number {
    return this.entries.size
  }

  get(key: string): V | undefined {
    const hit = this.entries.get(key)
    if (hit) {
      // Refresh its place in the LRU order.
      this.entries.delete(key)
      this.entries.set(key, hit)
    }
    return hit
  }

  /** Keeps the entry unless it alone would take more than an eighth of the budget: one huge answer must not flush every other. */
  set(key: string, entry: V): void {
    this.delete(key)
    const cost = 2 * key.length + this.weigh(entry)
    if (cost > this.limit / 8) return
    this.entries.set(key, entry)
    this.bytes += cost
    while (this.bytes > this.limit) this.delete(this.entries.keys().next().value!)
  }

  delete(key: string): void {
    const old = this.entries.get(key)
    if (!old) return
    this.entries.delete(key)
    this.bytes -= 2 * key.length + this.weigh(old)
  }

  clear(): void {
    this.entries.clear()
    this.bytes = 0
  }
}

/** Strings are counted at two bytes a character (keys too), as V8 may hold them. */
function defaultWeight(entry: unknown): number {
  const value = (entry as { value?: unknown }).value
  if (typeof value === 'string') return 2 * value.length
  if (Buffer.isBuffer(value)) return value.length
  throw new Error('ByteLru needs a weigh function for values without a string or Buffer `value`')
}
