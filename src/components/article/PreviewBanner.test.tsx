import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PreviewBanner } from './PreviewBanner.tsx'

describe('PreviewBanner', () => {
  it('says the article is not published, in a labelled region, as a status, with the way back to the editor', () => {
    render(<PreviewBanner state={{ kind: 'shown', editHref: '/admin/edit/articles/a1' }} />)
    const region = screen.getByRole('region', { name: 'Preview' })
    expect(region.textContent).toContain('Preview: not published')
    expect(screen.getByRole('status').textContent).toContain('Only the signed-in newsroom can see it now.')
    expect(screen.getByRole('link', { name: 'Back to the editor' }).getAttribute('href')).toBe('/admin/edit/articles/a1')
  })

  it('has no editor link when there is nowhere to link', () => {
    render(<PreviewBanner state={{ kind: 'shown', editHref: null }} />)
    expect(screen.queryByRole('link')).toBeNull()
  })

  it('says it is loading, and says why a preview failed', () => {
    const { rerender } = render(<PreviewBanner state={{ kind: 'loading' }} />)
    expect(screen.getByRole('status').textContent).toContain('Loading the preview…')
    expect(screen.queryByText('Preview: not published')).toBeNull()
    rerender(<PreviewBanner state={{ kind: 'failed', message: 'The content service answered 500.' }} />)
    expect(screen.getByRole('status').textContent).toBe('Preview unavailable The content service answered 500.')
  })
})
