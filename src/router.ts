// The app's router, made the same way in the browser (src/main.tsx) and on the server
// (src/entry-server.tsx); they differ only in history and in where loaders read content from.

import { createRouter, type RouterHistory } from '@tanstack/react-router'
import type { RouterContext } from './content/clients/source.ts'
import { routeTree } from './routeTree.gen.ts'

export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  // Scroll restoration is the browser's business; on the server it would add an inline script the
  // browser's first render does not have. A path no route matches is the root's not-found page, under
  // the paper's header: with the default ('fuzzy') the deepest route it starts with would take it,
  // and /uk/extra/deep showed the UK section (with a 404 status) because a section has no children.
  return createRouter({ routeTree, context, history, defaultPreload: 'intent', scrollRestoration: history === undefined, notFoundMode: 'root' })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}

type Thenable = PromiseLike<unknown> & { status?: string; value?: unknown; reason?: unknown }

function thenablesIn(value: unknown, depth: number, found: Thenable[]): Thenable[] {
  if (value === null || typeof value !== 'object' || depth < 0) return found
  if (typeof (value as { then?: unknown }).then === 'function') found.push(value as Thenable)
  else for (const inner of Object.values(value)) thenablesIn(inner, depth - 1, found)
  return found
}

/**
 * Waits for the data a loader deferred (an article's "More from" list) and marks each promise
 * settled the way React's `use` reads it, so the render that follows does not suspend: the server
 * writes the whole page, and the browser's first render matches it.
 */
export async function settleDeferred(router: ReturnType<typeof createAppRouter>): Promise<void> {
  const pending = router.state.matches.flatMap((match) => thenablesIn(match.loaderData, 3, []))
  await Promise.all(
    pending.map((thenable) =>
      Promise.resolve(thenable).then(
        (value) => Object.assign(thenable, { status: 'fulfilled', value }),
        (reason: unknown) => Object.assign(thenable, { status: 'rejected', reason }),
      ),
    ),
  )
}
