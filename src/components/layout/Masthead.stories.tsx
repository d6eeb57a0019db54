import type { Meta, StoryObj } from '@storybook/react-vite'
import { Masthead } from './Masthead.tsx'

const meta = {
  title: 'Reader/Masthead',
  component: Masthead,
  args: { date: new Date(2026, 10, 21) },
} satisfies Meta<typeof Masthead>

export default meta
type Story = StoryObj<typeof meta>

export const Today: Story = {}

/** The longest day and month names, to check the top line does not wrap awkwardly. */
export const LongestDate: Story = { args: { date: new Date(2026, 8, 30) } }
