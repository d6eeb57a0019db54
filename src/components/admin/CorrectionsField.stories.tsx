import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { CorrectionsField } from './CorrectionsField.tsx'

const meta = {
  title: 'Admin/CorrectionsField',
  component: CorrectionsField,
  args: { value: [], today: '2026-11-24', onChange: fn() },
} satisfies Meta<typeof CorrectionsField>

export default meta
type Story = StoryObj<typeof meta>

export const NoCorrections: Story = {}

export const WithPublishedCorrections: Story = {
  args: {
    value: [
      { _key: 'c1', _type: 'correction', kind: 'correction', text: 'An earlier version said the barrier closed three times; it closed twice.', date: '2026-11-22' },
      { _key: 'c2', _type: 'correction', kind: 'clarification', text: 'The Environment Agency, not the Port of London Authority, operates the barrier.', date: '2026-11-23' },
    ],
  },
}
