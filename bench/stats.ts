// Small statistics and formatting helpers shared by the sections.

/** Nearest-rank percentile (p in 0..100) of unsorted samples; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN
  const sorted = [...samples].sort((a, b) => a - b)
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!
}

export function ms(value: number): string {
  if (!Number.isFinite(value)) return 'n/a'
  if (value < 10) return value.toFixed(2)
  if (value < 100) return value.toFixed(1)
  return Math.round(value).toString()
}

/** `p50/p99 ms`, e.g. `0.41/1.20 ms`. */
export function pair(samples: readonly number[]): string {
  if (samples.length === 0) return 'n/a'
  return `${ms(percentile(samples, 50))}/${ms(percentile(samples, 99))} ms`
}

export function thousands(n: number): string {
  return Math.round(n).toLocaleString('en-GB')
}

export function mib(kib: number): string {
  return `${Math.round(kib / 1024)} MiB`
}
