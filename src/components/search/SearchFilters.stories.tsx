import type { Meta, StoryObj } from '@storybook/react-vite'
import { SearchFilters } from './SearchFilters.tsx'
import { searchFilterNotices, searchSections } from '../../content/search/params.ts'

const meta = {
  title: 'Search/SearchFilters',
  component: SearchFilters,
  args: { sections: searchSections, values: {} },
} satisfies Meta<typeof SearchFilters>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}
export const Chosen: Story = { args: { values: { section: 'uk', from: '2026-11-01', to: '2026-11-27' } } }
/** An address with a section the form does not offer and a date that is not one: the search ran without them, and says so. */
export const FiltersNotUsed: Story = { args: { notices: searchFilterNotices({ section: 'nonsense', from: '2026-13-45' }) } }
