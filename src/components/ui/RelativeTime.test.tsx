import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { RelativeTime } from './RelativeTime.tsx'

const now = new Date('2026-11-21T12:00:00Z')

describe('RelativeTime', () => {
  it('says how long ago, with the London time in full as its title', () => {
    render(<RelativeTime date="2026-06-21T11:55:00Z" now={new Date('2026-06-21T12:00:00Z')} />)
    const time = screen.getByText('5 minutes ago')
    expect(time.tagName).toBe('TIME')
    expect(time.getAttribute('datetime')).toBe('2026-06-21T11:55:00.000Z')
    expect(time.getAttribute('title')).toBe('Sunday 21 June 2026 12.55 BST')
  })

  it('gives a card older than a week its long date', () => {
    render(<RelativeTime date="2026-11-10T12:00:00Z" now={now} rule="card" />)
    expect(screen.getByText('Tuesday 10 November 2026').getAttribute('title')).toBe('Tuesday 10 November 2026 12.00 GMT')
  })

  it('marks a card for the page script only while its words can still change', () => {
    render(
      <>
        <RelativeTime date="2026-11-15T13:00:00Z" now={now} rule="card" />
        <RelativeTime date="2026-11-10T12:00:00Z" now={now} rule="card" />
        <RelativeTime date="2026-11-21T10:00:00Z" now={now} />
      </>,
    )
    expect(screen.getByText('6 days ago').dataset.relative).toBe('card')
    expect(screen.getByText('Tuesday 10 November 2026').hasAttribute('data-relative')).toBe(false)
    expect(screen.getByText('about 2 hours ago').dataset.relative).toBe('ago')
  })

  it('shows nothing for a missing or unreadable date', () => {
    const { container } = render(
      <>
        <RelativeTime date={null} now={now} />
        <RelativeTime date="soon" now={now} />
      </>,
    )
    expect(container.innerHTML).toBe('')
  })
})
