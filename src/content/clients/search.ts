// The /search page's search in the browser: the content service's search endpoint when the build
// reads the embedded service, and the GROQ query through the reader client when it reads a hosted
// Sanity project, which has no such endpoint (shared/contentConfig.ts tells them apart). Loaded with
// the first search, outside the reader's first download.

import { isIndexRefilling, searchByGroq, searchQueryString, type PageSearch, type SearchResultPage } from '../search/search.ts'
import { readerClient } from './reader.ts'
import { readerConfig } from './readerConfig.ts'
import type { FetchOptions } from './source.ts'

/** The service's refusal, worded by the service (`{error: {description}}` or `{message}`), or null. */
function refusal(body: unknown): string | null {
  const record = body as { error?: { description?: unknown } | unknown; message?: unknown } | null
  const error = record?.error as { description?: unknown } | undefined
  if (typeof error?.description === 'string') return error.description
  return typeof record?.message === 'string' ? record.message : null
}

export async function searchArticles(search: PageSearch, options: FetchOptions = {}): Promise<SearchResultPage> {
  const config = readerConfig()
  if (config.apiHost === null) return searchByGroq((query, params) => readerClient().fetch(query, params, { signal: options.signal }), search)
  const response = await fetch(`${config.apiHost}/v${config.apiVersion}/search/${encodeURIComponent(config.dataset)}?${searchQueryString(search)}`, {
    signal: options.signal,
    headers: { accept: 'application/json' },
  })
  const body: unknown = await response.json().catch(() => null)
  // The index is being refilled after an upgrade: the GROQ query answers meanwhile, whole.
  if (response.status === 503 && isIndexRefilling({ body })) return searchByGroq((query, params) => readerClient().fetch(query, params, { signal: options.signal }), search)
  if (!response.ok) throw new Error(refusal(body) ?? `The search could not be answered (HTTP ${response.status})`)
  return (body as { result: SearchResultPage }).result
}
