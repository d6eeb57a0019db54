import type { Meta, StoryObj } from '@storybook/react-vite'
import { AuthorPortrait } from './AuthorPortrait.tsx'

const meta = {
  title: 'Authors/AuthorPortrait',
  component: AuthorPortrait,
} satisfies Meta<typeof AuthorPortrait>

export default meta
type Story = StoryObj<typeof meta>

// An asset id of the demo newspaper: the picture shows when the demo service runs (`npm start`) and
// Storybook is started with VITE_SANITY_API_HOST=http://localhost:3000; otherwise only its frame.
export const WithPicture: Story = { args: { image: { asset: { _ref: 'image-d9d979cc8d0dcf4f18e3d597d7dc27f9534025e4-400x400-jpg' } } } }
/** An author without a picture: nothing is drawn. */
export const NoPicture: Story = { args: { image: null } }
