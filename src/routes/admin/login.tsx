import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { AdminLogin } from '../../components/admin/AdminLogin.tsx'
import { canEnterAdmin } from '../../machines/authMachine.ts'
import { authActor, toasts } from './-session.ts'

interface LoginSearch {
  /** Where the editor was going when the guard sent them here; only admin paths are followed. */
  redirect?: string
}

function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  try {
    const url = new URL(value, window.location.origin)
    if (url.origin !== window.location.origin || !url.pathname.startsWith('/admin') || url.pathname.startsWith('/admin/login')) return undefined
    return url.pathname + url.search + url.hash
  } catch {
    return undefined
  }
}

export const Route = createFileRoute('/admin/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({ redirect: safeRedirect(search.redirect) }),
  head: () => ({ meta: [{ title: 'Sign in | Resonance Admin' }] }),
  loader: async () => {
    // Imported here, not at the top: loaders stay in the reader's main bundle (see _authed/route.tsx).
    const [{ settledAuth }, { demoCredentials }] = await Promise.all([import('./-session.ts'), import('../../content/clients/auth.ts')])
    await settledAuth()
    return { demo: await demoCredentials() }
  },
  pendingComponent: () => <p>Loading...</p>,
  component: LoginRoute,
})

function LoginRoute() {
  const { demo } = Route.useLoaderData()
  const { redirect } = Route.useSearch()
  const navigate = useNavigate()
  const state = useSelector(authActor, (s) => ({ busy: s.matches('signingIn'), error: s.context.error, allowed: canEnterAdmin(s), signedIn: s.matches('signedIn') }))
  const attempted = useRef(false)
  /** The failures' toasts still showing: a sign-in that then succeeds takes them away. */
  const failures = useRef<string[]>([])

  useEffect(() => {
    if (state.allowed) {
      for (const id of failures.current.splice(0)) toasts.dismiss(id)
      if (attempted.current) toasts.success('Login Successful!')
      void navigate({ to: redirect ?? '/admin/dashboard', replace: true })
    }
  }, [state.allowed, redirect, navigate])

  useEffect(() => {
    if (attempted.current && state.error) failures.current.push(toasts.error('Error', state.error))
  }, [state.error])

  const notAllowed = state.signedIn && !state.allowed ? 'This account cannot use the admin area.' : null

  return (
    <AdminLogin
      initialEmail={demo?.email}
      initialPassword={demo?.password}
      busy={state.busy}
      error={state.error ?? notAllowed}
      onLogout={notAllowed ? () => authActor.send({ type: 'sign.out' }) : undefined}
      onSubmit={(email, password) => {
        attempted.current = true
        authActor.send({ type: 'sign.in', email, password })
      }}
    />
  )
}
