import type { Meta, StoryObj } from '@storybook/react-vite'
import type { FormResult } from '../../../shared/readerForms.ts'
import { fn, userEvent, within } from 'storybook/test'
import { ContactForm } from './ContactForm.tsx'
import { ContactPage } from './ContactPage.tsx'

const send = fn(async (): Promise<FormResult> => ({ ok: true }))
const filled = { fullName: 'Tom Reader', email: 'tom@example.com', subject: 'Story tip', message: 'There are roadworks on the A2 that nobody has explained.' }

const meta = {
  title: 'Reader/ContactPage',
  component: ContactPage,
  parameters: { layout: 'fullscreen' },
  args: { form: <ContactForm onSubmit={send} /> },
} satisfies Meta<typeof ContactPage>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}

export const Filled: Story = {
  args: { form: <ContactForm onSubmit={send} initialValues={filled} /> },
}

export const Errors: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Send Message' }))
  },
}

export const Submitted: Story = {
  args: Filled.args,
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Send Message' }))
  },
}
