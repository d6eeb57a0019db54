import type { Meta, StoryObj } from '@storybook/react-vite'
import { ListingGrid } from './ListingGrid.tsx'
import { longTitleArticle, sampleArticles, sampleNow } from './ListingFixtures.ts'

const meta = {
  title: 'Listings/ListingGrid',
  component: ListingGrid,
  args: { now: sampleNow, articles: sampleArticles },
} satisfies Meta<typeof ListingGrid>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}
export const WithLongTitle: Story = { args: { articles: [longTitleArticle, ...sampleArticles.slice(0, 2)] } }
export const NoImages: Story = { args: { articles: sampleArticles.map((a) => ({ ...a, mainImage: null })) } }
export const Trending: Story = { args: { ranked: true } }
