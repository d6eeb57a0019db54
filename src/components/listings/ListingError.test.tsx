import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ListingError } from './ListingError.tsx'

describe('ListingError', () => {
  it('says why the page did not load and tries again on request', () => {
    const retry = vi.fn()
    render(<ListingError message="Request failed with status 503" onRetry={retry} />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sorry, something went wrong')
    expect(screen.getByRole('alert').textContent).toBe('We could not load this page: Request failed with status 503')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(retry).toHaveBeenCalledOnce()
  })
})
