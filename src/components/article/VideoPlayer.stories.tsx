import type { Meta, StoryObj } from '@storybook/react-vite'
import { VideoPlayer } from './VideoPlayer.tsx'

const meta = {
  title: 'Reader/VideoPlayer',
  component: VideoPlayer,
} satisfies Meta<typeof VideoPlayer>

export default meta
type Story = StoryObj<typeof meta>

// A clip and a picture of the demo newspaper: they play when the demo service runs (`npm start`) and
// Storybook is started with VITE_SANITY_API_HOST=http://localhost:3000; otherwise the player shows
// its failure state, which is itself one of the states below.
const demoClip = '/files/resonance/production/0000000000000000000000000000000000000000.mp4'
const demoPoster = '/images/resonance/production/c306716b7125cf6ec12e7ffef0437d5f78abb687-1600x900.jpg?w=1200&h=675&fit=crop'

/** The usual case: the article's picture as the poster, its caption and credit underneath. */
export const WithPoster: Story = {
  args: {
    src: demoClip,
    type: 'video/mp4',
    title: 'Thames Barrier closes twice in a week',
    poster: demoPoster,
    caption: 'The barrier at dusk, seen from the Woolwich foot tunnel.',
    credit: 'Photograph: Ruth Abara/Resonance',
  },
}

/** A video article without a main image: the first frame shows, and nothing is captioned. */
export const WithoutPoster: Story = {
  args: { src: demoClip, type: 'video/mp4', title: 'Night buses return to the Strand' },
}

/** The file cannot be played (here, it does not exist): the reader is offered the download. */
export const CannotPlay: Story = {
  args: { src: '/files/resonance/production/ffffffffffffffffffffffffffffffffffffffff.webm', type: 'video/webm', title: 'A clip that is not there', caption: 'The caption stays.' },
}
