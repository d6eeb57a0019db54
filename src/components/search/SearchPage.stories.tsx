import type { Meta, StoryObj } from '@storybook/react-vite'
import { SearchPage } from './SearchPage.tsx'
import { manyResults, thamesResults } from './SearchResults.fixtures.ts'
import { searchFilterNotices } from '../../content/search/params.ts'

const meta = {
  title: 'Search/SearchPage',
  component: SearchPage,
  args: { query: 'Thames', page: 1, results: thamesResults },
} satisfies Meta<typeof SearchPage>

export default meta
type Story = StoryObj<typeof meta>

export const Results: Story = {}
export const BeforeSearching: Story = { args: { query: '', results: null } }
export const Loading: Story = { args: { results: null } }
export const NothingFound: Story = { args: { query: 'zebra crossing', results: { total: 0, moreThanTotal: false, ranked: 0, hits: [], ignored: [] } } }
export const Failed: Story = { args: { results: null, error: 'Request failed with status 503', onRetry: () => {} } }
export const ManyPages: Story = { args: { page: 2, results: manyResults(45, 2) } }
export const NarrowScreen: Story = { globals: { viewport: { value: 'mobile2', isRotated: false } } }
export const WithFilters: Story = { args: { filters: { section: 'uk', from: '2026-11-01', to: '2026-11-27' } } }
export const FiltersNotUsed: Story = { args: { filters: { to: '2026-11-27' }, notices: searchFilterNotices({ q: 'Thames', section: 'nonsense', from: '2026-13-45', to: '2026-11-27', page: 'abc' }) } }
