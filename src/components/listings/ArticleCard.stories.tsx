import type { Meta, StoryObj } from '@storybook/react-vite'
import { ArticleCard } from './ArticleCard.tsx'
import { longTitleArticle, sampleArticle, sampleNow } from './ListingFixtures.ts'

const meta = {
  title: 'Listings/ArticleCard',
  component: ArticleCard,
  args: { now: sampleNow, article: sampleArticle(1) },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '22rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ArticleCard>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}
export const Video: Story = { args: { article: sampleArticle(2, { mediaType: 'video' }) } }
export const NoImage: Story = { args: { article: sampleArticle(3, { mainImage: null }) } }
export const NoImageVideo: Story = { args: { article: sampleArticle(3, { mainImage: null, mediaType: 'video' }) } }
export const NoAuthor: Story = { args: { article: sampleArticle(4, { author: null }) } }
export const NoCategory: Story = { args: { article: sampleArticle(4, { categories: null }) } }
export const OlderThanAWeek: Story = { args: { article: sampleArticle(5, { publishedAt: '2026-09-14T18:00:00Z' }) } }
export const LongTitle: Story = { args: { article: longTitleArticle } }
export const Trending: Story = { args: { article: sampleArticle(1, { readCount: 25_960 }), rank: 1, showReads: true } }
