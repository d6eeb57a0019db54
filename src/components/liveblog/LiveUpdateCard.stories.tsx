import type { Meta, StoryObj } from '@storybook/react-vite'
import { fixtureNow, fixtureUpdates } from './liveBlog.fixtures.ts'
import { LiveUpdateCard } from './LiveUpdateCard.tsx'

const meta = {
  title: 'Reader/LiveBlog/LiveUpdateCard',
  component: LiveUpdateCard,
  args: { now: fixtureNow, blogTitle: 'Storm Isolde live', shareUrl: 'https://resonance.example/article/storm-live?update=u3#update-u3' },
} satisfies Meta<typeof LiveUpdateCard>

export default meta
type Story = StoryObj<typeof meta>

export const KeyEvent: Story = { args: { update: fixtureUpdates[0]! } }

export const EditedWithoutHeadline: Story = { args: { update: fixtureUpdates[1]! } }

export const Pinned: Story = { args: { update: fixtureUpdates[2]!, placement: 'pinned', permalink: '#update-u1' } }
