import { createRootRoute, Link, Outlet } from '@tanstack/react-router'
import { Masthead } from '../components/Masthead.tsx'
import { NotFound } from '../components/NotFound.tsx'

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFound,
})

function RootLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <Masthead date={new Date()} />
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>
          <Link to="/">Resonance</Link> © 2025 Resonance Media. All rights reserved.
        </p>
      </footer>
    </>
  )
}
