import type { Meta, StoryObj } from '@storybook/react-vite'
import { ArticlePlacement } from './ArticlePlacement.tsx'

const meta = {
  title: 'Admin/ArticlePlacement',
  component: ArticlePlacement,
  args: { homepage: 'Not on the homepage: it will appear in its sections’ listings and search.', listings: 'In the listings of UK, and in search.', live: false },
} satisfies Meta<typeof ArticlePlacement>

export default meta
type Story = StoryObj<typeof meta>

export const NotOnTheHomepage: Story = {}

export const LeadStory: Story = { args: { homepage: 'On the homepage in the Lead Story.', listings: 'In the listings of UK and Business & Money, and in search.', live: true } }
