// Islands in component tests as a reader's browser meets them: the document the server renders,
// then the islands' client entry, loaded afresh over it, waking each island as it would.

import { act } from '@testing-library/react'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { expect, vi } from 'vitest'
import { moduleLoader } from '../../scripts/pageLoaders.ts'
import { moduleListAttribute } from '../../shared/pageData.ts'
import { DocumentRenderContext, type DocumentRender } from '../../src/islands/island.tsx'

/**
 * Puts `ui`, rendered as the server renders a document, into the page, and starts the islands' client
 * entry over it. With `whileOnItsWay`, the page's module loader (scripts/pageLoaders.ts) runs first,
 * as at the end of a document, then `whileOnItsWay` (what the reader does while the islands' code is
 * still on its way), then the entry.
 */
export async function serveDocument(ui: ReactNode, whileOnItsWay?: () => void): Promise<void> {
  const page: DocumentRender = { islands: [], scripts: new Set(), renderIsland: (element, identifierPrefix) => renderToString(element, { identifierPrefix }) }
  document.body.innerHTML = renderToString(<DocumentRenderContext value={page}>{ui}</DocumentRenderContext>)
  if (whileOnItsWay) {
    // The loader as the document ends with it; jsdom runs no script element, so its text is run here.
    const loader = document.createElement('script')
    loader.setAttribute(moduleListAttribute, '/assets/islands.js')
    document.body.append(loader)
    Object.defineProperty(document, 'currentScript', { value: loader, configurable: true })
    try {
      new Function(moduleLoader)()
    } finally {
      delete (document as { currentScript?: unknown }).currentScript
    }
    whileOnItsWay()
  }
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
