import type { Meta, StoryObj } from '@storybook/react-vite'
import { Byline } from './Byline.tsx'

const meta = {
  title: 'Reader/Byline',
  component: Byline,
} satisfies Meta<typeof Byline>

export default meta
type Story = StoryObj<typeof meta>

// An asset id of the demo newspaper: the pictures show when the demo service runs (`npm start`) and
// Storybook is started with VITE_SANITY_API_HOST=http://localhost:3000; otherwise only their frames.
const portrait = { asset: { _ref: 'image-d9d979cc8d0dcf4f18e3d597d7dc27f9534025e4-400x400-jpg' }, alt: 'Portrait of Priya Raman' }

export const WithPortrait: Story = { args: { author: { name: 'Priya Raman', slug: 'priya-raman', image: portrait }, publishedAt: '2026-11-21T09:30:00Z' } }
export const AuthorWithoutPortrait: Story = { args: { author: { name: 'Felix Armitage', slug: 'felix-armitage', image: null }, publishedAt: '2026-11-21T09:30:00Z' } }
/** Hosted data may hold an author without a slug: named, with no link. */
export const AuthorWithoutPage: Story = { args: { author: { name: 'Felix Armitage', image: null }, publishedAt: '2026-11-21T09:30:00Z' } }
export const NoAuthor: Story = { args: { author: null, publishedAt: '2026-11-21T09:30:00Z' } }
export const NoDate: Story = { args: { author: { name: 'Priya Raman', image: portrait }, publishedAt: null } }
export const LongName: Story = {
  args: { author: { name: 'Alexandra Wilhelmina Fitzgerald-Montgomery-Ashworth', image: null }, publishedAt: '2026-11-21T09:30:00Z' },
}
/** A live story changed after it went out: "Updated" on London's clock (BST in summer). */
export const Updated: Story = {
  args: { author: { name: 'Priya Raman', slug: 'priya-raman', image: portrait }, publishedAt: '2026-07-21T09:30:00Z', updatedAt: '2026-07-21T13:05:00Z' },
}
