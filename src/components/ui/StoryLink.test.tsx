import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { StoryLink } from './StoryLink.tsx'

describe('StoryLink', () => {
  it('links a story to its article page', async () => {
    await renderWithRouter(
      <StoryLink slug="thames-barrier-closed" className="lead">
        Thames Barrier closed
      </StoryLink>,
    )
    const link = screen.getByRole('link', { name: 'Thames Barrier closed' })
    expect(link.getAttribute('href')).toBe('/article/thames-barrier-closed')
    expect(link.className).toBe('lead')
  })

  it('shows the title as plain text when the story has no page', async () => {
    await renderWithRouter(
      <StoryLink slug={null} className="lead">
        Thames Barrier closed
      </StoryLink>,
    )
    expect(screen.queryByRole('link')).toBeNull()
    expect(screen.getByText('Thames Barrier closed').className).toBe('lead')
  })

  it('treats an empty slug as no page', async () => {
    await renderWithRouter(<StoryLink slug="">Thames Barrier closed</StoryLink>)
    expect(screen.queryByRole('link')).toBeNull()
    expect(screen.getByText('Thames Barrier closed')).toBeTruthy()
  })
})
