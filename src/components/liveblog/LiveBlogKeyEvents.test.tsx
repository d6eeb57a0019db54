import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fixtureNow, fixturePage } from './liveBlog.fixtures.ts'
import { LiveBlogKeyEvents } from './LiveBlogKeyEvents.tsx'

describe('LiveBlogKeyEvents', () => {
  it('lists the key events newest first, each a link to its update with its time', () => {
    render(<LiveBlogKeyEvents events={fixturePage.keyEvents} now={fixtureNow} />)
    const nav = screen.getByRole('navigation', { name: 'Key events' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['18.23 GMT Gusts of 68mph recorded at Canary Wharf', '#update-u3'],
      ['Thu 26 Nov 17.30 GMT Amber warning for wind across London', '/article/storm-live?update=u0#update-u0'],
    ])
  })

  it('shows nothing when there are none', () => {
    const { container } = render(<LiveBlogKeyEvents events={[]} now={fixtureNow} />)
    expect(container.innerHTML).toBe('')
  })
})
