// Sign-in against the content service's /auth endpoints, and the session kept in this browser.
// Admin code only: the reader site never imports this module.

import type { Role } from '../../../shared/roles.ts'
import { refusalOfStatus } from './errors.ts'

export interface User {
  id: string
  email: string | null
  role: Role
}

export interface Session {
  access_token: string
  token_type: 'bearer'
  /** When the session ends (ms since the epoch), from the server's expires_in. */
  expires_at: number
  user: User
}

export class AuthError extends Error {
  readonly status: number
  /** Seconds until another sign-in may be tried, when the server throttles. */
  readonly retryAfter: number | null

  constructor(message: string, status: number, retryAfter: number | null = null) {
    super(message)
    this.status = status
    this.retryAfter = retryAfter
  }
}

async function readError(res: Response, fallback: string): Promise<AuthError> {
  let message = fallback
  let retryAfter: number | null = null
  try {
    const body = (await res.json()) as { message?: unknown; retryAfter?: unknown; error?: { description?: unknown } }
    if (typeof body.message === 'string') message = body.message
    else if (typeof body.error?.description === 'string') message = body.error.description
    if (typeof body.retryAfter === 'number') retryAfter = body.retryAfter
  } catch {
    // Not JSON: keep the fallback.
  }
  const header = Number(res.headers.get('retry-after'))
  if (retryAfter === null && Number.isFinite(header) && header > 0) retryAfter = header
  return new AuthError(message, res.status, retryAfter)
}

export async function signIn(email: string, password: string, base = ''): Promise<Session> {
  let res: Response
  try {
    res = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
  } catch {
    throw new AuthError('Failed to log in', 0)
  }
  if (!res.ok) throw await readError(res, 'Failed to log in')
  const body = (await res.json()) as { access_token: string; token_type: 'bearer'; expires_in: number; user: User }
  return { access_token: body.access_token, token_type: body.token_type, expires_at: Date.now() + body.expires_in * 1000, user: body.user }
}

/** The user behind a stored session, or null when the server no longer knows it. */
export async function checkSession(session: Session, base = ''): Promise<User | null> {
  const res = await fetch(`${base}/auth/me`, { headers: { authorization: `Bearer ${session.access_token}` } })
  const refusal = refusalOfStatus(res.status)
  if (refusal === 'unauthorised' || refusal === 'forbidden') return null
  if (!res.ok) throw await readError(res, 'Could not check the session')
  return ((await res.json()) as { user: User }).user
}

export async function signOut(session: Session, base = ''): Promise<void> {
  await fetch(`${base}/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${session.access_token}` } })
}

/** Whether the sign-in page may prefill the demo credentials (only when the server runs the demo). */
export async function demoCredentials(base = ''): Promise<{ email: string; password: string } | null> {
  try {
    const res = await fetch(`${base}/auth/config`)
    if (!res.ok) return null
    return ((await res.json()) as { demo: { email: string; password: string } | null }).demo
  } catch {
    return null
  }
}

const storageKey = 'resonance.session'

export function loadSession(storage: Pick<Storage, 'getItem'> = localStorage): Session | null {
  try {
    const raw = storage.getItem(storageKey)
    if (!raw) return null
    const session = JSON.parse(raw) as Session
    if (typeof session.access_token !== 'string' || typeof session.expires_at !== 'number' || session.expires_at <= Date.now()) return null
    return session
  } catch {
    return null
  }
}

export function saveSession(session: Session, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(storageKey, JSON.stringify(session))
}

export function clearSession(storage: Pick<Storage, 'removeItem'> = localStorage): void {
  storage.removeItem(storageKey)
}
