import type { Meta, StoryObj } from '@storybook/react-vite'
import { ListingArchive } from './ListingArchive.tsx'
import { longTitleArticle, sampleArticles, sampleNow } from './ListingFixtures.ts'

const meta = {
  title: 'Listings/ListingArchive',
  component: ListingArchive,
  args: { now: sampleNow, articles: sampleArticles },
} satisfies Meta<typeof ListingArchive>

export default meta
type Story = StoryObj<typeof meta>

export const ThreeMonths: Story = {}
export const LongTitle: Story = { args: { articles: [longTitleArticle, ...sampleArticles] } }
export const NoAuthors: Story = { args: { articles: sampleArticles.map((a) => ({ ...a, author: null })) } }
