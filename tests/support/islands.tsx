// Islands in component tests as a reader's browser meets them: the document the server renders,
// then the islands' client entry, loaded afresh over it, waking each island as it would.

import { act } from '@testing-library/react'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { expect, vi } from 'vitest'
import { DocumentRenderContext, type DocumentRender } from '../../src/islands/island.tsx'

/** Puts `ui`, rendered as the server renders a document, into the page, and starts the islands' client entry over it. */
export async function serveDocument(ui: ReactNode): Promise<void> {
  const page: DocumentRender = { islands: [], scripts: new Set(), renderIsland: (element, identifierPrefix) => renderToString(element, { identifierPrefix }) }
  document.body.innerHTML = renderToString(<DocumentRenderContext value={page}>{ui}</DocumentRenderContext>)
  vi.resetModules()
  await import('../../src/islands/client.ts')
}

/** The marker of the island named `name` (the first, when there are several). */
export function islandMarker(name: string): HTMLElement {
  const marker = document.querySelector<HTMLElement>(`resonance-island[data-island="${name}"]`)
  if (!marker) throw new Error(`The page has no ${name} island`)
  return marker
}

/**
 * Waits until the island has hydrated and taken over what the reader did before; each act lets React
 * finish what it was given since the last. Its code is imported then, which takes a while on a busy machine.
 */
export async function hydrated(marker: HTMLElement): Promise<void> {
  await vi.waitFor(
    async () => {
      await act(async () => {})
      expect('hydrated' in marker.dataset).toBe(true)
    },
    { timeout: 20_000, interval: 20 },
  )
}
