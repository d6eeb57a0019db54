// The admin's presence client (docs/decisions/020-presence.md): announces that this tab has an article
// open, leaves, and reads the `presence` events of a listen stream (listen.ts). Plain fetch with the
// signed-in editor's token. Failures carry the HTTP status as `statusCode`, the field errors.ts
// reads, so a 401 signs the editor out as everywhere else.

import { contentConfig } from '../../../shared/contentConfig.ts'
import { readPresence, type PresentEditor } from '../admin/presence.ts'
import { readListen } from './listen.ts'
import { serviceCall, ServiceError, unreadable } from './serviceCall.ts'

export interface PresenceClient {
  /** Says this tab has the article open (again); answers with the other editors on it. */
  announce(documentId: string, tab: string): Promise<PresentEditor[]>
  /** Says this tab closed the article; sent so that it survives the page going away. */
  leave(documentId: string, tab: string): void
  /**
   * Calls `onEditors` with the other editors on the article at once and after each change, until
   * `signal` aborts (resolves) or the stream ends or fails (rejects).
   */
  watch(documentId: string, tab: string, onEditors: (editors: PresentEditor[]) => void, signal: AbortSignal): Promise<void>
}

/** An id for this tab's form, so two tabs of one session are two presences. */
export function newTabId(): string {
  return crypto.randomUUID()
}

export function createPresenceClient(token: string): PresenceClient {
  const config = contentConfig(import.meta.env as unknown as Record<string, string>, window.location.origin)
  const base = config.apiHost ?? window.location.origin
  const presenceUrl = (documentId: string) => `${base}/v${config.apiVersion}/presence/${encodeURIComponent(config.dataset)}/${encodeURIComponent(documentId)}`
  const authorization = { Authorization: `Bearer ${token}` }
  const fetcher: typeof fetch = (...args) => fetch(...args)
  return {
    async announce(documentId, tab) {
      const res = await serviceCall(fetcher, presenceUrl(documentId), token, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ tab }) })
      const presence = readPresence(await res.json().catch(() => null))
      if (!presence) throw new ServiceError(unreadable, null)
      return presence.editors
    },
    leave(documentId, tab) {
      // keepalive lets the request outlive a closing tab, as sendBeacon would, with the token's header.
      void fetch(`${presenceUrl(documentId)}?tab=${encodeURIComponent(tab)}`, { method: 'DELETE', headers: authorization, keepalive: true }).catch(() => {})
    },
    async watch(documentId, tab, onEditors, signal) {
      // The stream is wanted for its presence events only: a filter no document matches keeps
      // mutations out, and every open form shares it, so the service checks it once per write.
      const search = new URLSearchParams({ query: '*[false]', includeMutations: 'false', presence: documentId, presenceTab: tab })
      const url = `${base}/v${config.apiVersion}/data/listen/${encodeURIComponent(config.dataset)}?${search}`
      await readListen(url, token, signal, (event) => {
        if (event.event !== 'presence') return
        const presence = readPresence(JSON.parse(event.data))
        if (presence) onEditors(presence.editors)
      })
    },
  }
}
