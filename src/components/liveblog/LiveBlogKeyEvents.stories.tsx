import type { Meta, StoryObj } from '@storybook/react-vite'
import { fixtureNow, fixturePage } from './liveBlog.fixtures.ts'
import { LiveBlogKeyEvents } from './LiveBlogKeyEvents.tsx'

const meta = {
  title: 'Reader/LiveBlog/LiveBlogKeyEvents',
  component: LiveBlogKeyEvents,
  args: { now: fixtureNow },
} satisfies Meta<typeof LiveBlogKeyEvents>

export default meta
type Story = StoryObj<typeof meta>

export const TwoKeyEvents: Story = { args: { events: fixturePage.keyEvents } }

/** None yet: nothing at all. */
export const None: Story = { args: { events: [] } }
