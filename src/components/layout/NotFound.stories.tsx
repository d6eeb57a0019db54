import type { Meta, StoryObj } from '@storybook/react-vite'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { useState } from 'react'
import { NotFound } from './NotFound.tsx'

// Shown the way the app shows it: the router's answer to a path it does not know.
function UnknownPath() {
  const [router] = useState(() =>
    createRouter({ routeTree: createRootRoute({ notFoundComponent: NotFound }), history: createMemoryHistory({ initialEntries: ['/no/such/page'] }) }),
  )
  return <RouterProvider router={router} />
}

const meta = { title: 'Reader/NotFound', component: NotFound, render: () => <UnknownPath /> } satisfies Meta<typeof NotFound>

export default meta
export const Default: StoryObj<typeof meta> = {}

/** On a phone the section links wrap under the button. */
export const Narrow: StoryObj<typeof meta> = {
  render: () => (
    <div style={{ maxWidth: 360 }}>
      <UnknownPath />
    </div>
  ),
}
