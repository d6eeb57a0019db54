import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { BreakingNews } from './BreakingNews.tsx'
import { story } from './HomePage.fixtures.ts'

describe('BreakingNews', () => {
  it('is a region labelled Breaking News, linking to the story', async () => {
    await renderWithRouter(<BreakingNews article={story({ title: 'Thames Barrier closed', slug: 'thames-barrier-closed' })} />)
    const banner = screen.getByRole('region', { name: 'Breaking News' })
    expect(within(banner).getByRole('heading', { level: 2, name: 'Breaking News' })).toBeTruthy()
    expect(within(banner).getByRole('link', { name: 'Thames Barrier closed' }).getAttribute('href')).toBe('/article/thames-barrier-closed')
  })

  it('shows the title without a link when the story has no page', async () => {
    await renderWithRouter(<BreakingNews article={story({ title: 'Thames Barrier closed', slug: null })} />)
    const banner = screen.getByRole('region', { name: 'Breaking News' })
    expect(within(banner).getByText('Thames Barrier closed')).toBeTruthy()
    expect(within(banner).queryByRole('link')).toBeNull()
  })
})
