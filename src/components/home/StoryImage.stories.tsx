import type { Meta, StoryObj } from '@storybook/react-vite'
import { StoryImage } from './StoryImage.tsx'
import { story } from './HomePage.fixtures.ts'

const { mainImage } = story()

const meta = {
  title: 'Reader/StoryImage',
  component: StoryImage,
  args: { image: mainImage, size: 'card', sizes: '360px' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '22rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof StoryImage>

export default meta
type Story = StoryObj<typeof meta>

export const Card: Story = {}
export const Video: Story = { args: { video: true } }
/** The lead story's picture: above the fold, so it loads at once. */
export const Lead: Story = { args: { size: 'lead', sizes: '700px', priority: true } }
export const Thumbnail: Story = { args: { size: 'thumbnail', sizes: '200px', video: true } }
