import type { Meta, StoryObj } from '@storybook/react-vite'
import { LeadStory } from './LeadStory.tsx'
import { longTitle, sampleHomepage, story } from './HomePage.fixtures.ts'

const lead = sampleHomepage().sections.lead!

const meta = {
  title: 'Reader/LeadStory',
  component: LeadStory,
  args: { article: lead },
} satisfies Meta<typeof LeadStory>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}
export const Video: Story = { args: { article: { ...lead, mediaType: 'video' } } }
export const LongTitle: Story = { args: { article: { ...lead, title: longTitle } } }
export const NoImage: Story = { args: { article: { ...lead, mainImage: null } } }
export const NoAuthor: Story = { args: { article: { ...lead, author: null } } }
export const NoExcerptNoDate: Story = { args: { article: { ...lead, excerpt: null, publishedAt: null } } }
export const WithoutPage: Story = { args: { article: story({ title: lead.title, slug: null }) } }
