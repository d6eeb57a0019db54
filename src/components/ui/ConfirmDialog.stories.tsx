import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { ConfirmDialog } from './ConfirmDialog.tsx'
import { longTitle } from '../admin/AdminDashboard.fixtures.ts'

const meta = {
  title: 'Admin/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    open: true,
    title: 'Delete article',
    message: 'Are you sure you want to delete this article?',
    detail: <p>“London Bridge reopens after repairs” will be removed for readers and editors. For 30 days it can be restored, as a draft, from Recently deleted.</p>,
    onConfirm: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>

export default meta
type Story = StoryObj<typeof meta>

/** The article list's and dashboard's question. */
export const DeleteArticle: Story = {}

/** The section manager's question names the item. */
export const DeleteSectionItem: Story = {
  args: { title: 'Delete gallery', message: 'Are you sure you want to delete "Dawn on the Thames"?', detail: <p>It will be removed for readers and editors. This cannot be undone.</p> },
}

export const LongTitle: Story = {
  args: { title: 'Delete article', message: `Are you sure you want to delete "${longTitle}"?`, detail: null },
}

/** Confirmed: the delete is under way and the dialog waits for it. */
export const Deleting: Story = { args: { busy: true } }

export const Closed: Story = { args: { open: false } }
