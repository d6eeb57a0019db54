import type { Meta, StoryObj } from '@storybook/react-vite'
import { VideoJournal } from './VideoJournal.tsx'
import { longTitle, sampleHomepage } from './HomePage.fixtures.ts'

const videos = sampleHomepage().sections.videos

const meta = {
  title: 'Reader/VideoJournal',
  component: VideoJournal,
  args: { articles: videos },
} satisfies Meta<typeof VideoJournal>

export default meta
type Story = StoryObj<typeof meta>

/** One large video and a Latest Videos list of the rest. */
export const FourVideos: Story = {}
/** A single video has no Latest Videos list. */
export const OneVideo: Story = { args: { articles: videos.slice(0, 1) } }
export const LongTitles: Story = { args: { articles: videos.map((a) => ({ ...a, title: longTitle })) } }
export const NoImagesNoAuthor: Story = { args: { articles: videos.map((a) => ({ ...a, mainImage: null, author: null })) } }
export const OneWithoutPage: Story = { args: { articles: videos.map((a, i) => (i === 1 ? { ...a, slug: null } : a)) } }
