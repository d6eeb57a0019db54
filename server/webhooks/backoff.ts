// When a failed delivery is tried again: exponential backoff from the first wait, doubling per
// failure up to a ceiling, with a fifth either way of jitter so that a receiver that was down is
// not hit by every waiting delivery at the same moment when it comes back.

export interface Backoff {
  retryBaseMs: number
  retryMaxMs: number
}

/**
 * The wait after the `failures`-th failed attempt (1 for the first). `random` is in [0, 1); a
 * receiver's Retry-After, when it asks for longer, is honoured up to the ceiling.
 */
export function retryDelay(failures: number, backoff: Backoff, random: number, retryAfterMs: number | null = null): number {
  const exponential = backoff.retryBaseMs * 2 ** Math.min(30, Math.max(0, failures - 1))
  const capped = Math.min(backoff.retryMaxMs, exponential)
  const jittered = Math.round(capped * (0.8 + 0.4 * random))
  const wait = Math.min(backoff.retryMaxMs, jittered)
  return retryAfterMs === null ? wait : Math.min(backoff.retryMaxMs, Math.max(wait, retryAfterMs))
}

/** Retry-After as seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now: number): number | null {
  if (!header) return null
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000
  const at = Date.parse(header)
  return Number.isNaN(at) ? null : Math.max(0, at - now)
}

/**
 * Whether an answer is worth trying again: no answer at all (network error, timeout), 408, 429 and
 * 5xx are. Any other refusal (a 3xx, since redirects are not followed, or a 4xx) would only be
 * refused again, so the delivery fails at once and the log says why.
 */
export function isRetryable(status: number | null): boolean {
  return status === null || status === 408 || status === 429 || status >= 500
}
