import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { EmptyState } from './EmptyState.tsx'

describe('EmptyState', () => {
  it('says what is missing and links onwards', async () => {
    await renderWithRouter(<EmptyState message="No articles in Puzzles yet." detail="Coming soon." action={{ to: '/', label: 'Read the latest news' }} />, '/puzzles')
    expect(screen.getByText('No articles in Puzzles yet.')).toBeTruthy()
    expect(screen.getByText('Coming soon.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Read the latest news' }).getAttribute('href')).toBe('/')
  })

  it('shows only the message when there is nothing more to offer', () => {
    render(<EmptyState message="Nothing is trending right now." />)
    expect(screen.getByText('Nothing is trending right now.')).toBeTruthy()
    expect(screen.queryByRole('link')).toBeNull()
  })
})
