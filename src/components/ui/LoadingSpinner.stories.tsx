import type { Meta, StoryObj } from '@storybook/react-vite'
import { LoadingSpinner } from './LoadingSpinner.tsx'

const meta = {
  title: 'Reader/LoadingSpinner',
  component: LoadingSpinner,
  args: { label: 'Loading the latest news' },
} satisfies Meta<typeof LoadingSpinner>

export default meta
type Story = StoryObj<typeof meta>

export const Homepage: Story = {}
export const Article: Story = { args: { label: 'Loading article' } }
