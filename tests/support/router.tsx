// Components with <Link> need a router around them; this renders one in memory for component tests.

import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { render, screen, type RenderResult } from '@testing-library/react'
import type { ReactNode } from 'react'

export async function renderWithRouter(ui: ReactNode, path = '/'): Promise<RenderResult> {
  const rootRoute = createRootRoute({ component: () => <div data-testid="router-outlet">{ui}</div> })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [path] }) })
  const result = render(<RouterProvider router={router} />)
  await screen.findByTestId('router-outlet')
  return result
}
