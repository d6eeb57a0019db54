import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { Byline } from './Byline.tsx'

describe('Byline', () => {
  it('names the author beside their portrait and gives the long date', () => {
    const { container } = render(<Byline author={{ name: 'Priya Raman', image: { asset: { _ref: 'image-abc123-400x400-jpg' } } }} publishedAt="2026-11-21T12:00:00Z" />)
    expect(screen.getByText(/^By/).textContent).toBe('By Priya Raman')
    expect(container.querySelector('img')?.getAttribute('width')).toBe('40')
    const time = container.querySelector('time')
    expect(time?.getAttribute('dateTime')).toBe('2026-11-21T12:00:00Z')
    expect(time?.textContent).toBe('Saturday 21 November 2026')
  })

  it("links the author's name to their page", async () => {
    await renderWithRouter(<Byline author={{ name: 'Priya Raman', slug: 'priya-raman' }} publishedAt="2026-11-21T12:00:00Z" />)
    const name = screen.getByRole('link', { name: 'Priya Raman' })
    expect(name.getAttribute('href')).toBe('/author/priya-raman')
    expect(name.parentElement?.textContent).toBe('By Priya Raman')
  })

  it('shows an icon for an author without a portrait', () => {
    const { container } = render(<Byline author={{ name: 'Felix Armitage' }} publishedAt="2026-11-21T12:00:00Z" />)
    expect(screen.getByText(/^By/).textContent).toBe('By Felix Armitage')
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('svg')).not.toBeNull()
  })

  it('says Staff when there is no author, and leaves out a date it cannot read', () => {
    const { container } = render(<Byline author={null} publishedAt="not a date" />)
    expect(screen.getByText('Staff')).toBeTruthy()
    expect(screen.queryByText(/^By/)).toBeNull()
    expect(screen.queryByRole('link')).toBeNull()
    expect(container.querySelector('time')).toBeNull()
  })

  it('says when a live story was updated, on London’s clock, and only when that was after it went out', () => {
    const { container, rerender } = render(<Byline author={null} publishedAt="2026-07-21T09:30:00Z" updatedAt="2026-07-21T13:05:00Z" />)
    const updated = container.querySelector('.byline__updated')
    expect(updated?.textContent).toBe('Updated Tuesday 21 July 2026 14.05 BST')
    expect(updated?.querySelector('time')?.getAttribute('dateTime')).toBe('2026-07-21T13:05:00Z')
    rerender(<Byline author={null} publishedAt="2026-11-21T09:30:00Z" updatedAt="2026-11-21T18:40:00Z" />)
    expect(container.querySelector('.byline__updated')?.textContent).toBe('Updated Saturday 21 November 2026 18.40 GMT')
    // Never published again, or a time before it went out: no "Updated".
    rerender(<Byline author={null} publishedAt="2026-11-21T09:30:00Z" updatedAt={null} />)
    expect(screen.queryByText(/Updated/)).toBeNull()
    rerender(<Byline author={null} publishedAt="2026-11-21T09:30:00Z" updatedAt="2026-11-21T09:00:00Z" />)
    expect(screen.queryByText(/Updated/)).toBeNull()
  })
})
