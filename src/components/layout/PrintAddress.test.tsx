import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PrintAddress } from './PrintAddress.tsx'

describe('PrintAddress', () => {
  it("says where the page is read online: the site's origin and the page's path", () => {
    render(<PrintAddress origin="https://resonance.example" path="/article/thames-barrier?ref=print" />)
    expect(screen.getByText(/^Read online at/).textContent).toBe('Read online at https://resonance.example/article/thames-barrier?ref=print')
  })
})
