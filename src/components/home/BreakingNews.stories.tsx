import type { Meta, StoryObj } from '@storybook/react-vite'
import { BreakingNews } from './BreakingNews.tsx'
import { longTitle, sampleHomepage, story } from './HomePage.fixtures.ts'

const meta = {
  title: 'Reader/BreakingNews',
  component: BreakingNews,
  parameters: { layout: 'fullscreen' },
  args: { article: sampleHomepage().sections.breaking! },
} satisfies Meta<typeof BreakingNews>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}
export const LongTitle: Story = { args: { article: story({ title: longTitle, isBreakingNews: true }) } }
/** A story without a slug has no page: the banner shows its title without a link. */
export const WithoutPage: Story = { args: { article: story({ title: 'Thames Barrier closed as surge tide threatens riverside homes', slug: null }) } }
