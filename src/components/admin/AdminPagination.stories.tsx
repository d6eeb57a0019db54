import type { Meta, StoryObj } from '@storybook/react-vite'
import { AdminPagination } from './AdminPagination.tsx'

const meta = {
  title: 'Admin/AdminPagination',
  component: AdminPagination,
  args: { page: 1, pageCount: 4 },
} satisfies Meta<typeof AdminPagination>

export default meta
type Story = StoryObj<typeof meta>

export const FirstPage: Story = {}
export const MiddlePage: Story = { args: { page: 2 } }
export const LastPage: Story = { args: { page: 4 } }
/** Many pages: the first, the last and the neighbours of the current one. */
export const ManyPages: Story = { args: { page: 12, pageCount: 40 } }
export const PastTheEnd: Story = { args: { page: 9, pageCount: 3 } }
/** One page: nothing is shown. */
export const SinglePage: Story = { args: { pageCount: 1 } }
