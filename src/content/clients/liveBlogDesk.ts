// The live blog desk's listen stream: tells the desk whenever the blog's updates (drafts included)
// or the article itself change, whoever changed them, so it shows what others post. Plain fetch with
// the signed-in editor's token, as the presence client reads its stream: EventSource cannot send an
// Authorization header, and drafts are only streamed to a signed-in writer.

import { contentConfig } from '../../../shared/contentConfig.ts'
import { liveUpdateType } from '../../../shared/liveBlog.ts'
import { readStreamEvents } from '../admin/presence.ts'
import { serviceCall, ServiceError, unreadable } from './serviceCall.ts'

/** Every update of the blog, and its article's two versions. One filter per blog, shared by every open desk on it. */
export const deskListenFilter = `*[(_type == "${liveUpdateType}" && liveBlog._ref == $blog) || _id in [$blog, "drafts." + $blog]]`

/** The listen request's query string for the blog `blog` (its article's published id). */
export function deskListenSearch(blog: string): URLSearchParams {
  return new URLSearchParams({ query: deskListenFilter, $blog: JSON.stringify(blog), includeResult: 'false', includeMutations: 'false', includeAllVersions: 'true', visibility: 'query' })
}

/**
 * Calls `onChange` after each committed change to the blog, until `signal` aborts (resolves) or the
 * stream ends or fails (rejects with a ServiceError).
 */
export async function watchLiveBlog(token: string, blog: string, onChange: () => void, signal: AbortSignal): Promise<void> {
  const config = contentConfig(import.meta.env as unknown as Record<string, string>, window.location.origin)
  const base = config.apiHost ?? window.location.origin
  const url = `${base}/v${config.apiVersion}/data/listen/${encodeURIComponent(config.dataset)}?${deskListenSearch(blog)}`
  let res: Response
  try {
    res = await serviceCall((...args) => fetch(...args), url, token, { signal }, 'text/event-stream')
  } catch (error) {
    if (signal.aborted) return
    throw error
  }
  if (!res.body) throw new ServiceError(unreadable, res.status)
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
  let text = ''
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) throw new ServiceError('The listen stream ended', null)
      const { events, rest } = readStreamEvents(text + value)
      text = rest
      for (const event of events) {
        if (event.event === 'channelError' || event.event === 'disconnect') throw new ServiceError('The listen stream refused the filter', null)
        if (event.event === 'mutation') onChange()
      }
    }
  } catch (error) {
    if (signal.aborted) return
    throw error
  }
}
