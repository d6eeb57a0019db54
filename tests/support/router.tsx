// Components with <Link> need a router around them; this renders one in memory for component tests.

import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { render, screen, type RenderResult } from '@testing-library/react'
import type { ReactNode } from 'react'

export async function renderWithRouter(ui: ReactNode, path = '/'): Promise<RenderResult> {
  const rootRoute = createRootRoute({ component: () => <div data-testid="router-outlet">{ui}</div> })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [path] }) })
  const result = render(<RouterProvider router={router} />)
  await screen.findByTestId('router-outlet')
  return result
}

/**
 * Renders `ui` inside a listing's own route (`/$section`), as the app does: its relative links
 * ("." with `?page=N`) lead to pages of that route. Returns the router, to follow where a click went.
 */
export async function renderInListingRoute(ui: ReactNode, path: string) {
  const rootRoute = createRootRoute()
  const listing = createRoute({ getParentRoute: () => rootRoute, path: '$section', component: () => <div data-testid="listing-route">{ui}</div> })
  const router = createRouter({ routeTree: rootRoute.addChildren([listing]), history: createMemoryHistory({ initialEntries: [path] }) })
  const result = render(<RouterProvider router={router} />)
  await screen.findByTestId('listing-route')
  return { ...result, router }
}
