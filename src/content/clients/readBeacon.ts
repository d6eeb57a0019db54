// The read beacon: a reader page that shows an article or a photo essay reports one read to
// `POST /reads` on its own origin (the service, the render tier, or whatever edge is in front of
// them), once the reader has had the page in front of them: at once when it is visible, or at its
// first showing when it opened in a background tab. A prerendered or prefetched page that is never
// shown sends nothing. A browser where someone is signed in to the admin sends nothing (the service
// refuses to count a signed-in request too), and neither does a draft's preview.
// docs/decisions/024-counted-reads.md.

import { sessionStorageKey } from './preview.ts'

export interface BeaconEnv {
  visible(): boolean
  /** Calls back on every change of visibility; returns the unsubscribe. */
  onVisibilityChange(listener: () => void): () => void
  /** Whether this browser holds an admin session that has not run out. */
  signedIn(): boolean
  /** Sends the body to /reads however the browser can; never throws. */
  send(body: string): void
}

export interface BeaconPage {
  /** The page's path with its query (`?ref=newsletter` says where the reader came from). */
  path: string
  /** Where the reader came from: the landing page's referrer, or this site for a move within it. */
  referrer: string
  /** A draft shown to an editor: never a read. */
  preview: boolean
}

/** Whether a stored admin session (src/content/clients/auth.ts saveSession) is live. */
export function isSignedIn(raw: string | null, now: number = Date.now()): boolean {
  if (!raw) return false
  try {
    const session = JSON.parse(raw) as { access_token?: unknown; expires_at?: unknown }
    return typeof session.access_token === 'string' && typeof session.expires_at === 'number' && session.expires_at > now
  } catch {
    return false
  }
}

/**
 * Reports one read of the page once it has been visible; returns what cancels a report not yet
 * sent (the reader moved on while the tab was hidden).
 */
export function reportRead(page: BeaconPage, env: BeaconEnv): () => void {
  if (page.preview || env.signedIn()) return () => {}
  const body = JSON.stringify({ path: page.path.slice(0, 1024), referrer: page.referrer.slice(0, 1024) })
  if (env.visible()) {
    env.send(body)
    return () => {}
  }
  const stop = env.onVisibilityChange(() => {
    if (!env.visible()) return
    stop()
    env.send(body)
  })
  return stop
}

/** The browser's own: sendBeacon, or a fetch that outlives the page where there is none. */
export const browserBeaconEnv: BeaconEnv = {
  visible: () => document.visibilityState === 'visible',
  onVisibilityChange(listener) {
    document.addEventListener('visibilitychange', listener)
    return () => document.removeEventListener('visibilitychange', listener)
  },
  signedIn() {
    try {
      return isSignedIn(localStorage.getItem(sessionStorageKey))
    } catch {
      return false
    }
  },
  send(body) {
    try {
      if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon('/reads', new Blob([body], { type: 'application/json' }))) return
    } catch {
      // Refused (a body the browser will not queue): try fetch.
    }
    fetch('/reads', { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }).catch(() => {})
  },
}
