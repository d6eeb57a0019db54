import type { Meta, StoryObj } from '@storybook/react-vite'
import { TopArticles } from './TopArticles.tsx'
import { busyHours, overview } from './Audience.fixtures.ts'

const meta = {
  title: 'Admin/TopArticles',
  component: TopArticles,
  parameters: { layout: 'padded' },
  args: { articles: overview.top, window: 'hour', hourStarts: busyHours.map((h) => h.hour) },
} satisfies Meta<typeof TopArticles>

export default meta
type Story = StoryObj<typeof meta>

export const LastHour: Story = {}

export const LastDay: Story = { args: { window: 'day' } }

export const NoneRead: Story = { args: { articles: [] } }
