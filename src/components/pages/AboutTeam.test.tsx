import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AboutTeam } from './AboutTeam.tsx'

describe('AboutTeam', () => {
  it('shows each member with a name heading, a role and a bio', () => {
    render(
      <AboutTeam
        members={[
          { name: 'Priya Raman', role: 'Political Editor', bio: 'Covers Westminster.' },
          { name: 'Felix Armitage', role: 'Travel Writer' },
        ]}
      />,
    )
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Priya Raman', 'Felix Armitage'])
    expect(screen.getByText('Political Editor')).toBeTruthy()
    expect(screen.getByText('Covers Westminster.')).toBeTruthy()
    expect(screen.getByText('Travel Writer')).toBeTruthy()
  })

  it('draws initials for the portrait but keeps them from screen readers', () => {
    render(<AboutTeam members={[{ name: 'Sinéad Byrne', role: 'Arts Editor' }]} />)
    const monogram = screen.getByText('SB')
    expect(monogram.getAttribute('aria-hidden')).toBe('true')
  })

  it('says the team is still to come when there is nobody to show', () => {
    render(<AboutTeam members={[]} />)
    expect(screen.queryByRole('list')).toBeNull()
    expect(screen.getByText('Our team will be introduced here soon.')).toBeTruthy()
  })
})
