/** The trending list's count: thousands with one decimal ("1.2K reads"), or "Popular" with no count. */
export function readsLabel(readCount: number | null | undefined): string {
  if (typeof readCount !== 'number' || !Number.isFinite(readCount) || readCount <= 0) return 'Popular'
  return `${(readCount / 1000).toFixed(1)}K reads`
}
