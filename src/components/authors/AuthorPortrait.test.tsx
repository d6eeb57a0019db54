import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AuthorPortrait } from './AuthorPortrait.tsx'

describe('AuthorPortrait', () => {
  it("shows the author's picture at the portrait size, loaded at once, without repeating the name beside it", () => {
    const { container } = render(<AuthorPortrait image={{ asset: { _ref: 'image-abc123-400x400-jpg' }, alt: 'Portrait of Priya Raman' }} />)
    const img = container.querySelector('img')
    expect(img?.getAttribute('alt')).toBe('')
    expect(img?.getAttribute('width')).toBe('120')
    expect(img?.getAttribute('height')).toBe('120')
    expect(img?.getAttribute('src')).toMatch(/^\/images\/resonance\/production\/abc123-400x400\.jpg\?.*w=120/)
    expect(img?.getAttribute('srcset')).toContain(' 240w')
    expect(img?.getAttribute('loading')).toBe('eager')
  })

  it('shows nothing for an author without a picture or with an asset it cannot read', () => {
    expect(render(<AuthorPortrait image={null} />).container.innerHTML).toBe('')
    expect(render(<AuthorPortrait image={{ asset: { _ref: 'not-an-image' } }} />).container.innerHTML).toBe('')
  })
})
