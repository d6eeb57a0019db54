import type { Meta, StoryObj } from '@storybook/react-vite'
import type { FormResult } from '../../../shared/readerForms.ts'
import { fn, userEvent, within } from 'storybook/test'
import { ContactForm } from './ContactForm.tsx'

const meta = {
  title: 'Reader/ContactForm',
  component: ContactForm,
  args: { onSubmit: fn(async (): Promise<FormResult> => ({ ok: true })) },
} satisfies Meta<typeof ContactForm>

export default meta
type Story = StoryObj<typeof meta>

const filled = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.co.uk',
  subject: 'A correction to Tuesday’s transport story',
  message: 'The article says the Elizabeth line opened in 2023; it opened in May 2022.',
}

export const Empty: Story = {}

export const Filled: Story = { args: { initialValues: filled } }

/** Sent with nothing filled in: every field says what it needs and the first has focus. */
export const Errors: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Send Message' }))
  },
}

/** Only the email address is wrong. */
export const BadEmail: Story = {
  args: { initialValues: { ...filled, email: 'ada.example.co.uk' } },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Send Message' }))
  },
}

/** Sent: the form is cleared and the thanks is announced. */
export const Submitted: Story = {
  args: { initialValues: filled },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Send Message' }))
  },
}

export const LongValues: Story = {
  args: {
    initialValues: {
      fullName: 'Maximilian Alexander Fotheringham-Worthington-Smythe',
      email: 'maximilian.alexander.fotheringham-worthington-smythe@a-very-long-domain-name.example',
      subject: 'A very long subject line that goes on and on about several different articles from last week',
      message: 'Dear editor, '.repeat(40),
    },
  },
}

/** Sent without JavaScript and sent back by the service: what was typed, and the service's reason. */
export const SentBack: Story = {
  args: { initialValues: filled, initialNotice: 'You have sent this form too many times. Please try again in 9 minutes.' },
}

/** The service could not be reached: the message stays in the form. */
export const Unreachable: Story = {
  args: {
    initialValues: filled,
    onSubmit: fn(async () => {
      throw new Error('We could not reach Resonance just now. Please check your connection and try again.')
    }),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Send Message' }))
  },
}
