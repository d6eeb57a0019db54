import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { FormResult, Subscription } from '../../../shared/readerForms.ts'
import { SubscribeForm } from './SubscribeForm.tsx'

function setup(props: { initialEmail?: string; answer?: (subscription: Subscription) => Promise<FormResult> } = {}) {
  const subscriptions: Subscription[] = []
  const answer = props.answer ?? (async () => ({ ok: true, delivery: 'sent' as const }))
  render(
    <SubscribeForm
      initialEmail={props.initialEmail}
      onSubscribe={(subscription) => {
        subscriptions.push(subscription)
        return answer(subscription)
      }}
    />,
  )
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

  it('confirms the chosen plan and address once the email is sent, then clears the address', async () => {
    const { subscriptions, email, error, user, subscribe } = setup({ initialEmail: 'reader@example.com' })
    await user.click(screen.getByRole('radio', { name: /^Weekend £/ }))
    await user.click(subscribe)
    await screen.findByText(/^Thank you/)
    expect(subscriptions).toEqual([{ plan: 'weekend', email: 'reader@example.com' }])
    expect(screen.getByRole('status').textContent).toBe(
      'Thank you. We have sent a confirmation to reader@example.com. Open the link in it to confirm your subscription. Your plan: Weekend, £12.99 a month.',
    )
    expect(email.value).toBe('')
    expect(error()).toBeUndefined()
    expect(screen.getByRole('radio', { name: /^Weekend £/ })).toHaveProperty('checked', true)
  })

  it('says plainly that no email went out when the site keeps it instead', async () => {
    const { user, subscribe } = setup({ initialEmail: 'reader@example.com', answer: async () => ({ ok: true, delivery: 'held' }) })
    await user.click(subscribe)
    const status = await screen.findByText(/^Thank you/)
    expect(status.textContent).toMatch(/^Thank you\. Your sign-up is saved, but this site is not sending email yet, so no confirmation has been sent to reader@example\.com\./)
    expect(status.textContent).not.toMatch(/We have sent/)
  })

  it('keeps the address and says why when the confirmation could not be sent', async () => {
    const notice = 'We could not send the confirmation email just now, so you are not subscribed yet. Please try again in a few minutes.'
    const { email, user, subscribe } = setup({ initialEmail: 'reader@example.com', answer: async () => ({ ok: false, delivery: 'failed', notice }) })
    await user.click(subscribe)
    expect((await screen.findByRole('alert')).textContent).toBe(notice)
    expect(email.value).toBe('reader@example.com')
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('posts to the service by itself when no script runs', () => {
    setup()
    const form = screen.getByRole('form', { name: 'Subscribe' })
    expect(form.getAttribute('method')).toBe('post')
    expect(form.getAttribute('action')).toBe('/subscribe')
  })
})
