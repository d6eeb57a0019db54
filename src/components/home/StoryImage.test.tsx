import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { StoryImage } from './StoryImage.tsx'
import { story } from './HomePage.fixtures.ts'

const image = story().mainImage

describe('StoryImage', () => {
  it('shows the picture with its alt text at the size asked for, loading lazily', () => {
    render(<StoryImage image={image} size="card" sizes="360px" />)
    const img = screen.getByRole('img', { name: 'A red bus on an empty street' })
    expect(img.getAttribute('width')).toBe('600')
    expect(img.getAttribute('height')).toBe('400')
    expect(img.getAttribute('src')).toMatch(/^\/images\/resonance\/production\/54c77fed7a8265af421d311b368ef6f413ada44e-1600x900\.jpg\?/)
    expect(img.getAttribute('srcset')).toContain(' 600w')
    expect(img.getAttribute('sizes')).toBe('360px')
    expect(img.getAttribute('loading')).toBe('lazy')
    expect(img.getAttribute('fetchpriority')).toBeNull()
  })

  it('loads a priority picture at once and with high priority', () => {
    render(<StoryImage image={image} size="lead" sizes="700px" priority />)
    const img = screen.getByRole('img')
    expect(img.getAttribute('width')).toBe('1200')
    expect(img.getAttribute('height')).toBe('675')
    expect(img.getAttribute('loading')).toBe('eager')
    expect(img.getAttribute('fetchpriority')).toBe('high')
  })

  it('marks a video with a play sign that screen readers skip', () => {
    const { container } = render(<StoryImage image={image} size="thumbnail" sizes="200px" video />)
    expect(screen.getByRole('img').getAttribute('width')).toBe('200')
    const play = container.querySelector('.story-image__play')
    expect(play?.getAttribute('aria-hidden')).toBe('true')
    expect(screen.getAllByRole('img')).toHaveLength(1)
  })

  it('is decorative when the picture has no alt text', () => {
    render(<StoryImage image={{ ...image, alt: undefined }} size="card" sizes="360px" />)
    expect(screen.queryByRole('img')).toBeNull()
    expect(screen.getByRole('presentation').getAttribute('alt')).toBe('')
  })

  it('shows nothing without a usable picture', () => {
    const { container, rerender } = render(<StoryImage image={null} size="card" sizes="360px" />)
    expect(container.innerHTML).toBe('')
    rerender(<StoryImage image={{ asset: { _ref: 'not-an-image' }, alt: 'Broken' }} size="card" sizes="360px" />)
    expect(container.innerHTML).toBe('')
  })
})
