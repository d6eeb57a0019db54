import type { Meta, StoryObj } from '@storybook/react-vite'
import { AuthorAvatar } from './AuthorAvatar.tsx'

const meta = {
  title: 'Reader/AuthorAvatar',
  component: AuthorAvatar,
} satisfies Meta<typeof AuthorAvatar>

export default meta
type Story = StoryObj<typeof meta>

// An asset id of the demo newspaper: the pictures show when the demo service runs (`npm start`) and
// Storybook is started with VITE_SANITY_API_HOST=http://localhost:3000; otherwise only their frames.
export const WithPortrait: Story = { args: { image: { asset: { _ref: 'image-d9d979cc8d0dcf4f18e3d597d7dc27f9534025e4-400x400-jpg' }, alt: 'Portrait of Priya Raman' } } }
export const NoPortrait: Story = { args: { image: null } }
export const UnusableImage: Story = { args: { image: { asset: { _ref: 'not-an-image-asset' } } } }
