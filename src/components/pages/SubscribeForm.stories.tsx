import type { Meta, StoryObj } from '@storybook/react-vite'
import type { FormResult } from '../../../shared/readerForms.ts'
import { fn, userEvent, within } from 'storybook/test'
import { SubscribeForm } from './SubscribeForm.tsx'

const meta = {
  title: 'Reader/SubscribeForm',
  component: SubscribeForm,
  args: { onSubscribe: fn(async (): Promise<FormResult> => ({ ok: true, delivery: 'sent' })) },
} satisfies Meta<typeof SubscribeForm>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}

/** Arrived from the About page's box with an address. */
export const Filled: Story = { args: { initialEmail: 'reader@example.com', initialNewsletters: ['editors-edition'] } }

export const Errors: Story = {
  args: { initialEmail: 'reader.example.com', initialNewsletters: [] },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Subscribe' }))
  },
}

export const Submitted: Story = {
  args: { initialEmail: 'reader@example.com', initialNewsletters: ['morning-briefing'] },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Subscribe' }))
  },
}

/** No SMTP server is configured: the page says no email went out. */
export const EmailOff: Story = {
  args: { initialEmail: 'reader@example.com', onSubscribe: fn(async () => ({ ok: true, delivery: 'held' as const })) },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Subscribe' }))
  },
}

/** The mail server refused: the address stays, and the reader is told they are not subscribed yet. */
export const DeliveryFailed: Story = {
  args: {
    initialEmail: 'reader@example.com',
    onSubscribe: fn(async () => ({
      ok: false,
      delivery: 'failed' as const,
      notice: 'We could not send the confirmation email just now, so you are not subscribed yet. Please try again in a few minutes.',
    })),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Subscribe' }))
  },
}

/** A form sent back by the service (no JavaScript): nothing was ticked. */
export const SentBackWithNothingChosen: Story = {
  args: { initialEmail: 'reader@example.com', initialNewsletters: [], initialErrors: { newsletters: 'Please choose at least one newsletter.' } },
}
