import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { SearchResults } from './SearchResults.tsx'
import { manyResults, searchHit, thamesResults } from './SearchResults.fixtures.ts'

describe('SearchResults', () => {
  it('asks for a search before there is one', async () => {
    await renderWithRouter(<SearchResults query="" page={1} results={null} />)
    expect(screen.getByText(/Type a word or two in the box above/)).toBeTruthy()
    expect(screen.queryByRole('list')).toBeNull()
  })

  it('says it is searching while the results load', async () => {
    await renderWithRouter(<SearchResults query="Thames" page={1} results={null} />)
    expect(screen.getByRole('status', { name: 'Searching for “Thames”…' })).toBeTruthy()
  })

  it('says how many words one search may hold, rather than searching or failing', async () => {
    const query = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen'
    await renderWithRouter(<SearchResults query={query} page={1} results={null} />)
    expect(screen.getByText(`Search for at most 16 words or phrases at a time: “${query}” has 17.`)).toBeTruthy()
    expect(screen.queryByRole('status')).toBeNull()
    // Sixteen, and common words besides, are one search.
    await renderWithRouter(<SearchResults query={`the ${query.replace(' seventeen', '')} of the`} page={1} results={null} />)
    expect(screen.getAllByRole('status')).toHaveLength(1)
  })

  it('says plainly when nothing matches', async () => {
    await renderWithRouter(<SearchResults query="zebra crossing" page={1} results={{ total: 0, moreThanTotal: false, ranked: 0, hits: [], ignored: [] }} />)
    expect(screen.getByText('No articles match “zebra crossing”.')).toBeTruthy()
    expect(screen.queryByRole('list')).toBeNull()
  })

  it('lists each result with its link, section, date and text, the searched words marked', async () => {
    await renderWithRouter(<SearchResults query="Thames barrier" page={1} results={thamesResults} />)
    expect(screen.getByText('3 results for “Thames barrier”')).toBeTruthy()
    const items = within(screen.getByRole('list')).getAllByRole('listitem')
    expect(items).toHaveLength(3)

    const first = within(items[0]!)
    const link = first.getByRole('link', { name: 'Thames Barrier closed as surge tide threatens riverside homes' })
    expect(link.getAttribute('href')).toBe('/article/thames-barrier-closed')
    expect(first.getByRole('heading', { level: 2 }).textContent).toBe(link.textContent)
    expect(first.getByText('UK')).toBeTruthy()
    expect(first.getByText('Friday 20 November 2026').getAttribute('dateTime')).toBe('2026-11-20T10:00:00Z')
    expect(first.getByText(/The Environment Agency closed the/).textContent).toBe(
      'The Environment Agency closed the barrier twice this week as spring tides met a storm surge.',
    )
    expect([...items[0]!.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Thames', 'Barrier', 'barrier'])
    // A passage of the body where the excerpt lacks the words.
    expect([...items[1]!.querySelectorAll('p.search-results__excerpt mark')].map((m) => m.textContent)).toEqual(['Thames', 'Barrier'])
  })

  it('shows text as text: markup in a result is never made into elements', async () => {
    const hit = searchHit(1, { title: [{ text: '<img src=x onerror=alert(1)>', match: true }], text: [{ text: '<strong>bold</strong> claim', match: false }] })
    await renderWithRouter(<SearchResults query="img" page={1} results={{ total: 1, moreThanTotal: false, ranked: 1, ignored: [], hits: [hit] }} />)
    const item = screen.getByRole('listitem')
    expect(item.querySelector('img, strong')).toBeNull()
    expect(item.querySelector('mark')!.textContent).toBe('<img src=x onerror=alert(1)>')
    expect(within(item).getByText('<strong>bold</strong> claim')).toBeTruthy()
  })

  it('says which common words it left out, and how to search for them', async () => {
    const { unmount } = await renderWithRouter(<SearchResults query="the a" page={1} results={{ total: 0, moreThanTotal: false, ranked: 0, hits: [], ignored: ['the', 'a'] }} />)
    expect(screen.getByText('“the”, “a” are too common to search for on their own.')).toBeTruthy()
    unmount()
    await renderWithRouter(<SearchResults query="the zebra" page={1} results={{ total: 0, moreThanTotal: false, ranked: 0, hits: [], ignored: ['the'] }} />)
    expect(screen.getByText('No articles match “the zebra”.')).toBeTruthy()
    expect(screen.getByText(/Left out as too common: “the”\. Put words in quotes/)).toBeTruthy()
  })

  it('pages only through the ranked matches of a common word, and says how to reach older ones', async () => {
    await renderWithRouter(<SearchResults query="london" page={16} results={manyResults(6829, 16, 316)} />)
    expect(screen.getByText(/6,829 results for “london”/).textContent).toBe('6,829 results for “london” · showing 301–316')
    expect(screen.getByText(/The 316 best matches among the most recent are listed/)).toBeTruthy()
    const pages = within(screen.getByRole('navigation', { name: 'Pages of results' }))
    expect(pages.getByText('Page 16 of 16')).toBeTruthy()
    expect(pages.queryByRole('link', { name: 'Next page →' })).toBeNull()
  })

  it('says "more than" where the service stopped counting a common word\'s matches', async () => {
    const { unmount } = await renderWithRouter(<SearchResults query="london" page={1} results={manyResults(1000, 1, 316, true)} />)
    expect(screen.getByText(/results for “london”/).textContent).toBe('More than 1,000 results for “london” · showing 1–20')
    expect(screen.getByText(/The 316 best matches among the most recent are listed/)).toBeTruthy()
    unmount()
    await renderWithRouter(<SearchResults query="london" page={1} results={manyResults(1000, 1, 316)} />)
    expect(screen.getByText(/results for “london”/).textContent).toBe('1,000 results for “london” · showing 1–20')
  })

  it('keeps the section and dates when paging, and says when filters found nothing', async () => {
    const filters = { section: 'uk', from: '2026-11-01' }
    const { unmount } = await renderWithRouter(<SearchResults query="Thames" page={2} results={manyResults(45, 2)} filters={filters} />)
    const pages = within(screen.getByRole('navigation', { name: 'Pages of results' }))
    expect(pages.getByRole('link', { name: 'Next page →' }).getAttribute('href')).toBe('/search?q=Thames&section=uk&from=2026-11-01&page=3')
    unmount()
    await renderWithRouter(<SearchResults query="Thames" page={1} results={{ total: 0, moreThanTotal: false, ranked: 0, hits: [], ignored: [] }} filters={filters} />)
    expect(screen.getByText('No articles match “Thames” with these filters.')).toBeTruthy()
  })

  it('shows a result without an excerpt or section by its title and date alone', async () => {
    await renderWithRouter(<SearchResults query="council" page={1} results={thamesResults} />)
    const item = screen.getByRole('link', { name: 'Council budget vote delayed' }).closest('li')!
    expect(item.querySelectorAll('p')).toHaveLength(1)
    expect(within(item).getByText('Monday 2 November 2026')).toBeTruthy()
  })

  it('keeps a very long title whole', async () => {
    const title =
      'After eighteen months of consultation, three public inquiries and a change of administration, the long-promised Bakerloo line extension to Lewisham is finally given a date, though few in south-east London are ready to believe it'
    await renderWithRouter(<SearchResults query="Bakerloo" page={1} results={{ total: 1, moreThanTotal: false, ranked: 1, ignored: [], hits: [searchHit(1, { title: [{ text: title, match: false }] })] }} />)
    expect(screen.getByRole('link', { name: title })).toBeTruthy()
    expect(screen.getByText('1 result for “Bakerloo”')).toBeTruthy()
  })

  it('pages through many results twenty at a time', async () => {
    await renderWithRouter(<SearchResults query="Thames" page={2} results={manyResults(45, 2)} />)
    expect(screen.getByText(/45 results for “Thames”/).textContent).toBe('45 results for “Thames” · showing 21–40')
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(20)
    expect(screen.getByRole('list').getAttribute('start')).toBe('21')
    const pages = within(screen.getByRole('navigation', { name: 'Pages of results' }))
    expect(pages.getByText('Page 2 of 3')).toBeTruthy()
    expect(pages.getByRole('link', { name: '← Previous page' }).getAttribute('href')).toBe('/search?q=Thames')
    expect(pages.getByRole('link', { name: 'Next page →' }).getAttribute('href')).toBe('/search?q=Thames&page=3')
  })

  it('has no paging for a single page, and no next link on the last', async () => {
    const { unmount } = await renderWithRouter(<SearchResults query="Thames" page={1} results={thamesResults} />)
    expect(screen.queryByRole('navigation', { name: 'Pages of results' })).toBeNull()
    unmount()
    await renderWithRouter(<SearchResults query="Thames" page={3} results={manyResults(45, 3)} />)
    const pages = within(screen.getByRole('navigation', { name: 'Pages of results' }))
    expect(pages.queryByRole('link', { name: 'Next page →' })).toBeNull()
    expect(pages.getByRole('link', { name: '← Previous page' }).getAttribute('href')).toBe('/search?q=Thames&page=2')
  })

  it('leads back to the first page from a page past the last', async () => {
    await renderWithRouter(<SearchResults query="Thames" page={9} results={{ total: 45, moreThanTotal: false, ranked: 45, hits: [], ignored: [] }} />)
    expect(screen.getByText(/There is no page 9 of results for “Thames”/).textContent).toContain('the 45 results fit on 3 pages')
    expect(screen.getByRole('link', { name: 'Go to the first page of results' }).getAttribute('href')).toBe('/search?q=Thames')
  })

  it('reports a failed search and offers to try again', async () => {
    const user = userEvent.setup()
    let retries = 0
    await renderWithRouter(<SearchResults query="Thames" page={1} results={null} error="Request failed with status 503" onRetry={() => retries++} />)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('We could not search for “Thames” just now.')
    expect(alert.textContent).toContain('Request failed with status 503')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(retries).toBe(1)
  })
})
