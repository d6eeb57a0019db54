// How often one address may use the reader forms. The forms are open to anyone, so each address
// (IPv6 by its /64, as sign-in counts them) gets a few tries a window; the counts are kept in memory
// for a bounded number of addresses, oldest forgotten first, so a flood from many addresses costs
// a fixed amount of memory.

export interface RateLimit {
  /** Requests an address may make in one window. */
  limit: number
  windowMs: number
}

export const contactLimit: RateLimit = { limit: 5, windowMs: 10 * 60_000 }
export const subscribeLimit: RateLimit = { limit: 10, windowMs: 60 * 60_000 }
/** Saves of a newsletter choice: a reader changes their mind a few times, not hundreds. */
export const preferencesLimit: RateLimit = { limit: 30, windowMs: 60 * 60_000 }
/** Confirmation emails one address is sent in a day, however many times it is signed up. */
export const confirmationsPerEmailPerDay = 3

export class AddressLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>()

  constructor(
    private readonly rule: RateLimit,
    private readonly maxAddresses = 50_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request; returns the seconds to wait when the address is over its limit, else 0. */
  take(address: string): number {
    const now = this.now()
    let window = this.windows.get(address)
    if (!window || now - window.start >= this.rule.windowMs) {
      this.windows.delete(address)
      window = { start: now, count: 0 }
      if (this.windows.size >= this.maxAddresses) this.windows.delete(this.windows.keys().next().value!)
      this.windows.set(address, window)
    }
    if (window.count >= this.rule.limit) return Math.ceil((window.start + this.rule.windowMs - now) / 1000)
    window.count++
    return 0
  }
}
