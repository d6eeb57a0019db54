import type { Meta, StoryObj } from '@storybook/react-vite'
import { RelativeTime } from './RelativeTime.tsx'

const now = new Date('2026-11-21T12:00:00Z')

const meta = {
  title: 'Reader/RelativeTime',
  component: RelativeTime,
  args: { date: '2026-11-21T11:55:00Z', now },
} satisfies Meta<typeof RelativeTime>

export default meta
type Story = StoryObj<typeof meta>

export const MinutesAgo: Story = {}
export const HoursAgo: Story = { args: { date: '2026-11-21T09:40:00Z' } }
export const CardAfterAWeek: Story = { args: { date: '2026-11-10T12:00:00Z', rule: 'card' } }
