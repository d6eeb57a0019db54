import type { Meta, StoryObj } from '@storybook/react-vite'
import { fixtureBlog, fixtureNow, fixturePage } from './liveBlog.fixtures.ts'
import { LiveBlog, LiveBlogBody } from './LiveBlog.tsx'
import { LiveBlogStatus } from './LiveBlogStatus.tsx'

const meta = {
  title: 'Reader/LiveBlog/LiveBlog',
  component: LiveBlog,
  args: { article: fixtureBlog, page: fixturePage, now: fixtureNow, origin: 'https://resonance.example' },
} satisfies Meta<typeof LiveBlog>

export default meta
type Story = StoryObj<typeof meta>

export const Live: Story = {}

export const Ended: Story = { args: { article: { ...fixtureBlog, liveBlogEndedAt: '2026-11-27T22:15:00.000Z' } } }

/** An open first page: live, one new update waiting for a reader further down. */
export const OpenPageWithNewUpdate: Story = {
  args: {
    status: <LiveBlogStatus endedAt={null} />,
    updates: (
      <LiveBlogBody
        title={fixtureBlog.title}
        slug="storm-live"
        page={fixturePage}
        now={fixtureNow}
        origin="https://resonance.example"
        live={{ connection: 'live', pollSeconds: 10, onRetry: () => {}, held: 1, onShowNew: () => {}, announcement: '1 new update above.', arrived: (id) => id === 'u3' }}
      />
    ),
  },
}
