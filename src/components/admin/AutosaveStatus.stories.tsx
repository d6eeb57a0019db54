import type { Meta, StoryObj } from '@storybook/react-vite'
import { AutosaveStatus } from './AutosaveStatus.tsx'

const meta = {
  title: 'Admin/AutosaveStatus',
  component: AutosaveStatus,
  args: { saving: false, savedAt: null, error: null },
} satisfies Meta<typeof AutosaveStatus>

export default meta
type Story = StoryObj<typeof meta>

/** Nothing changed yet: the line is empty, but in the page for screen readers to follow. */
export const Untouched: Story = {}

export const Saving: Story = { args: { saving: true, savedAt: '2026-11-24T14:05:00Z' } }

/** Said on London's clock. */
export const Saved: Story = { args: { savedAt: '2026-11-24T14:05:00Z' } }

export const Failed: Story = { args: { savedAt: '2026-11-24T14:05:00Z', error: 'Failed to fetch' } }
