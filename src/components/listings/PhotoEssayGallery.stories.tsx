import type { Meta, StoryObj } from '@storybook/react-vite'
import { PhotoEssayGallery } from './PhotoEssayGallery.tsx'
import { sampleEssay } from './ListingFixtures.ts'

const meta = {
  title: 'Listings/PhotoEssayGallery',
  component: PhotoEssayGallery,
  args: { essay: sampleEssay },
} satisfies Meta<typeof PhotoEssayGallery>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}
export const NoPhotographer: Story = { args: { essay: { ...sampleEssay, photographer: null, categories: null } } }
export const NoImages: Story = { args: { essay: { ...sampleEssay, images: [], imageCount: 0 } } }
export const LongTitle: Story = {
  args: { essay: { ...sampleEssay, title: 'Night shift: London’s wholesale markets before sunrise, from Billingsgate and Smithfield to New Covent Garden and Spitalfields' } },
}

/** Photographs with credits: under the caption, or alone where there is none. */
export const Credited: Story = {
  args: {
    essay: { ...sampleEssay, images: (sampleEssay.images ?? []).map((image, index) => ({ ...image, credit: index % 2 === 0 ? 'Kofi Mensah' : 'Port of London Authority', caption: index === 1 ? null : image.caption })) },
  },
}
