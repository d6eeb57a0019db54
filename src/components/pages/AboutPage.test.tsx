import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { AboutPage } from './AboutPage.tsx'

// The page links to /contact with the router's Link, so it renders inside a real (memory) router.
async function renderAbout() {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <AboutPage /> }),
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

  it('sends a valid address from the subscribe box to the service as the form, and keeps a bad one', async () => {
    await renderAbout()
    // What the browser would send, and whether anything stopped it.
    const sent: Array<{ action: string; method: string; email: FormDataEntryValue | null; stopped: boolean }> = []
    const record = (event: SubmitEvent) => {
      const form = event.target as HTMLFormElement
      sent.push({ action: form.getAttribute('action') ?? '', method: form.method, email: new FormData(form).get('email'), stopped: event.defaultPrevented })
      event.preventDefault() // jsdom cannot navigate
    }
    document.addEventListener('submit', record)
    try {
      const box = screen.getByRole('region', { name: 'Subscribe to Resonance' })
      const user = userEvent.setup()
      await user.type(within(box).getByLabelText('Email address'), 'reader@example{Enter}')
      expect(within(box).getByText('Please enter a valid email address.')).toBeTruthy()
      await user.type(within(box).getByLabelText('Email address'), '.com{Enter}')
      expect(sent).toEqual([
        { action: '/subscribe', method: 'post', email: 'reader@example', stopped: true },
        { action: '/subscribe', method: 'post', email: 'reader@example.com', stopped: false },
      ])
    } finally {
      document.removeEventListener('submit', record)
    }
  })
})
