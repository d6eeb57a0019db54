import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ListingPending } from './ListingPending.tsx'

describe('ListingPending', () => {
  it('announces that the page is loading', () => {
    const { rerender } = render(<ListingPending />)
    expect(screen.getByRole('status').textContent).toBe('Loading…')
    rerender(<ListingPending label="Loading the archive…" />)
    expect(screen.getByRole('status').textContent).toBe('Loading the archive…')
  })
})
