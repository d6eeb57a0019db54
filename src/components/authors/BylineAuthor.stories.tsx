import type { Meta, StoryObj } from '@storybook/react-vite'
import { BylineAuthor } from './BylineAuthor.tsx'

const meta = {
  title: 'Authors/BylineAuthor',
  component: BylineAuthor,
} satisfies Meta<typeof BylineAuthor>

export default meta
type Story = StoryObj<typeof meta>

export const LinkedAuthor: Story = { args: { author: { name: 'Priya Raman', slug: 'priya-raman' } } }
export const Staff: Story = { args: { author: null } }
/** Hosted data may hold an author without a slug: named, not linked. */
export const AuthorWithoutSlug: Story = { args: { author: { name: 'Felix Armitage', slug: null } } }
export const LongName: Story = { args: { author: { name: 'Alexandra Wilhelmina Fitzgerald-Montgomery-Ashworth', slug: 'alexandra-fitzgerald' } } }
