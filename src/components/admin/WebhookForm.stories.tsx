import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { WebhookForm } from './WebhookForm.tsx'

const meta = {
  title: 'Admin/WebhookForm',
  component: WebhookForm,
  args: { dataset: 'production', onSubmit: fn() },
} satisfies Meta<typeof WebhookForm>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}

/** The service's answer for a filter that does not parse, at the field. */
export const FilterDoesNotParse: Story = {
  args: { serverErrors: { filter: 'The filter is not valid GROQ: Syntax error in GROQ query at position 8: Expected expression' } },
}

export const CouldNotBeSent: Story = { args: { formError: 'The webhook was not created: Could not reach the content service.' } }

export const Creating: Story = { args: { busy: true } }
