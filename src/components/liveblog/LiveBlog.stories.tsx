import type { Meta, StoryObj } from '@storybook/react-vite'
import { fixtureBlog, fixtureNow, fixturePage } from './liveBlog.fixtures.ts'
import { LiveBlog } from './LiveBlog.tsx'

const meta = {
  title: 'Reader/LiveBlog/LiveBlog',
  component: LiveBlog,
  args: { article: fixtureBlog, page: fixturePage, now: fixtureNow, origin: 'https://resonance.example' },
} satisfies Meta<typeof LiveBlog>

export default meta
type Story = StoryObj<typeof meta>

export const Live: Story = {}

export const Ended: Story = { args: { article: { ...fixtureBlog, liveBlogEndedAt: '2026-11-27T22:15:00.000Z' } } }
