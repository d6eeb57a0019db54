// The browser's ContentSource: first the results the server rendered this page with (each used once,
// so the hydrating render sees exactly the server's data without a request), then @sanity/client,
// imported on first use so a server-rendered page does not wait for it.

import { queryKey, searchKey, type ContentSource, type FetchOptions, type PageData, type QueryParams } from './source.ts'

export function browserSource(pageData: PageData | null): ContentSource {
  const prefetched = new Map(Object.entries(pageData?.results ?? {}))
  return {
    async fetch<R>(query: string, params: QueryParams = {}, options: FetchOptions = {}): Promise<R> {
      const key = queryKey(query, params)
      if (prefetched.has(key)) {
        const result = prefetched.get(key) as R
        prefetched.delete(key)
        return result
      }
      const { readerClient } = await import('./reader.ts')
      return readerClient().fetch<R>(query, params, options)
    },
    async search(search, options = {}) {
      const key = searchKey(search)
      if (prefetched.has(key)) {
        const result = prefetched.get(key) as Awaited<ReturnType<ContentSource['search']>>
        prefetched.delete(key)
        return result
      }
      const { searchArticles } = await import('./search.ts')
      return searchArticles(search, options)
    },
  }
}

/** The page data the server embedded, or null for a page the browser renders by itself. */
export function readPageData(doc: Document, id: string): PageData | null {
  const text = doc.getElementById(id)?.textContent
  if (!text) return null
  try {
    const data = JSON.parse(text) as PageData
    return typeof data === 'object' && data !== null && typeof data.renderedAt === 'string' && typeof data.origin === 'string' ? data : null
  } catch {
    return null
  }
}
