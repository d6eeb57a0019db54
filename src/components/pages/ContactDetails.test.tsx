import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ContactDetails } from './ContactDetails.tsx'

describe('ContactDetails', () => {
  it('gives email, phone and postal address, with links that open mail and the dialler', () => {
    render(<ContactDetails />)
    const reach = screen.getByRole('region', { name: 'Get in touch' })
    expect(within(reach).getByRole('link', { name: 'hello@resonance.example' }).getAttribute('href')).toBe('mailto:hello@resonance.example')
    expect(within(reach).getByRole('link', { name: '020 7946 0123' }).getAttribute('href')).toBe('tel:+442079460123')
    expect(within(reach).getByText('London')).toBeTruthy()
    expect(reach.querySelector('address')).not.toBeNull()
  })

  it('lists the office hours exactly', () => {
    render(<ContactDetails />)
    const hours = within(screen.getByRole('region', { name: 'Office hours' })).getAllByRole('listitem')
    expect(hours.map((item) => item.textContent)).toEqual(['Mon-Fri 9:00 AM-6:00 PM', 'Sat 10:00 AM-4:00 PM', 'Sun closed'])
  })

  it('has a media enquiries box with the press office', () => {
    render(<ContactDetails />)
    const press = screen.getByRole('region', { name: 'Media enquiries' })
    expect(within(press).getByRole('link', { name: 'press@resonance.example' }).getAttribute('href')).toBe('mailto:press@resonance.example')
    expect(within(press).getByRole('link', { name: '020 7946 0456' })).toBeTruthy()
  })
})
