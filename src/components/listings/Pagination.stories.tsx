import type { Meta, StoryObj } from '@storybook/react-vite'
import { Pagination } from './Pagination.tsx'

const meta = {
  title: 'Listings/Pagination',
  component: Pagination,
} satisfies Meta<typeof Pagination>

export default meta
type Story = StoryObj<typeof meta>

export const FirstOfThree: Story = { args: { page: 1, pageCount: 3 } }
export const MiddleOfThree: Story = { args: { page: 2, pageCount: 3 } }
export const LastOfThree: Story = { args: { page: 3, pageCount: 3 } }
export const ManyPages: Story = { args: { page: 12, pageCount: 40 } }
export const ManyPagesAtTheEnd: Story = { args: { page: 40, pageCount: 40 } }
/** A single page needs no pagination: nothing renders. */
export const OnePage: Story = { args: { page: 1, pageCount: 1 } }
