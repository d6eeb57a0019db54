// The reader site's one way to see a draft: an editor's preview (docs/decisions/014-preview.md). In
// the browser only, after hydration, it reads the session the admin area stored in this browser and,
// when the session is of someone who writes drafts (an editor, an admin, or a contributor, who
// previews the drafts they write), asks the service's drafts perspective with its bearer token. The
// reader bundle must not carry the admin's code, so this reads the stored session itself instead of
// importing src/content/clients/auth.ts (a unit test holds the two to the same storage key and shape).
// Nothing here goes through the page's query results or any cache: each preview is a fresh POST,
// which the service answers `private, no-store`.

import { contentConfig } from '../../../shared/contentConfig.ts'
import { draftWriterRoles, type Role } from '../../../shared/roles.ts'

/** Where the admin area keeps its session (src/content/clients/auth.ts saveSession). */
export const sessionStorageKey = 'resonance.session'

export interface PreviewSession {
  token: string
  role: Role
}

/** The stored session when its holder writes drafts and it has not run out; null otherwise (and without storage). */
export function previewSession(storage: Pick<Storage, 'getItem'> | null = typeof localStorage === 'undefined' ? null : localStorage, now: number = Date.now()): PreviewSession | null {
  try {
    return parsePreviewSession(storage?.getItem(sessionStorageKey) ?? null, now)
  } catch {
    return null
  }
}

/** A stored session's text as a preview session: a draft writer's that has not run out, or null. */
export function parsePreviewSession(raw: string | null, now: number = Date.now()): PreviewSession | null {
  if (!raw) return null
  try {
    const session = JSON.parse(raw) as { access_token?: unknown; expires_at?: unknown; user?: { role?: unknown } }
    if (typeof session.access_token !== 'string' || typeof session.expires_at !== 'number' || session.expires_at <= now) return null
    const role = session.user?.role
    if (typeof role !== 'string' || !draftWriterRoles.has(role as Role)) return null
    return { token: session.access_token, role: role as Role }
  } catch {
    return null
  }
}

/** The stored session's text, as it is now (for useSyncExternalStore: equal text, equal snapshot). */
export function storedSessionText(): string | null {
  try {
    return localStorage.getItem(sessionStorageKey)
  } catch {
    return null
  }
}

/** Calls back when another tab signs in or out. */
export function subscribeToStoredSession(onChange: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === null || event.key === sessionStorageKey) onChange()
  }
  window.addEventListener('storage', listener)
  return () => window.removeEventListener('storage', listener)
}

/** Refused or failed: the preview says why and the page stays as readers see it. */
export class PreviewError extends Error {
  readonly status: number
  constructor(message: string, status: number) {
    super(message)
    this.name = 'PreviewError'
    this.status = status
  }
}

/** A GROQ query over the drafts perspective (drafts over published documents), as the session's holder. */
export async function fetchPreview<R>(session: PreviewSession, query: string, params: Record<string, unknown> = {}): Promise<R> {
  // Not reader.ts's client: that would bring @sanity/client into the page for one request.
  const config = contentConfig(import.meta.env as unknown as Record<string, string>, window.location.origin)
  const base = config.apiHost ?? `https://${config.projectId}.api.sanity.io`
  const url = `${base}/v${config.apiVersion}/data/query/${encodeURIComponent(config.dataset)}?perspective=drafts&returnQuery=false`
  let res: Response
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query, params }),
      cache: 'no-store',
      credentials: 'omit',
    })
  } catch {
    throw new PreviewError('The content service could not be reached.', 0)
  }
  if (!res.ok) throw new PreviewError(res.status === 401 ? 'Your session has ended: sign in again to preview.' : `The content service answered ${res.status}.`, res.status)
  const body = (await res.json()) as { result?: R }
  return body.result as R
}
