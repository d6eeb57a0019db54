import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Masthead } from './Masthead.tsx'

describe('Masthead', () => {
  it('shows the long British date, the values, the tagline and the edition', () => {
    render(<Masthead date={new Date(2026, 10, 21)} />)
    expect(screen.getByText('Saturday 21 November 2026')).toBeTruthy()
    expect(screen.getByText('Informative / Accurate / Global')).toBeTruthy()
    expect(screen.getByText('Est. 2024')).toBeTruthy()
    expect(screen.getByText('London Edition')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Resonance' }).getAttribute('href')).toBe('/')
  })
})
