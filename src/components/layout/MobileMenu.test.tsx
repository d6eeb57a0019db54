import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { MobileMenu } from './MobileMenu.tsx'

describe('MobileMenu', () => {
  it('lists the main sections and the topics under their headings', async () => {
    await renderWithRouter(<MobileMenu id="menu" open pathname="/culture" />, '/culture')
    const menu = screen.getByRole('navigation', { name: 'Menu' })
    const [sections, topics] = within(menu).getAllByRole('list')
    expect(within(menu).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Main Sections', 'Topics'])
    expect(within(sections!).getAllByRole('link').map((l) => l.textContent)).toEqual([
      'Home',
      'UK',
      'World',
      'Comment',
      'Life & Style',
      'Business & Money',
      'Sport',
      'Culture',
      'Travel',
    ])
    expect(within(topics!).getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['News & Politics', '/topic/news-politics'],
      ['Film & Television', '/topic/film-television'],
      ['Sports', '/topic/sports'],
      ['Pop Culture', '/topic/pop-culture'],
      ['Events', '/topic/events'],
    ])
    expect(within(sections!).getByRole('link', { name: 'Culture' }).getAttribute('aria-current')).toBe('page')
  })

  it('is hidden when closed', async () => {
    await renderWithRouter(<MobileMenu id="menu" open={false} pathname="/" />)
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull()
    expect(document.getElementById('menu')?.hidden).toBe(true)
  })
})
