import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { LoadError } from './LoadError.tsx'

const meta = {
  title: 'Admin/LoadError',
  component: LoadError,
  args: { what: 'messages', message: 'The content service could not be reached. Check your connection and try again.', onRetry: fn() },
} satisfies Meta<typeof LoadError>

export default meta
type Story = StoryObj<typeof meta>

export const WithRetry: Story = {}

export const WithoutRetry: Story = { args: { onRetry: undefined, message: 'Insufficient permissions; permission "read" required' } }
