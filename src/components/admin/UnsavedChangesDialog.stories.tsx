import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { UnsavedChangesDialog } from './UnsavedChangesDialog.tsx'

const meta = {
  title: 'Admin/UnsavedChangesDialog',
  component: UnsavedChangesDialog,
  args: { open: true, onStay: fn(), onLeave: fn() },
} satisfies Meta<typeof UnsavedChangesDialog>

export default meta
type Story = StoryObj<typeof meta>

/** An editor with edits not saved clicked a link away from the article form. */
export const Asking: Story = {}

export const Closed: Story = { args: { open: false } }
