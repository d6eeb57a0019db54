import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { ImageField } from './ImageField.tsx'

const meta = {
  title: 'Admin/ImageField',
  component: ImageField,
  args: { id: 'story-image', label: 'Main image', value: null, progress: null, uploadError: null, error: null, onFile: fn(), onAltChange: fn(), onRemove: fn() },
} satisfies Meta<typeof ImageField>

export default meta
type Story = StoryObj<typeof meta>

// An asset id in the content service's format; the picture itself comes from the service's /images.
const assetRef = 'image-3f786850e387550fdab836ed7e6dc881de23001b-1600x900-jpg'

export const Empty: Story = {}

export const WithImage: Story = { args: { value: { assetRef, alt: 'A night bus crossing Waterloo Bridge' } } }

/** Where the form keeps the picture's credit (the article's main image). */
export const WithCredit: Story = { args: { value: { assetRef, alt: 'A night bus crossing Waterloo Bridge', credit: 'Mei Lin Ng/Resonance' }, onCreditChange: fn() } }

/** After a save attempt: the image has no description yet. */
export const MissingAltText: Story = { args: { value: { assetRef, alt: '' }, error: 'Describe the main image for readers who cannot see it.' } }

export const Uploading: Story = { args: { progress: 63 } }

export const Replacing: Story = { args: { value: { assetRef, alt: 'A night bus crossing Waterloo Bridge' }, progress: 18 } }

export const UploadFailed: Story = { args: { uploadError: 'The image could not be uploaded: Request error while attempting to reach the content service' } }
