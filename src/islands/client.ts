// The islands' client entry (docs/decisions/031-islands.md): the one module script of a document
// with islands. It finds each island's marker and, when the island asks for it (idle, visible or at
// first use), imports React DOM and the island's own module and hydrates the marker on its own.
// Nothing of React is imported before then, so it never sits on the first paint's path.

import type { ComponentType } from 'react'
import { islandPrefix, islandTag, type IslandDefer } from './prefix.ts'

type IslandModule = Record<string, { Component?: ComponentType<object> } | undefined>

// Each island file is its own chunk, imported only when its island hydrates.
const modules = import.meta.glob<IslandModule>('../**/*.island.tsx')

function moduleOf(name: string): (() => Promise<IslandModule>) | undefined {
  const path = Object.keys(modules).find((file) => file.endsWith(`/${name}.island.tsx`))
  return path ? modules[path] : undefined
}

async function hydrate(marker: HTMLElement, index: number): Promise<void> {
  const name = marker.dataset.island ?? ''
  const load = moduleOf(name)
  if (!load) throw new Error(`No island is named ${name}`)
  const [{ hydrateRoot }, { createElement }, module] = await Promise.all([import('react-dom/client'), import('react'), load()])
  const Component = module[name]?.Component
  if (!Component) throw new Error(`${name}.island.tsx exports no island named ${name}`)
  const props = JSON.parse(marker.dataset.props ?? '{}') as object
  hydrateRoot(marker, createElement(Component, props), { identifierPrefix: islandPrefix(name, index) })
  marker.dataset.hydrated = ''
}

function afterLoad(run: () => void): void {
  if (document.readyState === 'complete') run()
  else window.addEventListener('load', run, { once: true })
}

function whenIdle(run: () => void): void {
  afterLoad(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 })
    else setTimeout(run, 1)
  })
}

function whenVisible(marker: HTMLElement, run: () => void): void {
  if (typeof IntersectionObserver !== 'function') return whenIdle(run)
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return
      observer.disconnect()
      run()
    },
    { rootMargin: '200px' },
  )
  // A marker is display: contents and has no box of its own; its children do.
  for (const child of Array.from(marker.children)) observer.observe(child)
}

const interactions = ['pointerdown', 'keydown', 'focusin', 'input'] as const

function whenUsed(marker: HTMLElement, run: () => void): void {
  const start = () => {
    for (const type of interactions) marker.removeEventListener(type, start)
    run()
  }
  for (const type of interactions) marker.addEventListener(type, start, { passive: true })
}

function schedule(marker: HTMLElement, run: () => void): void {
  const defer = marker.dataset.defer as IslandDefer | undefined
  if (defer === 'visible') whenVisible(marker, run)
  else if (defer === 'interaction') whenUsed(marker, run)
  else whenIdle(run)
}

document.querySelectorAll<HTMLElement>(islandTag).forEach((marker, index) => {
  schedule(marker, () => {
    // One island failing leaves the others, and its own server-rendered HTML, as they are.
    hydrate(marker, index).catch((error: unknown) => console.error(`The ${marker.dataset.island} island could not start`, error))
  })
})
