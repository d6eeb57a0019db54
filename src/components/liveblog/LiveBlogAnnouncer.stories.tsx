import type { Meta, StoryObj } from '@storybook/react-vite'
import { LiveBlogAnnouncer } from './LiveBlogAnnouncer.tsx'

/** Visually hidden: the story's page is blank; screen readers hear the message. */
const meta = {
  title: 'Reader/LiveBlog/LiveBlogAnnouncer',
  component: LiveBlogAnnouncer,
} satisfies Meta<typeof LiveBlogAnnouncer>

export default meta
type Story = StoryObj<typeof meta>

export const NewUpdate: Story = { args: { message: 'New update: Gusts of 68mph recorded at Canary Wharf' } }

export const Quiet: Story = { args: { message: '' } }
