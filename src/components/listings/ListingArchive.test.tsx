import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { ListingArchive } from './ListingArchive.tsx'
import { sampleArticle, sampleNow } from './ListingFixtures.ts'

describe('ListingArchive', () => {
  const articles = [
    sampleArticle(1, { title: 'Today', publishedAt: '2026-11-21T09:00:00Z' }),
    sampleArticle(2, { title: 'Earlier this month', publishedAt: '2026-11-03T09:00:00Z', author: null, categories: null }),
    sampleArticle(3, { title: 'Last month', publishedAt: '2026-10-15T09:00:00Z', mediaType: 'video' }),
  ]

  it('groups the articles under their months, newest first', async () => {
    await renderWithRouter(<ListingArchive articles={articles} now={sampleNow} />)
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['November 2026', 'October 2026'])
    const november = screen.getByRole('region', { name: 'November 2026' })
    expect(within(november).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Today', 'Earlier this month'])
    expect(within(november).getByRole('link', { name: 'Today' }).getAttribute('href')).toBe('/article/council-agrees-cycle-lanes-1')
    const october = screen.getByRole('region', { name: 'October 2026' })
    expect(within(october).getByRole('link', { name: 'Last month' }).getAttribute('href')).toBe('/article/council-agrees-cycle-lanes-3')
  })

  it('dates each article and names its category and author', async () => {
    await renderWithRouter(<ListingArchive articles={articles} now={sampleNow} />)
    expect(screen.getByText('about 3 hours ago').getAttribute('datetime')).toBe('2026-11-21T09:00:00.000Z')
    expect(screen.getByText('Tuesday 3 November 2026')).toBeTruthy()
    expect(screen.getByText('Staff')).toBeTruthy()
    const authors = screen.getAllByRole('link', { name: 'Tom Whitcombe' })
    expect(authors.map((a) => a.getAttribute('href'))).toEqual(['/author/tom-whitcombe', '/author/tom-whitcombe'])
    expect(authors[0]!.parentElement?.textContent).toBe('By Tom Whitcombe')
    expect(screen.getByText('News')).toBeTruthy()
    expect(screen.getByText('Video')).toBeTruthy()
  })
})
