import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { AboutPage } from './AboutPage.tsx'

// The page links to /contact with the router's Link, so it renders inside a real (memory) router.
async function renderAbout(onSubscribe: (email: string) => void = () => {}) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <AboutPage onSubscribe={onSubscribe} /> }),
    history: createMemoryHistory({ initialEntries: ['/about'] }),
  })
  render(<RouterProvider router={router} />)
  await screen.findByRole('heading', { level: 1, name: 'About Resonance' })
}

describe('AboutPage', () => {
  it('tells the story in headings that follow each other in order', async () => {
    await renderAbout()
    const outline = screen.getAllByRole('heading').map((h) => `${h.tagName} ${h.textContent}`)
    expect(outline.filter((line) => !line.startsWith('H3'))).toEqual([
      'H1 About Resonance',
      'H2 Our story',
      'H2 Our approach',
      'H2 Our team',
      'H2 Contact us',
      'H2 Subscribe to Resonance',
      'H2 Awards',
    ])
    expect(screen.getByText('Est. 2024').parentElement?.textContent).toBe('Est. 2024London')
  })

  it('explains the approach as Informative, Accurate and Global', async () => {
    await renderAbout()
    const approach = screen.getByRole('region', { name: 'Our approach' })
    expect(within(approach).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Informative', 'Accurate', 'Global'])
  })

  it('introduces the team by name and role', async () => {
    await renderAbout()
    const team = screen.getByRole('region', { name: 'Our team' })
    expect(within(team).getByRole('heading', { name: 'Priya Raman' })).toBeTruthy()
    expect(within(team).getByText('Political Editor')).toBeTruthy()
    expect(within(team).getAllByRole('listitem').length).toBeGreaterThanOrEqual(6)
  })

  it('gives contact details and a link to the contact form', async () => {
    await renderAbout()
    const contact = screen.getByRole('region', { name: 'Contact us' })
    expect(within(contact).getByRole('link', { name: 'hello@resonance.example' }).getAttribute('href')).toBe('mailto:hello@resonance.example')
    expect(within(contact).getByRole('link', { name: '020 7946 0123' }).getAttribute('href')).toBe('tel:+442079460123')
    expect(within(contact).getByRole('link', { name: 'Send us a message' }).getAttribute('href')).toBe('/contact')
  })

  it('lists the awards with their years', async () => {
    await renderAbout()
    const awards = within(screen.getByRole('region', { name: 'Awards' })).getAllByRole('listitem')
    expect(awards.length).toBeGreaterThan(0)
    expect(awards[0]?.textContent).toMatch(/^20\d\d/)
  })

  it('hands a valid address from the subscribe box to whoever shows the page', async () => {
    const subscribed: string[] = []
    await renderAbout((email) => subscribed.push(email))
    const box = screen.getByRole('region', { name: 'Subscribe to Resonance' })
    await userEvent.setup().type(within(box).getByLabelText('Email address'), 'reader@example.com{Enter}')
    expect(subscribed).toEqual(['reader@example.com'])
  })
})
