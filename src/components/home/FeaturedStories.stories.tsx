import type { Meta, StoryObj } from '@storybook/react-vite'
import { FeaturedStories } from './FeaturedStories.tsx'
import { longTitle, sampleHomepage } from './HomePage.fixtures.ts'

const featured = sampleHomepage().sections.featured

const meta = {
  title: 'Reader/FeaturedStories',
  component: FeaturedStories,
  args: { articles: featured },
} satisfies Meta<typeof FeaturedStories>

export default meta
type Story = StoryObj<typeof meta>

export const ThreeStories: Story = {}
export const OneStory: Story = { args: { articles: featured.slice(0, 1) } }
export const LongTitles: Story = { args: { articles: featured.map((a) => ({ ...a, title: longTitle })) } }
export const NoImagesNoAuthors: Story = { args: { articles: featured.map((a) => ({ ...a, mainImage: null, author: null })) } }
export const WithVideo: Story = { args: { articles: featured.map((a, i) => (i === 0 ? { ...a, mediaType: 'video' } : a)) } }
export const NoExcerptsNoDates: Story = { args: { articles: featured.map((a) => ({ ...a, excerpt: null, publishedAt: null })) } }
/** A story without a slug has no page: its title is plain text and it has no Continue Reading link. */
export const OneWithoutPage: Story = { args: { articles: featured.map((a, i) => (i === 1 ? { ...a, slug: null } : a)) } }
