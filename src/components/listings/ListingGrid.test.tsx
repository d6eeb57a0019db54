import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { ListingGrid } from './ListingGrid.tsx'
import { sampleArticle, sampleNow } from './ListingFixtures.ts'

const articles = [1, 2, 3, 4, 5].map((n) => sampleArticle(n, { title: `Story ${n}` }))

describe('ListingGrid', () => {
  it('lists a card per article in the order given', async () => {
    await renderWithRouter(<ListingGrid articles={articles} now={sampleNow} />)
    const list = screen.getByRole('list')
    expect(list.tagName).toBe('UL')
    expect(within(list).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Story 1', 'Story 2', 'Story 3', 'Story 4', 'Story 5'])
  })

  it('loads the first row of images at once, the first before all, and the rest as they come into view', async () => {
    await renderWithRouter(<ListingGrid articles={articles} now={sampleNow} />)
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager', 'lazy', 'lazy'])
    // The first picture, the page's largest paint at any width, is asked for before the others.
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('fetchpriority'))).toEqual(['high', null, null, null, null])
  })

  it('numbers a ranked list and shows its read counts', async () => {
    await renderWithRouter(<ListingGrid articles={articles.slice(0, 2)} now={sampleNow} ranked />)
    const list = screen.getByRole('list')
    expect(list.tagName).toBe('OL')
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    expect(within(list).getAllByText('1.2K reads')).toHaveLength(2)
  })
})
