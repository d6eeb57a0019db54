// The admin area's live objects: the auth machine with its real effects, the toaster, and the
// content client of whoever is signed in. One of each per browser tab, shared by every admin route.
// (Files starting with '-' are not routes.)

import type { SanityClient } from '@sanity/client'
import { createActor, fromPromise, waitFor } from 'xstate'
import { createAdminClient } from '../../content/clients/editor.ts'
import { refusalOf } from '../../content/clients/errors.ts'
import { checkSession, clearSession, loadSession, saveSession, signIn, signOut, type Session } from '../../content/clients/auth.ts'
import { authMachine, isAuthSettled, type AuthSnapshot } from '../../machines/authMachine.ts'
import { toastApi, toasterMachine } from '../../machines/toastMachine.ts'

export const authActor = createActor(
  authMachine.provide({
    actors: {
      checkSession: fromPromise(async () => {
        const session = loadSession()
        if (!session) return null
        const user = await checkSession(session)
        return user ? { session, user } : null
      }),
      signIn: fromPromise(({ input }: { input: { email: string; password: string } }) => signIn(input.email, input.password)),
      signOut: fromPromise(async ({ input }: { input: { session: Session | null } }) => {
        if (input.session) await signOut(input.session)
      }),
    },
    actions: {
      persistSession: ({ context }) => {
        if (context.session) saveSession(context.session)
      },
      forgetSession: () => clearSession(),
    },
  }),
).start()

export const toaster = createActor(toasterMachine).start()
export const toasts = toastApi(toaster)

/** The auth state once it has settled (the stored session checked, or a sign-out finished). */
export function settledAuth(): Promise<AuthSnapshot> {
  return waitFor(authActor, isAuthSettled)
}

let cached: { token: string; client: SanityClient } | null = null

/** The content client of the signed-in editor. */
export function adminClient(): SanityClient {
  const token = authActor.getSnapshot().context.session?.access_token
  if (!token) throw new Error('Not signed in')
  if (cached?.token !== token) cached = { token, client: createAdminClient(token) }
  return cached.client
}

/**
 * Runs a content call; when the server says the session is no longer valid (401), the editor is
 * signed out here too, and the guard sends them to the sign-in page.
 */
export async function withSession<T>(call: (client: SanityClient) => Promise<T>): Promise<T> {
  try {
    return await call(adminClient())
  } catch (error) {
    if (refusalOf(error) === 'unauthorised') authActor.send({ type: 'session.expired' })
    throw error
  }
}
