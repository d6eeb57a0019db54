// The live blog desk's listen stream: tells the desk whenever the blog's updates (drafts included)
// or the article itself change, whoever changed them, so it shows what others post. Plain fetch with
// the signed-in editor's token (listen.ts), as the presence client reads its stream: drafts are only
// streamed to a signed-in writer.

import { contentConfig } from '../../../shared/contentConfig.ts'
import { liveUpdateType } from '../../../shared/liveBlog.ts'
import { readListen } from './listen.ts'

/** Every update of the blog, and its article's two versions. One filter per blog, shared by every open desk on it. */
export const deskListenFilter = `*[(_type == "${liveUpdateType}" && liveBlog._ref == $blog) || _id in [$blog, "drafts." + $blog]]`

/** The listen request's query string for the blog `blog` (its article's published id). */
export function deskListenSearch(blog: string): URLSearchParams {
  return new URLSearchParams({ query: deskListenFilter, $blog: JSON.stringify(blog), includeResult: 'false', includeMutations: 'false', includeAllVersions: 'true', visibility: 'query' })
}

/**
 * Calls `onChange` with the changed document's id after each committed change to the blog, until
 * `signal` aborts (resolves) or the stream ends or fails (rejects with a ServiceError).
 */
export async function watchLiveBlog(token: string, blog: string, onChange: (documentId: string) => void, signal: AbortSignal): Promise<void> {
  const config = contentConfig(import.meta.env as unknown as Record<string, string>, window.location.origin)
  const base = config.apiHost ?? window.location.origin
  const url = `${base}/v${config.apiVersion}/data/listen/${encodeURIComponent(config.dataset)}?${deskListenSearch(blog)}`
  // A listener told to `disconnect` (Sanity's protocol) has nothing more coming on this filter either.
  await readListen(
    url,
    token,
    signal,
    (event) => {
      if (event.event === 'mutation') onChange(changedId(event.data, blog))
    },
    ['disconnect'],
  )
}

/** The document a mutation event names; the blog's own id when it names none (a full read of the versions). */
function changedId(data: string, blog: string): string {
  try {
    const id = (JSON.parse(data) as { documentId?: unknown }).documentId
    return typeof id === 'string' ? id : blog
  } catch {
    return blog
  }
}
