import type { Meta, StoryObj } from '@storybook/react-vite'
import { TrendingList } from './TrendingList.tsx'
import { longTitle, sampleHomepage, story } from './HomePage.fixtures.ts'

const trending = sampleHomepage().sections.trending

const meta = {
  title: 'Reader/TrendingList',
  component: TrendingList,
  args: { articles: trending },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '22rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TrendingList>

export default meta
type Story = StoryObj<typeof meta>

/** Counts in thousands, and 'Popular' for a story without one. */
export const Default: Story = {}
export const FiveStories: Story = {
  args: { articles: [...trending, story({ title: 'Tate Modern extends its late opening', readCount: 980 }), story({ title: 'Crossrail reaches Reading', readCount: 450 })] },
}
export const LongTitles: Story = { args: { articles: trending.map((a) => ({ ...a, title: longTitle })) } }
export const OneWithoutPage: Story = { args: { articles: trending.map((a, i) => (i === 0 ? { ...a, slug: null } : a)) } }
