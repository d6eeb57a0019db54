import type { Meta, StoryObj } from '@storybook/react-vite'
import { fixtureNow, fixturePage } from './liveBlog.fixtures.ts'
import { LiveBlogUpdates } from './LiveBlogUpdates.tsx'

const meta = {
  title: 'Reader/LiveBlog/LiveBlogUpdates',
  component: LiveBlogUpdates,
  args: {
    now: fixtureNow,
    blogTitle: 'Storm Isolde live',
    shareUrl: (id: string) => `https://resonance.example/article/storm-live?update=${id}#update-${id}`,
    updateHref: (id: string) => `/article/storm-live?update=${id}#update-${id}`,
  },
} satisfies Meta<typeof LiveBlogUpdates>

export default meta
type Story = StoryObj<typeof meta>

export const FirstPage: Story = { args: { page: fixturePage } }

export const OlderPage: Story = { args: { page: { ...fixturePage, page: 2, newerHref: '/article/storm-live', olderHref: '/article/storm-live?page=1' } } }

export const NoUpdatesYet: Story = { args: { page: { ...fixturePage, total: 0, updates: [], pinned: null, keyEvents: [], olderHref: null } } }
