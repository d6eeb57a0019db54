import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { NewUpdatesButton } from './NewUpdatesButton.tsx'

const meta = {
  title: 'Reader/LiveBlog/NewUpdatesButton',
  component: NewUpdatesButton,
  args: { onShow: fn() },
} satisfies Meta<typeof NewUpdatesButton>

export default meta
type Story = StoryObj<typeof meta>

export const OneNewUpdate: Story = { args: { count: 1 } }

export const SeveralNewUpdates: Story = { args: { count: 4 } }
