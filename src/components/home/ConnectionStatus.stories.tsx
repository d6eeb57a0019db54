import type { Meta, StoryObj } from '@storybook/react-vite'
import { ConnectionStatus } from './ConnectionStatus.tsx'

const meta = {
  title: 'Reader/ConnectionStatus',
  component: ConnectionStatus,
  args: { pollSeconds: 10, onRetry: () => {} },
} satisfies Meta<typeof ConnectionStatus>

export default meta
type Story = StoryObj<typeof meta>

export const Connecting: Story = { args: { status: 'connecting' } }
export const Live: Story = { args: { status: 'live' } }
export const Polling: Story = { args: { status: 'polling' } }
export const Offline: Story = { args: { status: 'offline' } }
