import type { Meta, StoryObj } from '@storybook/react-vite'
import { HeadlineList } from './HeadlineList.tsx'

const meta = {
  title: 'Reader/HeadlineList',
  component: HeadlineList,
} satisfies Meta<typeof HeadlineList>

export default meta
type Story = StoryObj<typeof meta>

export const Loading: Story = { args: { headlines: null } }
export const Empty: Story = { args: { headlines: [] } }
export const Failed: Story = { args: { headlines: null, error: 'Request failed with status 503' } }
export const Loaded: Story = {
  args: {
    headlines: [
      { id: '1', title: 'Thames Barrier closes twice in a week as spring tides meet storm surge', slug: 'thames-barrier-closes-twice' },
      { id: '2', title: 'Council budget vote delayed', slug: 'council-budget-vote-delayed' },
    ],
  },
}
export const LongTitle: Story = {
  args: {
    headlines: [
      {
        id: '1',
        title:
          'After eighteen months of consultation, three public inquiries and a change of administration, the long-promised Bakerloo line extension to Lewisham is finally given a date, though few in south-east London are ready to believe it',
        slug: 'bakerloo-extension-date',
      },
    ],
  },
}
