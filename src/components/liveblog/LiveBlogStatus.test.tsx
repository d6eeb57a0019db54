import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { LiveBlogStatus } from './LiveBlogStatus.tsx'

describe('LiveBlogStatus', () => {
  it('marks a running live blog LIVE', () => {
    const { container } = render(<LiveBlogStatus endedAt={null} />)
    expect(container.textContent).toBe('Live')
    expect(screen.queryByText(/ended/)).toBeNull()
  })

  it('says when the live blog has ended, on London’s clock', () => {
    const { container } = render(<LiveBlogStatus endedAt="2026-11-27T22:15:00.000Z" />)
    expect(container.textContent).toBe('This live blog has ended. Coverage ended Friday 27 November 2026 22.15 GMT.')
    expect(screen.queryByText('Live')).toBeNull()
  })

  it('stays live when the end date cannot be read', () => {
    const { container } = render(<LiveBlogStatus endedAt="not a date" />)
    expect(container.textContent).toBe('Live')
  })
})
