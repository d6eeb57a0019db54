import type { Meta, StoryObj } from '@storybook/react-vite'
import { SearchFilters } from './SearchFilters.tsx'
import { searchSections } from '../../content/search/search.ts'

const meta = {
  title: 'Search/SearchFilters',
  component: SearchFilters,
  args: { sections: searchSections, values: {} },
} satisfies Meta<typeof SearchFilters>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}
export const Chosen: Story = { args: { values: { section: 'uk', from: '2026-11-01', to: '2026-11-27' } } }
