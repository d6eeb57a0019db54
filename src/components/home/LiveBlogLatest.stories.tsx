import type { Meta, StoryObj } from '@storybook/react-vite'
import { LiveBlogLatest } from './LiveBlogLatest.tsx'
import { liveStory } from './HomePage.fixtures.ts'

const meta = {
  title: 'Reader/LiveBlogLatest',
  component: LiveBlogLatest,
  args: { article: liveStory(), now: new Date('2026-11-21T09:00:00.000Z') },
} satisfies Meta<typeof LiveBlogLatest>

export default meta
type Story = StoryObj<typeof meta>

export const Live: Story = {}
export const OnTheBreakingBanner: Story = {
  args: { tone: 'accent' },
  decorators: [(Story) => <div style={{ background: 'var(--accent-fill)', color: 'var(--on-accent)', padding: '0.6rem 1rem' }}>{Story()}</div>],
}
export const BeforeTheFirstUpdate: Story = { args: { article: liveStory({ liveUpdates: [] }) } }
export const Ended: Story = { args: { article: liveStory({ liveBlogEndedAt: '2026-11-21T18:00:00.000Z' }) } }
export const PostedYesterday: Story = { args: { now: new Date('2026-11-22T09:00:00.000Z') } }
