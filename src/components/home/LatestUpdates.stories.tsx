import type { Meta, StoryObj } from '@storybook/react-vite'
import { LatestUpdates } from './LatestUpdates.tsx'
import { longTitle, sampleHomepage } from './HomePage.fixtures.ts'

const latest = sampleHomepage().sections.latest
const now = new Date(Date.UTC(2026, 10, 21, 9, 30))

const meta = {
  title: 'Reader/LatestUpdates',
  component: LatestUpdates,
  args: { articles: latest, now },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '22rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof LatestUpdates>

export default meta
type Story = StoryObj<typeof meta>

export const FiveUpdates: Story = {}
export const OneUpdate: Story = { args: { articles: latest.slice(0, 1) } }
export const LongTitles: Story = { args: { articles: latest.map((a) => ({ ...a, title: longTitle })) } }
export const NoDatesNoCategories: Story = { args: { articles: latest.map((a) => ({ ...a, publishedAt: null, categories: null })) } }
export const OneWithoutPage: Story = { args: { articles: latest.map((a, i) => (i === 0 ? { ...a, slug: null } : a)) } }
