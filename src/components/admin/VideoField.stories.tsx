import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { VideoField } from './VideoField.tsx'

const meta = {
  title: 'Admin/VideoField',
  component: VideoField,
  args: { id: 'story-video', label: 'Video', value: null, progress: null, uploadError: null, error: null, onFile: fn(), onRemove: fn() },
} satisfies Meta<typeof VideoField>

export default meta
type Story = StoryObj<typeof meta>

// A file asset in the content service's format; the clip itself comes from the service's /files.
const value = { assetRef: `file-${'0'.repeat(40)}-mp4`, src: `/files/resonance/production/${'0'.repeat(40)}.mp4`, filename: 'thames-barrier.mp4' }

export const Empty: Story = {}

export const WithVideo: Story = { args: { value } }

/** A video article loaded for editing: its file is known by reference and address, not by name. */
export const Loaded: Story = { args: { value: { ...value, filename: null } } }

/** After a save attempt on a video article with no video. */
export const Missing: Story = { args: { error: 'Upload the video for a video article.' } }

export const Uploading: Story = { args: { progress: 41 } }

export const UploadFailed: Story = { args: { uploadError: 'The video could not be uploaded: The upload is not a video in a supported format (MP4 or WebM)' } }
