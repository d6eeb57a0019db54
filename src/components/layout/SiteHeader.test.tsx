import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { SiteHeader } from './SiteHeader.tsx'

const date = new Date(2026, 10, 21)

function hrefs(name: string) {
  return within(screen.getByRole('navigation', { name }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')])
}

/** The links on screen that say they are the page shown (the closed menu's are hidden). */
function currentLinks() {
  return [...document.querySelectorAll('[aria-current="page"]')].filter((link) => !link.closest('[hidden]')).map((link) => link.textContent)
}

function searchToggle() {
  return screen.getByRole('button', { name: 'Search Resonance' })
}

function menuToggle() {
  return screen.getByRole('button', { name: 'Menu' })
}

describe('SiteHeader', () => {
  it('links every section, media and utility page, and the first three topics, as the spec lists them', async () => {
    await renderWithRouter(<SiteHeader date={date} />)
    expect(hrefs('Main sections')).toEqual([
      ['Home', '/'],
      ['UK', '/uk'],
      ['World', '/world'],
      ['Comment', '/comment'],
      ['Life & Style', '/life-style'],
      ['Business & Money', '/business'],
      ['Sport', '/sport'],
      ['Culture', '/culture'],
      ['Travel', '/travel'],
    ])
    expect(hrefs('Media')).toEqual([
      ['Videos', '/videos'],
      ['Podcasts', '/podcasts'],
      ['Music', '/music'],
    ])
    expect(hrefs('More from Resonance')).toEqual([
      ['Puzzles', '/puzzles'],
      ['Magazines', '/magazines'],
      ['Trending', '/trending'],
    ])
    expect(hrefs('Top topics')).toEqual([
      ['News & Politics', '/topic/news-politics'],
      ['Film & Television', '/topic/film-television'],
      ['Sports', '/topic/sports'],
    ])
    expect(screen.getByText('Saturday 21 November 2026')).toBeTruthy()
    expect(screen.getByText('London Edition')).toBeTruthy()
  })

  it('marks the current section, and only that one', async () => {
    await renderWithRouter(<SiteHeader date={date} />, '/')
    const sections = within(screen.getByRole('navigation', { name: 'Main sections' }))
    expect(sections.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page')
    expect(sections.getByRole('link', { name: 'UK' }).getAttribute('aria-current')).toBeNull()
  })

  it('marks a section other than Home when the reader is in it', async () => {
    await renderWithRouter(<SiteHeader date={date} />, '/sport')
    const sections = within(screen.getByRole('navigation', { name: 'Main sections' }))
    expect(sections.getByRole('link', { name: 'Sport' }).getAttribute('aria-current')).toBe('page')
    expect(sections.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull()
  })

  it('still marks the section on a later page of it, and Home is not marked there', async () => {
    await renderWithRouter(<SiteHeader date={date} />, '/uk?page=2')
    expect(currentLinks()).toEqual(['UK'])
  })

  it('marks nothing under a section, where the page is not found', async () => {
    await renderWithRouter(<SiteHeader date={date} />, '/uk/extra/deep')
    expect(currentLinks()).toEqual([])
  })

  it('marks nothing on an article, whose section link would lead away from it', async () => {
    await renderWithRouter(<SiteHeader date={date} />, '/article/thames-barrier')
    expect(currentLinks()).toEqual([])
  })

  it('opens the search panel with its box focused, and closes it again', async () => {
    const user = userEvent.setup()
    await renderWithRouter(<SiteHeader date={date} />)
    const toggle = searchToggle()
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('search')).toBeNull()

    await user.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!
    const box = within(panel).getByRole('searchbox')
    expect(box.getAttribute('placeholder')).toBe('Search Resonance...')
    expect(document.activeElement).toBe(box)
    expect(within(panel).getByRole('button', { name: 'Search' })).toBeTruthy()

    await user.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('search')).toBeNull()
  })

  it('searches for the typed text and closes the panel', async () => {
    const user = userEvent.setup()
    const searches: string[] = []
    await renderWithRouter(<SiteHeader date={date} onSearch={(text) => searches.push(text)} />)
    await user.click(searchToggle())
    await user.type(screen.getByRole('searchbox'), '  Thames barrier ')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(searches).toEqual(['Thames barrier'])
    expect(searchToggle().getAttribute('aria-expanded')).toBe('false')
  })

  it('closes the search panel with Escape and puts focus back on its toggle', async () => {
    const user = userEvent.setup()
    await renderWithRouter(<SiteHeader date={date} />)
    await user.click(searchToggle())
    await user.keyboard('{Escape}')
    expect(searchToggle().getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(searchToggle())
  })

  it('opens a menu of the main sections and topics, which Escape closes', async () => {
    const user = userEvent.setup()
    await renderWithRouter(<SiteHeader date={date} />)
    const toggle = menuToggle()
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('heading', { name: 'Main Sections' })).toBeNull()

    toggle.focus()
    await user.keyboard('{Enter}')
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    const menu = screen.getByRole('navigation', { name: 'Menu' })
    expect(menu.id).toBe(toggle.getAttribute('aria-controls'))
    expect(within(menu).getByRole('heading', { name: 'Main Sections' })).toBeTruthy()
    expect(within(menu).getByRole('heading', { name: 'Topics' })).toBeTruthy()
    expect(within(menu).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/',
      '/uk',
      '/world',
      '/comment',
      '/life-style',
      '/business',
      '/sport',
      '/culture',
      '/travel',
      '/topic/news-politics',
      '/topic/film-television',
      '/topic/sports',
      '/topic/pop-culture',
      '/topic/events',
    ])

    // The menu follows its toggle in the tab order.
    await user.tab()
    expect(document.activeElement).toBe(within(menu).getByRole('link', { name: 'Home' }))

    await user.keyboard('{Escape}')
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull()
    expect(document.activeElement).toBe(toggle)
  })

  it('without JavaScript, has a menu and a search that work as plain HTML', async () => {
    const user = userEvent.setup()
    await renderWithRouter(<SiteHeader date={date} plainHtml />)
    // No buttons, which would do nothing without the app: <details> the browser opens itself.
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Search Resonance' })).toBeNull()
    const menu = screen.getByText('Menu').closest('details')!
    expect(menu.open).toBe(false)
    await user.click(screen.getByText('Menu'))
    expect(menu.open).toBe(true)
    const nav = within(menu).getByRole('navigation', { name: 'Menu' })
    expect(within(nav).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Main Sections', 'Topics'])
    expect(within(nav).getByRole('link', { name: 'UK' }).getAttribute('href')).toBe('/uk')

    const searchToggle = screen.getAllByText('Search').find((text) => text.closest('summary'))!
    const search = searchToggle.closest('details')!
    expect(search.open).toBe(false)
    await user.click(searchToggle)
    expect(search.open).toBe(true)
    const form = within(search).getByRole('search', { name: 'Site search' })
    expect([form.getAttribute('action'), form.getAttribute('method')]).toEqual(['/search', 'get'])
    expect(within(form).getByRole('searchbox').getAttribute('name')).toBe('q')
  })

  it('shows one panel at a time', async () => {
    const user = userEvent.setup()
    await renderWithRouter(<SiteHeader date={date} />)
    await user.click(menuToggle())
    await user.click(searchToggle())
    expect(menuToggle().getAttribute('aria-expanded')).toBe('false')
    expect(searchToggle().getAttribute('aria-expanded')).toBe('true')
  })
})
