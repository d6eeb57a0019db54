// The editor's sign-in lifecycle: checking the stored session -> signed out or signed in (with a
// role); signing in; error; signing out. The session survives a reload (the `loadSession` /
// `persistSession` effects) and is dropped as soon as the server says it is no longer valid
// (`session.expired`). Every effect is an actor or action the caller can replace.

import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { draftWriterRoles } from '../../shared/roles.ts'
import { AuthError, type Session, type User } from '../content/clients/auth.ts'

export interface AuthContext {
  user: User | null
  session: Session | null
  role: User['role'] | null
  error: string | null
  /** Seconds to wait before another attempt, when the server throttles sign-in. */
  retryAfter: number | null
}

export type AuthEvent =
  | { type: 'sign.in'; email: string; password: string }
  | { type: 'sign.out' }
  | { type: 'session.expired' }

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actors: {
    /** The stored session's user, or null when there is none or the server rejects it. */
    checkSession: fromPromise<{ session: Session; user: User } | null>(async () => null),
    signIn: fromPromise<Session, { email: string; password: string }>(() => Promise.reject(new Error('authMachine needs a signIn actor'))),
    signOut: fromPromise<void, { session: Session | null }>(async () => {}),
  },
  actions: {
    persistSession: () => {},
    forgetSession: () => {},
  },
  guards: {
    hasSession: (_, output: { session: Session; user: User } | null) => output !== null,
    lacksAdminRole: ({ context }) => context.role === null || !draftWriterRoles.has(context.role),
  },
}).createMachine({
  id: 'auth',
  context: { user: null, session: null, role: null, error: null, retryAfter: null },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'checkSession',
        src: 'checkSession',
        onDone: [
          {
            guard: { type: 'hasSession', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: assign(({ event }) => ({ session: event.output!.session, user: event.output!.user, role: event.output!.user.role })),
          },
          { target: 'signedOut', actions: 'forgetSession' },
        ],
        // The server could not be asked: treat it as signed out, keeping the stored session for later.
        onError: { target: 'signedOut' },
      },
    },
    signedOut: {
      on: { 'sign.in': 'signingIn' },
    },
    signingIn: {
      entry: assign({ error: null, retryAfter: null }),
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) => (event.type === 'sign.in' ? { email: event.email, password: event.password } : { email: '', password: '' }),
        onDone: {
          target: 'signedIn',
          actions: [assign(({ event }) => ({ session: event.output, user: event.output.user, role: event.output.user.role })), { type: 'persistSession' }],
        },
        onError: {
          target: 'error',
          actions: assign(({ event }) => ({
            error: event.error instanceof Error && event.error.message ? event.error.message : 'Failed to log in',
            retryAfter: event.error instanceof AuthError ? event.error.retryAfter : null,
          })),
        },
      },
    },
    error: {
      on: { 'sign.in': 'signingIn' },
    },
    signedIn: {
      on: {
        // Someone signed in without admin rights may sign in again as someone who has them.
        'sign.in': { guard: 'lacksAdminRole', target: 'signingIn' },
        'sign.out': 'signingOut',
        'session.expired': { target: 'signedOut', actions: [assign({ user: null, session: null, role: null }), 'forgetSession'] },
      },
    },
    signingOut: {
      invoke: {
        id: 'signOut',
        src: 'signOut',
        input: ({ context }) => ({ session: context.session }),
        // Signed out locally whatever the server said: the token is gone from this browser.
        onDone: { target: 'signedOut', actions: [assign({ user: null, session: null, role: null, error: null }), 'forgetSession'] },
        onError: { target: 'signedOut', actions: [assign({ user: null, session: null, role: null, error: null }), 'forgetSession'] },
      },
    },
  },
})

export type AuthSnapshot = SnapshotFrom<typeof authMachine>

/** Whether this snapshot may enter the admin area: signed in with a role that may write (admin, editor or contributor). */
export function canEnterAdmin(snapshot: AuthSnapshot): boolean {
  return snapshot.matches('signedIn') && snapshot.context.role !== null && draftWriterRoles.has(snapshot.context.role)
}

export function isAuthSettled(snapshot: AuthSnapshot): boolean {
  return !snapshot.matches('checking') && !snapshot.matches('signingOut')
}
