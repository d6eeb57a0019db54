import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { HeaderTop } from './HeaderTop.tsx'

describe('HeaderTop', () => {
  it('works without the router: marks the page shown by its path, and opens and closes the menu', async () => {
    render(<HeaderTop pathname="/puzzles" href="/puzzles" />)
    const utility = within(screen.getByRole('navigation', { name: 'More from Resonance' }))
    expect(utility.getByRole('link', { name: 'Puzzles' }).getAttribute('aria-current')).toBe('page')
    expect(utility.getByRole('link', { name: 'Trending' }).getAttribute('aria-current')).toBeNull()
    const toggle = screen.getByRole('button', { name: 'Menu' })
    await userEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(within(screen.getByRole('navigation', { name: 'Menu' })).getByRole('link', { name: 'UK' }).getAttribute('href')).toBe('/uk')
    await userEvent.keyboard('{Escape}')
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
  })

  it('without JavaScript, offers the search as a plain form to /search', () => {
    render(<HeaderTop pathname="/" href="/" plainHtml />)
    expect(screen.queryByRole('button', { name: 'Search Resonance' })).toBeNull()
    const form = document.querySelector<HTMLFormElement>('form[action="/search"]')
    expect(form?.method).toBe('get')
  })
})
