import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { LiveBlogAnnouncer } from './LiveBlogAnnouncer.tsx'

describe('LiveBlogAnnouncer', () => {
  it('is a polite live region in the page from the start, saying each message', () => {
    const { rerender } = render(<LiveBlogAnnouncer message="" />)
    const region = screen.getByRole('status', { name: 'Live blog announcements' })
    expect(region.getAttribute('aria-live')).toBe('polite')
    expect(region.textContent).toBe('')
    rerender(<LiveBlogAnnouncer message="2 new updates above." />)
    expect(screen.getByRole('status', { name: 'Live blog announcements' })).toBe(region)
    expect(region.textContent).toBe('2 new updates above.')
  })
})
