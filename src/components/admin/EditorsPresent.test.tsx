import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { EditorsPresent } from './EditorsPresent.tsx'

const jane = { key: 'k1', name: 'jane.reed@resonance.test', role: 'editor', since: '2026-11-24T10:04:00Z' }
const omar = { key: 'k2', name: 'omar@resonance.test', role: 'contributor', since: '2026-07-01T08:30:00Z' }

describe('EditorsPresent', () => {
  it('is an empty polite status when the editor is alone', () => {
    render(<EditorsPresent editors={[]} />)
    const status = screen.getByRole('status')
    expect(status.getAttribute('aria-live')).toBe('polite')
    expect(status.textContent).toBe('')
  })

  it('names the others with role and since when on London’s clock, and says saving may conflict', () => {
    const { rerender } = render(<EditorsPresent editors={[jane]} />)
    expect(screen.getByRole('status').textContent).toBe('Also editing: jane.reed@resonance.test (editor), since 10:04. Saving may conflict with their changes.')
    rerender(<EditorsPresent editors={[jane, omar]} />)
    expect(screen.getByRole('status').textContent).toBe(
      'Also editing: jane.reed@resonance.test (editor), since 10:04; omar@resonance.test (contributor), since 09:30. Saving may conflict with their changes.',
    )
    rerender(<EditorsPresent editors={[]} />)
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('says when it cannot tell who else is there', () => {
    render(<EditorsPresent editors={[]} unavailable />)
    expect(screen.getByRole('status').textContent).toBe('Cannot tell right now whether anyone else is editing this article.')
  })

  it('shows a name as text, never as markup', () => {
    render(<EditorsPresent editors={[{ ...jane, name: '<b>x</b>@example.org' }]} />)
    expect(screen.getByRole('status').textContent).toContain('<b>x</b>@example.org (editor)')
    expect(screen.getByRole('status').querySelector('b')).toBeNull()
  })
})
