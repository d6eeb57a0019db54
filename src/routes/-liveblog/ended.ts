// That an open live blog has ended, told by the island that listens (LiveBlogLive.island.tsx) to the
// one above the headline (LiveBlogMark.island.tsx). Islands hydrate as separate React roots, but
// share this module: the page's one copy of it.

let ended: string | null = null
const listeners = new Set<() => void>()

/** When the blog ended, as the open page last heard; null while it is live. */
export const endedAt = (): string | null => ended

export function markEnded(at: string): void {
  if (ended === at) return
  ended = at
  for (const listener of listeners) listener()
}

export function subscribeEnded(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
