import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { SiteFooter } from './SiteFooter.tsx'

function links(name: string) {
  return within(screen.getByRole('navigation', { name }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')])
}

describe('SiteFooter', () => {
  it('links the sections and the about pages as the spec lists them', async () => {
    await renderWithRouter(<SiteFooter />)
    expect(links('Sections')).toEqual([
      ['News', '/news'],
      ['Features', '/features'],
      ['Video Journal', '/video-journal'],
      ['Photo Essays', '/photo-essays'],
      ['Opinion', '/opinion'],
    ])
    expect(links('About')).toEqual([
      ['About Us', '/about'],
      ['Contact', '/contact'],
      ['Subscribe', '/subscribe'],
      ['Archive', '/archive'],
      ['Corrections', '/corrections'],
    ])
  })

  it('is the page footer and carries the 2025 copyright', async () => {
    await renderWithRouter(<SiteFooter />)
    expect(screen.getByRole('contentinfo').textContent).toContain('© 2025 Resonance')
  })
})
