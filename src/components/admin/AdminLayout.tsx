import type { ReactNode } from 'react'
import './AdminLayout.css'

export interface AdminLayoutProps {
  email: string | null
  onLogout: () => void
  /** The side navigation's links; given by the route so they stay type-checked there. */
  nav: ReactNode
  children: ReactNode
}

/** The admin area's frame: 'Resonance Admin', who is signed in, Logout, and the side links. */
export function AdminLayout({ email, onLogout, nav, children }: AdminLayoutProps) {
  return (
    <div className="admin-layout">
      <a className="skip-link" href="#admin-main">
        Skip to content
      </a>
      <header className="admin-layout__header">
        <p className="admin-layout__brand">Resonance Admin</p>
        <div className="admin-layout__user">
          {email ? <span className="admin-layout__email">{email}</span> : null}
          <button type="button" className="admin-layout__logout" onClick={onLogout}>
            Logout
          </button>
        </div>
      </header>
      <div className="admin-layout__body">
        <nav className="admin-layout__nav" aria-label="Admin">
          {nav}
        </nav>
        <main className="admin-layout__main" id="admin-main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  )
}
