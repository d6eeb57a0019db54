import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import type { AdminListItem } from '../../content/admin/listItem.ts'
import type { Confirmation } from '../ui/ConfirmDialog.tsx'
import { ConfirmDelete } from './ConfirmDelete.tsx'
import { galleries, leadArticle, longArticle } from './AdminDashboard.fixtures.ts'

// A confirmation as useConfirmation hands it over, asking about `target`.
const asking = (target: AdminListItem | null, busy = false): Confirmation<AdminListItem> => ({ target, busy, ask: fn(), cancel: fn(), confirm: fn(async () => {}) })

const meta = {
  title: 'Admin/ConfirmDelete',
  component: ConfirmDelete<AdminListItem>,
  args: {
    confirmation: asking(leadArticle),
    nameOf: (item: AdminListItem) => item.title ?? 'Untitled',
    fallbackFocus: { current: null },
  },
} satisfies Meta<typeof ConfirmDelete<AdminListItem>>

export default meta
type Story = StoryObj<typeof meta>

/** The article list's and the dashboard's question: "this article", named below. */
export const Article: Story = {}

export const LongTitle: Story = { args: { confirmation: asking(longArticle) } }

/** The section manager's question names the item; galleries are called galleries. */
export const SectionGallery: Story = { args: { confirmation: asking(galleries[0]!), noun: 'gallery', nameInQuestion: true } }

export const SectionArticle: Story = { args: { nameInQuestion: true } }

/** Confirmed: the delete is under way and the dialog waits for it. */
export const Deleting: Story = { args: { confirmation: asking(leadArticle, true) } }

/** Nothing asked: the dialog is closed. */
export const Closed: Story = { args: { confirmation: asking(null) } }
