import type { Meta, StoryObj } from '@storybook/react-vite'
import { RoleRefused } from './RoleRefused.tsx'

const meta = {
  title: 'Admin/RoleRefused',
  component: RoleRefused,
  args: { name: 'Inbox', refusal: 'Your role cannot see the inbox.', role: 'contributor', back: <a href="/admin/dashboard">Back to the dashboard</a> },
} satisfies Meta<typeof RoleRefused>

export default meta
type Story = StoryObj<typeof meta>

export const Inbox: Story = {}

export const People: Story = { args: { name: 'People', refusal: 'Your role cannot manage people.', role: 'editor' } }
