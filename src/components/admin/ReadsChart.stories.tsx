import type { Meta, StoryObj } from '@storybook/react-vite'
import { ReadsChart } from './ReadsChart.tsx'
import { busyHours, hoursOf } from './Audience.fixtures.ts'

const meta = {
  title: 'Admin/ReadsChart',
  component: ReadsChart,
  parameters: { layout: 'padded' },
  args: { hours: busyHours, title: 'Reads hour by hour, last 24 hours' },
} satisfies Meta<typeof ReadsChart>

export default meta
type Story = StoryObj<typeof meta>

export const Full: Story = {}

export const Small: Story = { args: { size: 'small', title: 'Reads of “Thames ferry timetable changes” hour by hour, last 24 hours' } }

export const NoReads: Story = { args: { hours: hoursOf([]) } }
