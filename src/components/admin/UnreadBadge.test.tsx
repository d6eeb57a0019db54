import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { withUnread } from '../../content/admin/inbox.ts'
import { UnreadBadge } from './UnreadBadge.tsx'

// As the side navigation uses it: the link says the count in its name, the badge shows it.
function InboxLink({ count }: { count: number | null }) {
  return (
    <a href="/admin/inbox" aria-label={count ? withUnread('Inbox', count) : undefined}>
      Inbox
      <UnreadBadge count={count} />
    </a>
  )
}

describe('UnreadBadge', () => {
  it('shows the unread count, which the link says in its name', () => {
    render(<InboxLink count={3} />)
    const link = screen.getByRole('link', { name: 'Inbox, 3 unread' })
    const badge = link.querySelector('.unread-badge')!
    expect(badge.textContent).toBe('3')
    // Heard once, from the link's name, not again from the figure.
    expect(badge.getAttribute('aria-hidden')).toBe('true')
  })

  it('shows large counts shortened; the link says them in full', () => {
    render(<InboxLink count={150} />)
    expect(screen.getByRole('link', { name: 'Inbox, 150 unread' }).querySelector('.unread-badge')!.textContent).toBe('99+')
  })

  it('shows nothing when nothing is unread or the count is unknown', () => {
    const { rerender, container } = render(<InboxLink count={0} />)
    expect(screen.getByRole('link', { name: 'Inbox' })).toBeTruthy()
    expect(container.querySelector('.unread-badge')).toBeNull()
    rerender(<InboxLink count={null} />)
    expect(container.querySelector('.unread-badge')).toBeNull()
  })
})
