import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { NewsletterId } from '../../../shared/newsletters.ts'
import type { FormResult, Subscription } from '../../../shared/readerForms.ts'
import { SubscribeForm } from './SubscribeForm.tsx'

function setup(
  props: {
    initialEmail?: string
    initialNewsletters?: NewsletterId[]
    initialErrors?: Record<string, string>
    answer?: (subscription: Subscription) => Promise<FormResult>
  } = {},
) {
  const subscriptions: Subscription[] = []
  const answer = props.answer ?? (async () => ({ ok: true, delivery: 'sent' as const }))
  render(
    <SubscribeForm
      initialEmail={props.initialEmail}
      initialNewsletters={props.initialNewsletters}
      initialErrors={props.initialErrors}
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
  const choices = screen.getByRole('group', { name: 'Choose your newsletters' })
  const choiceError = () => {
    const id = choices.getAttribute('aria-describedby')
    return id ? document.getElementById(id)?.textContent : undefined
  }
  return {
    subscriptions,
    email,
    error,
    choiceError,
    morning: screen.getByRole('checkbox', { name: 'The Morning Briefing' }) as HTMLInputElement,
    editors: screen.getByRole('checkbox', { name: 'From the Editors' }) as HTMLInputElement,
    user: userEvent.setup(),
    subscribe: screen.getByRole('button', { name: 'Subscribe' }),
  }
}

describe('SubscribeForm', () => {
  it('offers every newsletter the paper sends, ticked, each free, with what it holds and when it comes', () => {
    const { email, morning, editors } = setup({ initialEmail: 'reader@example.com' })
    expect(email.value).toBe('reader@example.com')
    expect([morning.checked, editors.checked]).toEqual([true, true])
    expect(morning.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent)).toEqual([
      'The front page as it stands: breaking news, the lead story, featured stories, the latest updates and what readers are reading most.',
      'Every morning at 07:00 London time, on days with new stories.',
    ])
    expect(screen.getAllByText('Free')).toHaveLength(2)
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
    const { subscriptions, error, email, user, subscribe } = setup()
    await user.type(email, 'reader.example.com')
    await user.click(subscribe)
    expect(error()).toBe('Please enter a valid email address.')
    expect(subscriptions).toEqual([])
  })

  it('asks for at least one newsletter and focuses the first box when none is ticked', async () => {
    const { subscriptions, choiceError, morning, editors, user, subscribe } = setup({ initialEmail: 'reader@example.com' })
    await user.click(morning)
    await user.click(editors)
    expect(choiceError()).toBe('Please choose at least one newsletter.')
    await user.click(subscribe)
    expect(document.activeElement).toBe(morning)
    expect(subscriptions).toEqual([])
    await user.click(editors)
    expect(choiceError()).toBeUndefined()
  })

  it('shows the problem a form sent back without JavaScript had, with nothing ticked', () => {
    const { choiceError, morning, editors } = setup({ initialEmail: 'reader@example.com', initialNewsletters: [], initialErrors: { newsletters: 'Please choose at least one newsletter.' } })
    expect([morning.checked, editors.checked]).toEqual([false, false])
    expect(choiceError()).toBe('Please choose at least one newsletter.')
  })

  it('signs up for the newsletters chosen and says what will come once confirmed, then clears the address', async () => {
    const { subscriptions, email, error, morning, user, subscribe } = setup({ initialEmail: 'reader@example.com' })
    await user.click(morning)
    await user.click(subscribe)
    await screen.findByText(/^Thank you/)
    expect(subscriptions).toEqual([{ newsletters: ['editors-edition'], email: 'reader@example.com' }])
    expect(screen.getByRole('status').textContent).toBe(
      'Thank you. We have sent a confirmation to reader@example.com. Open the link in it to confirm your subscription. Once you confirm: you will receive From the Editors (whenever the editors send one).',
    )
    expect(email.value).toBe('')
    expect(error()).toBeUndefined()
    expect(morning.checked).toBe(false)
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

  it('posts to the service by itself when no script runs, each ticked box its own field beside an empty one', () => {
    setup()
    const form = screen.getByRole('form', { name: 'Subscribe' }) as HTMLFormElement
    expect(form.getAttribute('method')).toBe('post')
    expect(form.getAttribute('action')).toBe('/subscribe')
    expect(new FormData(form).getAll('newsletters')).toEqual(['', 'morning-briefing', 'editors-edition'])
  })
})
