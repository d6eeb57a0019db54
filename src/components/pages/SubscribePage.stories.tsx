import type { Meta, StoryObj } from '@storybook/react-vite'
import type { FormResult } from '../../../shared/readerForms.ts'
import { fn, userEvent, within } from 'storybook/test'
import { SubscribePage } from './SubscribePage.tsx'

const meta = {
  title: 'Reader/SubscribePage',
  component: SubscribePage,
  parameters: { layout: 'fullscreen' },
  args: { onSubscribe: fn(async (): Promise<FormResult> => ({ ok: true, delivery: 'sent' })) },
} satisfies Meta<typeof SubscribePage>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}

export const Filled: Story = { args: { initialEmail: 'reader@example.com' } }

export const Errors: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Subscribe' }))
  },
}

export const Submitted: Story = {
  args: { initialEmail: 'reader@example.com' },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Subscribe' }))
  },
}
