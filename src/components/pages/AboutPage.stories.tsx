import type { Meta, StoryObj } from '@storybook/react-vite'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import { userEvent, within } from 'storybook/test'
import { AboutPage } from './AboutPage.tsx'

// The page links with the router's Link, so each story runs inside a memory router.
function WithRouter(Story: () => ReactNode) {
  const [router] = useState(() => createRouter({ routeTree: createRootRoute({ component: () => <Story /> }), history: createMemoryHistory({ initialEntries: ['/about'] }) }))
  return <RouterProvider router={router} />
}

const meta = {
  title: 'Reader/AboutPage',
  component: AboutPage,
  parameters: { layout: 'fullscreen' },
  decorators: [WithRouter],
} satisfies Meta<typeof AboutPage>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

/** The subscribe box after Subscribe with no address. */
export const SubscribeError: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Subscribe' }))
  },
}
