import { useState, type FormEvent } from 'react'
import './AdminLogin.css'

export interface AdminLoginProps {
  /** Prefilled only when the server runs the demo dataset. */
  initialEmail?: string
  initialPassword?: string
  busy: boolean
  error: string | null
  onSubmit: (email: string, password: string) => void
  /** Set when someone is signed in whose role cannot use the admin area: they may sign out. */
  onLogout?: () => void
}

export function AdminLogin({ initialEmail = '', initialPassword = '', busy, error, onSubmit, onLogout }: AdminLoginProps) {
  const [email, setEmail] = useState(initialEmail)
  const [password, setPassword] = useState(initialPassword)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onSubmit(email.trim(), password)
  }
  return (
    <main className="admin-login" id="main">
      <div className="admin-login__card">
        <h1 className="admin-login__title">Admin Sign In</h1>
        <p className="admin-login__subtitle">Sign in to manage your content</p>
        {error ? (
          <p className="admin-login__error" role="alert">
            {error}
          </p>
        ) : null}
        <form onSubmit={submit} className="admin-login__form" aria-busy={busy}>
          <label htmlFor="login-email">Email</label>
          <input id="login-email" name="email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} disabled={busy} />
          <label htmlFor="login-password">Password</label>
          <input id="login-password" name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} disabled={busy} />
          <button type="submit" disabled={busy}>
            {busy ? 'Signing in...' : 'Sign In'}
          </button>
        </form>
        {onLogout ? (
          <button type="button" className="admin-login__logout" onClick={onLogout}>
            Logout
          </button>
        ) : null}
        <a className="admin-login__back" href="/">
          ← Back to website
        </a>
      </div>
    </main>
  )
}
