// Where route loaders read content from. The router hands every loader a ContentSource in its
// context: in the browser it answers from the data the server rendered the page with, then through
// @sanity/client (loaded on first use, so pages rendered by the server hydrate without it); on the
// server it asks the content service's query engine directly. docs/decisions/005 explains why.

import type { FormSubmission } from '../../../shared/readerForms.ts'
import type { PageSearch, SearchResultPage } from '../search/search.ts'

export type QueryParams = Record<string, unknown>

export interface FetchOptions {
  tag?: string
  signal?: AbortSignal
}

export interface ContentSource {
  fetch<R>(query: string, params?: QueryParams, options?: FetchOptions): Promise<R>
  /** The /search page's search: the service's index, or the GROQ query on hosted Sanity (src/content/clients/search.ts). */
  search(search: PageSearch, options?: FetchOptions): Promise<SearchResultPage>
}

export interface RouterContext {
  content: ContentSource
  /** The time the first render shows (the server's render time for a page it rendered). */
  renderedAt: Date
  /**
   * The site's base for absolute addresses in heads (canonical, share cards): the server's, for a
   * page it rendered, so the browser's head matches the one it took over (src/content/meta/site.ts).
   */
  origin: string
  /**
   * A reader form the service could not take (sent without JavaScript), to show again with what was
   * typed and what to fix; the page was rendered at the form's own address in answer to its POST.
   */
  submission?: FormSubmission | null
  /**
   * Files the page being rendered under more shared-cache keys than its documents' ids name
   * (shared/cacheKeys.ts): given only where a server renders the page for a cache to keep.
   */
  fileUnder?: (keys: readonly string[]) => void
}

/** One key per query and parameter set, the same in the server that records and the browser that replays. */
export function queryKey(query: string, params: QueryParams = {}): string {
  const sorted = Object.keys(params)
    .sort()
    .map((name) => [name, params[name]])
  return JSON.stringify([query, sorted])
}

/** The key a search's results travel under in the page data, apart from every query's. */
export function searchKey(search: PageSearch): string {
  return JSON.stringify(['search', search.q, search.page, search.section ?? null, search.from ?? null, search.to ?? null])
}

/** What the server sends with a page it rendered: the results it used, and the time it rendered at. */
export interface PageData {
  renderedAt: string
  /** The site's base the page was rendered for. */
  origin: string
  results: Record<string, unknown>
  submission?: FormSubmission | null
}


/**
 * The page data as an inline JSON script. `<`, `>`, `&` and the two JavaScript line separators are
 * escaped, so no content (a title containing `</script>`) can end the element early.
 */
export function serialisePageData(data: PageData): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
