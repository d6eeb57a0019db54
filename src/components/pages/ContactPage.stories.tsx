import type { Meta, StoryObj } from '@storybook/react-vite'
import type { FormResult } from '../../../shared/readerForms.ts'
import { fn, userEvent, within } from 'storybook/test'
import { ContactPage } from './ContactPage.tsx'

const meta = {
  title: 'Reader/ContactPage',
  component: ContactPage,
  parameters: { layout: 'fullscreen' },
  args: { onSubmit: fn(async (): Promise<FormResult> => ({ ok: true })) },
} satisfies Meta<typeof ContactPage>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}

export const Filled: Story = {
  args: { initialValues: { fullName: 'Tom Reader', email: 'tom@example.com', subject: 'Story tip', message: 'There are roadworks on the A2 that nobody has explained.' } },
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
