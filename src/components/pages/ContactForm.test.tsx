import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { ContactMessage, FormResult } from '../../../shared/readerForms.ts'
import { ContactForm } from './ContactForm.tsx'

function controls() {
  return {
    fullName: screen.getByLabelText('Full Name'),
    email: screen.getByLabelText('Email Address'),
    subject: screen.getByLabelText('Subject'),
    message: screen.getByLabelText('Message'),
    send: screen.getByRole('button', { name: 'Send Message' }),
  }
}

/** The message the control is described by, as a reader of a screen reader hears it. */
function describedError(control: HTMLElement): string | null {
  const id = control.getAttribute('aria-describedby')
  return id ? (document.getElementById(id)?.textContent ?? null) : null
}

/** A service that receives every message. */
const received = async (): Promise<FormResult> => ({ ok: true })

describe('ContactForm', () => {
  it('labels every field and shows no errors before the reader does anything', () => {
    render(<ContactForm onSubmit={received} />)
    const { fullName, email, subject, message } = controls()
    for (const control of [fullName, email, subject, message]) {
      expect(control.getAttribute('aria-invalid')).toBeNull()
      expect(control.getAttribute('aria-describedby')).toBeNull()
    }
    expect(email.getAttribute('type')).toBe('email')
    expect(message.tagName).toBe('TEXTAREA')
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('asks for each required field on an empty submit and focuses the first', async () => {
    const user = userEvent.setup()
    render(<ContactForm onSubmit={received} />)
    const { fullName, email, subject, message, send } = controls()
    await user.click(send)
    expect(describedError(fullName)).toBe('Please enter your full name.')
    expect(describedError(email)).toBe('Please enter your email address.')
    expect(describedError(subject)).toBe('Please enter a subject.')
    expect(describedError(message)).toBe('Please enter your message.')
    for (const control of [fullName, email, subject, message]) expect(control.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(fullName)
  })

  it('focuses the first field that is still wrong', async () => {
    const user = userEvent.setup()
    render(<ContactForm onSubmit={received} />)
    const { fullName, subject, send } = controls()
    await user.type(fullName, 'Ada Lovelace')
    await user.click(send)
    expect(describedError(fullName)).toBeNull()
    expect(document.activeElement).toBe(screen.getByLabelText('Email Address'))
    await user.type(screen.getByLabelText('Email Address'), 'ada@example.com')
    await user.click(send)
    expect(document.activeElement).toBe(subject)
  })

  it('says a badly formed email is not valid once the reader leaves the field', async () => {
    const user = userEvent.setup()
    render(<ContactForm onSubmit={received} />)
    const { email, subject } = controls()
    await user.type(email, 'ada.example.com')
    expect(describedError(email)).toBeNull()
    await user.click(subject)
    expect(describedError(email)).toBe('Please enter a valid email address.')
    await user.clear(email)
    await user.type(email, 'ada@example.com')
    expect(describedError(email)).toBeNull()
    expect(email.getAttribute('aria-invalid')).toBeNull()
  })

  it('asks for a field the reader tabbed through without filling in', async () => {
    const user = userEvent.setup()
    render(<ContactForm onSubmit={received} />)
    await user.click(controls().fullName)
    await user.tab()
    expect(describedError(controls().fullName)).toBe('Please enter your full name.')
    expect(describedError(controls().email)).toBeNull()
  })

  it('sends the trimmed message, clears the form and thanks the reader by name', async () => {
    const user = userEvent.setup()
    const sent: ContactMessage[] = []
    render(
      <ContactForm
        onSubmit={async (message) => {
          sent.push(message)
          return { ok: true }
        }}
      />,
    )
    const { fullName, email, subject, message, send } = controls()
    await user.type(fullName, ' Ada Lovelace ')
    await user.type(email, 'ada@example.com')
    await user.type(subject, 'A correction')
    await user.type(message, 'The date in the second paragraph is wrong.')
    await user.click(send)
    await screen.findByText(/^Thank you/)
    expect(sent).toEqual([{ fullName: 'Ada Lovelace', email: 'ada@example.com', subject: 'A correction', message: 'The date in the second paragraph is wrong.' }])
    expect(screen.getByRole('status').textContent).toBe('Thank you, Ada Lovelace. Your message has been received.')
    for (const control of [fullName, email, subject, message]) {
      expect((control as HTMLInputElement).value).toBe('')
      expect(control.getAttribute('aria-invalid')).toBeNull()
    }
    expect(within(screen.getByRole('form')).queryByText(/Please enter/)).toBeNull()
  })

  it('starts from the values it is given', () => {
    render(<ContactForm onSubmit={received} initialValues={{ fullName: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'Hi' }} />)
    expect((controls().subject as HTMLInputElement).value).toBe('Hello')
  })

  async function fillIn(user: ReturnType<typeof userEvent.setup>) {
    const { fullName, email, subject, message } = controls()
    await user.type(fullName, 'Ada Lovelace')
    await user.type(email, 'ada@example.com')
    await user.type(subject, 'A correction')
    await user.type(message, 'The date is wrong.')
  }

  it('says "Sending..." while the message is on its way, and thanks the reader only once it is received', async () => {
    const user = userEvent.setup()
    let answer: (result: FormResult) => void = () => {}
    render(<ContactForm onSubmit={() => new Promise((resolve) => (answer = resolve))} />)
    await fillIn(user)
    await user.click(controls().send)
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('')
    answer({ ok: true })
    expect(await screen.findByText('Thank you, Ada Lovelace. Your message has been received.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeTruthy()
  })

  it('keeps what the reader typed and says why when the service does not take the message', async () => {
    const user = userEvent.setup()
    render(<ContactForm onSubmit={async () => ({ ok: false, notice: 'You have sent this form too many times. Please try again in 9 minutes.' })} />)
    await fillIn(user)
    await user.click(controls().send)
    expect((await screen.findByRole('alert')).textContent).toBe('You have sent this form too many times. Please try again in 9 minutes.')
    expect((controls().message as HTMLTextAreaElement).value).toBe('The date is wrong.')
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('keeps the message when the service cannot be reached', async () => {
    const user = userEvent.setup()
    render(
      <ContactForm
        onSubmit={async () => {
          throw new Error('We could not reach Resonance just now. Please check your connection and try again.')
        }}
      />,
    )
    await fillIn(user)
    await user.click(controls().send)
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not reach Resonance/)
    expect((controls().fullName as HTMLInputElement).value).toBe('Ada Lovelace')
  })

  it('shows the service\'s word on a field until the reader changes it', async () => {
    const user = userEvent.setup()
    render(
      <ContactForm
        onSubmit={received}
        initialValues={{ fullName: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'x' }}
        initialErrors={{ message: 'Please keep the message under 20,000 characters.' }}
      />,
    )
    const { message } = controls()
    expect(describedError(message)).toBe('Please keep the message under 20,000 characters.')
    await user.type(message, 'y')
    expect(describedError(message)).toBeNull()
  })

  it('posts to the service by itself when no script runs', () => {
    render(<ContactForm onSubmit={received} />)
    const form = screen.getByRole('form')
    expect(form.getAttribute('method')).toBe('post')
    expect(form.getAttribute('action')).toBe('/contact')
    expect(controls().email.getAttribute('name')).toBe('email')
  })
})
