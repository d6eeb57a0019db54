// Who has read which page today, without knowing who anyone is. A reader is a hash of a secret salt,
// their address, their user agent and the page; the salt is random, made when London's day begins
// and forgotten with the day's hashes when it ends, so no hash can be linked to an address or to
// another day's. Only the first 8 bytes of each hash are kept, in one open-addressing table of
// 64-bit slots: a million readers in a day cost 16 MiB, and it never holds more than `maxReaders`.

import { createHash, randomBytes } from 'node:crypto'

const londonDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' })

/** The date on London's clock (GMT or BST), as YYYY-MM-DD. */
export function londonDay(epochMs: number): string {
  return londonDate.format(epochMs)
}

export class DailyReaders {
  private salt = randomBytes(32)
  private day = ''
  /** When the day was last checked: the clock is read at most once a second. */
  private checkedAt = -Infinity
  /** Pairs of 32-bit halves; (0, 0) is an empty slot. */
  private slots = new Uint32Array(2 * 65_536)
  private count = 0

  constructor(
    private readonly maxReaders = 4_000_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Readers recorded today. */
  get size(): number {
    return this.count
  }

  /** Bytes the table takes. */
  get bytes(): number {
    return this.slots.byteLength
  }

  /**
   * Records a read of `path` by this reader; true when it is their first of that page today (and
   * so counts). Past `maxReaders` in a day nobody new is counted: the table stays its size.
   */
  firstToday(address: string, userAgent: string, path: string): boolean {
    this.rotate()
    const digest = createHash('sha256').update(this.salt).update(`${address}\n${userAgent}\n${path}`).digest()
    // Never (0, 0): the low bit of the second half is always set.
    const high = digest.readUInt32LE(0)
    const low = (digest.readUInt32LE(4) | 1) >>> 0
    const mask = this.slots.length / 2 - 1
    for (let at = high & mask; ; at = (at + 1) & mask) {
      const h = this.slots[2 * at]!
      const l = this.slots[2 * at + 1]!
      if (h === high && l === low) return false
      if (h === 0 && l === 0) {
        if (this.count >= this.maxReaders) return false
        this.slots[2 * at] = high
        this.slots[2 * at + 1] = low
        this.count++
        if (this.count * 2 > this.slots.length / 2) this.grow()
        return true
      }
    }
  }

  /** A new day (on London's clock): a new salt, and yesterday's readers forgotten. */
  private rotate(): void {
    const now = this.now()
    if (now - this.checkedAt < 1000 && now >= this.checkedAt) return
    this.checkedAt = now
    const day = londonDay(now)
    if (day === this.day) return
    this.day = day
    this.salt = randomBytes(32)
    this.slots = new Uint32Array(2 * 65_536)
    this.count = 0
  }

  private grow(): void {
    const old = this.slots
    this.slots = new Uint32Array(old.length * 2)
    const mask = this.slots.length / 2 - 1
    for (let i = 0; i < old.length; i += 2) {
      const high = old[i]!
      const low = old[i + 1]!
      if (high === 0 && low === 0) continue
      let at = high & mask
      while (this.slots[2 * at] !== 0 || this.slots[2 * at + 1] !== 0) at = (at + 1) & mask
      this.slots[2 * at] = high
      this.slots[2 * at + 1] = low
    }
  }
}
