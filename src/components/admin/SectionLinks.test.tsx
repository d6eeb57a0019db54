import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { SectionLinks } from './SectionLinks.tsx'

describe('SectionLinks', () => {
  it('links to every section manager by its title', async () => {
    await renderWithRouter(<SectionLinks />)
    expect(screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Lead Story', '/admin/content/lead'],
      ['Featured Stories', '/admin/content/featured'],
      ['Latest Updates', '/admin/content/latest'],
      ['Trending Now', '/admin/content/trending'],
      ['Videos', '/admin/content/videos'],
      ['Image Galleries', '/admin/content/images'],
    ])
  })
})
