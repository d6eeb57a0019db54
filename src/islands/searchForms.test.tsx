import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { SearchPage } from '../components/search/SearchPage.tsx'
import { searchFormAddress, sendSearchesToTheirAddress } from './searchForms.ts'

afterEach(cleanup)

// The /search page's form as a document has it: a plain GET form with the filters, no app behind it.
function plainSearchPage() {
  render(<SearchPage query="Thames" page={1} filters={{}} results={null} />)
  return screen.getByRole('search', { name: 'Search articles' }) as HTMLFormElement
}

describe("a document's search forms", () => {
  it('lead to an address with only the fields the reader filled', async () => {
    const form = plainSearchPage()
    expect(searchFormAddress(form)).toBe('/search?q=Thames')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Section' }), 'UK')
    expect(searchFormAddress(form)).toBe('/search?q=Thames&section=uk')
    await userEvent.clear(screen.getByRole('searchbox'))
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Section' }), '')
    expect(searchFormAddress(form)).toBe('/search')
  })

  it('take over the submission from the browser, which would send the empty fields too', () => {
    sendSearchesToTheirAddress(document)
    const form = plainSearchPage()
    // jsdom cannot navigate, so the test reads that the browser's own submission was stopped.
    const submission = new Event('submit', { bubbles: true, cancelable: true })
    fireEvent(form, submission)
    expect(submission.defaultPrevented).toBe(true)
  })
})
