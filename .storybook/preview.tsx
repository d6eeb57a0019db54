import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import type { Decorator, Preview } from '@storybook/react-vite'
import '../src/styles.css'

// Components link with TanStack Router's <Link>, which needs a router: each story renders inside one.
const withRouter: Decorator = (Story) => {
  const rootRoute = createRootRoute({ component: () => <Story /> })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) })
  return <RouterProvider router={router} />
}

const preview: Preview = {
  decorators: [withRouter],
  parameters: {
    a11y: { test: 'error' },
    layout: 'padded',
  },
}

export default preview
