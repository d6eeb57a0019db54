import type { Meta, StoryObj } from '@storybook/react-vite'
import { EditionPreview } from './EditionPreview.tsx'
import { preview } from './Newsletters.fixtures.ts'

const meta = {
  title: 'Admin/EditionPreview',
  component: EditionPreview,
  args: { preview },
} satisfies Meta<typeof EditionPreview>

export default meta
type Story = StoryObj<typeof meta>

export const Phone: Story = {}
