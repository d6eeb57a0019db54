import type { Meta, StoryObj } from '@storybook/react-vite'
import { EmptyState } from './EmptyState.tsx'

const meta = {
  title: 'Listings/EmptyState',
  component: EmptyState,
} satisfies Meta<typeof EmptyState>

export default meta
type Story = StoryObj<typeof meta>

export const EmptyCategory: Story = {
  args: {
    message: 'No articles in Puzzles yet.',
    detail: 'Crosswords, quizzes and brain-teasers, coming soon.',
    action: { to: '/', label: 'Read the latest news' },
  },
}

export const BeyondTheLastPage: Story = {
  args: {
    message: 'There is no page 9 of World: it has 2 pages.',
    action: { to: '/world', label: 'Go to page 1' },
  },
}

export const MessageOnly: Story = { args: { message: 'Nothing is trending right now.' } }
