import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { FeaturedStories } from './FeaturedStories.tsx'
import { story } from './HomePage.fixtures.ts'

const carnival = story({
  title: 'Carnival unveils new route',
  slug: 'carnival-route',
  publishedAt: '2026-11-20T18:00:00.000Z',
  excerpt: 'Organisers <b>promise</b> wider streets &amp; more stewards.',
  categories: [{ title: 'Culture' }],
})
const colour = story({ title: 'The colour of the year', slug: 'colour-of-the-year', categories: [], author: null, excerpt: null, publishedAt: null, mainImage: null })

function cards() {
  return within(screen.getByRole('region', { name: 'Featured Stories' })).getAllByRole('article')
}

describe('FeaturedStories', () => {
  it('shows each card’s category, picture, headline link, excerpt, author, date and a Continue Reading link', async () => {
    await renderWithRouter(<FeaturedStories articles={[carnival, colour]} />)
    expect(screen.getByRole('heading', { level: 2, name: 'Featured Stories' })).toBeTruthy()
    expect(within(screen.getByRole('region', { name: 'Featured Stories' })).getAllByRole('listitem')).toHaveLength(2)
    const card = within(cards()[0]!)
    expect(card.getByText('Culture')).toBeTruthy()
    expect(card.getByRole('img', { name: 'A red bus on an empty street' }).getAttribute('loading')).toBe('lazy')
    expect(card.getByRole('heading', { level: 3, name: 'Carnival unveils new route' })).toBeTruthy()
    expect(card.getByRole('link', { name: 'Carnival unveils new route' }).getAttribute('href')).toBe('/article/carnival-route')
    expect(card.getByText('Organisers promise wider streets & more stewards.')).toBeTruthy()
    expect(card.getByRole('link', { name: 'Priya Raman' }).getAttribute('href')).toBe('/author/priya-raman')
    expect(card.getByRole('link', { name: 'Priya Raman' }).parentElement?.textContent).toBe('By Priya Raman')
    expect(card.getByText('Friday 20 November 2026').getAttribute('datetime')).toBe('2026-11-20T18:00:00.000Z')
    expect(card.getByRole('link', { name: 'Continue Reading: Carnival unveils new route' }).getAttribute('href')).toBe('/article/carnival-route')
  })

  it('falls back to FEATURES and Staff, leaving out what a story does not have', async () => {
    await renderWithRouter(<FeaturedStories articles={[carnival, colour]} />)
    const card = cards()[1]!
    expect(within(card).getByText('FEATURES')).toBeTruthy()
    expect(within(card).getByText('Staff')).toBeTruthy()
    expect(within(card).queryByRole('img')).toBeNull()
    expect(card.textContent).toBe('FEATURESThe colour of the yearStaffContinue Reading: The colour of the year')
  })

  it('gives a story without a page no links to it, its author keeping theirs', async () => {
    await renderWithRouter(<FeaturedStories articles={[{ ...carnival, slug: null }]} />)
    const card = cards()[0]!
    expect(within(card).getByRole('heading', { level: 3, name: 'Carnival unveils new route' })).toBeTruthy()
    expect(within(card).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/author/priya-raman'])
  })

  it('shows nothing when there are no featured stories', () => {
    const { container } = render(<FeaturedStories articles={[]} />)
    expect(container.innerHTML).toBe('')
  })
})
