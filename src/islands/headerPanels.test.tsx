import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { HeaderTop } from '../components/layout/HeaderTop.tsx'
import { enhanceHeaderPanels } from './headerPanels.ts'

afterEach(cleanup)

// The header as a document has it: <details> the browser opens itself, and the page's own script.
function plainHeader() {
  render(<HeaderTop pathname="/uk" href="/uk" plainHtml />)
  const summary = (text: string) => [...document.querySelectorAll('summary')].find((summary) => summary.textContent === text)!
  return { search: summary('Search'), menu: summary('Menu') }
}

describe("a document's header panels", () => {
  enhanceHeaderPanels(document)

  it('closes the open panel on Escape and gives focus back to its summary', async () => {
    const { menu } = plainHeader()
    await userEvent.click(menu)
    expect((menu.parentElement as HTMLDetailsElement).open).toBe(true)
    screen.getByRole('link', { name: 'UK' }).focus()
    await userEvent.keyboard('{Escape}')
    expect((menu.parentElement as HTMLDetailsElement).open).toBe(false)
    expect(document.activeElement).toBe(menu)
  })

  it('leaves Escape alone when no panel is open', async () => {
    const { search } = plainHeader()
    const link = screen.getAllByRole('link', { name: 'Puzzles' })[0]!
    link.focus()
    await userEvent.keyboard('{Escape}')
    expect(document.activeElement).toBe(link)
    expect((search.parentElement as HTMLDetailsElement).open).toBe(false)
  })

  it('puts the cursor in the search field when the search opens', async () => {
    const { search } = plainHeader()
    ;(search.parentElement as HTMLDetailsElement).open = true
    search.parentElement!.dispatchEvent(new Event('toggle'))
    expect(document.activeElement).toBe(screen.getByRole('searchbox'))
  })
})
