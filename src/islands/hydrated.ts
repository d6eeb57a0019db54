// Part of the islands' client entry (./client.ts), imported with React DOM when an island hydrates.

import { useLayoutEffect, type ReactNode } from 'react'

/**
 * Wraps an island's tree when it hydrates. It renders nothing of its own, so the markup and `useId`'s
 * ids stay the server's; its layout effect runs once React has hydrated the tree, which is when the
 * island can take over what the reader did before it woke.
 */
export function Hydrated({ children, onHydrated }: { children?: ReactNode; onHydrated: () => void }): ReactNode {
  useLayoutEffect(onHydrated, [onHydrated])
  return children
}
