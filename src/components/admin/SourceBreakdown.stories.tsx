import type { Meta, StoryObj } from '@storybook/react-vite'
import { SourceBreakdown } from './SourceBreakdown.tsx'
import { sourcesOf } from './Audience.fixtures.ts'

const meta = {
  title: 'Admin/SourceBreakdown',
  component: SourceBreakdown,
  parameters: { layout: 'padded' },
  args: { sources: sourcesOf(210, 120, 60, 19, 64, 26), caption: 'Reads by source, last 24 hours' },
} satisfies Meta<typeof SourceBreakdown>

export default meta
type Story = StoryObj<typeof meta>

export const Sources: Story = {}

export const NoReads: Story = { args: { sources: sourcesOf(0, 0, 0, 0, 0, 0) } }
