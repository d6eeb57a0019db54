import type { Meta, StoryObj } from '@storybook/react-vite'
import type { FormResult } from '../../../shared/readerForms.ts'
import { fn, userEvent, within } from 'storybook/test'
import { SubscribeForm } from './SubscribeForm.tsx'
import { SubscribePage } from './SubscribePage.tsx'

const subscribe = fn(async (): Promise<FormResult> => ({ ok: true, delivery: 'sent' }))

const meta = {
  title: 'Reader/SubscribePage',
  component: SubscribePage,
  parameters: { layout: 'fullscreen' },
  args: { form: <SubscribeForm onSubscribe={subscribe} /> },
} satisfies Meta<typeof SubscribePage>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}

export const Filled: Story = { args: { form: <SubscribeForm onSubscribe={subscribe} initialEmail="reader@example.com" /> } }

export const Errors: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Subscribe' }))
  },
}

export const Submitted: Story = {
  args: Filled.args,
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Subscribe' }))
  },
}
