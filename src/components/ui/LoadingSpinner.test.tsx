import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { LoadingSpinner } from './LoadingSpinner.tsx'

describe('LoadingSpinner', () => {
  it('is a status named after what is loading, its wheel hidden from screen readers', () => {
    const { container } = render(<LoadingSpinner label="Loading article" />)
    expect(screen.getByRole('status', { name: 'Loading article' })).toBeTruthy()
    expect(container.querySelector('.loading-spinner__wheel')?.getAttribute('aria-hidden')).toBe('true')
  })
})
