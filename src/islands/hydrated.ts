// Part of the islands' client entry (./client.ts), imported with React DOM when an island hydrates.

import { useEffect, useLayoutEffect, type ReactNode } from 'react'

/**
 * Wraps an island's tree when it hydrates. It renders nothing of its own, so the markup and `useId`'s
 * ids stay the server's. Its layout effect runs in the commit of the hydration, before React has
 * rendered the island's own state (`onCommit`); its effect runs after all of the island's own
 * effects, once the island is live (its stores subscribed, `onLive`): when it can take over what the
 * reader did before it woke.
 */
export function Hydrated({ children, onCommit, onLive }: { children?: ReactNode; onCommit: () => void; onLive: () => void }): ReactNode {
  useLayoutEffect(onCommit, [onCommit])
  useEffect(onLive, [onLive])
  return children
}
