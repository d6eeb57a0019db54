// The one identifierPrefix scheme of islands (docs/decisions/031-islands.md): the server renders an
// island with it and the browser hydrates the island with it, so `useId` gives the same ids on both
// sides. An island is known by its name and its place among the page's islands, in document order.
// This module is imported by the islands' client entry, so it imports nothing.

/** The tag that marks an island in a document; `display: contents`, so it changes no layout. */
export const islandTag = 'resonance-island'

/** When an island hydrates: when the browser is idle after the load event, when it nears the viewport, or at its first use. */
export type IslandDefer = 'idle' | 'visible' | 'interaction'

export function islandPrefix(name: string, index: number): string {
  return `${name}-${index}-`
}
