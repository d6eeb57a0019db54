import type { Meta, StoryObj } from '@storybook/react-vite'
import { SubscriberCounts } from './SubscriberCounts.tsx'

const meta = {
  title: 'Admin/SubscriberCounts',
  component: SubscriberCounts,
  args: { counts: { pending: 14, confirmed: 98, unsubscribed: 8 } },
} satisfies Meta<typeof SubscriberCounts>

export default meta
type Story = StoryObj<typeof meta>

export const Counts: Story = {}

export const LargeNumbers: Story = { args: { counts: { pending: 1204, confirmed: 250311, unsubscribed: 18022 } } }

export const None: Story = { args: { counts: { pending: 0, confirmed: 0, unsubscribed: 0 } } }

export const Loading: Story = { args: { counts: null } }
