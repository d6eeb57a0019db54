import type { Meta, StoryObj } from '@storybook/react-vite'
import { SearchResults } from './SearchResults.tsx'
import { manyResults, marked, searchHit, thamesResults } from './SearchResults.fixtures.ts'

const meta = {
  title: 'Search/SearchResults',
  component: SearchResults,
  args: { query: 'Thames', page: 1, results: thamesResults },
} satisfies Meta<typeof SearchResults>

export default meta
type Story = StoryObj<typeof meta>

export const Results: Story = {}
export const Prompt: Story = { args: { query: '', results: null } }
export const Loading: Story = { args: { results: null } }
export const Empty: Story = { args: { query: 'zebra crossing', results: { total: 0, moreThanTotal: false, ranked: 0, hits: [], ignored: [] } } }
export const Failed: Story = { args: { results: null, error: 'Request failed with status 503', onRetry: () => {} } }
export const NoExcerpt: Story = {
  args: { query: 'council', results: { total: 1, moreThanTotal: false, ranked: 1, ignored: [], hits: [searchHit(1, { title: marked('[Council] budget vote delayed'), text: [], section: null })] } },
}
export const LongTitle: Story = {
  args: {
    query: 'Bakerloo',
    results: {
      total: 1,
      moreThanTotal: false,
      ranked: 1,
      ignored: [],
      hits: [
        searchHit(1, {
          title: marked(
            'After eighteen months of consultation, three public inquiries and a change of administration, the long-promised [Bakerloo] line extension to Lewisham is finally given a date, though few in south-east London are ready to believe it',
          ),
          text: marked(
            'Transport for London says tunnelling could begin within three years if the funding holds, but residents of Lewisham, New Cross and Old Kent Road have heard similar promises before and will believe it when the first trains run on the [Bakerloo].',
          ),
        }),
      ],
    },
  },
}
export const SecondPageOfMany: Story = { args: { page: 2, results: manyResults(45, 2) } }
export const PastTheLastPage: Story = { args: { page: 9, results: { total: 45, moreThanTotal: false, ranked: 45, hits: [], ignored: [] } } }
export const CommonWordsLeftOut: Story = { args: { query: 'the', results: { total: 0, moreThanTotal: false, ranked: 0, hits: [], ignored: ['the'] } } }
export const CommonWord: Story = { args: { query: 'london', page: 1, results: manyResults(1000, 1, 316, true) } }
export const Filtered: Story = { args: { page: 2, results: manyResults(45, 2), filters: { section: 'uk', from: '2026-11-01' } } }
export const TooManyWords: Story = {
  args: { query: 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen', results: null },
}
