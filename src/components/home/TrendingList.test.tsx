import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { TrendingList } from './TrendingList.tsx'
import { story } from './HomePage.fixtures.ts'

describe('TrendingList', () => {
  it('numbers the stories in order, each linked, with its reads in thousands or Popular', async () => {
    const articles = [
      story({ title: 'Earthquake strikes off Turkey', slug: 'earthquake', readCount: 25_960 }),
      story({ title: 'Ireland goes to the polls', slug: 'ireland-votes', readCount: 1234 }),
      story({ title: 'Arsenal Women unbeaten', slug: 'arsenal-women', readCount: null }),
      story({ title: 'Tate Modern late opening', slug: 'tate-late', readCount: 0 }),
    ]
    await renderWithRouter(<TrendingList articles={articles} />)
    const region = screen.getByRole('region', { name: 'Trending' })
    const list = within(region).getByRole('list')
    expect(list.tagName).toBe('OL')
    const items = within(list).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      'Earthquake strikes off Turkey26.0K reads',
      'Ireland goes to the polls1.2K reads',
      'Arsenal Women unbeatenPopular',
      'Tate Modern late openingPopular',
    ])
    expect(within(items[0]!).getByRole('link', { name: 'Earthquake strikes off Turkey' }).getAttribute('href')).toBe('/article/earthquake')
  })

  it('shows the title without a link when a story has no page', async () => {
    await renderWithRouter(<TrendingList articles={[story({ title: 'Ireland goes to the polls', slug: null, readCount: 1234 })]} />)
    const region = screen.getByRole('region', { name: 'Trending' })
    expect(within(region).getByText('Ireland goes to the polls')).toBeTruthy()
    expect(within(region).queryByRole('link')).toBeNull()
  })

  it('shows nothing when nothing is trending', () => {
    const { container } = render(<TrendingList articles={[]} />)
    expect(container.innerHTML).toBe('')
  })
})
