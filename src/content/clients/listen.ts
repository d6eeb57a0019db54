// Reading a listen stream with the signed-in editor's token (the presence line, the live blog desk).
// Plain fetch: EventSource cannot send an Authorization header, and @sanity/client's listen neither
// asks for presence nor hands over events it does not know.

import { readStreamEvents, type StreamEvent } from '../admin/presence.ts'
import { serviceCall, ServiceError, unreadable } from './serviceCall.ts'

export const listenEnded = 'The listen stream ended'
export const listenRefused = 'The listen stream refused the filter'

/**
 * Opens the listen stream at `url` and calls `onEvent` with each event it sends, until `signal`
 * aborts (resolves) or the stream ends or fails (rejects with a ServiceError: the service's refusal
 * with its status, or `listenEnded`). A `channelError`, or any event named in `refusals`, means the
 * service will send nothing more on this filter (`listenRefused`).
 */
export async function readListen(url: string, token: string, signal: AbortSignal, onEvent: (event: StreamEvent) => void, refusals: readonly string[] = []): Promise<void> {
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
      if (done) throw new ServiceError(listenEnded, null)
      const { events, rest } = readStreamEvents(text + value)
      text = rest
      for (const event of events) {
        if (event.event === 'channelError' || refusals.includes(event.event)) throw new ServiceError(listenRefused, null)
        onEvent(event)
      }
    }
  } catch (error) {
    if (signal.aborted) return
    throw error
  }
}
