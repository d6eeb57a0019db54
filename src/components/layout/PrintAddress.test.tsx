import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PrintAddress } from './PrintAddress.tsx'

describe('PrintAddress', () => {
  it("says where the page is read online: the browser's origin and the page's path", () => {
    render(<PrintAddress path="/article/thames-barrier?ref=print" />)
    expect(screen.getByText(/^Read online at/).textContent).toBe(`Read online at ${window.location.origin}/article/thames-barrier?ref=print`)
  })
})
