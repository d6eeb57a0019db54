// What makes a component an island (docs/decisions/031-islands.md, "How to write an island"): inside a
// document the service renders, the component renders alone, with its island's identifierPrefix, in
// a marker carrying its name and its props as JSON; the islands' client entry (client.ts) hydrates
// that marker on its own. Inside the app (the admin, a page the whole app still takes over, a story,
// a component test) there is no document to mark, and the component renders as any other.

import { createContext, createElement, useContext, type ComponentType, type ReactElement } from 'react'
import { islandPrefix, islandTag, type IslandDefer } from './prefix.ts'

/** A module script a document may end with, by its entry's name in the reader build (vite.reader.config.ts). */
export type DocumentScript = 'pageScript' | 'islands' | 'readBeacon'

/**
 * The document being rendered on the server (src/entry-server.tsx): what it needs in the browser.
 * Absent in the app, which renders everything itself.
 */
export interface DocumentRender {
  /** The islands rendered so far, in document order: an island's index is its place here. */
  islands: string[]
  scripts: Set<DocumentScript>
  /** Renders an island's own tree to HTML with its prefix (react-dom/server's renderToString, given by the server entry). */
  renderIsland(element: ReactElement, identifierPrefix: string): string
}

export const DocumentRenderContext = createContext<DocumentRender | null>(null)

/** The document being rendered, or null inside the app. */
export function useDocumentRender(): DocumentRender | null {
  return useContext(DocumentRenderContext)
}

export interface IslandOptions {
  defer: IslandDefer
}

/** An island: renders as its component, marked for the client entry inside a document. */
export type Island<P extends object> = ComponentType<P> & {
  /** The name the client entry finds its module by: the file is `${islandName}.island.tsx`. */
  islandName: string
  /** The component the browser hydrates the marker with. */
  Component: ComponentType<P>
}

/**
 * Makes `Component` an island named `name` (its file `name.island.tsx`, exporting it as `name`). Its
 * props travel in the page as JSON, so they must be plain data.
 */
export function island<P extends object>(name: string, Component: ComponentType<P>, options: IslandOptions): Island<P> {
  function IslandMarker(props: P) {
    const document = useDocumentRender()
    if (!document) return createElement(Component, props)
    const index = document.islands.length
    document.islands.push(name)
    document.scripts.add('islands')
    const html = document.renderIsland(createElement(Component, props), islandPrefix(name, index))
    return createElement(islandTag, { 'data-island': name, 'data-defer': options.defer, 'data-props': JSON.stringify(props), dangerouslySetInnerHTML: { __html: html } })
  }
  IslandMarker.displayName = `Island(${name})`
  return Object.assign(IslandMarker, { islandName: name, Component })
}
