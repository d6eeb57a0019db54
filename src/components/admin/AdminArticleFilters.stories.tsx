import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { AdminArticleFilters } from './AdminArticleFilters.tsx'
import { authorOptions, categoryOptions } from './AdminArticleTable.fixtures.ts'

const meta = {
  title: 'Admin/AdminArticleFilters',
  component: AdminArticleFilters,
  args: { search: {}, categories: categoryOptions, authors: authorOptions, onChange: fn() },
} satisfies Meta<typeof AdminArticleFilters>

export default meta
type Story = StoryObj<typeof meta>

export const Unfiltered: Story = {}

/** Every filter in use: Clear filters appears. */
export const Filtered: Story = { args: { search: { q: 'thames barrier', status: 'edited', category: 'cat-uk', author: 'au-leila', sort: 'published' } } }

/** Before the categories and authors exist. */
export const NoOptions: Story = { args: { categories: [], authors: [] } }

export const LongNames: Story = {
  args: {
    categories: [{ id: 'c1', name: 'A category with a rather long name for a select box in a narrow column' }],
    authors: [{ id: 'a1', name: 'Dr Margaret Elizabeth Fotheringham-Ashworth-Smythe' }],
    search: { author: 'a1', category: 'c1' },
  },
}
