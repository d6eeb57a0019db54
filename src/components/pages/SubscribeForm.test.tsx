import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Subscription } from '../../../shared/readerForms.ts'
import { SubscribeForm } from './SubscribeForm.tsx'

function setup(props: { initialEmail?: string } = {}) {
  const subscriptions: Subscription[] = []
  render(<SubscribeForm {...props} onSubscribe={(subscription) => subscriptions.push(subscription)} />)
  const email = screen.getByLabelText('Email address') as HTMLInputElement
  const error = () => {
    const ids = email.getAttribute('aria-describedby')?.split(' ') ?? []
    return ids.map((id) => document.getElementById(id)?.textContent).find((text) => text?.startsWith('Please'))
  }
  return { subscriptions, email, error, user: userEvent.setup(), subscribe: screen.getByRole('button', { name: 'Subscribe' }) }
}

describe('SubscribeForm', () => {
  it('starts on the Digital plan with the address it was given', () => {
    const { email } = setup({ initialEmail: 'reader@example.com' })
    expect(email.value).toBe('reader@example.com')
    expect(screen.getByRole('radio', { name: /^Digital £/ })).toHaveProperty('checked', true)
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('asks for an address and focuses it when there is none', async () => {
    const { subscriptions, email, error, user, subscribe } = setup()
    await user.click(subscribe)
    expect(error()).toBe('Please enter your email address.')
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(email)
    expect(subscriptions).toEqual([])
  })

  it('refuses a badly formed address', async () => {
    const { subscriptions, email, error, user, subscribe } = setup()
    await user.type(email, 'reader.example.com')
    await user.click(subscribe)
    expect(error()).toBe('Please enter a valid email address.')
    expect(subscriptions).toEqual([])
  })

  it('confirms the chosen plan and address, then clears the address', async () => {
    const { subscriptions, email, error, user, subscribe } = setup({ initialEmail: 'reader@example.com' })
    await user.click(screen.getByRole('radio', { name: /^Weekend £/ }))
    await user.click(subscribe)
    expect(subscriptions).toEqual([{ plan: 'weekend', email: 'reader@example.com' }])
    expect(screen.getByRole('status').textContent).toBe('Thank you. We have sent a confirmation to reader@example.com. Your plan: Weekend, £12.99 a month.')
    expect(email.value).toBe('')
    expect(error()).toBeUndefined()
    expect(screen.getByRole('radio', { name: /^Weekend £/ })).toHaveProperty('checked', true)
  })
})
