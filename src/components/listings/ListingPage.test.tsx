import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderInListingRoute } from '../../../tests/support/router.tsx'
import { ListingPage } from './ListingPage.tsx'


const base = { title: 'News', description: 'Reporting from our newsdesk.', kicker: 'Desk', pageSize: 12, path: '/news', emptyMessage: 'No articles in News yet.' }

describe('ListingPage', () => {
  it('shows the heading, description, items and pagination', async () => {
    await renderInListingRoute(
      <ListingPage {...base} total={31} page={2}>
        <p>The items</p>
      </ListingPage>,
      '/news?page=2',
    )
    expect(screen.getByRole('heading', { level: 1, name: 'News' })).toBeTruthy()
    expect(screen.getByText('Desk')).toBeTruthy()
    expect(screen.getByText('Reporting from our newsdesk.')).toBeTruthy()
    expect(screen.getByText('The items')).toBeTruthy()
    expect(screen.getByText('Page 2 of 3')).toBeTruthy()
    expect(screen.getByRole('navigation', { name: 'News pages' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/news?page=3')
  })

  it('shows a picture beside the heading when it has one', async () => {
    await renderInListingRoute(
      <ListingPage {...base} title="Priya Raman" kicker="Author" path="/author/priya-raman" picture={<img src="/portrait.jpg" alt="" />} total={3} page={1}>
        <p>The items</p>
      </ListingPage>,
      '/author',
    )
    const heading = screen.getByRole('heading', { level: 1, name: 'Priya Raman' })
    const header = heading.closest('header')
    expect(header?.querySelector('img')?.getAttribute('src')).toBe('/portrait.jpg')
    expect(screen.getByText('Author')).toBeTruthy()
  })

  it('needs no pagination for a single page', async () => {
    await renderInListingRoute(
      <ListingPage {...base} total={12} page={1}>
        <p>The items</p>
      </ListingPage>,
      '/news',
    )
    expect(screen.getByText('The items')).toBeTruthy()
    expect(screen.queryByRole('navigation')).toBeNull()
    expect(screen.queryByText(/Page 1 of/)).toBeNull()
  })

  it('says so when the listing has nothing yet', async () => {
    await renderInListingRoute(
      <ListingPage {...base} title="Puzzles" path="/puzzles" emptyMessage="No articles in Puzzles yet." total={0} page={1}>
        <p>The items</p>
      </ListingPage>,
      '/puzzles',
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Puzzles' })).toBeTruthy()
    expect(screen.getByText('No articles in Puzzles yet.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Read the latest news' }).getAttribute('href')).toBe('/')
    expect(screen.queryByText('The items')).toBeNull()
  })

  it('offers the first page when asked for a page past the end', async () => {
    await renderInListingRoute(
      <ListingPage {...base} total={31} page={9}>
        <p>The items</p>
      </ListingPage>,
      '/news?page=9',
    )
    expect(screen.getByText('There is no page 9 of News.')).toBeTruthy()
    expect(screen.getByText('It has 3 pages.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go to page 1' }).getAttribute('href')).toBe('/news')
    expect(screen.queryByText('The items')).toBeNull()
    expect(screen.queryByRole('navigation')).toBeNull()
  })
})
