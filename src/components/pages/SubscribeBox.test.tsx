import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { SubscribeBox } from './SubscribeBox.tsx'

function setup(initialEmail?: string) {
  const subscribed: string[] = []
  render(<SubscribeBox onSubscribe={(email) => subscribed.push(email)} initialEmail={initialEmail} />)
  const input = screen.getByLabelText('Email address')
  const error = () => {
    const id = input.getAttribute('aria-describedby')
    return id ? document.getElementById(id)?.textContent : undefined
  }
  return { subscribed, input, error, button: screen.getByRole('button', { name: 'Subscribe' }), user: userEvent.setup() }
}

describe('SubscribeBox', () => {
  it('has a labelled email box and a Subscribe button, with no error at first', () => {
    const { input, error } = setup()
    expect(input.getAttribute('type')).toBe('email')
    expect(error()).toBeUndefined()
    expect(screen.getByRole('heading', { name: 'Subscribe to Resonance' })).toBeTruthy()
  })

  it('asks for an address when the box is empty and keeps focus there', async () => {
    const { subscribed, input, error, button, user } = setup()
    await user.click(button)
    expect(error()).toBe('Please enter your email address.')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(input)
    expect(subscribed).toEqual([])
  })

  it('refuses a badly formed address', async () => {
    const { subscribed, input, error, button, user } = setup()
    await user.type(input, 'reader@example')
    await user.click(button)
    expect(error()).toBe('Please enter a valid email address.')
    expect(subscribed).toEqual([])
  })

  it('passes on a valid address, trimmed', async () => {
    const { subscribed, input, error, button, user } = setup()
    await user.type(input, '  reader@example.com ')
    await user.click(button)
    expect(subscribed).toEqual(['reader@example.com'])
    expect(error()).toBeUndefined()
  })

  it('clears the error as soon as the address is fixed', async () => {
    const { input, error, button, user } = setup('reader@')
    await user.click(button)
    expect(error()).toBe('Please enter a valid email address.')
    await user.type(input, 'example.com')
    expect(error()).toBeUndefined()
  })
})
