import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn, userEvent, within } from 'storybook/test'
import { AdminDashboard } from './AdminDashboard.tsx'
import { dashboardData, draftArticle, emptyDashboard, longArticle } from './AdminDashboard.fixtures.ts'

const meta = {
  title: 'Admin/AdminDashboard',
  component: AdminDashboard,
  parameters: { layout: 'padded' },
  args: { state: { status: 'ready', data: dashboardData }, onDelete: fn(async () => {}), onRetry: fn() },
} satisfies Meta<typeof AdminDashboard>

export default meta
type Story = StoryObj<typeof meta>

/** Lead, featured and latest articles, with a draft and a published article with draft changes. */
export const WithArticles: Story = {}

export const Loading: Story = { args: { state: { status: 'loading' } } }

export const Empty: Story = { args: { state: { status: 'ready', data: emptyDashboard } } }

export const Failed: Story = { args: { state: { status: 'error', message: 'Request error while attempting to reach http://localhost:3000' } } }

export const LongTitles: Story = {
  args: { state: { status: 'ready', data: { lead: [longArticle], featured: [longArticle, { ...longArticle, id: 'long-2' }], latest: [] } } },
}

/** Drafts only: every article is marked. */
export const Drafts: Story = {
  args: { state: { status: 'ready', data: { lead: [draftArticle], featured: [{ ...draftArticle, id: 'draft-2', title: 'Untitled draft', category: null }], latest: [] } } },
}

/** Delete pressed: the confirmation is open. */
export const ConfirmOpen: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: `Delete “${draftArticle.title}”` }))
  },
}

/** Delete confirmed, and the service has not answered yet. */
export const Deleting: Story = {
  args: { onDelete: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: `Delete “${draftArticle.title}”` }))
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete' }))
  },
}
