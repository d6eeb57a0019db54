// Model-based tests generated from the auth machine (docs/decisions/003-model-based-tests.md):
// every reachable state, each step performed as it really happens — the stored session is checked,
// the editor types and presses Sign In, the server answers, the editor presses Logout — with an
// assertion of what the editor sees in every state.

import { act, render, screen } from '@testing-library/react'
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { createActor, type Actor, type AnyEventObject } from 'xstate'
import { describe, expect, it } from 'vitest'
import { AdminLogin } from '../components/admin/AdminLogin.tsx'
import { AuthError, type Session, type User } from '../content/clients/auth.ts'
import { authMachine, canEnterAdmin, type AuthEvent, type AuthSnapshot } from './authMachine.ts'
import { gestureFor, itFollowsEachPath, modelOf, pendingActor, reachedStates, walk, type Gestures, type Pending } from './model.testing.ts'

const editor: User = { id: 'u1', email: 'editor@resonance.example', role: 'editor' }
const viewer: User = { id: 'u2', email: 'viewer@resonance.example', role: 'viewer' }
const session = (user: User): Session => ({ access_token: `token-${user.id}`, token_type: 'bearer', expires_at: Date.now() + 3_600_000, user })

function environment() {
  const env = {
    checks: [] as Pending<{ session: Session; user: User } | null>[],
    signIns: [] as Pending<Session, { email: string; password: string }>[],
    signOuts: [] as Pending<void, { session: Session | null }>[],
    stored: null as Session | null,
  }
  const machine = authMachine.provide({
    actors: {
      checkSession: pendingActor(env.checks),
      signIn: pendingActor(env.signIns),
      signOut: pendingActor(env.signOuts),
    },
    actions: {
      persistSession: ({ context }) => {
        env.stored = context.session
      },
      forgetSession: () => {
        env.stored = null
      },
    },
  })
  return { env, machine }
}

/** A stand-in for the admin area: the sign-in form when signed out, the editor's frame when in. */
function AuthView({ actor }: { actor: Actor<typeof authMachine> }) {
  const snapshot = useSelector(actor, (s) => s)
  const [email, setEmail] = useState('')
  if (snapshot.matches('checking') || snapshot.matches('signingOut')) return <p>Loading...</p>
  if (canEnterAdmin(snapshot)) {
    return (
      <div>
        <span>{snapshot.context.user?.email}</span>
        <button type="button" onClick={() => actor.send({ type: 'sign.out' })}>
          Logout
        </button>
      </div>
    )
  }
  return (
    <AdminLogin
      initialEmail={email}
      busy={snapshot.matches('signingIn')}
      error={snapshot.context.error ?? (snapshot.matches('signedIn') ? 'This account cannot use the admin area.' : null)}
      onLogout={snapshot.matches('signedIn') ? () => actor.send({ type: 'sign.out' }) : undefined}
      onSubmit={(e, password) => {
        setEmail(e)
        actor.send({ type: 'sign.in', email: e, password })
      }}
    />
  )
}

type System = ReturnType<typeof environment> & { actor: Actor<typeof authMachine> }
const type = async (label: string, value: string) => {
  const input = screen.getByLabelText(label) as HTMLInputElement
  const { fireEvent } = await import('@testing-library/react')
  fireEvent.change(input, { target: { value } })
}

/** What the editor does for each event the machine accepts from outside. */
const gestures = {
  'sign.in': async (_system, event) => {
    const e = event as Extract<AuthEvent, { type: 'sign.in' }>
    // With someone signed in who may not enter, the form is still there to sign in as someone else.
    await type('Email', e.email)
    await type('Password', e.password)
    screen.getByRole('button', { name: 'Sign In' }).click()
  },
  'sign.out': async () => {
    screen.getByRole('button', { name: 'Logout' }).click()
  },
  'session.expired': async (system) => {
    // What withSession does when the server answers 401.
    system.actor.send({ type: 'session.expired' })
  },
} satisfies Gestures<System, AuthEvent>

async function settle<T, I>(queue: Pending<T, I>[], outcome: { value: T } | { error: Error }) {
  const pending = queue.shift()
  if (!pending) throw new Error('Nothing is waiting for an answer')
  if ('value' in outcome) pending.resolve(outcome.value)
  else pending.reject(outcome.error)
}

async function perform(system: System, event: AnyEventObject): Promise<void> {
  await act(async () => {
    const { env } = system
    const gesture = gestureFor(gestures, event)
    if (gesture) await gesture(system, event)
    else if (event.type === 'xstate.done.actor.checkSession') await settle(env.checks, { value: event.output as { session: Session; user: User } | null })
    else if (event.type === 'xstate.error.actor.checkSession') await settle(env.checks, { error: new Error('network down') })
    else if (event.type === 'xstate.done.actor.signIn') await settle(env.signIns, { value: event.output as Session })
    else if (event.type === 'xstate.error.actor.signIn') await settle(env.signIns, { error: event.error as Error })
    else if (event.type === 'xstate.done.actor.signOut') await settle(env.signOuts, { value: undefined })
    else if (event.type === 'xstate.error.actor.signOut') await settle(env.signOuts, { error: new Error('network down') })
    else throw new Error(`No gesture for ${event.type}`)
    await Promise.resolve()
  })
}

