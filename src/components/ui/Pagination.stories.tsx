import type { Meta, StoryObj } from '@storybook/react-vite'
import { Pagination } from './Pagination.tsx'

const meta = {
  title: 'UI/Pagination',
  component: Pagination,
  args: { page: 1, pageCount: 3 },
} satisfies Meta<typeof Pagination>

export default meta
type Story = StoryObj<typeof meta>

/** A reader's listing. */
export const FirstOfThree: Story = {}
export const MiddleOfThree: Story = { args: { page: 2 } }
export const LastOfThree: Story = { args: { page: 3 } }
/** Many pages: the first, the last and the neighbours of the current one. */
export const ManyPages: Story = { args: { page: 12, pageCount: 40 } }
export const ManyPagesAtTheEnd: Story = { args: { page: 40, pageCount: 40 } }
/** A single page needs no pagination: nothing renders. */
export const OnePage: Story = { args: { pageCount: 1 } }

// The admin's article list: its filters kept in every page's address, in the admin's style.
const admin = { label: 'Article pages', keepSearch: true, pastTheEnd: 'leadBack', variant: 'admin', pageCount: 4 } as const

export const AdminFirstPage: Story = { args: { ...admin } }
export const AdminMiddlePage: Story = { args: { ...admin, page: 2 } }
export const AdminLastPage: Story = { args: { ...admin, page: 4 } }
export const AdminManyPages: Story = { args: { ...admin, page: 12, pageCount: 40 } }
/** Past the last page, the admin's bar leads back to it (a reader's shows nothing). */
export const AdminPastTheEnd: Story = { args: { ...admin, page: 9, pageCount: 3 } }
