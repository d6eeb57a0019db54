import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn, userEvent, within } from 'storybook/test'
import { AdminDashboard } from './AdminDashboard.tsx'
import { dashboardData, draftArticle, emptyDashboard, leadArticle, longArticle, notShown } from './AdminDashboard.fixtures.ts'

const meta = {
  title: 'Admin/AdminDashboard',
  component: AdminDashboard,
  parameters: { layout: 'padded' },
  args: { state: { status: 'ready', data: dashboardData }, onDelete: fn(async () => {}), onRetry: fn() },
} satisfies Meta<typeof AdminDashboard>

export default meta
type Story = StoryObj<typeof meta>

/**
 * The homepage's sections as readers see them, with an older breaking story and a featured draft
 * flagged but not on the homepage, and a published article with draft changes.
 */
export const WithArticles: Story = {}

/** As a contributor sees it: Edit only, since deleting is an editor's. */
export const ForAContributor: Story = { args: { canDelete: false } }

export const Loading: Story = { args: { state: { status: 'loading' } } }

export const Empty: Story = { args: { state: { status: 'ready', data: emptyDashboard } } }

export const Failed: Story = { args: { state: { status: 'error', message: 'Request error while attempting to reach http://localhost:3000' } } }

export const LongTitles: Story = {
  args: {
    state: {
      status: 'ready',
      data: { ...emptyDashboard, lead: { shown: [longArticle], notShown: [] }, featured: { shown: [longArticle], notShown: [notShown({ ...longArticle, id: 'long-2' })] } },
    },
  },
}

/** Drafts only: none is on the homepage, and every one is marked so. */
export const Drafts: Story = {
  args: {
    state: {
      status: 'ready',
      data: { ...emptyDashboard, lead: { shown: [], notShown: [notShown(draftArticle)] }, featured: { shown: [], notShown: [notShown({ ...draftArticle, id: 'draft-2', title: 'Untitled draft', category: null })] } },
    },
  },
}

/** Several stories flagged lead: the newest leads, the others are listed as not on the homepage. */
export const SeveralLeads: Story = {
  args: {
    state: {
      status: 'ready',
      data: {
        ...dashboardData,
        lead: { shown: [leadArticle], notShown: [notShown({ ...leadArticle, id: 'lead-0', title: 'Test lead story from last week', publishedAt: '2026-11-14T05:00:00Z' }), notShown(draftArticle)] },
      },
    },
  },
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
