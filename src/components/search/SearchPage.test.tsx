import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { searchFilterNotices } from '../../content/search/params.ts'
import { SearchPage } from './SearchPage.tsx'
import { thamesResults } from './SearchResults.fixtures.ts'

describe('SearchPage', () => {
  it('shows its heading, the searched text in its box, and the results', async () => {
    await renderWithRouter(<SearchPage query="Thames" page={1} results={thamesResults} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Search' })).toBeTruthy()
    expect((screen.getByRole('searchbox', { name: 'Search articles' }) as HTMLInputElement).value).toBe('Thames')
    expect(screen.getByRole('search', { name: 'Search articles' })).toBeTruthy()
    expect(screen.getByText('3 results for “Thames”')).toBeTruthy()
  })

  it('starts with an empty box and a prompt', async () => {
    await renderWithRouter(<SearchPage query="" page={1} results={null} />)
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('')
    expect(screen.getByText(/Type a word or two/)).toBeTruthy()
  })

  it('searches again from its own box', async () => {
    const user = userEvent.setup()
    const searches: unknown[] = []
    await renderWithRouter(<SearchPage query="Thames" page={1} results={thamesResults} onSearch={(text, filters) => searches.push([text, filters])} />)
    const box = screen.getByRole('searchbox')
    await user.clear(box)
    await user.type(box, 'Bakerloo line{Enter}')
    expect(searches).toEqual([['Bakerloo line', { section: undefined, from: undefined, to: undefined }]])
  })

  it('says which filters of its address it could not use, with the reader\u2019s words in the box and the results of the search it ran', async () => {
    const notices = searchFilterNotices({ q: 'Thames', section: 'nonsense', from: '2026-13-45', page: 'abc' })
    await renderWithRouter(<SearchPage query="Thames" page={1} filters={{}} notices={notices} results={thamesResults} />)
    expect((screen.getByRole('searchbox', { name: 'Search articles' }) as HTMLInputElement).value).toBe('Thames')
    const filters = screen.getByRole('group', { name: 'Narrow the results' })
    expect(within(filters).getByText('Section: there is no section “nonsense”, so the results are from every section.')).toBeTruthy()
    expect(within(filters).getByText('Published from: “2026-13-45” is not a date, so the search left it out.')).toBeTruthy()
    expect(within(filters).getByText('Page: “abc” is not a page number, so these are the first page’s results.')).toBeTruthy()
    expect((screen.getByRole('combobox', { name: 'Section' }) as HTMLSelectElement).value).toBe('')
    expect(screen.getByText('3 results for “Thames”')).toBeTruthy()
  })

  it('searches within a section and dates chosen in its filters, one GET form without JavaScript', async () => {
    const user = userEvent.setup()
    const searches: unknown[] = []
    await renderWithRouter(<SearchPage query="Thames" page={1} filters={{ from: '2026-11-01' }} results={thamesResults} onSearch={(text, filters) => searches.push([text, filters])} />)
    const form = screen.getByRole('search', { name: 'Search articles' }) as HTMLFormElement
    expect([form.method, form.getAttribute('action')]).toEqual(['get', '/search'])
    expect(within(form).getByRole('combobox', { name: 'Section' })).toBeTruthy()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Section' }), 'Travel')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(searches).toEqual([['Thames', { section: 'travel', from: '2026-11-01', to: undefined }]])
  })
})
