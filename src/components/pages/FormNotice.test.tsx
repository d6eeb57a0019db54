import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FormNotice } from './FormNotice.tsx'

describe('FormNotice', () => {
  it('announces a problem at once', () => {
    render(<FormNotice tone="problem">We could not send the confirmation email just now.</FormNotice>)
    expect(screen.getByRole('alert').textContent).toBe('We could not send the confirmation email just now.')
  })

  it('shows what became of a form without interrupting', () => {
    render(<FormNotice tone="done">Your message has been received.</FormNotice>)
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByText('Your message has been received.')).toBeTruthy()
  })
})
