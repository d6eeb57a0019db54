import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { SearchPanel } from './SearchPanel.tsx'

describe('SearchPanel', () => {
  it('is a named search landmark with a labelled box and a Search button', () => {
    render(<SearchPanel label="Site search" />)
    const form = screen.getByRole('search', { name: 'Site search' })
    const box = screen.getByRole('searchbox', { name: 'Search articles' })
    expect(box.getAttribute('placeholder')).toBe('Search Resonance...')
    expect(screen.getByRole('button', { name: 'Search' })).toBeTruthy()
    // Without JavaScript the form itself goes to the results page.
    expect(form.getAttribute('action')).toBe('/search')
    expect(form.getAttribute('method')).toBe('get')
    expect(box.getAttribute('name')).toBe('q')
  })

  it('shows the text already searched for', () => {
    render(<SearchPanel label="Search articles" defaultValue="Thames" />)
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('Thames')
  })

  it('hands over the trimmed text with the Search button or the Enter key', async () => {
    const user = userEvent.setup()
    const searches: string[] = []
    render(<SearchPanel label="Site search" onSearch={(text) => searches.push(text)} />)
    await user.type(screen.getByRole('searchbox'), ' Thames ')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await user.type(screen.getByRole('searchbox'), ' barrier{Enter}')
    expect(searches).toEqual(['Thames', 'Thames  barrier'])
  })

  it('takes at most 200 characters', () => {
    render(<SearchPanel label="Site search" />)
    expect(screen.getByRole('searchbox').getAttribute('maxLength')).toBe('200')
  })
})
