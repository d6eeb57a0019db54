import type { Meta, StoryObj } from '@storybook/react-vite'
import { StoryLink } from './StoryLink.tsx'

const meta = {
  title: 'Reader/StoryLink',
  component: StoryLink,
  args: { slug: 'thames-barrier-closed', children: 'Thames Barrier closed as surge tide threatens riverside homes' },
} satisfies Meta<typeof StoryLink>

export default meta
type Story = StoryObj<typeof meta>

export const WithPage: Story = {}
/** A story without a slug has no page: its title shows as plain text. */
export const WithoutPage: Story = { args: { slug: null } }
