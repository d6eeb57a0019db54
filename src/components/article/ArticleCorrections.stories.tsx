import type { Meta, StoryObj } from '@storybook/react-vite'
import { ArticleCorrections } from './ArticleCorrections.tsx'

const meta = {
  title: 'Reader/ArticleCorrections',
  component: ArticleCorrections,
} satisfies Meta<typeof ArticleCorrections>

export default meta
type Story = StoryObj<typeof meta>

export const OneCorrection: Story = {
  args: { corrections: [{ _key: 'c1', _type: 'correction', kind: 'correction', text: 'An earlier version gave the wrong night bus route; it is the N29.', date: '2026-03-03' }] },
}

export const CorrectionAndClarification: Story = {
  args: {
    corrections: [
      { _key: 'c1', _type: 'correction', kind: 'correction', text: 'An earlier version gave the wrong night bus route; it is the N29.', date: '2026-03-03' },
      { _key: 'c2', _type: 'correction', kind: 'clarification', text: 'The fares quoted are for Oyster and contactless, not paper tickets.', date: '2026-03-05' },
    ],
  },
}

/** Text that looks like markup is shown as typed. */
export const TextThatLooksLikeMarkup: Story = {
  args: { corrections: [{ _key: 'c1', _type: 'correction', kind: 'correction', text: 'An earlier version quoted <b>£4</b>; the fare is £1.75.', date: '2026-03-03' }] },
}

/** Never amended: nothing at all. */
export const None: Story = { args: { corrections: [] } }
