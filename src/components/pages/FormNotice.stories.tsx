import type { Meta, StoryObj } from '@storybook/react-vite'
import { FormNotice } from './FormNotice.tsx'

const meta = {
  title: 'Reader/FormNotice',
  component: FormNotice,
  args: { tone: 'problem', children: 'You have sent this form too many times. Please try again in 9 minutes.' },
} satisfies Meta<typeof FormNotice>

export default meta
type Story = StoryObj<typeof meta>

export const Problem: Story = {}

export const Done: Story = { args: { tone: 'done', children: 'Thank you, Ada Lovelace. Your message has been received.' } }
