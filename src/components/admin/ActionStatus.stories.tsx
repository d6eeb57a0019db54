import type { Meta, StoryObj } from '@storybook/react-vite'
import { ActionStatus } from './ActionStatus.tsx'

const meta = {
  title: 'Admin/ActionStatus',
  component: ActionStatus,
  args: { busyLabel: null, message: null },
} satisfies Meta<typeof ActionStatus>

export default meta
type Story = StoryObj<typeof meta>

export const Busy: Story = { args: { busyLabel: 'Sending the test...' } }

export const Done: Story = { args: { message: { tone: 'done', text: 'A test was sent to editor@resonance.example.' } } }

export const Problem: Story = { args: { message: { tone: 'problem', text: 'The Morning Briefing was already sent today.' } } }

export const Quiet: Story = {}