const candidates: AnyEventObject[] = [
  { type: 'sign.in', email: 'editor@resonance.example', password: 'correct horse' },
  { type: 'sign.out' },
  { type: 'session.expired' },
  { type: 'xstate.done.actor.checkSession', output: { session: session(editor), user: editor } },
  { type: 'xstate.done.actor.checkSession', output: null },
  { type: 'xstate.error.actor.checkSession', error: new Error('network down') },
  { type: 'xstate.done.actor.signIn', output: session(editor) },
  { type: 'xstate.done.actor.signIn', output: session(viewer) },
  { type: 'xstate.error.actor.signIn', error: new AuthError('Invalid credentials', 401) },
  { type: 'xstate.error.actor.signIn', error: new AuthError('Too many failed sign-in attempts. Try again in 30 seconds.', 429, 30) },
  { type: 'xstate.done.actor.signOut' },
  { type: 'xstate.error.actor.signOut', error: new Error('network down') },
]

const model = modelOf(authMachine, {
  candidates,
  serializeState: (snapshot: AuthSnapshot) => JSON.stringify([snapshot.value, snapshot.context.role, snapshot.context.error]),
})

/** What the editor sees in each state. */
const seen = (snapshot: AuthSnapshot) => {
  if (snapshot.matches('checking') || snapshot.matches('signingOut')) {
    expect(screen.getByText('Loading...')).toBeTruthy()
    return
  }
  if (canEnterAdmin(snapshot)) {
    expect(screen.getByText(snapshot.context.user!.email!)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy()
    return
  }
  const button = screen.getByRole('button', { name: snapshot.matches('signingIn') ? 'Signing in...' : 'Sign In' }) as HTMLButtonElement
  expect(button.disabled).toBe(snapshot.matches('signingIn'))
  const alert = screen.queryByRole('alert')
  if (snapshot.matches('error')) expect(alert?.textContent).toBe(snapshot.context.error)
  else if (snapshot.matches('signedIn')) expect(alert?.textContent).toBe('This account cannot use the admin area.')
  else expect(alert).toBeNull()
}

describe('auth machine, model-based', () => {
  const paths = model.getShortestPaths()

  it('reaches every state', () => {
    const reached = reachedStates(paths)
    for (const state of ['checking', 'signedOut', 'signingIn', 'error', 'signedIn', 'signingOut']) expect(reached).toContain(JSON.stringify(state))
  })

  itFollowsEachPath(paths, {
    describeEvent: (event) => event.type.replace('xstate.done.actor.', 'answered ').replace('xstate.error.actor.', 'failed '),
    title: (steps, path) => `${steps.join(' → ')} ⇒ ${JSON.stringify(path.state.value)} (${path.state.context.role ?? 'no role'})`,
    test: async (path) => {
      const { env, machine } = environment()
      const actor = createActor(machine).start()
      const system: System = { env, machine, actor }
      render(<AuthView actor={actor} />)
      await walk(path, {
        candidates,
        states: { checking: seen, signedOut: seen, signingIn: seen, error: seen, signedIn: seen, signingOut: seen },
        perform: (event) => perform(system, event),
      })
      actor.stop()
    },
  })
})

describe('auth machine, scenarios', () => {
  it('keeps the session across a reload and forgets it on logout', async () => {
    const { env, machine } = environment()
    const first = createActor(machine).start()
    env.checks.shift()!.resolve(null)
    await Promise.resolve()
    first.send({ type: 'sign.in', email: editor.email!, password: 'x' })
    env.signIns.shift()!.resolve(session(editor))
    await new Promise((r) => setTimeout(r, 0))
    expect(env.stored?.user).toEqual(editor)
    // A reload: a new machine finds the stored session and the server still knows it.
    const second = createActor(machine).start()
    env.checks.shift()!.resolve({ session: env.stored!, user: editor })
    await new Promise((r) => setTimeout(r, 0))
    expect(canEnterAdmin(second.getSnapshot())).toBe(true)
    second.send({ type: 'sign.out' })
    env.signOuts.shift()!.reject(new Error('offline'))
    await new Promise((r) => setTimeout(r, 0))
    expect(second.getSnapshot().matches('signedOut')).toBe(true)
    expect(second.getSnapshot().context).toMatchObject({ user: null, session: null, role: null })
    expect(env.stored).toBeNull()
  })

  it('drops the session when the server says it is no longer valid', async () => {
    const { env, machine } = environment()
    const actor = createActor(machine).start()
    env.checks.shift()!.resolve({ session: session(editor), user: editor })
    await new Promise((r) => setTimeout(r, 0))
    env.stored = session(editor)
    actor.send({ type: 'session.expired' })
    expect(actor.getSnapshot().matches('signedOut')).toBe(true)
    expect(env.stored).toBeNull()
  })

  it('keeps the throttling wait from the server', async () => {
    const { env, machine } = environment()
    const actor = createActor(machine).start()
    env.checks.shift()!.resolve(null)
    await new Promise((r) => setTimeout(r, 0))
    actor.send({ type: 'sign.in', email: 'a@b.example', password: 'x' })
    env.signIns.shift()!.reject(new AuthError('Too many failed sign-in attempts. Try again in 30 seconds.', 429, 30))
    await new Promise((r) => setTimeout(r, 0))
    expect(actor.getSnapshot().context).toMatchObject({ error: 'Too many failed sign-in attempts. Try again in 30 seconds.', retryAfter: 30 })
  })
})
