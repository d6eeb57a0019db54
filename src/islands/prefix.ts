// The one identifierPrefix scheme of islands (docs/decisions/031-islands.md): the server renders an
// island with it and the browser hydrates the island with it, so `useId` gives the same ids on both
// sides. An island is known by its name and its place among the page's islands, in document order.
// This module is imported by the islands' client entry, so it imports nothing.

/** The tag that marks an island in a document; `display: contents`, so it changes no layout. */
export const islandTag = 'resonance-island'

/**
 * The property of an island's marker where the page's module loader (scripts/readerTemplate.ts)
 * leaves what the reader did in the island before the islands' entry came, for the entry to take over.
 */
export const earlyWitness = 'resonanceEarly'

/** What the module loader saw in an island before the islands' entry came. */
export interface EarlyWitness {
  /** The reader pressed, typed, focused or sent something in it. */
  used: boolean
  /** What lost focus, in order. */
  left: EventTarget[]
  /** A form sent, held instead of posted. */
  held: { form: HTMLFormElement; submitter: HTMLElement | null } | null
  /** What the reader's pointer is pressing now, anywhere on the page (down, not yet up); null when nothing is. */
  pressed(): EventTarget | null
  /** Stops the loader's witnessing. */
  stop(): void
}

/** When an island hydrates: when the browser is idle after the load event, when it nears the viewport, or at its first use. */
export type IslandDefer = 'idle' | 'visible' | 'interaction'

export function islandPrefix(name: string, index: number): string {
  return `${name}-${index}-`
}
