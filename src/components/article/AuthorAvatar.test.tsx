import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AuthorAvatar } from './AuthorAvatar.tsx'

describe('AuthorAvatar', () => {
  it('shows the portrait at 40x40, beside the name it need not repeat', () => {
    const { container } = render(<AuthorAvatar image={{ asset: { _ref: 'image-abc123-400x400-jpg' }, alt: 'Portrait of Priya Raman' }} />)
    const img = container.querySelector('img')
    expect(img?.getAttribute('width')).toBe('40')
    expect(img?.getAttribute('height')).toBe('40')
    expect(img?.getAttribute('alt')).toBe('')
    expect(img?.getAttribute('src')).toContain('abc123')
  })

  it('shows an icon, hidden from screen readers, when there is no portrait', () => {
    const { container } = render(<AuthorAvatar image={null} />)
    expect(container.querySelector('img')).toBeNull()
    const icon = container.querySelector('svg')
    expect(icon?.getAttribute('aria-hidden')).toBe('true')
    expect(icon?.getAttribute('width')).toBe('40')
  })
})
