import type { Meta, StoryObj } from '@storybook/react-vite'
import { AudienceTotals } from './AudienceTotals.tsx'

const meta = {
  title: 'Admin/AudienceTotals',
  component: AudienceTotals,
  parameters: { layout: 'padded' },
  args: { totals: { last5Minutes: 30, lastHour: 212, lastDay: 499 } },
} satisfies Meta<typeof AudienceTotals>

export default meta
type Story = StoryObj<typeof meta>

export const Totals: Story = {}

export const Quiet: Story = { args: { totals: { last5Minutes: 0, lastHour: 1, lastDay: 3 } } }
