// The People page's endpoints: who may sign in, with which role. Admins only (routes.ts); the rules
// (the last admin, removing oneself, password length) are kept by `server/access/auth.ts`.

import { httpError } from '../errors.ts'
import { isRecord, sendJson } from './respond.ts'
import type { ApiDeps, Context } from './route.ts'

/** A person's form is a few short strings. */
const BODY_LIMIT = 16 * 1024

async function fields(ctx: Context): Promise<Record<string, unknown>> {
  const body = await ctx.json(BODY_LIMIT)
  if (!isRecord(body)) throw httpError(400, 'The request body must be a JSON object')
  return body
}

/** The bearer token of the request, which actions on one's own sessions leave signed in. */
function ownToken({ req }: Context): string | null {
  return /^Bearer\s+(\S+)/i.exec(req.headers.authorization ?? '')?.[1] ?? null
}

export function listPeople({ auth }: ApiDeps) {
  return async ({ res }: Context): Promise<void> => sendJson(res, 200, { result: { people: auth.people() } })
}

export function addPerson({ auth }: ApiDeps) {
  return async (ctx: Context): Promise<void> => {
    const body = await fields(ctx)
    sendJson(ctx.res, 201, { result: await auth.addPerson(body.email, body.role, body.password) })
  }
}

export function changeRole({ auth }: ApiDeps) {
  return async (ctx: Context): Promise<void> => {
    const body = await fields(ctx)
    sendJson(ctx.res, 200, { result: auth.changeRole(ctx.params.id!, body.role) })
  }
}

export function resetPassword({ auth }: ApiDeps) {
  return async (ctx: Context): Promise<void> => {
    const body = await fields(ctx)
    sendJson(ctx.res, 200, { result: await auth.resetPassword(ctx.params.id!, body.password, ownToken(ctx)) })
  }
}

export function endSessions({ auth }: ApiDeps) {
  return async (ctx: Context): Promise<void> => sendJson(ctx.res, 200, { result: { ended: auth.endSessions(ctx.params.id!, ownToken(ctx)) } })
}

export function removePerson({ auth }: ApiDeps) {
  return async (ctx: Context): Promise<void> => sendJson(ctx.res, 200, { result: auth.removePerson(ctx.params.id!, ctx.who()!.id) })
}
