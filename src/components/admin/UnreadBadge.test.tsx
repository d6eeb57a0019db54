import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { UnreadBadge } from './UnreadBadge.tsx'

function InboxLink({ count }: { count: number | null }) {
  return (
    <a href="/admin/inbox">
      Inbox
      <UnreadBadge count={count} />
    </a>
  )
}

describe('UnreadBadge', () => {
  it('adds the unread count to the link’s name, and shows the figure', () => {
    render(<InboxLink count={3} />)
    const link = screen.getByRole('link', { name: 'Inbox, 3 unread' })
    expect(link.querySelector('.unread-badge')!.textContent).toBe('3')
  })

  it('shows large counts shortened, and says them in full', () => {
    render(<InboxLink count={150} />)
    const link = screen.getByRole('link', { name: 'Inbox, 150 unread' })
    expect(link.querySelector('.unread-badge')!.textContent).toBe('99+')
  })

  it('shows nothing when nothing is unread or the count is unknown', () => {
    const { rerender } = render(<InboxLink count={0} />)
    expect(screen.getByRole('link', { name: 'Inbox' })).toBeTruthy()
    rerender(<InboxLink count={null} />)
    expect(screen.getByRole('link', { name: 'Inbox' })).toBeTruthy()
  })
})
