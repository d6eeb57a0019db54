import type { Meta, StoryObj } from '@storybook/react-vite'
import { LiveBlogStatus } from './LiveBlogStatus.tsx'

const meta = {
  title: 'Reader/LiveBlog/LiveBlogStatus',
  component: LiveBlogStatus,
} satisfies Meta<typeof LiveBlogStatus>

export default meta
type Story = StoryObj<typeof meta>

export const Live: Story = { args: { endedAt: null } }

export const Ended: Story = { args: { endedAt: '2026-11-27T22:15:00.000Z' } }
