import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { NotFound } from './NotFound.tsx'

// The real router, in memory: NotFound is what it shows for a path it does not know.
function renderUnknownPath(path = '/no/such/page') {
  const rootRoute = createRootRoute({ notFoundComponent: NotFound })
  const home = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <h1>Latest news</h1> })
  const router = createRouter({ routeTree: rootRoute.addChildren([home]), history: createMemoryHistory({ initialEntries: [path] }) })
  render(<RouterProvider router={router} />)
  return router
}

describe('NotFound', () => {
  it('says the page was not found, with 404 and the heading', async () => {
    renderUnknownPath()
    expect(await screen.findByRole('heading', { level: 1, name: /^404: ?Oops! Page not found$/ })).toBeTruthy()
    expect(screen.getByText('404', { exact: true })).toBeTruthy()
  })

  it('offers a way home that goes home', async () => {
    const router = renderUnknownPath()
    const home = await screen.findByRole('link', { name: 'Return to Home' })
    expect(home.getAttribute('href')).toBe('/')
    await userEvent.setup().click(home)
    expect(await screen.findByRole('heading', { name: 'Latest news' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/')
  })

  it('marks no suggestion as the page shown under a section it suggests', async () => {
    renderUnknownPath('/uk/extra/deep')
    const nav = await screen.findByRole('navigation', { name: 'Or try one of our sections' })
    expect(nav.querySelectorAll('[aria-current]')).toHaveLength(0)
  })

  it('suggests a few sections from the header', async () => {
    renderUnknownPath()
    const nav = await screen.findByRole('navigation', { name: 'Or try one of our sections' })
    const links = Array.from(nav.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')])
    expect(links).toEqual([
      ['UK', '/uk'],
      ['World', '/world'],
      ['Business & Money', '/business'],
      ['Sport', '/sport'],
      ['Culture', '/culture'],
    ])
  })
})
