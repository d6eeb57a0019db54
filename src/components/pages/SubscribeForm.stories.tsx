import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn, userEvent, within } from 'storybook/test'
import { SubscribeForm } from './SubscribeForm.tsx'

const meta = {
  title: 'Reader/SubscribeForm',
  component: SubscribeForm,
  args: { onSubscribe: fn() },
} satisfies Meta<typeof SubscribeForm>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}

/** Arrived from the About page's box with an address. */
export const Filled: Story = { args: { initialEmail: 'reader@example.com', initialPlan: 'digital-print' } }

export const Errors: Story = {
  args: { initialEmail: 'reader.example.com' },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Subscribe' }))
  },
}

export const Submitted: Story = {
  args: { initialEmail: 'reader@example.com', initialPlan: 'weekend' },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Subscribe' }))
  },
}
