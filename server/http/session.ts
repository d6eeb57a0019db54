// Sign-in for the admin area: sessions are bearer tokens (`server/access/auth.ts` keeps them).

import { httpError } from '../errors.ts'
import { isRecord, sendJson } from './respond.ts'
import type { ApiDeps, Context } from './route.ts'

export function login({ auth }: ApiDeps) {
  return async ({ res, json, address }: Context): Promise<void> => {
    const body = await json(64 * 1024)
    const b = isRecord(body) ? body : {}
    sendJson(res, 200, await auth.login(b.email, b.password, address()))
  }
}

export function logout({ auth }: ApiDeps) {
  return async ({ req, res }: Context): Promise<void> => {
    const m = /^Bearer\s+(\S+)/i.exec(req.headers.authorization ?? '')
    if (m) auth.revoke(m[1]!)
    sendJson(res, 200, { ok: true })
  }
}

export function me() {
  return async ({ res, who }: Context): Promise<void> => {
    const principal = who()
    if (!principal) throw httpError(401, 'Not signed in')
    sendJson(res, 200, { user: { id: principal.id, email: principal.email, role: principal.role }, expires_at: principal.expiresAt })
  }
}

/** Tells the sign-in page whether it may prefill the demo credentials. */
export function signInConfig({ config }: ApiDeps) {
  return async ({ res }: Context): Promise<void> => sendJson(res, 200, { demo: config.demoCredentials })
}
