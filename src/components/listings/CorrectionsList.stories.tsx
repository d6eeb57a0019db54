import type { Meta, StoryObj } from '@storybook/react-vite'
import { CorrectionsList } from './CorrectionsList.tsx'

const meta = {
  title: 'Listings/CorrectionsList',
  component: CorrectionsList,
} satisfies Meta<typeof CorrectionsList>

export default meta
type Story = StoryObj<typeof meta>

export const NewestFirst: Story = {
  args: {
    corrections: [
      { _key: 'k3', kind: 'clarification', text: 'The fares quoted are for Oyster and contactless, not paper tickets.', date: '2026-03-05', title: 'Tube fares rise again in January', slug: 'fares-rise-again' },
      { _key: 'k2', kind: 'correction', text: 'An earlier version said the barrier closed three times; it closed twice.', date: '2026-03-04', title: 'Thames Barrier closes twice in a week as spring tides meet storm surge', slug: 'thames-barrier' },
      { _key: 'k1', kind: 'correction', text: 'An earlier version gave the wrong night bus route; it is the N29.', date: '2026-03-03', title: 'Night buses return to Camden', slug: 'night-buses-return' },
    ],
  },
}
