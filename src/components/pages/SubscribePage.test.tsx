import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SubscribePage } from './SubscribePage.tsx'

describe('SubscribePage', () => {
  it('has one h1, the three plans and the email form', () => {
    render(<SubscribePage onSubscribe={async () => ({ ok: true, delivery: 'sent' })} />)
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Subscribe to Resonance'])
    expect(screen.getAllByRole('radio')).toHaveLength(3)
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('')
  })

  it('fills in the address it is given', () => {
    render(<SubscribePage onSubscribe={async () => ({ ok: true, delivery: 'sent' })} initialEmail="reader@example.com" />)
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('reader@example.com')
  })
})
