// The content service renders reader pages with this module (built by `vite build --ssr` into
// dist-server/), so a reader sees the newspaper before any JavaScript has run. The browser then
// hydrates the same routes with the same data (src/main.tsx). docs/decisions/005.

import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import { pageKeys, siteKey } from '../shared/cacheKeys.ts'
import { contentConfig, type ContentEnv } from '../shared/contentConfig.ts'
import type { FormSubmission } from '../shared/readerForms.ts'
import { queryKey, searchKey, serialisePageData, type ContentSource, type PageData, type QueryParams } from './content/clients/source.ts'
import { siteOrigin } from './content/meta/site.ts'
import { isIndexRefilling, searchByGroq, type PageSearch, type SearchResultPage } from './content/search/search.ts'
import { createAppRouter, settleDeferred } from './router.ts'
import { needsWholeApp } from './content/pages/wholeApp.ts'
import { DocumentRenderContext, type DocumentRender, type DocumentScript } from './islands/island.tsx'

type ServerOutcome =
  | { type: 'render'; status: 200 | 404 | 500 }
  | { type: 'redirect'; redirect: { status: number; headers: Headers; options: { href?: string } } }

export type ServerQuery = (query: string, params: QueryParams, dataset: string) => Promise<unknown>
/** The /search page's search, where the source has the service's search index. */
export type ServerSearch = (search: PageSearch, dataset: string) => Promise<unknown>

export interface RenderedPage {
  status: number
  /** Where to send the reader instead (a redirect a loader threw). */
  redirect: string | null
  /** `<title>`, `<meta name="description">` and the rest of the page's head. */
  head: string
  /** The app's markup, for inside `<div id="root">`. */
  html: string
  /** The inline JSON the browser's first render reads its data from; empty for a document. */
  pageData: string
  /**
   * For a document (docs/decisions/031-islands.md), the reader build's entries it ends with (none for a
   * page without islands or a read); null for a page the whole app takes over (src/main.tsx).
   */
  scripts: DocumentScript[] | null
  /** What the page shows, for a shared cache to file it under (shared/cacheKeys.ts). */
  keys: string[]
}

/** Which dataset the built app reads, when it reads it from the service that serves it. */
/** The content the build reads: its project, dataset and API host ('' for the origin that serves it, null for Sanity's hosted API). */
export function buildContent(): { projectId: string; dataset: string; apiHost: string | null; apiVersion: string } {
  const config = contentConfig(import.meta.env as unknown as ContentEnv, '')
  return { projectId: config.projectId, dataset: config.dataset, apiHost: config.apiHost, apiVersion: config.apiVersion }
}

export function renderTarget(): { dataset: string } | null {
  // The same reading of the build's settings as the browser's client: an empty API host is this
  // origin. An app built for a hosted project or another host fetches from there; its pages are
  // left to the browser.
  const config = contentConfig(import.meta.env as unknown as ContentEnv, '')
  return config.apiHost === '' ? { dataset: config.dataset } : null
}

export interface RenderOptions {
  /**
   * The site's base for the head's absolute addresses (canonical, share cards, structured data):
   * PUBLIC_URL, or the origin the page was requested on. Checked by siteOrigin, so a forged Host
   * header cannot put another scheme into the page.
   */
  origin: string
  now?: Date
  /** A reader form the service could not take, to render again with what was typed (server/http/readers.ts). */
  submission?: FormSubmission | null
  /**
   * The dataset to read, for a renderer that reads wherever the build does (the render tier,
   * server/render/); without it, only a build that reads this origin can be rendered.
   */
  dataset?: string
  /** The service's search; without it (the render tier reading any Content Lake) the page's GROQ query answers. */
  search?: ServerSearch
}

export async function renderPage(url: string, query: ServerQuery, options: RenderOptions): Promise<RenderedPage> {
  const now = options.now ?? new Date()
  const origin = siteOrigin(options.origin)
  const target = options.dataset ? { dataset: options.dataset } : renderTarget()
  if (!target) throw new Error('This build reads content from another host; it cannot be rendered here')
  const results: Record<string, unknown> = {}
  const content: ContentSource = {
    async fetch<R>(text: string, params: QueryParams = {}): Promise<R> {
      const result = await query(text, params, target.dataset)
      results[queryKey(text, params)] = result
      return result as R
    },
    async search(search: PageSearch): Promise<SearchResultPage> {
      const byGroq = () => searchByGroq((text, params) => content.fetch(text, params), search)
      // While the service's index is refilled after an upgrade, the GROQ query answers, whole.
      const result = (options.search ? await options.search(search, target.dataset).catch((error: unknown) => (isIndexRefilling(error) ? byGroq() : Promise.reject(error))) : await byGroq()) as SearchResultPage
      results[searchKey(search)] = result
      return result
    },
  }
  const named = new Set<string>()
  const fileUnder = (keys: readonly string[]) => keys.forEach((key) => named.add(key))
  const router = createAppRouter({ content, renderedAt: now, origin, submission: options.submission ?? null, fileUnder }, createMemoryHistory({ initialEntries: [url] }))
  await router.load()
  // The outcome of a server load (render with a status, or redirect) is kept on the router; the
  // field is internal, so the version is pinned and tests/browser/server-rendering.test.ts covers both cases (404 and redirect).
  const outcome = (router as unknown as { _serverResult?: ServerOutcome })._serverResult
  if (outcome?.type === 'redirect') {
    const location = outcome.redirect.headers.get('Location') ?? outcome.redirect.options.href ?? '/'
    return { status: outcome.redirect.status || 307, redirect: location, head: '', html: '', pageData: '', scripts: null, keys: [siteKey] }
  }
  await settleDeferred(router)
  const status = statusOf(router.state.matches, outcome)
  const document: DocumentRender | null = needsWholeApp(router.state.matches, router.state.location.search, status)
    ? null
    : { islands: [], scripts: new Set(), renderIsland: (element, identifierPrefix) => renderToString(element, { identifierPrefix }) }
  const rendered = renderToString(
    <DocumentRenderContext value={document}>
      <RouterProvider router={router} />
    </DocumentRenderContext>,
  )
  // Every document ends with its own small script (src/islands/pageScript.ts), after its islands' and
  // its beacon: the header's search and menu close on Escape.
  document?.scripts.add('pageScript')
  // React writes the tags it hoists (the page's <title> and meta from <HeadContent />, and the
  // preload of the lead image) before the markup; they belong in the document's head.
  const hoisted = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*>|<link\b[^>]*>)*/.exec(rendered)![0]
  const data: PageData = { renderedAt: now.toISOString(), origin, results, ...(options.submission ? { submission: options.submission } : {}) }
  const keys = pageKeys(router.state.matches.map((match) => match.routeId), results, status, [...named])
  return {
    status,
    redirect: null,
    head: hoisted,
    html: rendered.slice(hoisted.length),
    // A document is never hydrated as a whole: its islands carry their own props.
    pageData: document ? '' : serialisePageData(data),
    scripts: document ? [...document.scripts] : null,
    keys,
  }
}

/** The router's status, unless a route failed with an error that says what its status is. */
function statusOf(matches: Array<{ status: string; error?: unknown }>, outcome: ServerOutcome | undefined): number {
  for (const match of matches) {
    const status = (match.error as { status?: unknown } | undefined)?.status
    if (match.status === 'error' && typeof status === 'number') return status
  }
  return outcome?.type === 'render' ? outcome.status : 200
}
