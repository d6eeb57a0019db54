import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
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
    const searches: string[] = []
    await renderWithRouter(<SearchPage query="Thames" page={1} results={thamesResults} onSearch={(text) => searches.push(text)} />)
    const box = screen.getByRole('searchbox')
    await user.clear(box)
    await user.type(box, 'Bakerloo line{Enter}')
    expect(searches).toEqual(['Bakerloo line'])
  })
})
